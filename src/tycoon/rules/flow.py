"""The turn flow (C-10 to C-20, C-40 to C-42, C-76): dispatch of frames, dice, movement,
landing, jail and the end of the game. Rules never call a player: each decision is a frame.

Out-of-turn actions (C-13): any seat may claim rent at any decision point, except while an
auction runs or a card is being carried out; the edition's `Mechanics.others_act` says when
the others may also sell buildings, mortgage, redeem, build and trade (`rules.windows`:
at any decision point in classic, C-13; only between turns in wonders, W-24 b).
`legal_actions(state, seat)` lists them for that seat.
"""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import FIRST_EDITION_KIND, Action, Kind
from tycoon.engine.board import DEED_KINDS, SquareKind
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.rng import Rng
from tycoon.engine.state import Frame, GameState
from tycoon.engine.state import current_player as current_player  # the rules' name too
from tycoon.engine.types import BANK, CHANCE, TERMINAL, Termination
from tycoon.rules import auction, cards, debt, jail, shortage, trade
from tycoon.rules.common import emit, give, take
from tycoon.rules.property import (
    build,
    can_build,
    can_mortgage,
    can_sell_building,
    can_unmortgage,
    mortgage,
    raise_cash_options,
    redeem_cost,
    rent,
    sell_building,
    unmortgage,
)
from tycoon.rules.windows import OWN_WINDOWS, others_window, responder_may_raise

DICE_OUTCOMES: Final = tuple(Action(Kind.DICE, a, b) for a in range(1, 7) for b in range(1, 7))
DICE3_OUTCOMES: Final = tuple(
    Action(Kind.DICE, a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
)
"""Three dice: 216 ordered outcomes (metropol M-1, M-13)."""
_OUTCOMES: Final = {2: DICE_OUTCOMES, 3: DICE3_OUTCOMES}


def draw_dice(rng: Rng, n: int = 2) -> Action:
    """`n` dice (2 or 3) drawn from `rng` (advancing it by one draw per die)."""
    if n == 2:
        return DICE_OUTCOMES[rng.below(6) * 6 + rng.below(6)]
    return DICE3_OUTCOMES[rng.below(6) * 36 + rng.below(6) * 6 + rng.below(6)]


def dice_count(st: GameState) -> int:
    """Dice of the chance node on top of the stack (the edition decides per purpose)."""
    return st.edition.dice_count(st, st.stack[-1][2])


def dice_outcomes(st: GameState) -> tuple[Action, ...]:
    """The ordered outcomes of the chance node on top of the stack."""
    return _OUTCOMES[dice_count(st)]


# --- who acts ----------------------------------------------------------------------------


_BLOCKING: Final = frozenset(
    {F.AUCTION, F.CARD_CHOICE, F.STEP_COLLECT_EACH, F.DEMAND, F.PLACE, F.STEP_SHORTAGE}
)


def _blocked(st: GameState) -> bool:
    """C-13: no out-of-turn actions during an auction or while a card is carried out."""
    for f in st.stack:
        k: int = f[0]
        if k in _BLOCKING or (k == F.DEBT and f[5]):
            return True
    return False


_OWN_BUILD_WINDOWS: Final = OWN_WINDOWS
"""During one's own turn (W-24 a, W-67)."""


def _may_claim(st: GameState, seat: int) -> bool:
    return st.jail[seat] < 0 or st.edition.mechanics.jailed_owner_collects


def _trade_window_open(st: GameState, seat: int) -> bool:
    """May `seat` propose an exchange now: in his own turn (W-24 a, also from jail), between
    turns (b) or while in debt (c)? Never during an auction or a card (Q-2)."""
    top = st.stack[-1]
    if st.edition.mechanics.trade_active_only:  # M-59, M-61: the active player, not in debt
        return seat == st.active and top[1] == seat and top[0] in _OWN_BUILD_WINDOWS
    if top[1] == seat:
        return (
            top[0] in _OWN_BUILD_WINDOWS
            or top[0] == F.DEBT
            or (top[0] == F.BUY and st.edition.mechanics.deals_at_buy)  # builder B-26
            or top[0] in st.edition.own_decision_frames  # builder OQ-2
        )
    return others_window(st) and not _blocked(st)


def _build_window_open(st: GameState, seat: int) -> bool:
    """May `seat` build now, outside the pre-roll frame (W-24 a and b)?"""
    top = st.stack[-1]
    if top[1] == seat:
        return top[0] in _OWN_BUILD_WINDOWS
    return others_window(st)


def anytime_actions(st: GameState, seat: int) -> list[Action]:
    """Actions C-13 (W-24) allows `seat` at any moment (also the active seat's own)."""
    if not st.alive[seat]:
        return []
    window = st.stack[-1][1] == seat or others_window(st)  # W-24: others only in (b)
    acts = [Action(k, s) for k, s in raise_cash_options(st, seat)] if window else []
    b = st.edition.board
    if window:
        mortgaged = st.mortgaged
        for s in b.deeds:
            if mortgaged[s] and can_unmortgage(st, seat, s):  # few are mortgaged
                acts.append(Action(Kind.UNMORTGAGE, s))
    if st.claims and _may_claim(st, seat):
        payers = dict.fromkeys(c[1] for c in st.claims if c[0] == seat)
        acts.extend(Action(Kind.CLAIM, p) for p in payers)  # one action per payer
    mech = st.edition.mechanics
    if mech.trades == "sale":
        if st.card_holder:
            acts.extend(trade.card_offers(st, seat))
    elif _trade_window_open(st, seat):
        acts.extend(trade.trade_offers(st, seat))
    if mech.build_out_of_turn and _build_window_open(st, seat):
        acts.extend(_builds(st, seat))
    if (
        mech.jail == "attempts"
        and mech.early_release
        and st.jail[seat] >= 0
        and st.stack[-1][0] != F.JAIL
        and window
    ):
        acts.extend(_early_release(st, seat))  # W-66: (a) and (b) in an earlier window
    acts.extend(st.edition.anytime_legal(st, seat))
    return acts


def _builds(st: GameState, seat: int) -> list[Action]:
    """Every `build S` and `build-hotel S` open to `seat` (window limits aside)."""
    acts = []
    b = st.edition.board
    owner, level = st.owner, st.level
    for g, squares in enumerate(b.groups):
        # `can_build` needs the whole group (C-48, W-69): other groups are skipped at once
        if b.group_kind[g] != SquareKind.STREET or any(owner[s] != seat for s in squares):
            continue
        for s in squares:
            if level[s] < 5:
                if can_build(st, seat, s):
                    acts.append(Action(Kind.BUILD, s))
                if can_build(st, seat, s, hotel=True):
                    acts.append(Action(Kind.BUILD_HOTEL, s))
    return acts


def _early_release(st: GameState, seat: int) -> list[Action]:
    acts = []
    if st.cash[seat] >= jail.jail_fee(st):
        acts.append(Action(Kind.PAY_FINE))
    if jail.jail_cards_of(st, seat):
        acts.append(Action(Kind.USE_CARD))
    return acts


def chance_outcomes(st: GameState) -> list[tuple[Action, float]]:
    """The 36 ordered dice outcomes, each 1/36 (doubles stay distinguishable); with three
    dice the 216 ordered outcomes (triples stay distinguishable)."""
    if current_player(st) != CHANCE:
        return []
    outs = dice_outcomes(st)
    p = 1.0 / len(outs)
    return [(a, p) for a in outs]


def legal_actions(st: GameState, seat: int | None = None) -> list[Action]:
    """Sorted legal actions of `seat` (default: the seat the game waits on)."""
    cur = current_player(st)
    if cur == TERMINAL:
        return []
    if seat is None:
        seat = cur
    if seat == CHANCE:
        return list(dice_outcomes(st)) if cur == CHANCE else []
    if seat == cur:
        acts = _frame_legal(st, st.stack[-1])
    elif cur == CHANCE or not 0 <= seat < st.n or _blocked(st):
        return []
    else:
        acts = anytime_actions(st, seat)
    acts.sort()
    return acts


def _frame_legal(st: GameState, f: Frame) -> list[Action]:
    k: int = f[0]
    seat: int = f[1]
    if k == F.PRE_ROLL or k == F.ROLL_AGAIN:
        acts = anytime_actions(st, seat)
        acts.append(Action(Kind.ROLL))
        if not st.edition.mechanics.build_out_of_turn:  # else anytime_actions lists them
            acts.extend(_builds(st, seat))
        if k == F.PRE_ROLL and st.edition.mechanics.trades == "sale":
            acts.extend(trade.sale_offers(st, seat))
        acts.extend(st.edition.extra_legal(st, f))
        return acts
    if k == F.END_TURN:
        acts = anytime_actions(st, seat)
        acts.append(Action(Kind.END_TURN))
        acts.extend(st.edition.extra_legal(st, f))
        return acts
    if k == F.BUY:
        acts = [Action(kk, s) for kk, s in raise_cash_options(st, seat)]
        acts.append(Action(Kind.AUCTION))
        if st.cash[seat] >= st.edition.board.price[f[2]]:
            acts.append(Action(Kind.BUY))
        if st.edition.mechanics.deals_at_buy:  # builder B-26: deals first to raise money
            acts.extend(trade.trade_offers(st, seat))
        acts.extend(st.edition.extra_legal(st, f))
        return acts
    if k == F.AUCTION:
        acts = auction.auction_legal(st, f)
        if st.edition.mechanics.raise_cash_in_auction:  # builder B-27 (h): mortgage first
            acts.extend(Action(kk, s) for kk, s in raise_cash_options(st, seat))
        return acts
    if k == F.DEBT:
        acts = debt.debt_legal(st, f)
        mech = st.edition.mechanics
        if mech.trades == "exchange" and not mech.trade_active_only:  # W-86: sell to players
            acts.extend(trade.trade_offers(st, seat))
        acts.extend(st.edition.extra_legal(st, f))
        return acts
    if k == F.JAIL:
        return _jail_legal(st, seat) + st.edition.extra_legal(st, f)
    if k == F.OFFER:
        return trade.offer_legal(st, f)
    if k == F.CARD_CHOICE:
        return cards.choice_legal(st, f)
    if k == F.ACQUIRED:
        acts = [Action(kk, s) for kk, s in raise_cash_options(st, seat)]
        for s in range(st.edition.board.size):
            if f[2] >> s & 1:
                acts.append(Action(Kind.KEEP_MORTGAGED, s))
                if st.cash[seat] >= redeem_cost(st, s):
                    acts.append(Action(Kind.UNMORTGAGE, s))
        return acts
    if k == F.FINAL_CLAIM:
        return [Action(Kind.CLAIM, f[2]), Action(Kind.PASS)]
    if k == F.DEMAND:
        return shortage.demand_legal(st, f)
    if k == F.PLACE:
        return shortage.place_legal(st, f)
    acts = st.edition.frame_legal(st, f)
    if k in st.edition.own_decision_frames:  # builder OQ-2: at each own decision point
        acts.extend(anytime_actions(st, seat))
    return acts


# --- legality of amount-carrying actions ----------------------------------------------------


_ANYTIME_FRAMES: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.JAIL})
_RAISE_FRAMES: Final = _ANYTIME_FRAMES | {F.BUY, F.DEBT, F.ACQUIRED}
_RAISE_KINDS: Final = frozenset({Kind.MORTGAGE, Kind.SELL_BUILDING})
_ANYTIME_KINDS: Final = frozenset(
    {Kind.MORTGAGE, Kind.SELL_BUILDING, Kind.UNMORTGAGE, Kind.CLAIM, Kind.BUILD}
    | {Kind.BUILD_HOTEL}
    | {Kind.PAY_FINE, Kind.USE_CARD}
)
_AMOUNT_KINDS: Final = frozenset(
    {Kind.BID, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH, Kind.TRADE}
)
_OFFER_KINDS: Final = frozenset({Kind.SELL_CARD, Kind.TRADE})
_BUILD_KINDS: Final = frozenset({Kind.BUILD, Kind.BUILD_HOTEL})
_ARGLESS: Final = frozenset(
    {Kind.ROLL, Kind.BUY, Kind.AUCTION, Kind.PASS, Kind.PAY, Kind.DRAW, Kind.SERVE, Kind.PAY_FINE}
    | {Kind.USE_CARD, Kind.ACCEPT, Kind.REJECT, Kind.BANKRUPT, Kind.END_TURN}
)


def _anytime_ok(st: GameState, seat: int, a: Action) -> bool:
    """The C-13 actions of `anytime_actions`, tested one by one."""
    k = a.kind
    if k == Kind.SELL_CARD:
        return st.edition.mechanics.trades == "sale" and trade.card_sale_is_legal(st, seat, a)
    if k == Kind.TRADE:
        return (
            st.edition.mechanics.trades == "exchange"
            and _trade_window_open(st, seat)
            and trade.trade_is_legal(st, seat, a)
        )
    if k in (Kind.PAY_FINE, Kind.USE_CARD):
        mech = st.edition.mechanics
        jailed = mech.jail == "attempts" and mech.early_release and st.jail[seat] >= 0
        top = st.stack[-1]
        return (
            jailed
            and top[0] != F.JAIL
            and (top[1] == seat or others_window(st))
            and not a.a
            and Action(k) in _early_release(st, seat)
        )
    s = a.a
    if a.b or a.c or (k != Kind.CLAIM and not 0 <= s < st.edition.board.size):
        return False
    if k != Kind.CLAIM and st.stack[-1][1] != seat and not others_window(st):
        return False  # W-24, W-78, W-80, W-83: the others only in window (b)
    if k == Kind.MORTGAGE:
        return can_mortgage(st, seat, s)
    if k == Kind.SELL_BUILDING:
        return can_sell_building(st, seat, s)
    if k == Kind.UNMORTGAGE:
        return can_unmortgage(st, seat, s)
    if k == Kind.CLAIM:
        return _may_claim(st, seat) and any(c[0] == seat and c[1] == s for c in st.claims)
    if k in _BUILD_KINDS:
        return (
            st.edition.mechanics.build_out_of_turn
            and _build_window_open(st, seat)
            and can_build(st, seat, s, k == Kind.BUILD_HOTEL)
        )
    return False


def _frame_ok(st: GameState, f: Frame, a: Action) -> bool:
    """Is `a` one of the frame's own actions (not an anytime one) for its seat?"""
    fk: int = f[0]
    seat: int = f[1]
    k = a.kind
    if k >= FIRST_EDITION_KIND:  # an edition's own action: the edition checks everything
        if F.EDITION_FRAMES <= fk < F.DICE:
            return st.edition.frame_ok(st, f, a)
        return st.edition.extra_ok(st, f, a)
    if (k not in _AMOUNT_KINDS and (a.b or a.c)) or (k in _ARGLESS and a.a):
        return False
    if fk == F.AUCTION:  # first: the most frequent decision
        return k == Kind.PASS or (k == Kind.BID and auction.bid_is_legal(st, f, a.a))
    if fk == F.PRE_ROLL or fk == F.ROLL_AGAIN:
        if k == Kind.ROLL:
            return True
        if k in _BUILD_KINDS and not st.edition.mechanics.build_out_of_turn:
            return 0 <= a.a < st.edition.board.size and can_build(
                st, seat, a.a, k == Kind.BUILD_HOTEL
            )
        return fk == F.PRE_ROLL and k == Kind.SELL_DEED and trade.sale_is_legal(st, seat, a)
    if fk == F.END_TURN:
        return k == Kind.END_TURN
    if fk == F.BUY:
        return k == Kind.AUCTION or (
            k == Kind.BUY and st.cash[seat] >= st.edition.board.price[f[2]]
        )
    if fk == F.DEBT:
        owed: int = f[3]
        if k == Kind.PAY:
            return st.cash[seat] >= owed
        if k == Kind.BANKRUPT:
            return debt.may_go_bankrupt(st, seat, owed)
        if k == Kind.PUT_UP:
            return debt.put_up_legal(st, f, a.a)
        return k == Kind.PAY_WITH and debt.pay_with_legal(st, f, a)
    if fk == F.JAIL:
        return jail.own_action_ok(st, seat, k)
    if fk == F.OFFER:
        if k == Kind.TRADE:
            return trade.counter_is_legal(st, f, a)
        return k == Kind.REJECT or (k == Kind.ACCEPT and trade.accept_is_legal(st, f))
    if fk == F.CARD_CHOICE:
        return k in (Kind.PAY, Kind.DRAW)
    if fk == F.ACQUIRED:
        if not (k in (Kind.KEEP_MORTGAGED, Kind.UNMORTGAGE) and 0 <= a.a < 64 and f[2] >> a.a & 1):
            return False
        return k == Kind.KEEP_MORTGAGED or st.cash[seat] >= redeem_cost(st, a.a)
    if fk == F.FINAL_CLAIM:
        return k == Kind.PASS or (k == Kind.CLAIM and a.a == f[2])
    if fk == F.DEMAND:
        return shortage.demand_ok(st, f, a)
    if fk == F.PLACE:
        return shortage.place_ok(st, f, a)
    if fk >= F.EDITION_FRAMES and fk < F.DICE:
        return st.edition.frame_ok(st, f, a)
    return False


def is_legal(st: GameState, a: Action, seat: int) -> bool:
    """Full legality test, without building the legal list. Amount-carrying actions accept
    any allowed amount, not only the representative amounts that `legal_actions` lists;
    for every other action this agrees exactly with `legal_actions` (a test checks it)."""
    return _is_legal(st, a, seat, current_player(st)) != 0


_OWN: Final = 2
"""`_is_legal`: legal as one of the decision frame's own actions (`_frame_ok`)."""


def _is_legal(st: GameState, a: Action, seat: int, cur: int) -> int:
    """0: illegal; `_OWN`: one of the frame's own actions; 1: legal otherwise (chance, an
    out-of-turn or anytime action)."""
    if cur == TERMINAL:
        return False
    if seat == CHANCE or cur == CHANCE:
        return (
            seat == cur
            and a.kind == Kind.DICE
            and 1 <= a.a <= 6
            and 1 <= a.b <= 6
            and (1 <= a.c <= 6 if dice_count(st) == 3 else not a.c)
            and not a.d
        )
    k = a.kind
    if not 0 <= seat < st.n or not st.alive[seat] or (a.d and k != Kind.TRADE):
        return False
    if seat == cur:
        f = st.stack[-1]
        fk: int = f[0]
        if _frame_ok(st, f, a):
            return _OWN
        own = fk in _ANYTIME_FRAMES or fk in st.edition.own_decision_frames
        if k >= FIRST_EDITION_KIND:
            return own and st.edition.anytime_ok(st, seat, a)
        if own:
            return (k in _ANYTIME_KINDS or k in _OFFER_KINDS) and _anytime_ok(st, seat, a)
        if k in _RAISE_KINDS and (
            fk in _RAISE_FRAMES
            or (fk == F.OFFER and f[2] != F.OFFER_IN_KIND and responder_may_raise(st, seat))
            or (fk == F.AUCTION and st.edition.mechanics.raise_cash_in_auction)
        ):
            return _anytime_ok(st, seat, a)
        trade_frame = fk == F.DEBT or (fk == F.BUY and st.edition.mechanics.deals_at_buy)
        return k == Kind.TRADE and trade_frame and _anytime_ok(st, seat, a)
    if k >= FIRST_EDITION_KIND:
        return not _blocked(st) and st.edition.anytime_ok(st, seat, a)
    if k not in _ANYTIME_KINDS and k not in _OFFER_KINDS:
        return False
    return not _blocked(st) and _anytime_ok(st, seat, a)


# --- applying ---------------------------------------------------------------------------------


def apply_action(st: GameState, a: Action, seat: int | None = None, listed: bool = False) -> None:
    """Validate and apply one action of `seat` (default: the seat the game waits on).
    `listed`: the caller took `a` from `legal_actions(st, seat)` of this very state, so the
    legality test is skipped (the environments' masks; anything else must not say so)."""
    cur = current_player(st)
    apply_at(st, a, cur if seat is None else seat, cur, listed)


def apply_at(st: GameState, a: Action, seat: int, cur: int, listed: bool = False) -> None:
    """`apply_action` of `seat` where the caller has just read `cur = current_player(st)`
    (the simulation driver: one read of the seat to move per action, not two)."""
    legal = 1 if listed else _is_legal(st, a, seat, cur)
    if cur == TERMINAL or not legal:
        raise IllegalActionError(a, legal_actions(st, seat))
    st.history.append((seat, a))
    if seat == CHANCE:
        # The state's generator advances by one draw per chance outcome, whether the outcome
        # was sampled or given, so a state is a function of its seed and its history.
        draw_dice(st.rng, dice_count(st))
        _apply_dice(st, st.stack[-1], a.a, a.b, a.c)
    elif seat == cur and _frame_apply(st, st.stack[-1], a, legal == _OWN):
        pass
    else:
        _apply_anytime(st, seat, a)
    advance(st)


def apply_sampled_chance(st: GameState) -> None:
    """At a chance node: draw the dice from the state's generator and apply them (the same
    result as `apply_action(st, sample_chance(st))`, without the second draw)."""
    a = draw_dice(st.rng, dice_count(st))
    st.history.append((CHANCE, a))
    _apply_dice(st, st.stack[-1], a.a, a.b, a.c)
    advance(st)


def _apply_anytime(st: GameState, seat: int, a: Action) -> None:
    k = a.kind
    if k == Kind.MORTGAGE:
        mortgage(st, seat, a.a)
    elif k == Kind.SELL_BUILDING:
        sell_building(st, seat, a.a)
    elif k == Kind.UNMORTGAGE:
        unmortgage(st, seat, a.a)
    elif k == Kind.CLAIM:
        claim(st, seat, a.a)
    elif k in (Kind.SELL_CARD, Kind.SELL_DEED, Kind.TRADE):
        trade.make_offer(st, seat, a)
    elif k in _BUILD_KINDS:
        _build(st, seat, a.a, k == Kind.BUILD_HOTEL)
    elif k == Kind.PAY_FINE:
        jail.pay_out(st, seat)
    elif k == Kind.USE_CARD:
        jail.use_card(st, seat)
    elif k >= FIRST_EDITION_KIND:
        st.edition.anytime_apply(st, seat, a)
    else:
        raise AssertionError(f"unhandled action {a}")


_AUCTION_KINDS: Final = frozenset({Kind.BID, Kind.PASS})


def _frame_apply(st: GameState, f: Frame, a: Action, own: bool = False) -> bool:
    """Apply a frame-specific action; False if it is an anytime action instead. `own`: the
    legality test found it one of the frame's own actions (`_frame_ok`), so an edition's
    action need not be told from its anytime ones again."""
    k: int = f[0]
    seat: int = f[1]
    ak = a.kind
    if k == F.AUCTION and ak in _AUCTION_KINDS:  # first: the most frequent action
        auction.auction_apply(st, f, a)
    elif ak >= FIRST_EDITION_KIND and k < F.EDITION_FRAMES:
        if not (own or st.edition.extra_ok(st, f, a)):
            return False  # one of the edition's anytime actions (`_apply_anytime`)
        st.edition.extra_apply(st, f, a)
    elif k == F.JAIL and ak in (Kind.SERVE, Kind.USE_CARD, Kind.PAY_FINE, Kind.ROLL):
        jail.apply(st, seat, a)
    elif ak == Kind.ROLL:
        st.stack.pop()
        if k == F.PRE_ROLL:
            st.stack.append((F.END_TURN, seat))
            st.stack.append((F.DICE, seat, F.ROLL_FIRST, 0, 0))
        else:  # ROLL_AGAIN: the doubles so far ride on the dice frame
            st.stack.append((F.DICE, seat, F.ROLL_FIRST, f[2], 0))
            st.edition.on_turn_start(st, seat)  # an extra turn starts (builder B-16)
    elif ak == Kind.END_TURN and k == F.END_TURN:
        st.stack.pop()
        st.stack.append((F.STEP_NEXT_TURN, -1))
    elif k == F.BUY and ak == Kind.BUY:
        st.stack.pop()
        square = f[2]
        price = st.edition.board.price[square]
        take(st, seat, price)
        st.owner[square] = seat
        emit(st, ev.BOUGHT, seat, square, price)
        st.edition.on_bank_deed(st, seat, square)
    elif k == F.BUY and ak == Kind.AUCTION:
        st.stack.pop()
        if st.options.no_auction_on_decline:  # house rule: the deed stays with the bank
            emit(st, ev.AUCTION_UNSOLD, seat, f[2], 0, -1, "declined")
            return True
        first = 0 if st.edition.mechanics.auction_decliner_first else 1
        order = [(seat + i) % st.n for i in range(first, first + st.n)]
        auction.start_auction(st, f[2], [s for s in order if st.alive[s]])
    elif k == F.DEBT and ak in (Kind.PAY, Kind.PAY_WITH, Kind.BANKRUPT, Kind.PUT_UP):
        debt.debt_apply(st, f, a)
    elif k == F.OFFER and ak in (Kind.ACCEPT, Kind.REJECT):
        trade.offer_apply(st, f, a)
    elif k == F.OFFER and ak == Kind.TRADE:
        trade.counter(st, f, a)
    elif k == F.CARD_CHOICE:
        cards.choice_apply(st, f, a)
    elif k == F.ACQUIRED and ak in (Kind.UNMORTGAGE, Kind.KEEP_MORTGAGED):
        _acquired_apply(st, f, a)
    elif k == F.FINAL_CLAIM:
        st.stack.pop()
        if ak == Kind.CLAIM:
            claim(st, seat, a.a)
    elif k == F.DEMAND:
        shortage.demand_apply(st, f, a)
    elif k == F.PLACE:
        shortage.place_apply(st, f, a)
    elif k >= F.EDITION_FRAMES and k < F.DICE:
        if ak in _ANYTIME_KINDS or ak in _OFFER_KINDS:
            return False  # an anytime action at the edition's own decision (builder OQ-2)
        return st.edition.frame_apply(st, f, a)
    else:
        return False
    return True


def _build(st: GameState, seat: int, square: int, hotel: bool) -> None:
    """Build, unless the building is scarce and others want it too (W-77)."""
    if shortage.starts_shortage(st, seat, square, hotel):
        shortage.start(st, seat, square, hotel)
    else:
        build(st, seat, square, hotel)


def _acquired_apply(st: GameState, f: Frame, a: Action) -> None:
    """C-68: redeem an acquired mortgaged deed now, or pay 10% and keep it mortgaged."""
    _, seat, mask = f
    square = a.a
    mask &= ~(1 << square)
    st.stack.pop()
    if mask:
        st.stack.append((F.ACQUIRED, seat, mask))
    if a.kind == Kind.UNMORTGAGE:
        unmortgage(st, seat, square)
    else:
        debt.pay(st, seat, BANK, st.edition.board.interest[square], "interest")


def advance(st: GameState) -> None:
    """Run step frames until a decision or chance frame is on top (or the game is over)."""
    stack = st.stack
    while stack and not st.termination:
        f = stack[-1]
        k: int = f[0]
        if k < F.STEP_MOVE:
            return
        if k == F.STEP_MOVE:
            stack.pop()
            _move(st, f[1], f[2], f[3])
        elif k == F.STEP_LAND:
            stack.pop()
            _land(st, f[1], f[2])
        elif k == F.STEP_NEXT_TURN:
            stack.pop()
            _next_turn(st)
        elif k == F.STEP_COLLECT_EACH:
            debt.collect_each_step(st, f)
        elif k == F.STEP_BANK_AUCTIONS:
            debt.bank_auctions_step(st, f)
        elif k == F.STEP_GAME_END:
            stack.pop()
            _game_end(st, f[2] if len(f) > 2 else Termination.TURN_LIMIT.value)
        elif k == F.STEP_SHORTAGE:
            shortage.next_auction(st, f)
        elif k == F.STEP_SETTLE_CLAIMS:
            stack.pop()
            if st.claims:  # W-92, Q-3: every open claim is paid, in landing order
                stack.append(f)
                owner, payer, _amount, _turn = st.claims[0]
                claim(st, owner, payer)


# --- turns ---------------------------------------------------------------------------------


def start_turn(st: GameState, seat: int) -> None:
    """C-12: a jailed player runs the jail procedure, others get their pre-roll phase."""
    st.active = seat
    st.built_mask = st.houses_built = st.hotels_built = 0
    emit(st, ev.TURN_STARTED, seat, st.pos[seat], st.turn)
    if (
        st.edition.mechanics.jail == "skip_turns"
        and st.jail[seat] >= st.edition.board.constants["jail_skip_turns"]
    ):
        st.jail[seat] = -1  # C-42.1: released free after two served turns
        emit(st, ev.RELEASED, seat, -1, 0, -1, "served")
    st.stack.append((F.JAIL, seat) if st.jail[seat] >= 0 else (F.PRE_ROLL, seat))
    st.edition.on_turn_start(st, seat)


def _next_turn(st: GameState) -> None:
    nxt = st.edition.next_player(st, st.active)
    n = st.n
    # a round ends when play reaches (or passes, if he is out) the first player again
    if ((st.first - st.active) % n or n) <= ((nxt - st.active) % n or n):
        st.rounds += 1
    limit = st.options.turn_limit
    if limit and st.rounds >= limit:
        _time_up(st)
        return
    st.turn += 1
    start_turn(st, nxt)


def _time_up(st: GameState) -> None:
    """C-76, Q-7: time is up; each owner with an open claim is asked once, then scoring.
    W-101, Q-3: open claims are settled automatically."""
    st.stack.append((F.STEP_GAME_END, -1, Termination.TURN_LIMIT.value))
    if st.edition.mechanics.claims_lapse_at_end:
        return  # builder A-12, OQ-3: the game ending closes every claim (`_game_end`)
    if st.edition.mechanics.settle_claims_at_end:
        st.stack.append((F.STEP_SETTLE_CLAIMS, -1))
        return
    for owner, payer, _amount, _turn in reversed(st.claims):
        if st.options.auto_claim_rent:
            continue
        st.stack.append((F.FINAL_CLAIM, owner, payer))
    if st.options.auto_claim_rent:
        for owner, payer, _amount, _turn in list(st.claims):
            claim(st, owner, payer)


def end_after_current_action(st: GameState, termination: str) -> None:
    """W-92: finish the action in progress (the rest of the landing, the auction, the
    debts), settle every open claim, then end the game; no further roll or turn."""
    keep = [f for f in st.stack if f[0] not in _TURN_GOES_ON]
    st.stack[:] = [(F.STEP_GAME_END, -1, termination), (F.STEP_SETTLE_CLAIMS, -1), *keep]


_TURN_GOES_ON: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.STEP_NEXT_TURN})


def _game_end(st: GameState, termination: str) -> None:
    alive = [p for p in range(st.n) if st.alive[p]]
    if len(alive) == 1 and st.edition.mechanics.last_player_wins:
        st.winners = (alive[0],)
        st.termination = Termination.LAST_PLAYER.value
    else:
        st.winners = st.edition.winners(st, alive)
        st.termination = termination
    st.stack.clear()
    st.claims.clear()
    emit(st, ev.GAME_OVER, st.winners[0], -1, 0, -1, st.termination)


# --- dice and movement (C-14 to C-19) -------------------------------------------------------


def _apply_dice(st: GameState, f: Frame, d1: int, d2: int, d3: int = 0) -> None:
    seat: int = f[1]
    purpose: int = f[2]
    st.stack.pop()
    total = d1 + d2 + d3
    if st.events is not None:  # (the detail's text is made only for listeners)
        emit(st, ev.DICE_ROLLED, seat, d1, d2, d3 or -1, str(purpose))
    if purpose == F.ROLL_ORDER:  # (DICE, seat, ROLL_ORDER, contenders, rolls)
        _rolloff(st, f, total)
        return
    if st.edition.on_dice(st, f, (d1, d2, d3) if d3 else (d1, d2)):
        return
    first: int = f[3]  # (DICE, seat, purpose, first_total, extra)
    if st.claims and purpose != F.ROLL_UTILITY:
        _close_claims(st)
    if purpose == F.ROLL_FIRST and st.edition.mechanics.doubles == "reroll":
        if d1 == d2:  # W-25, W-28: roll again after the move; the Nth double jails
            doubles = first + 1
            if doubles >= st.edition.mechanics.doubles_to_jail:
                jail.go_to_jail(st, seat, "doubles", doubles)
                return
            st.stack.append((F.ROLL_AGAIN, seat, doubles))
        st.edition.on_production_roll(st, seat, total)
        st.last_dice = total
        st.stack.append((F.STEP_MOVE, seat, total, total))
    elif purpose == F.ROLL_FIRST:
        if d1 == d2:  # C-16: do not move yet, roll again
            st.stack.append((F.DICE, seat, F.ROLL_SECOND, total, 0))
        else:
            st.last_dice = total
            st.stack.append((F.STEP_MOVE, seat, total, total))
    elif purpose == F.ROLL_SECOND:
        if d1 == d2:  # C-16: a second double sends him to jail
            jail.go_to_jail(st, seat, "doubles", 2)
        else:
            st.last_dice = first + total
            st.stack.append((F.STEP_MOVE, seat, first + total, first + total))
    elif purpose == F.ROLL_JAIL:
        st.edition.on_production_roll(st, seat, total)
        jail.roll(st, seat, d1, d2)
    elif purpose == F.ROLL_UTILITY:
        square: int = f[4]
        _open_claim(st, st.owner[square], seat, rent(st, square, total))


def _move(st: GameState, seat: int, steps: int, dice: int) -> None:
    """C-18, C-19, W-30, W-31: move, collecting the Start bonus when Start is passed or
    reached moving forward (moving backward onto Start only where the edition says so)."""
    ed = st.edition
    size = ed.board.size
    p = st.pos[seat]
    q = (p + steps) % size
    ed.on_move(st, seat, p, steps)
    if (steps > 0 and p + steps >= size) or (
        steps < 0 and q == 0 and ed.mechanics.backward_to_start_pays
    ):
        bonus = st.edition.board.amount[0]
        give(st, seat, bonus)
        emit(st, ev.PASSED_START, seat, 0, bonus)
    st.pos[seat] = q
    emit(st, ev.MOVED, seat, q, steps)
    st.stack.append((F.STEP_LAND, seat, dice))


def _land(st: GameState, seat: int, dice: int) -> None:
    """C-20: resolve the square where the pawn stops."""
    b = st.edition.board
    sq = st.pos[seat]
    kind = b.kind[sq]
    if st.landings is not None:
        st.landings[sq] += 1
    if st.events is not None:
        emit(st, ev.LANDED, seat, sq, 0, -1, _no_rent(st, seat, sq))
    st.edition.on_land(st, seat, sq)
    if st.edition.resolve_square(st, seat, sq, dice):
        return
    if kind in DEED_KINDS:
        owner = st.owner[sq]
        if owner < 0:
            st.stack.append((F.BUY, seat, sq))  # C-21
        elif (
            owner != seat
            and not st.mortgaged[sq]
            and _may_claim(st, owner)
            and not (st.options.no_rent_in_jail and st.jail[owner] >= 0)  # house rule
        ):  # C-27, W-38
            if kind == SquareKind.UTILITY and dice < 0:
                st.stack.append((F.DICE, seat, F.ROLL_UTILITY, 0, sq))  # C-31 [D]
            else:
                _open_claim(st, owner, seat, rent(st, sq, dice))
    elif kind == SquareKind.CHANCE:
        cards.draw(st, seat, b.deck_of[sq])
    elif kind == SquareKind.TAX:
        debt.pay(st, seat, BANK, b.amount[sq], "tax")  # C-45, C-46
    elif kind == SquareKind.GO_TO_JAIL:
        jail.go_to_jail(st, seat, "square")
    elif kind == SquareKind.FREE_PARKING and st.options.free_parking_pot:
        debt.take_pot(st, seat)


def _no_rent(st: GameState, seat: int, sq: int) -> str:
    """Why landing on another player's deed owes no rent (the LANDED event's detail)."""
    owner = st.owner[sq]
    if owner < 0 or owner == seat:
        return ""
    if st.mortgaged[sq]:
        return "mortgaged"  # C-27
    if not _may_claim(st, owner):
        return "owner_jailed"  # C-43
    return ""


# --- rent claims (C-27 to C-33) ---------------------------------------------------------------


def _open_claim(st: GameState, owner: int, payer: int, amount: int) -> None:
    """The rent is fixed now (C-29); the owner must claim it (C-28) unless auto-claim is on."""
    emit(st, ev.RENT_DUE, payer, st.pos[payer], amount, owner)
    st.claims.append((owner, payer, amount, st.turn))
    if st.options.auto_claim_rent:
        claim(st, owner, payer)


def claim(st: GameState, owner: int, payer: int) -> None:
    for i, c in enumerate(st.claims):
        if c[0] == owner and c[1] == payer:
            del st.claims[i]
            emit(st, ev.RENT_PAID, payer, -1, c[2], owner)
            debt.pay(st, payer, owner, c[2], "rent")
            return


def _close_claims(st: GameState) -> None:
    """C-28: unclaimed rent lapses at the first roll after the landing turn ends."""
    keep = []
    for c in st.claims:
        if c[3] < st.turn:
            emit(st, ev.CLAIM_LAPSED, c[1], -1, c[2], c[0])
        else:
            keep.append(c)
    st.claims = keep


# --- jail (C-40 to C-43) ----------------------------------------------------------------------


def _jail_legal(st: GameState, seat: int) -> list[Action]:
    return anytime_actions(st, seat) + jail.own_actions(st, seat)


# --- first player (C-10) ----------------------------------------------------------------------


def begin(st: GameState) -> None:
    """C-10: every player rolls; the highest total starts; only tied players re-roll."""
    contenders = tuple(range(st.n))
    if st.options.free_parking_pot:
        st.ext[debt.POT] = [0]  # house rule: the money in the middle of the board
    st.stack.append((F.DICE, contenders[0], F.ROLL_ORDER, contenders, ()))


def _rolloff(st: GameState, f: Frame, total: int) -> None:
    _, _seat, _p, contenders, rolls = f
    rolls = (*rolls, total)
    if len(rolls) < len(contenders):
        st.stack.append((F.DICE, contenders[len(rolls)], F.ROLL_ORDER, contenders, rolls))
        return
    best = max(rolls)
    tied = tuple(c for c, r in zip(contenders, rolls, strict=True) if r == best)
    if len(tied) > 1:
        st.stack.append((F.DICE, tied[0], F.ROLL_ORDER, tied, ()))
        return
    emit(st, ev.FIRST_PLAYER, tied[0])
    st.first = tied[0]
    start_turn(st, tied[0])
