"""W-87, W-85: one settlement offer carries deeds and cash (`pay-with D cash C for N`);
on `accept` the cash, the deeds and the debt are settled at once, and only then does the
creditor make his W-85 choice on a mortgaged deed received."""

from __future__ import annotations

import pytest

from tests.editions.wonders.helpers import (
    act,
    give_deeds,
    land_on,
    ledger_ok,
    set_cash,
    start_game,
    texts,
    top,
)
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, parse_text
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState


def _owing() -> GameState:
    """Seat 0 owes seat 1 kr 1 000 rent with kr 300 and the mortgaged wonder 24; seat 1 has
    no cash of his own."""
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [24], mortgaged=True)
    set_cash(st, 0, 300)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False)
    set_cash(st, 1, 0)
    return st


def test_w87_pay_with_cash_notation_round_trips() -> None:
    a = parse_text("pay-with 24,26 cash 300 for 1000")
    assert a == Action(Kind.PAY_WITH, (1 << 24) | (1 << 26), 300, 1000)
    assert str(a) == "pay-with 24,26 cash 300 for 1000"
    assert str(parse_text("pay-with 24 for 700")) == "pay-with 24 for 700"


def test_w87_w85_deeds_and_cash_in_one_offer_settled_before_the_w85_choice() -> None:
    st = _owing()
    act(st, "pay-with 24 cash 300 for 1000")
    assert top(st)[:4] == (F.OFFER, 1, F.OFFER_IN_KIND, 0)
    evs = act(st, "accept")
    # all at once: the cash and the deed change hands and the debt is gone
    assert st.cash[0] == 0 and st.cash[1] == 300 and st.owner[24] == 1
    assert not any(f[0] == F.DEBT for f in st.stack)
    assert ev.Event(ev.PAID, 0, -1, 300, 1, "in kind") in evs
    assert top(st) == (F.ACQUIRED, 1, 1 << 24)  # then W-85, with the cash in hand
    act(st, "keep-mortgaged 24")  # 10% of kr 2 400 from the kr 300 received
    assert st.cash[1] == 60 and not any(f[0] == F.DEBT for f in st.stack)
    assert top(st) == (F.END_TURN, 0) and ledger_ok(st)


def test_w87_a_partial_settlement_leaves_the_rest_of_the_debt() -> None:
    st = _owing()
    set_cash(st, 1, 500)
    act(st, "pay-with 24 cash 100 for 600")
    act(st, "accept")
    assert st.cash[0] == 200 and st.cash[1] == 600
    assert top(st) == (F.ACQUIRED, 1, 1 << 24)
    act(st, "keep-mortgaged 24")
    assert st.cash[1] == 360
    assert top(st) == (F.DEBT, 0, 1, 400, "rent", False)


def test_w87_rejected_settlement_changes_nothing() -> None:
    st = _owing()
    act(st, "pay-with 24 cash 300 for 1000")
    act(st, "reject")
    assert st.cash[0] == 300 and st.owner[24] == 0
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False)


@pytest.mark.parametrize(
    "text",
    [
        "pay-with 24 cash 400 for 1000",  # more cash than the debtor has
        "pay-with 24 cash 300 for 200",  # more cash than the part it settles
        "pay-with 24 cash 300 for 1100",  # more than the debt
    ],
)
def test_w87_settlement_bounds(text: str) -> None:
    st = _owing()
    with pytest.raises(IllegalActionError):
        act(st, text)
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False) and st.cash[0] == 300


def test_w87_cash_spent_before_the_answer_voids_the_offer() -> None:
    st = _owing()
    act(st, "pay-with 24 cash 300 for 1000")
    st.cash[0] -= 100  # as if the debtor had paid it elsewhere
    st.bank += 100
    assert "accept" not in texts(st)


def test_w87_the_view_shows_the_settlements_deeds_and_cash() -> None:
    from tycoon.records.view import view

    st = _owing()
    act(st, "pay-with 24 cash 300 for 1000")
    pending = view(st, 1)["pending"]
    assert pending["offer"] == "in_kind" and pending["squares"] == [24]
    assert pending["cash"] == 300 and pending["price"] == 1000
