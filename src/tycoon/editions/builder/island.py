"""The island grid and its buildings (B-42 to B-49, B-66, B-66a).

State in `st.ext`:
- `cell_owner[i]`  seat owning the building on cell i (row * cols + col), -1 if none;
- `height[i]`      its floors (5 = topped by the penthouse);
- `blocks[p]`      blocks seat p has not placed yet (12 at the start, B-48).
"""

from __future__ import annotations

from typing import Final

from tycoon.editions.builder.chips import T
from tycoon.editions.builder.data import BuilderData
from tycoon.engine.actions import pack, unpack
from tycoon.engine.state import GameState, shallow_copy

PENTHOUSE: Final = 5


def level_on(st: GameState, d: BuilderData, seat: int, cell: int) -> int:
    """The floor level `seat` may build on `cell` now (B-45 to B-48), 0 if none."""
    owner = st.ext["cell_owner"][cell]
    h = st.ext["height"][cell]
    if owner < 0:  # B-45: a first floor on an empty foundation cell (callers pass cells)
        return 1 if st.ext["blocks"][seat] > 0 else 0
    if owner != seat:
        return 0  # B-46: never on another player's blocks
    if h < d.max_floors:
        return h + 1 if st.ext["blocks"][seat] > 0 else 0
    if h == d.max_floors and penthouse_free(st):
        return PENTHOUSE  # B-47: the one penthouse on one's own 4-floor building
    return 0


def penthouse_free(st: GameState) -> bool:
    """Is the one penthouse still to be built (B-47)?"""
    return PENTHOUSE not in st.ext["height"]


def cell_owners(st: GameState) -> list[int]:
    """Per island cell, the seat whose building stands there (-1: none): the game's own
    list, for reading only."""
    return st.ext["cell_owner"]


def heights(st: GameState) -> list[int]:
    """Per island cell, the level of its top floor (0: none, `PENTHOUSE` for the penthouse):
    the game's own list, for reading only."""
    return st.ext["height"]


def blocks_left(st: GameState, seat: int) -> int:
    """The building blocks `seat` has not built yet."""
    return st.ext["blocks"][seat]


def with_floor(st: GameState, cell: int, level: int) -> GameState:
    """A what-if for reading only: `st` with its top floor on `cell` at `level`, every other
    field shared with `st` (a scoring check of a floor before it is built)."""
    trial = shallow_copy(st)
    height = list(st.ext["height"])
    height[cell] = level
    trial.ext = {**st.ext, "height": height}
    return trial


def payment_ok(d: BuilderData, level: int, pay: tuple[int, ...]) -> bool:
    """B-44: the named chips of the level, and the wild slots paid with any types."""
    named = d.floor_named[level - 1]
    total = d.floor_any[level - 1]
    for t in range(T):
        if pay[t] < named[t]:
            return False
        total += named[t]
    return sum(pay) == total


_PAYS: Final[dict[int, tuple[BuilderData, dict[int, tuple[tuple[int, ...], int]]]]] = {}
"""Per data table (by id, the table kept alive): packed payment -> `payment_levels`."""
_PAYS_KEPT: Final = 4096
"""At most this many payments are remembered per table (the listed ones are a few)."""


def payment_levels(d: BuilderData, packed: int) -> tuple[tuple[int, ...], int]:
    """The chips of a packed payment (`unpack`) and the levels it pays for (B-44,
    `payment_ok`), as a mask with bit `level` set; worked out once per payment."""
    entry = _PAYS.get(id(d))
    if entry is None or entry[0] is not d:
        entry = _PAYS[id(d)] = (d, {})
    memo = entry[1]
    got = memo.get(packed)
    if got is None:
        pay = unpack(packed)
        levels = 0
        for level in range(1, len(d.floor_named) + 1):
            if payment_ok(d, level, pay):
                levels |= 1 << level
        got = (pay, levels)
        if len(memo) < _PAYS_KEPT:
            memo[packed] = got
    return got


def default_payment(d: BuilderData, level: int, have: list[int]) -> tuple[int, ...] | None:
    """The listed payment of a floor: the named chips, each wild slot paid with the type
    the player then holds most of (lowest type on ties); None if he cannot pay."""
    named = d.floor_named[level - 1]
    left = [have[t] - named[t] for t in range(T)]
    if min(left) < 0:
        return None
    pay = list(named)
    for _ in range(d.floor_any[level - 1]):
        t = left.index(max(left))  # the most held, the lowest type on ties
        if left[t] <= 0:
            return None
        left[t] -= 1
        pay[t] += 1
    return tuple(pay)


_LISTED: Final[dict[int, tuple[BuilderData, dict[tuple[int, ...], tuple[int, ...]]]]] = {}
"""Per data table (by id, the table kept alive): hand -> `listed_payments`."""


def listed_payments(d: BuilderData, have: list[int]) -> tuple[int, ...]:
    """Per level 1 to 5 (index 0 to 4): `default_payment` packed (`pack`), -1 if he cannot
    pay; worked out once per hand."""
    entry = _LISTED.get(id(d))
    if entry is None or entry[0] is not d:
        entry = _LISTED[id(d)] = (d, {})
    memo = entry[1]
    key = tuple(have)
    pays = memo.get(key)
    if pays is None:
        out = []
        for level in range(1, len(d.floor_named) + 1):
            pay = default_payment(d, level, have)
            out.append(-1 if pay is None else pack(pay))
        pays = memo[key] = tuple(out)
    return pays


def can_finish(st: GameState, d: BuilderData, seat: int) -> bool:
    """B-66a: may `seat` still place the penthouse some day?"""
    blocks = st.ext["blocks"][seat]
    owner, height = st.ext["cell_owner"], st.ext["height"]
    empty = False
    for c in d.cells:
        o = owner[c]
        if o < 0:
            empty = True
        elif o == seat:
            h = height[c]
            if h == d.max_floors or (h < d.max_floors and blocks >= d.max_floors - h):
                return True
    return empty and blocks >= d.max_floors


def anyone_can_finish(st: GameState, d: BuilderData) -> bool:
    return any(st.alive[p] and can_finish(st, d, p) for p in range(st.n))


def blocks_placed(st: GameState, seat: int) -> int:
    """Blocks of `seat` on the island (the penthouse is not a block, B-47)."""
    owner, height = st.ext["cell_owner"], st.ext["height"]
    return sum(min(height[c], PENTHOUSE - 1) for c in range(len(owner)) if owner[c] == seat)
