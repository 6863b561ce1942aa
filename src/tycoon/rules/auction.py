"""Auctions (C-22 to C-26): open ascending bids asked in turn order; a pass is final, or,
where the edition says so, cancelled by the next bid (builder B-27, OQ-1). The board may set
the lowest opening bid (`auction_opening_bid`) and the lowest raise (`auction_min_raise`);
both default to the money unit."""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import Frame, GameState
from tycoon.rules.common import emit, option, take
from tycoon.rules.shortage import won

LADDER: Final = (0, 1, 2, 4, 10, 20, 40, 100, 200)
"""Raises over the minimum listed by `legal_actions`, in steps of the board constant
`bid_ladder_step` (default: the money unit); any amount the rules allow is accepted."""


def _constant(st: GameState, name: str) -> int:
    c = st.edition.board.constants
    return c[name] if name in c else c["money_unit"]


def opening_bid(st: GameState) -> int:
    """The lowest first bid where it is not half the price: the board's `auction_opening_bid`
    (builder B-27: 10M; metropol M-25: 50,000), else the money unit (W-36)."""
    return _constant(st, "auction_opening_bid")


def min_raise(st: GameState) -> int:
    """The lowest raise over the high bid: the board's `auction_min_raise` (builder: 5M,
    metropol: 50,000), else the money unit."""
    return _constant(st, "auction_min_raise")


def bid_unit(st: GameState) -> int:
    """Every bid is a multiple of the board's `auction_bid_unit` (metropol: 50,000), else of
    the money unit."""
    return _constant(st, "auction_bid_unit")


def start_auction(
    st: GameState, square: int, order: list[int], extra: tuple[int, ...] = ()
) -> None:
    """Auction `square` among `order`, asked in that order (C-22 to C-26, W-36). The first bid
    is at least half the price (C-22) or the opening bid (W-36, B-27, M-25); jailed players
    bid only where the edition lets them collect rent (C-23). `extra` rides on the frame for
    the edition's `close_auction` (metropol: the seller)."""
    mech = st.edition.mechanics
    jailed_ok = mech.jailed_owner_collects
    bidders = tuple(s for s in order if jailed_ok or st.jail[s] < 0)
    half = mech.auction_opens_at_half_price
    start = st.edition.board.price[square] // 2 if half else opening_bid(st)
    emit(st, ev.AUCTION_STARTED, -1, square, start)
    if not bidders:
        emit(st, ev.AUCTION_UNSOLD, -1, square)
        st.edition.close_auction(st, (F.AUCTION, -1, square, start, 0, -1, (), 0, 0, *extra), -1, 0)
        return
    st.stack.append((F.AUCTION, bidders[0], square, start, 0, -1, bidders, 0, 0, *extra))


def min_bid(st: GameState, f: Frame) -> int:
    """The lowest legal bid: the opening price, then the high bid plus the lowest raise."""
    high_bidder: int = f[5]
    if high_bidder < 0:
        start: int = f[3]
        return start
    high: int = f[4]
    return high + min_raise(st)


def _exact_raises(st: GameState) -> bool:
    """M-25: each bid is exactly the high bid plus one step unless jump bids are allowed."""
    return not option(st, "auction_jump_bids", True)


def auction_legal(st: GameState, f: Frame) -> list[Action]:
    seat: int = f[1]
    lo = min_bid(st, f)
    cash = st.cash[seat]
    acts = [Action(Kind.PASS)]
    if _exact_raises(st):
        if lo <= cash:
            acts.append(Action(Kind.BID, lo))
        return acts
    c = st.edition.board.constants
    ladder = c.get("bid_ladder_step", bid_unit(st))
    for r in LADDER:
        if lo + r * ladder > cash:
            break
        acts.append(Action(Kind.BID, lo + r * ladder))
    return acts


def bid_is_legal(st: GameState, f: Frame, amount: int) -> bool:
    if _exact_raises(st):
        return amount == min_bid(st, f) <= st.cash[f[1]]
    return amount % bid_unit(st) == 0 and min_bid(st, f) <= amount <= st.cash[f[1]]


def auction_apply(st: GameState, f: Frame, a: Action) -> None:
    asker: int = f[1]  # typed reads: compiled code works on machine ints
    square: int = f[2]
    start: int = f[3]
    high: int = f[4]
    high_bidder: int = f[5]
    order: tuple[int, ...] = f[6]
    idx: int = f[7]
    out: int = f[8]
    extra = f[9:]
    if a.kind == Kind.BID:
        high, high_bidder = a.a, asker
        emit(st, ev.BID, asker, square, high)
        if not st.edition.mechanics.auction_pass_final:
            out = 0  # B-27 (e): a new bid cancels every earlier pass
    else:
        out |= 1 << asker
        emit(st, ev.PASSED, asker, square)
    st.stack.pop()
    n = len(order)
    for step in range(1, n + 1):
        j = (idx + step) % n
        s = order[j]
        if not out >> s & 1 and s != high_bidder:
            st.stack.append((F.AUCTION, s, square, start, high, high_bidder, order, j, out, *extra))
            return
    if square >= 0 and st.edition.close_auction(st, f, high_bidder, high):
        return
    if high_bidder < 0:
        emit(st, ev.AUCTION_UNSOLD, -1, square)
        if square < 0:  # nobody bids: the shortage auctions end (W-77 step 5)
            while st.stack and st.stack[-1][0] == F.STEP_SHORTAGE:
                st.stack.pop()
        return
    take(st, high_bidder, high)
    if square < 0:
        emit(st, ev.AUCTION_WON, high_bidder, square, high)
        won(st, high_bidder, F.HOUSE if square == F.HOUSE_LOT else F.HOTEL)
        return
    st.owner[square] = high_bidder
    emit(st, ev.AUCTION_WON, high_bidder, square, high)
    st.edition.on_bank_deed(st, high_bidder, square)
