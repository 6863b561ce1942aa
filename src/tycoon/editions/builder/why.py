"""Builder reasons for refused actions: the rule id of each shared topic of
`tycoon.rules.why`, and the floors (B-42 to B-48: where, how high, what they cost)."""

from __future__ import annotations

from typing import Final

from tycoon.editions.builder import chips, island
from tycoon.editions.builder.data import BuilderData
from tycoon.engine.actions import Action, Kind, unpack
from tycoon.engine.state import GameState
from tycoon.rules.why import Refusal

RULES: Final[dict[str, str]] = {
    "buy": "B-26",
    "bid": "B-27",
    "claim": "B-29",
    "jail_fee": "B-51",
    "mortgage_buildings": "B-58",
    "unmortgage": "B-59",
    "debt": "B-60",
    "bankrupt": "B-60",
}

_TYPES: Final = ("r", "p", "g", "y")


def cost_text(d: BuilderData, level: int) -> str:
    """'1r + 1g + 1 any' for a floor level (B-44)."""
    named = d.floor_named[level - 1]
    parts = [f"{n}{_TYPES[t]}" for t, n in enumerate(named) if n]
    wild = d.floor_any[level - 1]
    if wild:
        parts.append(f"{wild} any")
    return " + ".join(parts)


def _floor(st: GameState, seat: int, a: Action) -> Refusal | None:
    d: BuilderData = st.edition.data  # type: ignore[attr-defined]
    cell = a.a
    if st.jail[seat] >= 0:
        return Refusal("B-50", "no building while in jail")
    if seat != st.active:
        return Refusal("B-42", "floors are built only in your own turn")
    if cell not in d.cells:
        return Refusal("B-45", f"cell {cell} is not a foundation cell of the island")
    owner = st.ext["cell_owner"][cell]
    if owner >= 0 and owner != seat:
        return Refusal("B-46", "a floor goes only on an empty cell or on your own building")
    if st.ext["blocks"][seat] <= 0 and owner < 0:
        return Refusal("B-48", "you have no blocks left")
    level = island.level_on(st, d, seat, cell)
    if not level:
        return Refusal("B-47", "that building is as high as it may be")
    pay = unpack(a.b)
    if not island.payment_ok(d, level, pay):
        return Refusal("B-44", f"a level-{level} floor costs {cost_text(d, level)}")
    if not chips.has(st, seat, pay):
        return Refusal("B-43", "you do not hold those chips")
    return None


def refusal(st: GameState, seat: int, a: Action) -> Refusal | None:
    if a.kind == Kind.FLOOR:
        return _floor(st, seat, a)
    return None
