"""Offers between players: deed sales (C-59 to C-62), card sales (C-63) and payment in
property (C-70). The offerer proposes; the other seat accepts or rejects (Q-5)."""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine.actions import Action, Kind, squares_of
from tycoon.engine.state import Frame, GameState
from tycoon.rules import frames as F
from tycoon.rules.common import emit, move_cash, option
from tycoon.rules.property import group_has_building, has_any_building, raise_cash_options


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
    """Listed offers: each sellable deed alone, to each possible buyer, at its printed price."""
    deeds = sellable_deeds(st, seller)
    if not deeds:
        return []
    price = st.edition.board.price
    return [Action(Kind.SELL_DEED, 1 << s, p, price[s]) for s in deeds for p in buyers(st, seller)]


def sale_is_legal(st: GameState, seller: int, a: Action) -> bool:
    unit = st.edition.board.constants["money_unit"]
    if not a.a or a.c % unit or a.b not in buyers(st, seller):
        return False
    allowed = set(sellable_deeds(st, seller))
    return all(s in allowed for s in squares_of(a.a))


CARD_PRICE = 50
"""The price listed for a card offer; any multiple of the unit is accepted."""


def card_offers(st: GameState, seller: int) -> list[Action]:
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
    )


def make_offer(st: GameState, seller: int, a: Action) -> None:
    kind = F.OFFER_SALE if a.kind == Kind.SELL_DEED else F.OFFER_CARD
    st.stack.append((F.OFFER, a.b, kind, seller, a.a, a.c))
    emit(st, ev.OFFERED, seller, -1, a.c, a.b, str(a))


def _still_valid(st: GameState, f: Frame) -> bool:
    _, _resp, kind, frm, what, _price = f
    if kind == F.OFFER_CARD:
        return bool(st.card_holder.get(what) == frm)
    return all(st.owner[s] == frm and not st.level[s] for s in squares_of(what))


def offer_legal(st: GameState, f: Frame) -> list[Action]:
    _, seat, kind, _frm, _what, price = f
    acts = [Action(Kind.REJECT)]
    if kind == F.OFFER_IN_KIND:
        if _still_valid(st, f):
            acts.append(Action(Kind.ACCEPT))
        return acts
    if st.cash[seat] >= price and _still_valid(st, f):
        acts.append(Action(Kind.ACCEPT))
    acts.extend(Action(k, s) for k, s in raise_cash_options(st, seat))
    return acts


def transfer_deeds(st: GameState, frm: int, to: int, mask: int) -> None:
    """Deeds change hands; the new owner settles mortgaged ones by C-68."""
    mortgaged = 0
    for s in squares_of(mask):
        st.owner[s] = to
        emit(st, ev.TRANSFERRED, frm, s, 0, to)
        if st.mortgaged[s]:
            mortgaged |= 1 << s
    if mortgaged:
        st.stack.append((F.ACQUIRED, to, mortgaged))


def offer_apply(st: GameState, f: Frame, a: Action) -> None:
    from tycoon.rules.debt import reduce_debt

    _, seat, kind, frm, what, price = f
    st.stack.pop()
    if a.kind == Kind.REJECT:
        emit(st, ev.REJECTED, seat, -1, price, frm)
        return
    emit(st, ev.ACCEPTED, seat, -1, price, frm)
    if kind == F.OFFER_CARD:
        move_cash(st, seat, frm, price)
        st.card_holder[what] = seat
    elif kind == F.OFFER_SALE:
        move_cash(st, seat, frm, price)
        transfer_deeds(st, frm, seat, what)
    else:
        reduce_debt(st, frm, price)
        transfer_deeds(st, frm, seat, what)
