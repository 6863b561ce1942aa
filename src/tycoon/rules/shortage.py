"""Building shortage (W-77): when several players want more houses (or hotels) than the bank
has, the buildings are auctioned one at a time among them.

1. A `build` of a scarce building (the stock is below what some player could place now, and
   another player could place one too) first asks every player who could place that building,
   the builder first, how many he wants (`want N`).
2. If at least two want some and together more than the stock, the buildings are auctioned
   one at a time (W-36) among them, calling from the builder, opening at the lowest house
   (hotel) price of the groups they may build on.
3. The winner pays his bid and places the building at once (`build S`); a player who can no
   longer place one drops out (Q-6). The auctions go on while the stock lasts, at least two
   players still want one, and somebody bids. Otherwise the builder just builds.
"""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.board import SquareKind
from tycoon.engine.state import Frame, GameState
from tycoon.rules.common import emit, seats_from
from tycoon.rules.property import HOTEL, build, max_houses


def _placeable(st: GameState, seat: int, square: int, building: int, h: int, top: int) -> bool:
    """Could `seat` legally place the building on `square` now, cash aside (W-69 to W-75)?
    `h`: houses per hotel; `top`: most houses on a street (`max_houses`)."""
    b = st.edition.board
    if st.owner[square] != seat or b.kind[square] != SquareKind.STREET:
        return False
    lvl = st.level[square]
    if lvl == HOTEL or (lvl >= top if building == F.HOUSE else lvl < h):
        return False
    need = (0 if st.options.uneven_building else lvl) if building == F.HOUSE else h
    return all(
        st.owner[s] == seat and not st.mortgaged[s] and st.level[s] >= need
        for s in b.groups[b.group[square]]
    )


def places(st: GameState, seat: int, building: int) -> list[int]:
    """Squares where `seat` could place the building now."""
    h, top = st.edition.houses_per_hotel(st), max_houses(st)
    return [s for s in st.edition.board.streets if _placeable(st, seat, s, building, h, top)]


def capacity(st: GameState, seat: int, building: int) -> int:
    """How many of the building `seat` could place one after another (stock aside)."""
    b = st.edition.board
    h = st.edition.houses_per_hotel(st)
    top = max_houses(st)
    owner, mortgaged, level = st.owner, st.mortgaged, st.level
    total = 0
    for members in b.groups:
        if b.kind[members[0]] != SquareKind.STREET:
            continue
        for s in members:
            if owner[s] != seat or mortgaged[s]:
                break
        else:  # a whole unmortgaged street group of his
            if building == F.HOUSE:
                for s in members:
                    if level[s] < top:
                        total += top - level[s]
            elif all(level[s] >= h for s in members):
                total += sum(1 for s in members if level[s] != HOTEL)
    return total


def _stock(st: GameState, building: int) -> int:
    return st.houses_left if building == F.HOUSE else st.hotels_left


def _building(st: GameState, square: int, hotel: bool) -> int:
    return F.HOTEL if hotel or st.level[square] >= max_houses(st) else F.HOUSE


def starts_shortage(st: GameState, seat: int, square: int, hotel: bool = False) -> bool:
    """Does this `build` open the shortage procedure (W-77 step 1)?"""
    if not st.edition.mechanics.shortage_auctions:
        return False
    building = _building(st, square, hotel)
    stock = _stock(st, building)
    others = [c for p in seats_from(st, seat) if p != seat and (c := capacity(st, p, building))]
    if not others:
        return False
    # the bank holds fewer than some player could want (not: than all of them together)
    return max(others) > stock or capacity(st, seat, building) > stock


def start(st: GameState, seat: int, square: int, hotel: bool = False) -> None:
    """Ask the builder, then every other player who could place one, how many they want."""
    building = _building(st, square, hotel)
    order = (seat, *(p for p in seats_from(st, seat) if p != seat and capacity(st, p, building)))
    emit(
        st,
        ev.SHORTAGE,
        seat,
        square,
        _stock(st, building),
        -1,
        "house" if building == F.HOUSE else "hotel",
    )
    st.stack.append((F.DEMAND, seat, building, seat, square, order, 0, ()))


def demand_legal(st: GameState, f: Frame) -> list[Action]:
    _, seat, building, initiator, _sq, _order, _idx, _wants = f
    most = min(capacity(st, seat, building), _stock(st, building))
    return [Action(Kind.WANT, n) for n in range(1 if seat == initiator else 0, most + 1)]


def demand_ok(st: GameState, f: Frame, a: Action) -> bool:
    _, seat, building, initiator, _sq, _order, _idx, _wants = f
    most = min(capacity(st, seat, building), _stock(st, building))
    return a.kind == Kind.WANT and (1 if seat == initiator else 0) <= a.a <= most and not a.b


def demand_apply(st: GameState, f: Frame, a: Action) -> None:
    _, seat, building, initiator, square, order, idx, wants = f
    st.stack.pop()
    wants = (*wants, a.a)
    emit(st, ev.WANTS, seat, square, a.a)
    if idx + 1 < len(order):
        st.stack.append(
            (F.DEMAND, order[idx + 1], building, initiator, square, order, idx + 1, wants)
        )
        return
    wanting = tuple((p, w) for p, w in zip(order, wants, strict=True) if w)
    if len(wanting) >= 2 and sum(w for _p, w in wanting) > _stock(st, building):
        st.stack.append((F.STEP_SHORTAGE, -1, building, initiator, wanting))
    else:
        build(st, initiator, square, building == F.HOTEL)  # no contest: sold at the deed price


def next_auction(st: GameState, f: Frame) -> None:
    """Auction the next building while the stock lasts and two or more still want one."""
    _, _m, building, initiator, wanting = f
    st.stack.pop()
    live = tuple((p, w) for p, w in wanting if w and st.alive[p] and places(st, p, building))
    if _stock(st, building) == 0 or len(live) < 2:
        return
    b = st.edition.board
    lowest = min(
        (b.house_cost if building == F.HOUSE else b.hotel_cost)[s]
        for p, _w in live
        for s in places(st, p, building)
    )
    st.stack.append((F.STEP_SHORTAGE, -1, building, initiator, live))
    start_building_auction(st, building, [p for p, _w in live], lowest)


def start_building_auction(st: GameState, building: int, order: list[int], opening: int) -> None:
    """W-77 step 2: one building auctioned among the players who want it."""
    lot = F.HOUSE_LOT if building == F.HOUSE else F.HOTEL_LOT
    emit(st, ev.AUCTION_STARTED, -1, lot, opening)
    st.stack.append((F.AUCTION, order[0], lot, opening, 0, -1, tuple(order), 0, 0))


def won(st: GameState, seat: int, building: int) -> None:
    """The winner must place the building now; his remaining want drops by one."""
    for i in range(len(st.stack) - 1, -1, -1):
        f = st.stack[i]
        if f[0] == F.STEP_SHORTAGE:
            wanting = tuple((p, w - 1 if p == seat else w) for p, w in f[4])
            st.stack[i] = (*f[:4], wanting)
            break
    st.stack.append((F.PLACE, seat, building))


def place_legal(st: GameState, f: Frame) -> list[Action]:
    return [Action(Kind.BUILD, s) for s in places(st, f[1], f[2])]


def place_ok(st: GameState, f: Frame, a: Action) -> bool:
    return (
        a.kind == Kind.BUILD
        and not a.b
        and 0 <= a.a < st.edition.board.size
        and _placeable(st, f[1], a.a, f[2], st.edition.houses_per_hotel(st), max_houses(st))
    )


def place_apply(st: GameState, f: Frame, a: Action) -> None:
    """Place the won building; its price was the winning bid (W-77 step 4)."""
    st.stack.pop()
    square = a.a
    lvl = st.level[square]
    if f[2] == F.HOUSE:
        st.houses_left -= 1
        st.level[square] = lvl + 1
    else:
        st.houses_left += lvl
        st.hotels_left -= 1
        st.level[square] = HOTEL
    emit(st, ev.BUILT, f[1], square, st.level[square], -1, "auction")
