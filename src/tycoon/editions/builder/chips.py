"""Resource chips (B-6, B-14, B-19 to B-23, B-30 to B-35, B-41, B-65): who holds what, the
limited supply (B-21) and the piles on the track (A-6).

State in `st.ext` (flat lists of ints):
- `res[p * 4 + t]`   chips of type t held by seat p;
- `supply[t]`        chips of type t in the bank's supply (may go below 0 only with the
                     `unlimited_resources` option, so that the total stays constant);
- `pile[s * 4 + t]`  chips of type t lying on square s.
The total of every type (supply + hands + piles) never changes.
"""

from __future__ import annotations

from operator import ge
from typing import Final

from tycoon.engine.state import GameState
from tycoon.rules.common import emit

T: Final = 4
"""Resource types (red, purple, green, yellow)."""

GAINED: Final = "chips_gained"
"""Event: seat took `amount` chips of type `other` from the supply (detail: why)."""
LOST: Final = "chips_lost"
"""Event: seat gave `amount` chips of type `other` (square >= 0: onto that square's pile;
detail: why)."""
PICKED: Final = "chips_picked"
"""Event: seat picked up `amount` chips of type `other` from the pile on `square`."""
MOVED: Final = "chips_moved"
"""Event: `amount` chips of type `square` went from seat to `other` (detail: why)."""


def unlimited(st: GameState) -> bool:
    return bool(getattr(st.options, "unlimited_resources", False))


def own_type(st: GameState, seat: int) -> int:
    """The seat's own resource type: that of its token (B-7, B-8)."""
    return int(st.ext["own"][seat])


def hand(st: GameState, seat: int) -> list[int]:
    """The chips per type `seat` holds (a copy)."""
    i = seat * T
    return st.ext["res"][i : i + T]


def count(st: GameState, seat: int, t: int) -> int:
    """The chips of type `t` that `seat` holds."""
    return st.ext["res"][seat * T + t]


def held(st: GameState, seat: int) -> int:
    i = seat * T
    return sum(st.ext["res"][i : i + T])


def has(st: GameState, seat: int, counts: tuple[int, ...] | list[int]) -> bool:
    i = seat * T
    return all(map(ge, st.ext["res"][i : i + T], counts))  # type by type


def in_supply(st: GameState, t: int) -> bool:
    """Does the supply hold at least one chip of type t (B-21 exception)?"""
    return unlimited(st) or st.ext["supply"][t] > 0


def gain(st: GameState, seat: int, t: int, count: int, why: str) -> int:
    """`seat` takes up to `count` chips of type t from the supply (B-21: as many as are
    left). Returns how many it got."""
    supply = st.ext["supply"]
    got = count if unlimited(st) else min(count, max(0, supply[t]))
    if got:
        supply[t] -= got
        st.ext["res"][seat * T + t] += got
        emit(st, GAINED, seat, -1, got, t, why)
    return got


def pay_supply(st: GameState, seat: int, counts: tuple[int, ...] | list[int], why: str) -> None:
    """`seat` gives chips back to the supply (a floor, a bank trade, Free Parking)."""
    res, supply = st.ext["res"], st.ext["supply"]
    i = seat * T
    for t in range(T):
        c = counts[t]
        if c:
            res[i + t] -= c
            supply[t] += c
            emit(st, LOST, seat, -1, c, t, why)


def transfer(
    st: GameState, frm: int, to: int, counts: tuple[int, ...] | list[int], why: str
) -> None:
    """Chips go from seat `frm` to seat `to` (trades, Steal, FORCED TRADE!, bankruptcy)."""
    res = st.ext["res"]
    for t in range(T):
        c = counts[t]
        if c:
            res[frm * T + t] -= c
            res[to * T + t] += c
            emit(st, MOVED, frm, t, c, to, why)


def discard(st: GameState, seat: int, counts: tuple[int, ...] | list[int]) -> None:
    """B-14: the chips `counts` (per type) go onto the pile of the seat's square."""
    sq = st.pos[seat]
    res, pile = st.ext["res"], st.ext["pile"]
    for t in range(T):
        c = counts[t]
        if c:
            res[seat * T + t] -= c
            pile[sq * T + t] += c
            emit(st, LOST, seat, sq, c, t, "discard")


def pick_up(st: GameState, seat: int, square: int) -> None:
    """B-23: the whole pile on `square` goes to the seat."""
    pile, res = st.ext["pile"], st.ext["res"]
    i = square * T
    for t in range(T):
        c = pile[i + t]
        if c:
            pile[i + t] = 0
            res[seat * T + t] += c
            emit(st, PICKED, seat, square, c, t)


def pick_up_along(st: GameState, seat: int, start: int, steps: int) -> None:
    """B-23: every square passed through and the landing square (not the start)."""
    pile = st.ext["pile"]
    if not any(pile):  # most of the time no chips lie on the track
        return
    size = st.edition.board.size
    sign = 1 if steps > 0 else -1
    for d in range(1, abs(steps) + 1):
        s = (start + sign * d) % size
        i = s * T
        if pile[i] or pile[i + 1] or pile[i + 2] or pile[i + 3]:
            pick_up(st, seat, s)


def return_all(st: GameState, seat: int, creditor: int) -> None:
    """B-62, B-63: a bankrupt's chips go to the creditor seat, or back to the supply."""
    counts = hand(st, seat)
    if not any(counts):
        return
    if creditor >= 0:
        transfer(st, seat, creditor, counts, "bankruptcy")
    else:
        pay_supply(st, seat, counts, "bankruptcy")
