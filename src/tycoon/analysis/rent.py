"""Expected rent per opponent roll for every group at every building level, and its
payback time in rolls.

An opponent's roll lands on square s `landings_per_roll[s]` times on average (the chain,
card moves included); the rent there is the engine's own (`rules.property.rent`: double
rent for a whole unbuilt group, the house and hotel rents; metropol `city.street_rent` and
`city.toll`), for a group owned whole by one seat with every street at the same level.
A utility's rent uses the mean dice total; card rents (twice a railway's rent, ten times a
roll) are not counted. The investment is the printed price of the group plus its
buildings (a hotel stands for the houses it needs plus the hotel); metropol permits are
auctioned (no printed price), so its investment is the blocks (every block of the
district's permits that many floors high). Payback = investment / expected rent.
"""

from __future__ import annotations

from typing import Any

from tycoon.analysis.chain import Chain
from tycoon.api import new_game
from tycoon.editions.registry import find_edition
from tycoon.engine.board import SquareKind
from tycoon.rules.property import rent


def group_rents(chain: Chain) -> list[dict[str, Any]]:
    """One row per (group, level): expected rent per opponent roll, investment, payback."""
    ed = find_edition(chain.edition)
    b = ed.board
    land = chain.landings_per_roll()
    owner = 1
    rows: list[dict[str, Any]] = []
    dice = 3 if ed.mechanics.dice == 3 else 2
    mean_total = 3.5 * dice
    for g, squares in enumerate(b.groups):
        kind = b.group_kind[g]
        levels = range(1)
        if kind == SquareKind.STREET:
            levels = range(len(b.rents[squares[0]]))
        if ed.id == "metropol" and kind == SquareKind.STREET:
            levels = range(6)
        for level in levels:
            st = new_game(ed, int(b.constants["min_players"]), 0, {"turn_limit": 0}, events=False)
            st.owner = [-1] * b.size
            for s in squares:
                st.owner[s] = owner
            cost = sum(b.price[s] for s in squares)
            expected = 0.0
            if ed.id == "metropol":
                expected, blocks = _metropol(st, squares, level, land)
                cost = blocks * int(b.constants["block_cost"])
            else:
                hph = ed.houses_per_hotel(st)
                for s in squares:
                    st.level[s] = level
                    if level > hph:
                        cost += b.house_cost[s] * hph + b.hotel_cost[s]
                    else:
                        cost += b.house_cost[s] * level
                for s in squares:
                    expected += land[s] * rent(st, s, round(mean_total))
            rows.append(
                {
                    "group": b.group_id[g],
                    "name": b.group_name_en[g],
                    "squares": list(squares),
                    "level": level,
                    "rent_per_roll": round(float(expected), 4),
                    "investment": cost,
                    "payback_rolls": round(float(cost / expected), 1)
                    if expected > 0 and cost
                    else None,
                }
            )
    return rows


def _metropol(st: Any, squares: tuple[int, ...], level: int, land: Any) -> tuple[float, int]:
    from tycoon.editions.metropol import city

    blocks: set[int] = set()
    for s in squares:
        blocks.update(city.PERMIT_BLOCKS.get(s, ()))
    for blk in blocks:
        st.ext["height"][blk] = level
    expected = 0.0
    for s in squares:
        if s in city.CROSSING:
            expected += land[s] * city.toll(st, st.owner[s])
        else:
            expected += land[s] * city.street_rent(st, s)
    return expected, len(blocks) * level
