"""The Bot protocol and the bot registry.

A bot is asked in two places (see `tycoon.sim.driver.play`):
- `choose(st, seat, legal)` when the game waits on its seat; it returns one action that
  is legal (usually from `legal`; amount-carrying actions may use any allowed amount);
- `respond(st, seat)` in a response window (before each roll, and after each landing
  when the active player is about to end the turn); it returns an out-of-turn action
  (claim rent, mortgage, ...) or None.
Bots read the state but never change it, and draw randomness only from their own
generator, seeded at construction.
A bot may set `responds_only_with_claims = True` when its `respond` returns None while
`st.claims` is empty; `play` then skips windows without open claims (same games, faster).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from tycoon.engine.actions import Action
from tycoon.engine.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action: ...

    def respond(self, st: GameState, seat: int) -> Action | None: ...


_FACTORIES: dict[str, Callable[[int], Bot]] = {}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    _load()
    return sorted(_FACTORIES)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (`random`, `heuristic`) with its own generator seeded by `seed`."""
    _load()
    if name not in _FACTORIES:
        raise ValueError(f"unknown bot '{name}'; known: {', '.join(sorted(_FACTORIES))}")
    return _FACTORIES[name](seed)


def _load() -> None:
    if not _FACTORIES:
        from tycoon.bots import random_bot

        register_bot("random", random_bot.RandomBot)
        try:
            from tycoon.bots import heuristic

            register_bot("heuristic", heuristic.HeuristicBot)
        except ImportError:  # pragma: no cover - during development only
            pass
