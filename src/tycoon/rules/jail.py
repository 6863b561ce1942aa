"""Jail (C-40 to C-43, W-62 to W-67): going to jail, and the two procedures of a jailed
turn the editions use: "skip_turns" (serve, use a card, or pay and roll once, C-42) and
"attempts" (pay the fine, use a card, or roll for a double up to N times, W-66)."""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK
from tycoon.rules import debt
from tycoon.rules.common import emit, option, return_card, take


def go_to_jail(st: GameState, seat: int, why: str = "", doubles: int = 0) -> None:
    """C-40: straight to the jail square, no Start bonus; the turn ends at once. The event
    says why: `why` is "doubles" (with the count), "square" or "card"."""
    st.pos[seat] = st.edition.board.constants["jail_index"]
    st.jail[seat] = 0
    emit(st, ev.JAILED, seat, st.pos[seat], doubles, -1, why)
    if seat == st.active:
        debt.end_turn_now(st)


def jail_cards_of(st: GameState, seat: int) -> list[int]:
    """The Get-out-of-Jail cards `seat` holds, in code order."""
    b = st.edition.board
    return sorted(
        c for c, h in st.card_holder.items() if h == seat and b.card(c).effect == "get_out_of_jail"
    )


def jail_fee(st: GameState) -> int:
    """The fee of a jail attempt (C-42c, $100) or the fine to leave (W-66a, kr 1 000)."""
    c = st.edition.board.constants
    return int(c["jail_attempt_fee"] if "jail_attempt_fee" in c else c["jail_fine"])


def own_actions(st: GameState, seat: int) -> list[Action]:
    """C-42.2: serve, use a card, or pay $100 and roll (only if the $100 can be paid).
    W-66: pay the fine, use a card, or roll for a double."""
    stay = Kind.SERVE if st.edition.mechanics.jail == "skip_turns" else Kind.ROLL
    return [Action(k) for k in (stay, Kind.PAY_FINE, Kind.USE_CARD) if own_action_ok(st, seat, k)]


def own_action_ok(st: GameState, seat: int, kind: int) -> bool:
    """Is an action of `kind` one of `own_actions` (without building the list)?"""
    if kind == Kind.PAY_FINE:
        return st.cash[seat] >= jail_fee(st)
    if kind == Kind.USE_CARD:
        return bool(jail_cards_of(st, seat))
    return kind == (Kind.SERVE if st.edition.mechanics.jail == "skip_turns" else Kind.ROLL)


def apply(st: GameState, seat: int, a: Action) -> None:
    st.stack.pop()
    attempts = st.edition.mechanics.jail == "attempts"
    if a.kind == Kind.ROLL:  # W-66c
        st.stack.append((F.END_TURN, seat))
        st.stack.append((F.DICE, seat, F.ROLL_JAIL, 0, 0))
    elif attempts and a.kind == Kind.PAY_FINE:  # W-66a
        pay_out(st, seat)
        st.stack.append((F.PRE_ROLL, seat))
    elif a.kind == Kind.SERVE:
        st.jail[seat] += 1
        emit(st, ev.JAIL_SERVED, seat, -1, st.jail[seat])
        st.stack.append((F.STEP_NEXT_TURN, -1))
    elif a.kind == Kind.USE_CARD:
        use_card(st, seat)
        st.stack.append((F.PRE_ROLL, seat))
    else:  # C-42c: pay the attempt fee, then roll once
        fee = jail_fee(st)
        take(st, seat, fee)
        debt.to_pot(st, fee, "jail fee")
        emit(st, ev.PAID, seat, -1, fee, BANK, "jail fee")
        st.stack.append((F.END_TURN, seat))
        st.stack.append((F.DICE, seat, F.ROLL_JAIL, 0, 0))


def pay_out(st: GameState, seat: int) -> None:
    fee = jail_fee(st)
    take(st, seat, fee)
    debt.to_pot(st, fee, "jail fine")
    st.jail[seat] = -1
    emit(st, ev.PAID, seat, -1, fee, BANK, "jail fine")
    emit(st, ev.RELEASED, seat, -1, 0, -1, "fine")


def use_card(st: GameState, seat: int) -> None:
    card = jail_cards_of(st, seat)[0]
    return_card(st, card)
    st.jail[seat] = -1
    emit(st, ev.RELEASED, seat, -1, 0, -1, "card")


def roll(st: GameState, seat: int, d1: int, d2: int) -> None:
    """C-42c: released either way; without a double he pays the rest of the fine.
    W-66c: a double frees him and he moves (no extra roll); after the last failed try he
    must pay the fine and moves by this roll; before it he stays in jail. Where the edition
    option `jail_third_try_rerolls` holds (builder B-52), he pays and then rolls again and
    moves by the new roll, a normal roll (a double there gives an extra turn)."""
    if st.edition.mechanics.jail == "attempts":
        total = d1 + d2
        if d1 != d2:
            st.jail[seat] += 1
            if st.jail[seat] < st.edition.board.constants["jail_attempts"]:
                emit(st, ev.JAIL_SERVED, seat, -1, st.jail[seat])
                return
        st.jail[seat] = -1
        emit(st, ev.RELEASED, seat, -1, 0, -1, "double" if d1 == d2 else "fine")
        if d1 != d2 and option(st, "jail_third_try_rerolls", False):
            st.stack.append((F.DICE, seat, F.ROLL_FIRST, 0, 0))
        else:
            st.last_dice = total
            st.stack.append((F.STEP_MOVE, seat, total, total))
        if d1 != d2:
            debt.pay(st, seat, BANK, jail_fee(st), "jail fine")
        return
    st.jail[seat] = -1
    emit(st, ev.RELEASED, seat, -1, 0, -1, "double" if d1 == d2 else "fine")
    total = d1 + d2
    if option(st, "jail_release_moves", True):
        st.last_dice = total
        st.stack.append((F.STEP_MOVE, seat, total, total))
    if d1 != d2:
        c = st.edition.board.constants
        debt.pay(
            st, seat, BANK, c["jail_failed_attempt_total"] - c["jail_attempt_fee"], "jail fine"
        )
