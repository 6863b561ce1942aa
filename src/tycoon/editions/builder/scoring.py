"""Scoring and the winner (B-67 to B-71)."""

from __future__ import annotations

from tycoon.editions.builder.chips import held
from tycoon.editions.builder.data import BuilderData
from tycoon.engine.state import GameState


def building_points(st: GameState, d: BuilderData, seat: int) -> int:
    """B-67: each building by its height (the penthouse is floor 5)."""
    return buildings_points(st, d)[seat]


def buildings_points(st: GameState, d: BuilderData) -> list[int]:
    """`building_points` of every seat, from one pass over the island."""
    out = [0] * st.n
    owner, height = st.ext["cell_owner"], st.ext["height"]
    points = d.building_points
    for c in d.cells:
        p = owner[c]
        if p >= 0:
            out[p] += points[height[c] - 1]
    return out


def monopoly_points(st: GameState, d: BuilderData, seat: int) -> int:
    """B-68: each colour group owned whole, mortgaged deeds included (A-11)."""
    return monopolies_points(st, d)[seat]


def monopolies_points(st: GameState, d: BuilderData) -> list[int]:
    """`monopoly_points` of every seat, from one pass over the groups."""
    n = st.n
    out = [0] * n
    owner = st.owner
    for g, squares in enumerate(st.edition.board.groups):
        if not squares:  # an empty group is owned whole by every seat
            out = [x + d.monopoly_points[g] for x in out]
            continue
        first = owner[squares[0]]
        if 0 <= first < n and all(owner[s] == first for s in squares):
            out[first] += d.monopoly_points[g]
    return out


def community_size(st: GameState, d: BuilderData, seat: int, metric: str) -> int:
    """B-70: the seat's community size (`community_sizes`)."""
    return community_sizes(st, d, metric)[seat]


def community_sizes(st: GameState, d: BuilderData, metric: str) -> list[int]:
    """B-70, per seat: the largest orthogonally connected group of the seat's buildings (0
    below 2); A-2 alternative `adjacent_count`: own buildings next to at least one other own
    one. One pass over the island."""
    owner = st.ext["cell_owner"]
    out = [0] * st.n
    if metric == "adjacent_count":
        for c in d.cells:
            p = owner[c]
            if p >= 0 and any(owner[x] == p for x in d.neighbours[c]):
                out[p] += 1
        return out
    seen: set[int] = set()
    for c in d.cells:
        p = owner[c]
        if p < 0 or c in seen:
            continue
        seen.add(c)
        todo = [c]
        size = 0
        while todo:
            x = todo.pop()
            size += 1
            for y in d.neighbours[x]:
                if y not in seen and owner[y] == p:
                    seen.add(y)
                    todo.append(y)
        if size > out[p]:
            out[p] = size
    return [x if x >= 2 else 0 for x in out]


def _bonus(values: list[int], tie: str, minimum: int) -> set[int]:
    """Seats that get a bonus card: the strictly largest value (at least `minimum`); a tie
    gives it to nobody, or to every tied seat (A-4 option)."""
    top = max(values)
    if top < minimum:
        return set()
    best = {p for p, v in enumerate(values) if v == top}
    if len(best) > 1 and tie == "none":
        return set()
    return best


def breakdown(st: GameState, d: BuilderData) -> list[dict[str, int]]:
    """Per seat: buildings, monopolies, billionaire, community and the total (B-71)."""
    o = st.options
    tie = str(getattr(o, "bonus_tie", "none"))
    metric = str(getattr(o, "community_metric", "largest_component"))
    rich = _bonus(list(st.cash), tie, 0)
    comm = _bonus(community_sizes(st, d, metric), tie, 2)
    out = []
    built, whole = buildings_points(st, d), monopolies_points(st, d)
    for p in range(st.n):
        row = {
            "buildings": built[p],
            "monopolies": whole[p],
            "billionaire": d.billionaire_points if p in rich else 0,
            "community": d.community_points if p in comm else 0,
        }
        row["total"] = sum(row.values())
        out.append(row)
    return out


def totals(st: GameState, d: BuilderData) -> list[int]:
    """Per seat: the total of `breakdown` (B-71)."""
    return [row["total"] for row in breakdown(st, d)]


def winners(st: GameState, d: BuilderData) -> tuple[int, ...]:
    """B-71: the highest total, bankrupt or not; then the most cash; then a shared win."""
    total = totals(st, d)
    top = max(total)
    best = [p for p in range(st.n) if total[p] == top]
    cash = max(st.cash[p] for p in best)
    return tuple(p for p in best if st.cash[p] == cash)


def two_dice(total: int) -> float:
    """The chance that two dice show `total`."""
    return max(0, 6 - abs(total - 7)) / 36


def outlook(st: GameState, d: BuilderData, rounds: int) -> list[float]:
    """Per seat (0 for a bankrupt): chips in hand plus those expected from `rounds` rounds of
    production rolls, one a turn of each live seat: 2 per unmortgaged deed whose number
    comes up (B-19) and 2 of its own type on a 6 (B-20). An estimate for search leaves."""
    rolls = rounds * sum(st.alive)
    six = d.six_chips * two_dice(d.six_total)
    per = [six if st.alive[p] else 0.0 for p in range(st.n)]
    for s, o in enumerate(st.owner):
        if o >= 0 and d.dice_number[s] and not st.mortgaged[s]:
            per[o] += d.gather_chips * two_dice(d.dice_number[s])
    return [held(st, p) + rolls * per[p] if st.alive[p] else 0.0 for p in range(st.n)]
