"""Chance cards (C-34 to C-39): draw the top card, carry it out, put it at the bottom."""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, card_text
from tycoon.engine.state import Frame, GameState
from tycoon.engine.types import BANK
from tycoon.rules.common import emit, give, seats_from
from tycoon.rules.debt import pay
from tycoon.rules.jail import go_to_jail
from tycoon.rules.property import HOTEL


def draw(st: GameState, seat: int, deck: int) -> None:
    """Draw the top card of `deck` and carry it out (C-34)."""
    card = st.decks[deck].pop(0)
    c = st.edition.board.card(card)
    emit(st, ev.CARD_DRAWN, seat, st.pos[seat], 0, -1, card_text(card))
    eff = c.effect
    if c.kept:
        st.card_holder[card] = seat  # C-35, B-65: kept until used or sold
        emit(st, ev.CARD_KEPT, seat, -1, 0, -1, card_text(card))
        return
    st.decks[deck].append(card)
    size = st.edition.board.size
    if eff == "move_to":
        steps = (c.x - st.pos[seat]) % size or size
        st.stack.append((F.STEP_MOVE, seat, steps, -1))  # C-36: always forward
    elif eff == "move_by":
        st.stack.append((F.STEP_MOVE, seat, c.x, -1))
    elif eff == "move_back_to":  # backward, no Start bonus (W-31)
        st.stack.append((F.STEP_MOVE, seat, -((st.pos[seat] - c.x) % size), -1))
    elif eff == "move_to_nearest":  # forward to the next square of that kind (W-51, W-47)
        kinds = st.edition.board.kind
        p = st.pos[seat]
        steps = next(d for d in range(1, size + 1) if kinds[(p + d) % size] == c.x)
        st.stack.append((F.STEP_MOVE, seat, steps, -1))
    elif eff == "collect":
        give(st, seat, c.x)
        emit(st, ev.COLLECTED, seat, -1, c.x, BANK, "card")
    elif eff == "pay":
        pay(st, seat, BANK, c.x, "card", from_card=True)
    elif eff == "collect_from_each":
        payers = tuple(p for p in seats_from(st, seat) if p != seat)
        st.stack.append((F.STEP_COLLECT_EACH, seat, c.x, payers))
    elif eff == "pay_each":  # builder OQ-4: each other player in turn, each its own debt
        payees = tuple(p for p in seats_from(st, seat) if p != seat)
        st.stack.append((F.STEP_COLLECT_EACH, seat, -c.x, payees))
    elif eff == "go_to_jail":
        go_to_jail(st, seat, "card")
    elif eff == "repairs":
        houses = hotels = 0
        for s in st.edition.board.streets:
            if st.owner[s] == seat and st.level[s]:
                if st.level[s] == HOTEL:
                    hotels += 1  # C-39: a hotel counts only as a hotel
                else:
                    houses += st.level[s]
        pay(st, seat, BANK, houses * c.x + hotels * c.y, "repairs", from_card=True)
    elif eff == "pay_or_draw":
        st.stack.append((F.CARD_CHOICE, seat, card))
    else:  # an effect only the edition knows
        st.edition.card_effect(st, seat, card)


def choice_legal(st: GameState, f: Frame) -> list[Action]:
    """C-37: pay the fee or draw from the other deck."""
    return [Action(Kind.PAY), Action(Kind.DRAW)]


def choice_apply(st: GameState, f: Frame, a: Action) -> None:
    _, seat, card = f
    c = st.edition.board.card(card)
    st.stack.pop()
    if a.kind == Kind.PAY:
        pay(st, seat, BANK, c.x, "card", from_card=True)
    else:
        draw(st, seat, c.y)
