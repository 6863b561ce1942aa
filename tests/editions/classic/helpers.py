"""Helpers for scripting classic games in rule tests: scripted dice, text actions, setup.

Every helper drives the public engine API (`tycoon.api`) or edits a fresh state
directly while keeping the money ledger consistent (`sum(cash) + bank == n * 3000`).
"""

from __future__ import annotations

from collections.abc import Mapping
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

STARTING_CASH = 3000

__all__ = [
    "CHANCE",
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
    """A new classic game with `n` seats; the roll-off is scripted so `first` starts
    (it rolls 6+6, every other seat 1+2). Returns the state at `first`'s PRE_ROLL."""
    return scripted_game("classic", n, first, options, seed, events)


def jail(st: GameState, seat: int, served: int = 0) -> None:
    """Put a seat in jail (pawn on 10) having served `served` turns. If the seat is
    waiting at its own PRE_ROLL (e.g. right after `start_game`) and served < 2, that frame
    becomes its JAIL decision, as if its turn had started in jail (C-42)."""
    st.pos[seat] = 10
    st.jail[seat] = served
    if st.stack and st.stack[-1] == (F.PRE_ROLL, seat) and served < 2:
        st.stack[-1] = (F.JAIL, seat)


def land_on(st: GameState, square: int, d1: int = 1, d2: int = 2) -> list[Event]:
    """Move the active pawn onto `square` with a scripted non-double roll: it is placed
    `d1 + d2` squares before (passing Start if that wraps) and rolls `d1 d2`."""
    assert d1 != d2, "land_on needs a non-double roll"
    seat = st.active
    st.pos[seat] = (square - d1 - d2) % st.edition.board.size
    return roll(st, d1, d2)
