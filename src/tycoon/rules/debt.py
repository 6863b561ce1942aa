"""Payments, debts and bankruptcy (C-32, C-69 to C-73)."""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, squares_of
from tycoon.engine.state import Frame, GameState
from tycoon.engine.types import BANK, Termination
from tycoon.rules.common import emit, move_cash, next_alive, seats_from
from tycoon.rules.property import (
    buildings_value,
    clear_buildings,
    group_has_building,
    max_raisable,
    raise_cash_options,
)

Creditor = int | tuple[int, ...]
"""A seat, BANK, or (forced-auction mode) several seats owed equal shares (metropol M10)."""


POT: Final = "pot"
"""st.ext key of the free-parking pot house rule: [the money in the middle]."""
POT_REASONS: Final = frozenset({"tax", "card", "jail fine", "jail fee"})
"""Payments to the bank that go to the pot under the house rule: taxes, card fees, fines."""


def to_pot(st: GameState, amount: int, reason: str) -> None:
    """House rule: a tax, card fee or fine paid to the bank is put in the middle."""
    if POT in st.ext and reason in POT_REASONS:
        st.ext[POT][0] += amount


def take_pot(st: GameState, seat: int) -> None:
    """House rule: the player stopping on Free Parking takes the pot."""
    amount = st.ext[POT][0]
    if amount:
        st.ext[POT][0] = 0
        move_cash(st, BANK, seat, amount)
        emit(st, ev.COLLECTED, seat, st.pos[seat], amount, BANK, "free parking pot")


def settle(st: GameState, payer: int, creditor: Creditor, amount: int, reason: str) -> None:
    """Hand over `amount` (cash suffices): to one creditor, or split equally among several."""
    if creditor == BANK:
        to_pot(st, amount, reason)
    if isinstance(creditor, tuple):
        share = amount // len(creditor)
        for c in creditor:
            move_cash(st, payer, c, share)
            emit(st, ev.PAID, payer, -1, share, c, reason)
        return
    move_cash(st, payer, creditor, amount)
    emit(st, ev.PAID, payer, -1, amount, creditor, reason)


def pay(
    st: GameState,
    payer: int,
    creditor: Creditor,
    amount: int,
    reason: str,
    from_card: bool = False,
) -> None:
    """Pay at once (C-32); if cash is short, the payer enters the debt procedure (C-69)."""
    if amount <= 0:
        return
    if st.cash[payer] >= amount:
        settle(st, payer, creditor, amount, reason)
        return
    st.stack.append((F.DEBT, payer, creditor, amount, reason, from_card))
    emit(st, ev.DEBT, payer, -1, amount, creditor if isinstance(creditor, int) else -1, reason)


def in_kind_deeds(st: GameState, seat: int) -> list[int]:
    """Deeds a debtor may hand over in payment (C-70): no buildings in their group (Q-3)."""
    b = st.edition.board
    out = []
    for s in b.deeds:
        if st.owner[s] != seat or st.level[s]:
            continue
        if st.options.in_kind_needs_unbuilt_group and group_has_building(st, b.group[s]):
            continue
        out.append(s)
    return out


def debt_legal(st: GameState, f: Frame) -> list[Action]:
    """C-69: raise cash, pay, offer property to a player creditor, or go bankrupt.
    M-62: pay, or put a permit up for forced auction, or (nothing left) go bankrupt."""
    _, seat, creditor, amount, _reason, _card = f
    if st.edition.mechanics.debt == "forced_auction":
        if st.cash[seat] >= amount:
            return [Action(Kind.PAY)]
        left = forced_candidates(st, seat)
        return [Action(Kind.PUT_UP, s) for s in left] or [Action(Kind.BANKRUPT)]
    acts = [Action(k, s) for k, s in raise_cash_options(st, seat)]
    if st.cash[seat] >= amount:
        acts.append(Action(Kind.PAY))
    if creditor != BANK and st.edition.mechanics.pay_in_kind:
        unit = st.edition.board.constants["money_unit"]
        for s in in_kind_deeds(st, seat):
            value = min(st.edition.board.price[s], amount) // unit * unit
            acts.append(Action(Kind.PAY_WITH, 1 << s, 0, value))
    if may_go_bankrupt(st, seat, amount):
        acts.append(Action(Kind.BANKRUPT))
    return acts


def may_go_bankrupt(st: GameState, seat: int, owed: int) -> bool:
    """W-86, Q-4: when everything that could be raised is short of the debt, or (a guard)
    when nothing can be sold or mortgaged now. M-63: when every deed has been put up and
    cash is still short. B-60 (4): only once every deed is mortgaged, where the edition says
    so."""
    mech = st.edition.mechanics
    if mech.debt == "forced_auction":
        return st.cash[seat] < owed and not forced_candidates(st, seat)
    if mech.bankrupt_needs_all_mortgaged:
        return st.cash[seat] < owed and not raise_cash_options(st, seat)
    if max_raisable(st, seat) < owed:
        return True
    return st.cash[seat] < owed and not raise_cash_options(st, seat)


TRIED: Final = "forced_unsold"
"""st.ext key (forced-auction mode): per seat, the mask of deeds put up unsold in the
current debt (M-62: a deed nobody bids on stays with the debtor, who moves on)."""


def forced_candidates(st: GameState, seat: int) -> list[int]:
    """Deeds the debtor may still put up for forced auction (M-62)."""
    tried = st.ext[TRIED][seat]
    return [s for s in st.edition.board.deeds if st.owner[s] == seat and not tried >> s & 1]


def put_up_legal(st: GameState, f: Frame, square: int) -> bool:
    seat, amount = f[1], f[3]
    return (
        st.edition.mechanics.debt == "forced_auction"
        and st.cash[seat] < amount
        and square in forced_candidates(st, seat)
    )


def pay_with_legal(st: GameState, f: Frame, a: Action) -> bool:
    """Any set of handover-able deeds, with any cash the debtor holds (C-70, W-87: partly in
    cash, partly in property), settling any part of the debt from the cash up, in money
    units: `pay-with D cash C for N` with C <= N <= debt."""
    _, seat, creditor, amount, _r, _c = f
    unit = st.edition.board.constants["money_unit"]
    mech = st.edition.mechanics
    if not mech.pay_in_kind or mech.debt == "forced_auction":
        return False
    if creditor == BANK or not a.a or a.c > amount or a.c % unit:
        return False
    if a.b and (a.b > a.c or a.b > st.cash[seat] or a.b % unit):
        return False
    allowed = set(in_kind_deeds(st, seat))
    return all(s in allowed for s in squares_of(a.a))


def debt_apply(st: GameState, f: Frame, a: Action) -> None:
    _, seat, creditor, amount, reason, _card = f
    if a.kind == Kind.PAY:
        st.stack.pop()
        if TRIED in st.ext:
            st.ext[TRIED][seat] = 0
        settle(st, seat, creditor, amount, reason)
    elif a.kind == Kind.PUT_UP:
        from tycoon.rules.auction import start_auction

        emit(st, ev.OFFERED, seat, a.a, amount, -1, "forced auction")
        # M-62, M-26: the other players in play bid clockwise from the active player
        # (from the debtor's left when he is the active player); no veto
        n, active = st.n, st.active
        order = [(active + i) % n for i in range(n)]
        bidders = [p for p in order if p != seat and st.edition.in_play(st, p)]
        start_auction(st, a.a, bidders, (seat,))
    elif a.kind == Kind.PAY_WITH:  # the cash of the offer rides on it (W-87)
        st.stack.append((F.OFFER, creditor, F.OFFER_IN_KIND, seat, a.a, a.c, a.b))
        emit(st, ev.OFFERED, seat, -1, a.c, creditor, "in kind")
    elif a.kind == Kind.BANKRUPT:
        bankrupt(st, seat, creditor)


def reduce_debt(st: GameState, debtor: int, by: int) -> None:
    """Lower the debtor's open debt after a payment in property; close it if settled."""
    for i in range(len(st.stack) - 1, -1, -1):
        f = st.stack[i]
        if f[0] == F.DEBT and f[1] == debtor:
            left = f[3] - by
            if left <= 0:
                del st.stack[i]
            else:
                st.stack[i] = (*f[:3], left, *f[4:])
            return


def _owned_by(f: Frame, seat: int) -> bool:
    """Is this frame a step or decision of `seat` (to be dropped when he leaves)?"""
    k = f[0]
    if k == F.OFFER:
        return bool(f[1] == seat or f[3] == seat)
    if k in (F.AUCTION, F.STEP_NEXT_TURN, F.STEP_BANK_AUCTIONS, F.STEP_GAME_END):
        return False
    return bool(f[1] == seat)


def end_turn_now(st: GameState) -> None:
    """The active player's turn ends at once (C-40, C-71): drop his frames, go on."""
    active = st.active
    st.stack[:] = [f for f in st.stack if not _owned_by(f, active)]
    if not any(f[0] == F.STEP_NEXT_TURN for f in st.stack):
        st.stack.insert(0, (F.STEP_NEXT_TURN, -1))


def _bankrupt_forced(st: GameState, seat: int, creditor: Creditor) -> None:
    """M-63: the cash goes to the creditor (several: pro rata in money units, the rest to
    the bank); every deed still held goes back to the bank, free."""
    cash = st.cash[seat]
    if isinstance(creditor, tuple):
        unit = st.edition.board.constants["money_unit"]
        share = cash // len(creditor) // unit * unit
        for c in creditor:
            move_cash(st, seat, c, share)
            emit(st, ev.PAID, seat, -1, share, c, "bankruptcy")
        emit(st, ev.PAID, seat, -1, st.cash[seat], BANK, "bankruptcy")
        move_cash(st, seat, BANK, st.cash[seat])
    else:
        to = creditor if creditor == BANK or st.alive[creditor] else BANK
        move_cash(st, seat, to, cash)
        emit(st, ev.PAID, seat, -1, cash, to, "bankruptcy")
    for s in st.edition.board.deeds:
        if st.owner[s] == seat:
            st.owner[s] = -1
            emit(st, ev.TRANSFERRED, seat, s, 0, BANK)
    st.ext[TRIED][seat] = 0


def bankrupt(st: GameState, seat: int, creditor: Creditor) -> None:
    """C-71 to C-73: the seat leaves; its assets go to the creditor or to the bank."""
    b = st.edition.board
    emit(st, ev.BANKRUPT, seat, -1, 0, creditor if isinstance(creditor, int) else -1)
    deeds = [s for s in b.deeds if st.owner[s] == seat]
    kept_cards = [c for c, h in st.card_holder.items() if h == seat]
    follow: list[Frame] = []
    if st.edition.mechanics.debt == "forced_auction":
        _bankrupt_forced(st, seat, creditor)
    elif isinstance(creditor, int) and creditor != BANK and st.alive[creditor]:
        proceeds = buildings_value(st, seat, sale=True)  # C-72: bank buys them back
        clear_buildings(st, seat)
        move_cash(st, BANK, creditor, proceeds)
        emit(st, ev.COLLECTED, creditor, -1, proceeds, BANK, "buildings of the bankrupt")
        emit(st, ev.PAID, seat, -1, st.cash[seat], creditor, "bankruptcy")
        move_cash(st, seat, creditor, st.cash[seat])
        mortgaged_mask = 0
        for s in deeds:
            st.owner[s] = creditor
            emit(st, ev.TRANSFERRED, seat, s, 0, creditor)
            if st.mortgaged[s]:
                mortgaged_mask |= 1 << s
        for c in kept_cards:
            st.card_holder[c] = creditor
        if mortgaged_mask and st.edition.mechanics.settle_acquired_mortgages:
            follow = [(F.ACQUIRED, creditor, mortgaged_mask)]
    else:
        clear_buildings(st, seat)  # C-73: no payment, not auctioned
        emit(st, ev.PAID, seat, -1, st.cash[seat], BANK, "bankruptcy")
        move_cash(st, seat, BANK, st.cash[seat])
        for c in kept_cards:
            del st.card_holder[c]
            st.decks[b.deck_index(c)].append(c)
        for s in deeds:
            st.owner[s] = -1
            st.mortgaged[s] = False
            emit(st, ev.TRANSFERRED, seat, s, 0, BANK)
        auction = deeds and st.edition.mechanics.auction_bankrupt_deeds
        follow = [(F.STEP_BANK_AUCTIONS, seat, tuple(deeds))] if auction else []
    st.alive[seat] = False
    st.jail[seat] = -1
    st.claims = [c for c in st.claims if c[0] != seat and c[1] != seat]
    if sum(st.alive) == 1 and st.edition.mechanics.last_player_wins:
        st.stack[:] = [(F.STEP_GAME_END, -1, Termination.LAST_PLAYER.value)]
    else:
        if seat == st.active:
            end_turn_now(st)
        else:
            st.stack[:] = [f for f in st.stack if not _owned_by(f, seat)]
        st.stack.extend(follow)
    st.edition.on_bankrupt(st, seat, creditor if isinstance(creditor, int) else BANK)


def bank_auctions_step(st: GameState, f: Frame) -> None:
    """C-73: auction the bankrupt's deeds one at a time, in increasing board index."""
    from tycoon.rules.auction import start_auction

    _, seat, squares = f
    st.stack.pop()
    if len(squares) > 1:
        st.stack.append((F.STEP_BANK_AUCTIONS, seat, squares[1:]))
    start_auction(st, squares[0], seats_from(st, seat))


def collect_each_step(st: GameState, f: Frame) -> None:
    """C-38, Q-6: the other players pay the drawer one by one, in turn order. A negative
    amount: the drawer pays each of them in turn, each payment its own debt (builder OQ-4)."""
    _, drawer, amount, payers = f
    st.stack.pop()
    payers = tuple(p for p in payers if st.alive[p])
    if not payers or not st.alive[drawer]:
        return
    if len(payers) > 1:
        st.stack.append((F.STEP_COLLECT_EACH, drawer, amount, payers[1:]))
    if amount < 0:
        pay(st, drawer, payers[0], -amount, "card", from_card=True)
    else:
        pay(st, payers[0], drawer, amount, "card", from_card=True)


__all__ = ["bankrupt", "debt_apply", "debt_legal", "end_turn_now", "next_alive", "pay"]
