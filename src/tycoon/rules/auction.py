"""Auctions (C-22 to C-26): open ascending bids asked in turn order; a pass is final."""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import Frame, GameState
from tycoon.rules import frames as F
from tycoon.rules.common import emit, take

LADDER = (0, 5, 10, 20, 50, 100, 200, 500, 1000)
"""Raises over the minimum listed by `legal_actions`; any multiple of the unit is accepted."""


def start_auction(st: GameState, square: int, order: list[int]) -> None:
    """Auction `square` from half its price among `order` (jailed players excluded, C-23)."""
    bidders = tuple(s for s in order if st.jail[s] < 0)
    start = st.edition.board.price[square] // 2
    emit(st, ev.AUCTION_STARTED, -1, square, start)
    if not bidders:
        emit(st, ev.AUCTION_UNSOLD, -1, square)
        return
    st.stack.append((F.AUCTION, bidders[0], square, start, 0, -1, bidders, 0, 0))


def min_bid(f: Frame) -> int:
    _, _asker, _sq, start, high, high_bidder, _o, _i, _out = f
    return int(start if high_bidder < 0 else high + 5)


def auction_legal(st: GameState, f: Frame) -> list[Action]:
    seat = f[1]
    lo = min_bid(f)
    cash = st.cash[seat]
    acts = [Action(Kind.PASS)]
    for r in LADDER:
        if lo + r > cash:
            break
        acts.append(Action(Kind.BID, lo + r))
    return acts


def bid_is_legal(st: GameState, f: Frame, amount: int) -> bool:
    unit = st.edition.board.constants["money_unit"]
    return amount % unit == 0 and min_bid(f) <= amount <= st.cash[f[1]]


def auction_apply(st: GameState, f: Frame, a: Action) -> None:
    _, asker, square, start, high, high_bidder, order, idx, out = f
    if a.kind == Kind.BID:
        high, high_bidder = a.a, asker
        emit(st, ev.BID, asker, square, high)
    else:
        out |= 1 << asker
        emit(st, ev.PASSED, asker, square)
    st.stack.pop()
    n = len(order)
    for step in range(1, n + 1):
        j = (idx + step) % n
        s = order[j]
        if not out >> s & 1 and s != high_bidder:
            st.stack.append((F.AUCTION, s, square, start, high, high_bidder, order, j, out))
            return
    if high_bidder < 0:
        emit(st, ev.AUCTION_UNSOLD, -1, square)
        return
    take(st, high_bidder, high)
    st.owner[square] = high_bidder
    emit(st, ev.AUCTION_WON, high_bidder, square, high)
