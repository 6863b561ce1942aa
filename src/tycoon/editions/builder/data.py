"""The builder edition's own data (data/builder.json): resources, deeds' dice numbers and
types, Collect squares, Roll for Resources charts, the island grid, floor costs and points.
Loaded once; the hot path reads plain tuples."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from tycoon.engine.errors import RecordError

SCHEMA: Final = "tycoon.builder/1"
TYPES: Final = 4
"""Resource types, in token order: red, purple, green, yellow (B-7)."""


@dataclass(frozen=True, slots=True)
class BuilderData:
    """Read-only tables of the builder edition (B-5 to B-9, B-19, B-30, B-31, B-44, B-67 to
    B-70; the grid is designed, A-5)."""

    type_names: tuple[str, ...]
    supply_per_type: int
    token_names: tuple[str, ...]
    token_ids: tuple[str, ...]
    """Token i has own type i (B-7)."""
    dice_number: tuple[int, ...]
    """Per square: the deed's dice number (0 for a square that is not a deed)."""
    deed_type: tuple[int, ...]
    """Per square: the deed's resource type, or a Collect square's type (-1 otherwise)."""
    chart: dict[int, tuple[int, ...]]
    """Roll for Resources square -> the type for totals 2 to 12."""
    rows: int
    cols: int
    cells: tuple[int, ...]
    """Foundation cells, as row * cols + col, ascending."""
    cell_set: frozenset[int]
    """The same cells, for membership tests."""
    neighbours: tuple[tuple[int, ...], ...]
    """Per cell index (row * cols + col): its orthogonal foundation neighbours."""
    floor_named: tuple[tuple[int, ...], ...]
    """Per level 1 to 5 (index 0 to 4): the named chips per type."""
    floor_any: tuple[int, ...]
    """Per level 1 to 5: the wild slots."""
    building_points: tuple[int, ...]
    """Points of a building 1 to 5 floors high (index 0 to 4)."""
    monopoly_points: tuple[int, ...]
    """Per group index of the board: points of owning the whole group."""
    billionaire_points: int
    community_points: int
    hand_limit: int
    starting_chips: int
    blocks: int
    gather_chips: int
    six_chips: int
    six_total: int
    bank_give: int
    bank_get: int
    parking_give: int
    parking_get: int
    collect_chips: int
    roll_chips: int
    steal_chips: int
    max_floors: int
    card_names: tuple[str, ...]


def _type(names: list[str], name: str, where: str) -> int:
    if name not in names:
        raise RecordError(f"builder data: {where}: unknown resource type {name!r}")
    return names.index(name)


def parse(data: Any, size: int, group_ids: tuple[str, ...]) -> BuilderData:
    """Validate the builder document against a board of `size` squares and its groups."""
    if data.get("schema") != SCHEMA:
        raise RecordError(f"builder data: field 'schema' must be '{SCHEMA}'")
    d = data
    names = list(d["resource_types"])
    if len(names) != TYPES:
        raise RecordError(f"builder data: resource_types: expected {TYPES} types")
    dice = [0] * size
    dtype = [-1] * size
    for sq, v in d["deeds"].items():
        dice[int(sq)] = int(v["dice_number"])
        dtype[int(sq)] = _type(names, v["resource"], f"deeds.{sq}")
    for sq, t in d["collect_squares"].items():
        dtype[int(sq)] = _type(names, t, f"collect_squares.{sq}")
    chart = {
        int(sq): tuple(_type(names, t, f"roll_charts.{sq}") for t in ts)
        for sq, ts in d["roll_charts"].items()
    }
    if any(len(c) != 11 for c in chart.values()):
        raise RecordError("builder data: roll_charts: 11 types (totals 2 to 12) each")
    grid = d["grid"]
    rows, cols = int(grid["rows"]), int(grid["cols"])
    cells = sorted(r * cols + c for r, c in grid["buildable"])
    cellset = set(cells)
    neigh = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        neigh.append(
            tuple(
                rr * cols + cc
                for rr, cc in around
                if 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in cellset
            )
            if i in cellset
            else ()
        )
    costs: list[dict[str, int]] = d["floor_costs"]
    mp: dict[str, int] = d["monopoly_points"]
    if set(mp) != set(group_ids):
        raise RecordError("builder data: monopoly_points must name every group")
    k: dict[str, int] = d["constants"]
    tokens: list[dict[str, str]] = d["tokens"]
    for i, tok in enumerate(tokens):
        if _type(names, tok["resource"], f"tokens[{i}]") != i:
            raise RecordError("builder data: token i must have resource type i (B-7)")
    return BuilderData(
        type_names=tuple(names),
        supply_per_type=int(d["supply_per_type"]),
        token_names=tuple(t["name"] for t in tokens),
        token_ids=tuple(t["id"] for t in tokens),
        dice_number=tuple(dice),
        deed_type=tuple(dtype),
        chart=chart,
        rows=rows,
        cols=cols,
        cells=tuple(cells),
        cell_set=frozenset(cells),
        neighbours=tuple(neigh),
        floor_named=tuple(tuple(int(c.get(t, 0)) for t in names) for c in costs),
        floor_any=tuple(int(c.get("any", 0)) for c in costs),
        building_points=tuple(int(p) for p in d["building_points"]),
        monopoly_points=tuple(int(mp[g]) for g in group_ids),
        billionaire_points=int(d["billionaire_points"]),
        community_points=int(d["community_points"]),
        hand_limit=k["hand_limit"],
        starting_chips=k["starting_resources"],
        blocks=k["blocks_per_player"],
        gather_chips=k["gather_per_deed"],
        six_chips=k["six_roll_chips"],
        six_total=k["six_roll_total"],
        bank_give=k["bank_trade_give"],
        bank_get=k["bank_trade_get"],
        parking_give=k["free_parking_give"],
        parking_get=k["free_parking_get"],
        collect_chips=k["collect_chips"],
        roll_chips=k["roll_for_resources_chips"],
        steal_chips=k["steal_chips"],
        max_floors=k["max_floors"],
        card_names=tuple(d["card_names"]),
    )


@cache
def load(package: str, size: int, group_ids: tuple[str, ...]) -> BuilderData:
    text = resources.files(package).joinpath("data/builder.json").read_text(encoding="utf-8")
    return parse(json.loads(text), size, group_ids)
