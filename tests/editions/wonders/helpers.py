"""Helpers for scripting wonders games in rule tests: scripted dice, text actions, setup.

Every helper drives the public engine API (`tycoon.api`) or edits a fresh state
directly while keeping the money ledger consistent (`sum(cash) + bank == n * 30000`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tests.editions.scripting import (
    act,
    card_id,
    end_turn,
    events_of,
    give_deeds,
    kinds,
    ledger_ok,
    place,
    put_on_top,
    roll,
    scripted_game,
    set_cash,
    set_level,
    texts,
    top,
    top_kind,
)
from tycoon.api import CHANCE
from tycoon.engine import frames as F
from tycoon.engine.events import Event
from tycoon.engine.state import GameState

STARTING_CASH = 30000
SALARY = 4000
JAIL_FINE = 1000

__all__ = [
    "CHANCE",
    "JAIL_FINE",
    "SALARY",
    "STARTING_CASH",
    "F",
    "act",
    "card_id",
    "end_turn",
    "events_of",
    "give_deeds",
    "jail",
    "kinds",
    "land_on",
    "ledger_ok",
    "mark_squares",
    "marks_of",
    "place",
    "put_on_top",
    "roll",
    "set_cash",
    "set_level",
    "start_game",
    "texts",
    "top",
    "top_kind",
]


def start_game(
    n: int = 3,
    first: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    events: bool = True,
) -> GameState:
    """A new wonders game with `n` seats; the roll-off is scripted so `first` starts
    (it rolls 6+6, every other seat 1+2). Returns the state at `first`'s PRE_ROLL."""
    return scripted_game("wonders", n, first, options, seed, events)


def marks_of(st: GameState, seat: int) -> set[int]:
    """The squares marked in `seat`'s passport."""
    m = st.ext["marks"][seat]
    return {s for s in range(st.edition.board.size) if m >> s & 1}


def mark_squares(st: GameState, seat: int, squares: Iterable[int]) -> None:
    """Mark wonders in `seat`'s passport directly (no event, no completion check)."""
    for s in squares:
        st.ext["marks"][seat] |= 1 << s


def jail(st: GameState, seat: int, attempts: int = 0) -> None:
    """Put a seat in jail (token on 10) with `attempts` failed attempts. If the seat is
    waiting at its own PRE_ROLL (e.g. right after `start_game`), that frame becomes its JAIL
    decision, as if its turn had started in jail (W-66)."""
    st.pos[seat] = 10
    st.jail[seat] = attempts
    if st.stack and st.stack[-1] == (F.PRE_ROLL, seat):
        st.stack[-1] = (F.JAIL, seat)


def land_on(st: GameState, square: int, d1: int = 1, d2: int = 2) -> list[Event]:
    """Move the active token onto `square` with a scripted roll `d1 d2`: it is placed
    `d1 + d2` squares before (passing START if that wraps) and rolls."""
    seat = st.active
    st.pos[seat] = (square - d1 - d2) % st.edition.board.size
    return roll(st, d1, d2)
