"""Helpers for scripting metropol games in rule tests: a scripted start, three-dice rolls,
permits and buildings set directly (the money ledger stays consistent)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tests.editions.scripting import act, events_of, kinds, ledger_ok, set_cash, texts, top
from tycoon.api import CHANCE, apply_action, is_legal, new_game
from tycoon.editions.metropol import city, turn
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.events import Event
from tycoon.engine.state import GameState

__all__ = [
    "CHANCE",
    "F",
    "act",
    "blk",
    "build",
    "city",
    "events_of",
    "game",
    "give",
    "kinds",
    "ledger_ok",
    "roll",
    "set_cash",
    "texts",
    "top",
    "turn",
]

CASH = 5_000_000


def game(n: int = 3, first: int = 0, options: Mapping[str, Any] | None = None) -> GameState:
    """A new game at `first`'s pre-roll, with no permit dealt and every base value 100,000."""
    st = new_game("metropol", n, seed=1, options=options)
    for seat in range(n):
        apply_action(st, "roll 6 6 6" if seat == first else "roll 1 1 2")
    assert st.current_player == first
    st.owner[:] = [-1] * 40
    st.ext["base"][:] = [100_000] * 8
    return st


def give(st: GameState, seat: int, squares: Iterable[int]) -> None:
    for s in squares:
        st.owner[s] = seat


def blk(name: str) -> int:
    return city.block_index(name)


def build(st: GameState, heights: Mapping[str, int], roofs: Mapping[str, int] = {}) -> None:
    """Set building heights (and skyscraper numbers) directly, taking blocks from the supply."""
    h = st.ext["height"]
    for name, v in heights.items():
        b = blk(name)
        st.ext["city"][city.SUPPLY] -= v - h[b]
        h[b] = v
    for name, k in roofs.items():
        st.ext["roof"][blk(name)] = k
    st.ext["city"][city.SKY] = sum(1 for r in st.ext["roof"] if r)


def roll(st: GameState, a: int, b: int, c: int) -> list[Event]:
    """The `roll` decision (if it is the pre-roll) and then three dice."""
    out: list[Event] = []
    if st.current_player >= 0 and is_legal(st, Action(Kind.ROLL)):
        out += apply_action(st, "roll")
    assert st.current_player == CHANCE, top(st)
    out += apply_action(st, f"roll {a} {b} {c}")
    return out
