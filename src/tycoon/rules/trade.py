"""Offers between players: deed sales (C-59 to C-62), card sales (C-63), two-party exchanges
of deeds, cards and cash (W-84) and payment in property (C-70, W-87). The offerer proposes;
the other seat accepts or rejects (Q-5; wonders Q-2)."""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import CARD_BIT, Action, Kind, items_of, resources_of, squares_of
from tycoon.engine.board import SquareKind
from tycoon.engine.state import Frame, GameState
from tycoon.rules.common import emit, move_cash, option
from tycoon.rules.property import group_has_building, has_any_building, raise_cash_options
from tycoon.rules.windows import responder_may_raise

OFFERS: Final = "offers"
"""`st.ext[OFFERS]` = [turn, offers made by seat 0, seat 1, ...] in that player-turn; created
at the first offer of a game (the option `offer_limit` bounds the counts)."""


def offers_made(st: GameState, seat: int) -> int:
    """Offers `seat` has made in the current player-turn (sales, card sales, exchanges and
    counter-offers; payment in property to a creditor is not counted)."""
    rec = st.ext.get(OFFERS)
    return rec[1 + seat] if rec is not None and rec[0] == st.turn else 0


def may_offer(st: GameState, seat: int) -> bool:
    """Is `seat` below the option `offer_limit` (offers per seat per player-turn; 0 = no
    limit)? The bound keeps offers and counter-offers from running forever and protects
    players from offer spam."""
    limit: int = getattr(st.options, "offer_limit", 0)
    return limit <= 0 or offers_made(st, seat) < limit


def _count_offer(st: GameState, seat: int) -> None:
    rec = st.ext.get(OFFERS)
    if rec is None or rec[0] != st.turn:
        rec = st.ext[OFFERS] = [st.turn] + [0] * st.n
    rec[1 + seat] += 1


def sellable_deeds(st: GameState, seller: int) -> list[int]:
    """Deeds the seller may offer now (C-61, C-62; A-14 scope option)."""
    if st.jail[seller] >= 0:
        return []
    b = st.edition.board
    anywhere = option(st, "trade_requires_no_buildings_anywhere", True)
    if anywhere and has_any_building(st, seller):
        return []
    return [
        s
        for s in b.deeds
        if st.owner[s] == seller and (anywhere or not group_has_building(st, b.group[s]))
    ]


def buyers(st: GameState, seller: int) -> list[int]:
    return [p for p in range(st.n) if p != seller and st.alive[p] and st.jail[p] < 0]


def sale_offers(st: GameState, seller: int) -> list[Action]:
    """Listed offers: each sellable deed alone, to each possible buyer who can pay its
    printed price, at that price (any other price stays legal, C-59)."""
    deeds = sellable_deeds(st, seller)
    if not deeds or not may_offer(st, seller):
        return []
    price = st.edition.board.price
    cash = st.cash
    return [
        Action(Kind.SELL_DEED, 1 << s, p, price[s])
        for s in deeds
        for p in buyers(st, seller)
        if cash[p] >= price[s]
    ]


def sale_is_legal(st: GameState, seller: int, a: Action) -> bool:
    unit = st.edition.board.constants["money_unit"]
    if not a.a or a.c % unit or a.b not in buyers(st, seller) or not may_offer(st, seller):
        return False
    allowed = set(sellable_deeds(st, seller))
    return all(s in allowed for s in squares_of(a.a))


CARD_PRICE: Final = 50
"""The price listed for a card offer (unless the board sets `card_price`); any multiple of
the unit is accepted."""


def card_offers(st: GameState, seller: int) -> list[Action]:
    if not may_offer(st, seller):
        return []
    cards = sorted(c for c, h in st.card_holder.items() if h == seller)
    others = [p for p in range(st.n) if p != seller and st.alive[p]]
    return [Action(Kind.SELL_CARD, c, p, CARD_PRICE) for c in cards for p in others]


def card_sale_is_legal(st: GameState, seller: int, a: Action) -> bool:
    unit = st.edition.board.constants["money_unit"]
    return (
        st.card_holder.get(a.a) == seller
        and 0 <= a.b < st.n
        and a.b != seller
        and st.alive[a.b]
        and a.c % unit == 0
        and may_offer(st, seller)
    )


# --- exchanges (W-84) ------------------------------------------------------------------------


def tradable(st: GameState, seat: int, mask: int) -> bool:
    """Does `seat` hold every item of `mask`, each one transferable (W-84: deeds in groups
    without buildings, airports, utilities; Get-out-of-Jail cards; builder B-56: resource
    chips, but no FORCED TRADE! card)?"""
    b = st.edition.board
    squares, cards = items_of(mask)
    for s in squares:
        if s >= b.size or st.owner[s] != seat or not deed_movable(st, s):
            return False
    for c in cards:
        if st.card_holder.get(c) != seat or b.card(c).effect != "get_out_of_jail":
            return False
    res = resources_of(mask)
    return not any(res) or st.edition.holds_chips(st, seat, res)


def deed_movable(st: GameState, square: int) -> bool:
    """W-84: a deed may change hands unless it is a street of a group with buildings."""
    b = st.edition.board
    return b.kind[square] != SquareKind.STREET or not group_has_building(st, b.group[square])


def trade_partners(st: GameState, seat: int) -> list[int]:
    """The other seats still taking part (`Edition.in_play`; metropol M-58, M-68: not a
    player who has left in the final phase)."""
    return [p for p in range(st.n) if p != seat and st.edition.in_play(st, p)]


def trade_cash_step(st: GameState) -> int:
    """The cash of an exchange is a multiple of this: the money unit where the edition
    trades in units (builder B-2), else 1."""
    ed = st.edition
    return int(ed.board.constants["money_unit"]) if ed.mechanics.trade_cash_in_units else 1


def _asked(price: int, cash: int, step: int) -> int:
    """The cash a listed exchange asks of a buyer holding `cash`: the price, or all the
    cash he has if less, rounded down to the trade's step (so `trade_is_legal` accepts it)."""
    return min(price, cash) // step * step if cash > 0 else 0


def trade_offers(st: GameState, seat: int) -> list[Action]:
    """Listed exchanges: each transferable deed or card alone, to each other player, for its
    listed price (`Edition.listed_price`: the printed one unless the edition says otherwise;
    a card for the board's `card_price`), or all the buyer's cash if he has less (in the
    edition's trade step, `trade_cash_step`); any exchange W-84 allows is accepted by
    `apply_action`."""
    if not may_offer(st, seat):
        return []
    b = st.edition.board
    partners = trade_partners(st, seat)
    cash = st.cash
    out: list[Action] = []
    owner = st.owner
    step = trade_cash_step(st)
    for s in b.deeds:  # a single deed is `tradable` when its seat holds it and it may move
        if owner[s] == seat and deed_movable(st, s):
            price = st.edition.listed_price(st, s)
            out += [
                Action(Kind.TRADE, p, 1 << s, 0, -_asked(price, cash[p], step)) for p in partners
            ]
    card_price = b.constants.get("card_price", CARD_PRICE)
    for c, h in sorted(st.card_holder.items()):
        if h == seat and b.card(c).effect == "get_out_of_jail":
            out.extend(
                Action(Kind.TRADE, p, 1 << (CARD_BIT + c), 0, -_asked(card_price, cash[p], step))
                for p in partners
            )
    out.extend(st.edition.chip_offers(st, seat, partners))
    return out


def trade_is_legal(st: GameState, seat: int, a: Action) -> bool:
    """A two-party exchange: something changes hands, both sides hold what they give and
    the payer has the cash now."""
    partner, give, get, cash = a.a, a.b, a.c, a.d
    if partner not in trade_partners(st, seat) or not (give or get or cash):
        return False
    if not may_offer(st, seat):
        return False
    if cash % trade_cash_step(st):
        return False  # builder B-2: whole multiples of the money unit
    if not (tradable(st, seat, give) and tradable(st, partner, get)):
        return False
    return st.cash[seat] >= cash if cash >= 0 else st.cash[partner] >= -cash


def make_offer(st: GameState, seller: int, a: Action) -> None:
    _count_offer(st, seller)
    if a.kind == Kind.TRADE:
        st.stack.append((F.OFFER, a.a, F.OFFER_TRADE, seller, (a.b, a.c), a.d))
        if st.events is not None:  # the offer's text costs: only when someone listens
            emit(st, ev.OFFERED, seller, -1, a.d, a.a, str(a))
        return
    kind = F.OFFER_SALE if a.kind == Kind.SELL_DEED else F.OFFER_CARD
    st.stack.append((F.OFFER, a.b, kind, seller, a.a, a.c))
    if st.events is not None:
        emit(st, ev.OFFERED, seller, -1, a.c, a.b, str(a))


def _still_valid(st: GameState, f: Frame) -> bool:
    _, resp, kind, frm, what, price = f[:6]
    if kind == F.OFFER_CARD:
        return bool(st.card_holder.get(what) == frm)
    if kind == F.OFFER_TRADE:
        give, get = what
        return (
            tradable(st, frm, give)
            and tradable(st, resp, get)
            and (st.cash[frm] >= price if price >= 0 else st.cash[resp] >= -price)
        )
    if kind == F.OFFER_IN_KIND and st.cash[frm] < f[6]:
        return False  # the settlement's cash is no longer there (W-87)
    return all(st.owner[s] == frm and not st.level[s] for s in squares_of(what))


def accept_is_legal(st: GameState, f: Frame) -> bool:
    """May the responder accept the offer `f`: is it still valid, and can he pay for a sale?"""
    kind = f[2]
    if kind != F.OFFER_IN_KIND and kind != F.OFFER_TRADE and st.cash[f[1]] < f[5]:
        return False
    return _still_valid(st, f)


def offer_legal(st: GameState, f: Frame) -> list[Action]:
    _, seat, kind, frm, _what, _price = f[:6]
    acts = [Action(Kind.REJECT)]
    if accept_is_legal(st, f):
        acts.append(Action(Kind.ACCEPT))
    if kind == F.OFFER_IN_KIND:
        return acts
    if kind == F.OFFER_TRADE and st.edition.mechanics.counter_offers:
        acts.extend(a for a in trade_offers(st, seat) if a.a == frm)
    if responder_may_raise(st, seat):  # C-13; W-24: only in a window of his own
        acts.extend(Action(k, s) for k, s in raise_cash_options(st, seat))
    return acts


def counter_is_legal(st: GameState, f: Frame, a: Action) -> bool:
    """B-40, B-56: answer an exchange with an exchange of one's own to the offerer."""
    return (
        st.edition.mechanics.counter_offers
        and f[2] == F.OFFER_TRADE
        and a.a == f[3]
        and trade_is_legal(st, f[1], a)
    )


def counter(st: GameState, f: Frame, a: Action) -> None:
    """The offer is rejected and the counter-offer goes to the offerer."""
    _, seat, _kind, frm, _what, price = f[:6]
    st.stack.pop()
    emit(st, ev.REJECTED, seat, -1, price, frm, "counter")
    make_offer(st, seat, a)


def transfer_deeds(st: GameState, frm: int, to: int, mask: int) -> None:
    """Deeds change hands; the new owner settles mortgaged ones by C-68."""
    mortgaged = 0
    for s in squares_of(mask):
        st.owner[s] = to
        emit(st, ev.TRANSFERRED, frm, s, 0, to)
        if st.mortgaged[s]:
            mortgaged |= 1 << s
    if mortgaged and st.edition.mechanics.settle_acquired_mortgages:
        st.stack.append((F.ACQUIRED, to, mortgaged))


def offer_apply(st: GameState, f: Frame, a: Action) -> None:
    from tycoon.rules.debt import reduce_debt

    _, seat, kind, frm, what, price = f[:6]
    st.stack.pop()
    if a.kind == Kind.REJECT:
        emit(st, ev.REJECTED, seat, -1, price, frm)
        return
    emit(st, ev.ACCEPTED, seat, -1, price, frm)
    if kind == F.OFFER_TRADE:
        give, get = what
        move_cash(st, frm, seat, price) if price >= 0 else move_cash(st, seat, frm, -price)
        for src, dst, mask in ((frm, seat, give), (seat, frm, get)):
            squares, cards = items_of(mask)
            for c in cards:
                st.card_holder[c] = dst
            res = resources_of(mask)
            if any(res):
                st.edition.move_chips(st, src, dst, res)
            if squares:
                transfer_deeds(st, src, dst, sum(1 << s for s in squares))
    elif kind == F.OFFER_CARD:
        move_cash(st, seat, frm, price)
        st.card_holder[what] = seat
    elif kind == F.OFFER_SALE:
        move_cash(st, seat, frm, price)
        transfer_deeds(st, frm, seat, what)
    else:  # W-87: cash, deeds and the debt at once; then the W-85 choices (ACQUIRED)
        cash = f[6]
        if cash:
            move_cash(st, frm, seat, cash)
            emit(st, ev.PAID, frm, -1, cash, seat, "in kind")
        reduce_debt(st, frm, price)
        transfer_deeds(st, frm, seat, what)
