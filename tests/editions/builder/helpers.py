"""Helpers for scripting builder games in rule tests: a scripted start, chips, supply and
buildings set directly (keeping every chip type's total at 20), and short-cuts for moves.

Seat p plays token p, whose own type is p (0 red, 1 purple, 2 green, 3 yellow, B-7), unless
the `tokens` option names other tokens (B-8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    texts,
    top,
    top_kind,
)
from tycoon.editions.builder import BUILDER
from tycoon.engine import frames as F
from tycoon.engine.events import Event
from tycoon.engine.state import GameState

R, P, G, Y = 0, 1, 2, 3
T = 4
D = BUILDER.data
JAIL = 10

__all__ = [
    "JAIL",
    "D",
    "F",
    "G",
    "P",
    "R",
    "Y",
    "act",
    "build",
    "card_id",
    "cell",
    "chips_ok",
    "end_turn",
    "events_of",
    "give_deeds",
    "hand",
    "jail",
    "kinds",
    "land_on",
    "ledger_ok",
    "pile",
    "place",
    "put_on_top",
    "roll",
    "set_cash",
    "set_chips",
    "set_pile",
    "set_supply",
    "start",
    "supply",
    "texts",
    "top",
    "top_kind",
]


def start(
    n: int = 3, first: int = 0, options: Mapping[str, Any] | None = None, seed: int = 0
) -> GameState:
    """A builder game with `n` seats where `first` won the roll-off; at its first decision."""
    return scripted_game("builder", n, first, options, seed)


def cell(r: int, c: int) -> int:
    return r * D.cols + c


def hand(st: GameState, seat: int) -> list[int]:
    return st.ext["res"][seat * T : seat * T + T]


def supply(st: GameState) -> list[int]:
    return st.ext["supply"][:]


def pile(st: GameState, square: int) -> list[int]:
    return st.ext["pile"][square * T : square * T + T]


def set_chips(st: GameState, seat: int, counts: Sequence[int]) -> None:
    """Set a hand; the difference comes from (or goes back to) the supply."""
    for t in range(T):
        old = st.ext["res"][seat * T + t]
        st.ext["supply"][t] += old - counts[t]
        st.ext["res"][seat * T + t] = counts[t]


def set_pile(st: GameState, square: int, counts: Sequence[int]) -> None:
    for t in range(T):
        old = st.ext["pile"][square * T + t]
        st.ext["supply"][t] += old - counts[t]
        st.ext["pile"][square * T + t] = counts[t]


def set_supply(st: GameState, t: int, count: int, parking: int = 30) -> None:
    """Leave `count` chips of type t in the supply; the rest lie on square `parking`."""
    moved = st.ext["supply"][t] - count
    st.ext["supply"][t] = count
    st.ext["pile"][parking * T + t] += moved


def chips_ok(st: GameState) -> bool:
    """B-6: supply + hands + piles = 20 of every type."""
    ext = st.ext
    return all(
        ext["supply"][t] + sum(ext["res"][t::T]) + sum(ext["pile"][t::T]) == D.supply_per_type
        for t in range(T)
    )


def build(st: GameState, seat: int, at: int, height: int) -> None:
    """Put a building of `height` floors of `seat` on cell `at` (5: with the penthouse)."""
    ext = st.ext
    old = ext["height"][at] if ext["cell_owner"][at] == seat else 0
    ext["cell_owner"][at] = seat
    ext["height"][at] = height
    ext["blocks"][seat] -= min(height, 4) - min(old, 4)


def jail(st: GameState, seat: int, tries: int = 0) -> None:
    """Put a seat in jail; at its own PRE_ROLL that becomes its JAIL decision."""
    st.pos[seat] = JAIL
    st.jail[seat] = tries
    if st.stack and st.stack[-1] == (F.PRE_ROLL, seat):
        st.stack[-1] = (F.JAIL, seat)


def land_on(st: GameState, square: int, d1: int = 1, d2: int = 2) -> list[Event]:
    """The active token is placed d1 + d2 squares before `square` and rolls d1, d2."""
    seat = st.active
    st.pos[seat] = (square - d1 - d2) % st.edition.board.size
    return roll(st, d1, d2)
