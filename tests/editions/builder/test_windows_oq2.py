"""OQ-2: when the "any time" actions of builder are offered. The current player may mortgage,
lift a mortgage, claim rent and propose deals at each of his own decision points (also the
discard, Steal, Free Parking and a card's chip); the other players in the priority windows
before every roll and after every landing (pre-roll, roll again, end of turn, jail)."""

from __future__ import annotations

import pytest

from tests.editions.builder.helpers import (
    act,
    end_turn,
    give_deeds,
    land_on,
    put_on_top,
    set_chips,
    start,
    texts,
    top,
)
from tycoon.editions.builder import CHOOSE, DISCARD, PARKING, STEAL
from tycoon.engine import frames as F
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState


def _refused(st: GameState, text: str, seat: int | None = None) -> None:
    before = (list(st.cash), list(st.mortgaged), list(st.stack))
    with pytest.raises(IllegalActionError):
        act(st, text, seat=seat)
    assert (list(st.cash), list(st.mortgaged), list(st.stack)) == before


def _has_trade(legal: list[str], partner: int) -> bool:
    return any(t.startswith(f"trade {partner} ") for t in legal)


def test_oq2_discard_with_mortgage_claim_and_deals() -> None:
    st = start(3)
    give_deeds(st, 1, [1, 39], mortgaged=False)
    land_on(st, 1, 1, 3)  # seat 0 on seat 1's deed: a claim for seat 1
    set_chips(st, 1, [3, 3, 2, 1])
    end_turn(st)
    assert top(st) == (DISCARD, 1)
    legal = texts(st)
    assert {"discard 1r", "discard 2r,1p", "mortgage 1", "mortgage 39", "claim 0"} <= set(legal)
    assert _has_trade(legal, 0) and _has_trade(legal, 2)
    cash = st.cash[1]
    act(st, "claim 0")
    act(st, "mortgage 39")
    assert top(st) == (DISCARD, 1) and st.mortgaged[39]
    assert st.cash[1] > cash + st.edition.mortgage_value(st, 39)  # the rent and the mortgage
    assert "unmortgage 39" in texts(st)
    act(st, "trade 2 give 1 get - cash -10")
    assert top(st)[:2] == (F.OFFER, 2)
    act(st, "reject")
    assert top(st) == (DISCARD, 1)
    act(st, "discard 1r")  # one chip at a time, or the rest of the excess in one action
    assert top(st) == (DISCARD, 1)
    act(st, "discard 1r,1y")
    assert top(st)[0] == F.PRE_ROLL


def test_oq2_steal_with_mortgage_and_deals() -> None:
    st = start(3)
    give_deeds(st, 0, [3])
    set_chips(st, 2, [0, 0, 3, 1])
    land_on(st, 4)
    assert top(st) == (STEAL, 0)
    legal = texts(st)
    assert "mortgage 3" in legal and _has_trade(legal, 1)
    act(st, "mortgage 3")
    assert top(st) == (STEAL, 0) and st.mortgaged[3]
    act(st, "steal 2 y")
    assert top(st)[0] == F.END_TURN


def test_oq2_free_parking_with_mortgage() -> None:
    st = start()
    give_deeds(st, 0, [6])
    set_chips(st, 0, [1, 1, 0, 0])
    land_on(st, 20)
    assert top(st) == (PARKING, 0)
    assert "mortgage 6" in texts(st)
    act(st, "mortgage 6")
    assert top(st) == (PARKING, 0)
    act(st, "pass")
    assert top(st)[0] == F.END_TURN


def test_oq2_a_cards_chip_choice_with_mortgage_and_deals() -> None:
    st = start(3)
    give_deeds(st, 0, [8])
    put_on_top(st, "C20")
    land_on(st, 7, 3, 4)
    assert top(st) == (CHOOSE, 0, 1)
    legal = texts(st)
    assert "mortgage 8" in legal and _has_trade(legal, 2)
    act(st, "mortgage 8")
    assert top(st) == (CHOOSE, 0, 1)
    act(st, "take y")
    assert top(st)[0] == F.END_TURN


def test_oq2_others_act_only_in_the_priority_windows() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    land_on(st, 6, 1, 4)  # seat 0's buy decision: no window for the others
    assert top(st) == (F.BUY, 0, 6)
    assert texts(st, 2) == []
    _refused(st, "mortgage 39", seat=2)
    act(st, "buy")
    assert top(st)[0] == F.END_TURN  # after the landing: a priority window
    assert "mortgage 39" in texts(st, 2) and _has_trade(texts(st, 2), 0)


def test_oq2_others_propose_deals_before_a_double_reroll() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    land_on(st, 10, 2, 2)  # a double: the priority window before the extra roll
    assert top(st)[0] == F.ROLL_AGAIN
    legal = texts(st, 2)
    assert "mortgage 39" in legal and _has_trade(legal, 0)
    act(st, "trade 0 give 39 get - cash -400", seat=2)
    assert top(st)[:2] == (F.OFFER, 0)
