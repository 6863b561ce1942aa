"""Small shared value types: seat markers, terminations and the game outcome."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

Money = int
"""Money is always an integer in the edition's unit; never a float."""

CHANCE: Final = -1
"""`state.current_player` when the next action is a chance outcome (dice)."""
TERMINAL: Final = -2
"""`state.current_player` once the game is over."""
BANK: Final = -1
"""Creditor or owner id of the bank."""
NOBODY: Final = -1
"""Owner id of an unowned deed."""


def constant_names(namespace: type) -> dict[int, str]:
    """Value -> name of the int constants of a namespace class (`Kind`, `SquareKind`).

    Those are plain classes of ints rather than `IntEnum`s: on Python 3.11 every read of
    an enum member (`Kind.ROLL`) goes through the enum metaclass's attribute hook and costs
    several times a plain class attribute, and the engine reads them on every action. Each
    constant is `Final`: mypy rejects a reassignment, and mypyc compiles a read to a literal."""
    return {v: k for k, v in vars(namespace).items() if k.isupper() and type(v) is int}


class Termination(StrEnum):
    """How a game ended."""

    LAST_PLAYER = "last_player"
    """Everyone else is bankrupt (C-76)."""
    TURN_LIMIT = "turn_limit"
    """The agreed limit ran out; net worth decides (C-76, C-77)."""
    COMPLETED = "completed"
    """A player completed the edition's goal (all 22 wonders visited, W-92); net worth
    decides. Metropol: every player has left the city in the final phase (M-69)."""
    PENTHOUSE = "penthouse"
    """The penthouse was placed (builder B-66); points decide."""
    NO_PENTHOUSE = "no_penthouse"
    """Nobody can ever place the penthouse, or everybody is bankrupt (builder B-66a);
    points decide."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: how it ended, who won and every seat's score."""

    termination: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]
