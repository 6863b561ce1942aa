"""The bot registry: bots by level name (`make_bot`), and the `Bot` protocol re-exported
from `tycoon.bots.bot`, where it is defined beside the loop that asks bots (the built-in
bots import that module, never this one, so the registry may load them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tycoon.bots.bot import Bot

__all__ = [
    "ALIASES",
    "LEVELS",
    "Bot",
    "bot_names",
    "canonical",
    "make_bot",
    "register_bot",
    "shown_name",
]


LEVELS: Final = ("random", "basic", "strong", "learned")
"""The bot levels: uniform over the legal actions; the trading rule-of-thumb player; the
search bot (Monte Carlo tree search with `basic` rollouts); the value network trained by
self-play for each edition (`tycoon.bots.learned`, numpy only, no search)."""
ALIASES: Final = {"heuristic": "basic", "search": "strong", "mcts": "strong"}
"""Old and alternative names of the levels."""

_FACTORIES: Final[dict[str, Callable[[int], Bot]]] = {}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """Every accepted bot name: the levels, then their aliases."""
    _load()
    return [*(n for n in LEVELS if n in _FACTORIES), *sorted(ALIASES)]


def canonical(name: str) -> str:
    """The level a bot name stands for (`heuristic` -> `basic`); unknown names raise."""
    _load()
    level = ALIASES.get(name, name)
    if level not in _FACTORIES:
        raise ValueError(f"unknown bot '{name}'; known: {', '.join(bot_names())}")
    return level


def shown_name(name: str) -> str:
    """The one name a bot is shown by: its level for an alias (`heuristic` -> `basic`), with
    its budget (`search:50` -> `strong:50`); unknown names raise."""
    level, sep, arg = name.partition(":")
    return canonical(level) + sep + arg


def make_bot(name: str, seed: int) -> Bot:
    """A bot by level (`random`, `basic`, `strong`) or alias (`heuristic`), with its own
    generator seeded by `seed`. `strong:MS` (or `strong:Ni`) sets the search budget per
    decision in milliseconds (or iterations); `learned:PATH` plays the weights file PATH
    (written by scripts/train_policy.py) instead of the edition's shipped one."""
    level, _, arg = name.partition(":")
    if arg and canonical(level) == "strong":
        from tycoon.bots.search import SearchBot

        return SearchBot.from_budget(seed, arg)
    if arg and canonical(level) == "learned":
        from tycoon.bots.learned import LearnedBot

        return LearnedBot(seed, weights=arg)
    return _FACTORIES[canonical(name)](seed)


def _load() -> None:
    if not _FACTORIES:
        from tycoon.bots.heuristic import HeuristicBot
        from tycoon.bots.learned import LearnedBot
        from tycoon.bots.random_bot import RandomBot
        from tycoon.bots.search import SearchBot

        register_bot("random", RandomBot)
        register_bot("basic", HeuristicBot)
        register_bot("strong", SearchBot)
        register_bot("learned", LearnedBot)
