"""The city of metropol: 36 city blocks in four 3x3 areas, their heights and roofs, the
building code (M-45 to M-53), the skyscraper sequence (M-51, M-52), permit values from the
value card (M-31 to M-35) and the final valuation (M-70).

State lives in `st.ext` as flat int lists:
    height[b]  floors on city block b (0..35, row by row: x0y0, x1y0, x2y0, x4y0, ...)
    roof[b]    0, or the skyscraper number 1..4 standing on b
    city       [supply left, skyscrapers built k, final phase 0/1, blocks counted toward the
                turn limit, mask of city blocks built on this turn]
    base[g]    base value of district g (the district card dealt to it, M-7)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from tycoon.engine.state import GameState
from tycoon.rules.common import emit

# the entries of `st.ext["city"]` (`init`)
SUPPLY: Final = 0
SKY: Final = 1
FINAL: Final = 2
TURN_COUNT: Final = 3
TURN_MASK: Final = 4

SKYSCRAPER: Final = "skyscraper"
"""Event: seat's block made block `square` skyscraper number `amount`."""
PLACED: Final = "placed"
"""Event: seat placed a block on city block `square` (amount: new height; detail: how)."""
FINAL_PHASE: Final = "final_phase"
"""Event: the last block is placed; the final phase begins (M-65)."""


def _load() -> dict[str, Any]:
    text = (
        resources.files("tycoon.editions.metropol")
        .joinpath("data", "city.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


_DATA: Final = _load()
BLOCK_IDS: Final[tuple[str, ...]] = tuple(b["id"] for b in _DATA["blocks"])
ALL_BLOCKS: Final[tuple[int, ...]] = tuple(range(len(BLOCK_IDS)))
"""Every city block, in order (0 to 35)."""
BLOCK_XY: Final[tuple[tuple[int, int], ...]] = tuple((b["x"], b["y"]) for b in _DATA["blocks"])
BLOCK_AREA: Final[tuple[int, ...]] = tuple(b["area"] for b in _DATA["blocks"])
BLOCK_PERMITS: Final[tuple[tuple[int, int], ...]] = tuple(
    (b["permits"][0], b["permits"][1]) for b in _DATA["blocks"]
)
"""Per block: (column permit square, row permit square) (spec 2.5)."""
AREA_IDS: Final[tuple[str, ...]] = tuple(a["id"] for a in _DATA["areas"])
AREA_BLOCKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b in range(36) if BLOCK_AREA[b] == a) for a in range(len(AREA_IDS))
)
PERMIT_BLOCKS: Final[dict[int, tuple[int, ...]]] = {}
for _b, (_col, _row) in enumerate(BLOCK_PERMITS):
    PERMIT_BLOCKS.setdefault(_col, ())
    PERMIT_BLOCKS[_col] += (_b,)
    PERMIT_BLOCKS.setdefault(_row, ())
    PERMIT_BLOCKS[_row] += (_b,)
assert all(len(bs) == 3 for bs in PERMIT_BLOCKS.values())  # M-32: n counts three blocks
PERMIT_AREA: Final[dict[int, int]] = {p: BLOCK_AREA[bs[0]] for p, bs in PERMIT_BLOCKS.items()}
HIGHWAY_EXITS: Final[dict[int, int]] = {int(k): int(v) for k, v in _DATA["highway_exits"].items()}
CROSSING: Final[dict[int, int]] = {int(k): int(v) for k, v in _DATA["bridge_crossings"].items()}
DISTRICT_VALUES: Final[tuple[int, ...]] = tuple(d["value"] for d in _DATA["district_cards"])
DISTRICT_CARD_NAMES: Final[tuple[str, ...]] = tuple(d["building"] for d in _DATA["district_cards"])
VALUE_CARD: Final[dict[int, tuple[int, ...]]] = {
    int(h): tuple(row) for h, row in _DATA["value_card"].items()
}


def block_index(block_id: str) -> int:
    """The index of a city block from its id (`x4y4`)."""
    return BLOCK_IDS.index(block_id)


def init(st: GameState, blocks_total: int) -> None:
    st.ext["height"] = [0] * 36
    st.ext["roof"] = [0] * 36
    st.ext["city"] = [blocks_total, 0, 0, 0, 0]  # M-10
    st.ext["base"] = [0] * len(DISTRICT_VALUES)


def final_phase(st: GameState) -> bool:
    """Has the final phase begun (the last block of the supply is on the board, M-65)?"""
    return bool(st.ext["city"][FINAL])


def supply(st: GameState) -> int:
    """The blocks left in the supply (M-10)."""
    return st.ext["city"][SUPPLY]


def base_values(st: GameState) -> list[int]:
    """Per district (the board's group), its base value now (M-31): the game's own list,
    for reading only."""
    return st.ext["base"]


def area_skyscraper(st: GameState, area: int) -> int:
    """Height of the skyscraper of an area (0: none)."""
    height, roof = st.ext["height"], st.ext["roof"]
    for b in AREA_BLOCKS[area]:
        if roof[b]:
            return height[b]
    return 0


def area_tallest(st: GameState, area: int) -> int:
    return _tallest(st.ext["height"], AREA_BLOCKS[area])


def _tallest(height: list[int], blocks: tuple[int, ...]) -> int:
    """The greatest height of `blocks` (0 for none)."""
    top = 0
    for b in blocks:
        if height[b] > top:
            top = height[b]
    return top


def caps(st: GameState) -> list[int]:
    """`cap` of every area (M-51), in area order, from one scan of the areas."""
    sky = st.ext["city"][SKY] + 2
    height, roof = st.ext["height"], st.ext["roof"]
    out = [sky] * len(AREA_BLOCKS)
    for a, blocks in enumerate(AREA_BLOCKS):
        for b in blocks:  # `area_skyscraper`: its first roofed block
            if roof[b]:
                out[a] = height[b] or sky
                break
    return out


def cap(st: GameState, area: int) -> int:
    """M-51: the highest a building of the area may rise now."""
    s = area_skyscraper(st, area)
    return s if s else st.ext["city"][SKY] + 2


def can_place(
    st: GameState, seat: int, b: int, free: bool, exempt: bool = False, count_free: bool = True
) -> bool:
    """M-53: may `seat` place a block on city block `b` now? `free`: no payment; `exempt`:
    outside any turn's limit (the call-out block, M-56); `count_free`: free blocks count
    toward the 2 per turn (M-48 option)."""
    c = st.ext["city"]
    if c[FINAL] or c[SUPPLY] <= 0:
        return False
    if not exempt:
        if c[TURN_MASK] >> b & 1:
            return False
        if (count_free or not free) and c[TURN_COUNT] >= st.edition.board.constants[
            "max_blocks_per_turn"
        ]:
            return False
    if st.ext["roof"][b]:
        return False
    if st.ext["height"][b] + 1 > cap(st, BLOCK_AREA[b]):
        return False
    return free or st.cash[seat] >= st.edition.board.constants["block_cost"]


def placeable(
    st: GameState,
    seat: int,
    free: bool,
    exempt: bool = False,
    count_free: bool = True,
    among: tuple[int, ...] = ALL_BLOCKS,
) -> list[int]:
    """Every city block of `among` where `can_place` holds (the caps worked out once)."""
    c = st.ext["city"]
    if c[FINAL] or c[SUPPLY] <= 0:
        return []
    mask = 0
    if not exempt:
        mask = c[TURN_MASK]
        limit = st.edition.board.constants["max_blocks_per_turn"]
        if (count_free or not free) and c[TURN_COUNT] >= limit:
            return []
    if not free and st.cash[seat] < st.edition.board.constants["block_cost"]:
        return []
    height, roof = st.ext["height"], st.ext["roof"]
    top = caps(st)
    return [
        b for b in among if height[b] < top[BLOCK_AREA[b]] and not mask >> b & 1 and not roof[b]
    ]


def place(st: GameState, seat: int, b: int, counts: bool, how: str) -> None:
    """Put one block on city block `b` (payment is the caller's), then M-51 and M-65."""
    c = st.ext["city"]
    height = st.ext["height"]
    height[b] += 1
    c[SUPPLY] -= 1
    c[TURN_MASK] |= 1 << b
    if counts:
        c[TURN_COUNT] += 1
    emit(st, PLACED, seat, b, height[b], -1, how)
    area = BLOCK_AREA[b]
    if not area_skyscraper(st, area) and height[b] == c[SKY] + 2:
        c[SKY] += 1
        st.ext["roof"][b] = c[SKY]
        emit(st, SKYSCRAPER, seat, b, c[SKY])
    if c[SUPPLY] == 0:
        c[FINAL] = 1
        emit(st, FINAL_PHASE, seat)


def start_turn(st: GameState) -> None:
    """A new turn: no block placed yet (M-48)."""
    c = st.ext["city"]
    c[TURN_COUNT] = 0
    c[TURN_MASK] = 0


def floors(st: GameState, permit: int) -> int:
    """n: floors on the permit's three city blocks."""
    height = st.ext["height"]
    return sum(height[b] for b in PERMIT_BLOCKS[permit])


def permit_value(st: GameState, permit: int) -> int:
    """M-32 to M-34: the value card's cell for (tallest building h, column c)."""
    ext = st.ext
    height = ext["height"]
    b0, b1, b2 = PERMIT_BLOCKS[permit]  # three blocks each (M-32)
    n = height[b0] + height[b1] + height[b2]
    if n == 0:
        return 0
    area = PERMIT_AREA[permit]
    options = st.options
    if getattr(options, "tallest_scope", "area") == "city":
        h = max(height)
    else:
        h = _tallest(height, AREA_BLOCKS[area])  # `area_tallest`
    trigger = n
    if getattr(options, "column10_trigger", "permit_blocks") == "area_total":
        trigger = sum(height[b] for b in AREA_BLOCKS[area])
    roof = ext["roof"]
    col = 10 if trigger >= 10 or roof[b0] or roof[b1] or roof[b2] else min(n, 10)
    return VALUE_CARD[h][col - 1]


def is_foundation(st: GameState, owner: int, group: int) -> bool:
    """M-35: the owner holds all three street permits of the district."""
    return owner >= 0 and all(st.owner[s] == owner for s in st.edition.board.groups[group])


def street_rent(st: GameState, permit: int) -> int:
    """M-31: base value + permit value, doubled for a foundation (M-35)."""
    g = st.edition.board.group[permit]
    value = st.ext["base"][g] + permit_value(st, permit)
    if is_foundation(st, st.owner[permit], g):
        value *= st.edition.board.constants["foundation_multiplier"]
    return int(value)


def toll(st: GameState, owner: int) -> int:
    """M-37: 100,000 per bridge permit the owner holds."""
    b = st.edition.board
    count = sum(1 for s in CROSSING if st.owner[s] == owner)
    return int(count * b.constants["bridge_toll_per_owned_bridge"])


def final_value(st: GameState, permit: int) -> int:
    """M-70: a street permit is worth its area's skyscraper (200,000 per floor), a bridge
    500,000; an area without a skyscraper by its tallest building (option: 0)."""
    c = st.edition.board.constants
    if permit in CROSSING:
        return int(c["bridge_final_value"])
    area = PERMIT_AREA[permit]
    h = area_skyscraper(st, area)
    if not h and getattr(st.options, "final_value_area_without_skyscraper", "") != "zero":
        h = area_tallest(st, area)
    return int(h * c["value_per_floor_per_tallest_floor"] * c["value_card_max_column"])


def permits_value(st: GameState, seat: int) -> int:
    """What `seat`'s permits would fetch at the final valuation now."""
    return sum(final_value(st, s) for s in st.edition.board.deeds if st.owner[s] == seat)
