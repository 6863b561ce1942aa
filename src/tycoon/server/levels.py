"""Bot levels of rooms (`random`, `basic`, `strong`, `learned`) mapped onto the project's
bots, through one table: each level names the bots it may use, best first; the first one
registered is taken, so a level keeps working while bots come and go."""

from __future__ import annotations

from tycoon.bots.base import Bot, bot_names, make_bot
from tycoon.bots.learned import has_weights

LEVELS: dict[str, tuple[str, ...]] = {
    "random": ("random",),
    "basic": ("basic", "heuristic"),
    "strong": ("strong", "mcts", "heuristic"),
    "learned": ("learned",),
}
"""Room level -> bot names, best first."""

TAKEOVER_LEVEL = "basic"
"""The level of the bot that plays a seat nobody holds (a disconnect, a kick, a free seat)
and that makes the clock's choice where no default is safe."""


def bot_name(level: str) -> str:
    """The registered bot a level (or a bot's own name) stands for; ValueError if none."""
    known = bot_names()
    for name in LEVELS.get(level, (level,)):
        if name in known:
            return name
    raise ValueError(f"unknown bot level '{level}'; known: {', '.join(levels())}")


def _playable() -> list[str]:
    """The table's levels with a registered bot."""
    return [lv for lv, names in LEVELS.items() if any(n in bot_names() for n in names)]


def offered(edition: str) -> list[str]:
    """The levels a lobby offers for `edition` (an id): the table's that this server can
    play, without `learned` where the package ships no weights for it."""
    return [lv for lv in _playable() if lv != "learned" or has_weights(edition)]


def levels() -> list[str]:
    """The levels a room may ask for: the table's, then any other registered bot name (an
    alias such as `heuristic`, or a bot a plugin registers)."""
    out = _playable()
    return out + [n for n in bot_names() if n not in out]


def bot_for(level: str, seed: int) -> Bot:
    return make_bot(bot_name(level), seed)
