"""Test data: the standard US Monopoly board under the standard Hasbro rules (the default
`Mechanics`), and a board where only the dice move the pawn."""

from __future__ import annotations

from typing import Any

from tycoon.editions.base import Edition, Mechanics
from tycoon.engine import frames as F
from tycoon.engine.state import GameState


class StandardUS(Edition):
    """The standard US board (data/board.json), standard rules: three doubles jail, jail
    by up to three tries for a double or the $50 fine, 16 Chance and 16 Community Chest."""

    id = "us"
    version = "1"
    title = "Standard US board (test data)"
    data_package = "tests.analysis.usboard"
    mechanics = Mechanics()


class DiceOnly(StandardUS):
    """The US board where a roll moves the pawn by its total and nothing else moves it: no
    doubles rule, no jail, no cards (every square a plain square)."""

    id = "dice-only"

    def on_dice(self, st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
        if f[2] != F.ROLL_FIRST:
            return False
        total = sum(dice)
        st.stack.append((F.STEP_MOVE, f[1], total, total))
        return True

    def resolve_square(self, st: GameState, seat: int, square: int, dice: int) -> bool:
        return True
