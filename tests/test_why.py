"""Refusals explain themselves: `why_illegal` and `IllegalActionError` name the rule and say
why (C-50, C-51, A-14, C-42, M-25, B-44, ...); events say why they happen (jail after two
doubles, no rent while the owner is jailed, the jail fee and fine)."""

from __future__ import annotations

import pytest

from tests.editions.builder.helpers import set_chips
from tests.editions.builder.helpers import start as builder_start
from tests.editions.classic.helpers import jail, land_on, start_game
from tests.editions.metropol.helpers import game as metropol_game
from tests.editions.metropol.helpers import roll as metropol_roll
from tests.editions.scripting import set_cash
from tycoon.engine import (
    IllegalActionError,
    Refusal,
    apply_action,
    is_legal,
    legal_actions,
    parse_action,
    why_illegal,
)
from tycoon.engine import frames as F
from tycoon.engine.events import JAILED, LANDED, PAID
from tycoon.records.describe import describe

GREECE = (1, 3)  # Thessaloniki, Athens


def _own(st, seat: int, squares) -> None:  # type: ignore[no-untyped-def]
    for s in squares:
        st.owner[s] = seat


def test_legal_action_has_no_refusal() -> None:
    st = start_game()
    assert why_illegal(st, "roll") is None


def test_c50_house_limit_per_build_window() -> None:
    st = start_game()
    _own(st, 0, (6, 8, 9, 11, 13, 14))  # Italy and Spain: six cities
    built = 0
    for s in (6, 8, 9):
        apply_action(st, f"build {s}")
        built += 1
    r = why_illegal(st, "build 11")
    assert r == Refusal("C-50", "at most 3 houses per build window (you have built 3)")
    with pytest.raises(IllegalActionError) as e:
        apply_action(st, "build 11")
    assert e.value.rule == "C-50"
    assert "at most 3 houses" in e.value.reason
    assert "C-50" in str(e.value)
    assert built == 3


def test_c50_one_house_per_city_per_window() -> None:
    st = start_game()
    _own(st, 0, GREECE)
    apply_action(st, "build 1")
    apply_action(st, "build 3")
    r = why_illegal(st, "build 1")
    assert r is not None and r.rule == "C-50"
    assert "1 house on Thessaloniki" in r.reason


def test_c51_build_evenly() -> None:
    st = start_game()
    _own(st, 0, GREECE)
    st.level[1] = 1
    r = why_illegal(st, "build 1")
    assert r is not None and r.rule == "C-51"
    assert "Athens has 0" in r.reason


def test_c48_whole_group_needed() -> None:
    st = start_game()
    _own(st, 0, (1,))
    r = why_illegal(st, "build 1")
    assert r is not None and r.rule == "C-48"
    assert "Athens" in r.reason


def test_a14_no_deed_sale_with_buildings() -> None:
    st = start_game()
    _own(st, 0, (*GREECE, 5))
    st.level[1] = 1
    r = why_illegal(st, "sell-deed 5 to 1 for 400")
    assert r is not None and r.rule == "A-14"
    assert "no buildings" in r.reason
    with pytest.raises(IllegalActionError) as e:
        apply_action(st, "sell-deed 5 to 1 for 400")
    assert e.value.rule == "A-14"


def test_c42_pay_fine_needs_the_fee() -> None:
    st = start_game()
    jail(st, 0)
    set_cash(st, 0, 60)
    r = why_illegal(st, "pay-fine")
    assert r == Refusal("C-42", "the jail fee is $100 and you have $60")


def test_c42_events_say_what_the_jail_fee_and_fine_are_for() -> None:
    st = start_game()
    jail(st, 0)
    evs = apply_action(st, "pay-fine") + apply_action(st, "roll 1 2")
    lines = [describe(st.edition.board, st.names, e) for e in evs if e.kind == PAID]
    assert lines[0] == "P0 paid the bank $100 (jail fee, to roll once for a double)"
    assert lines[1] == "P0 paid the bank $300 (jail fine: no double, the rest of the $400 fine)"


def test_c16_jail_after_two_doubles_says_why() -> None:
    st = start_game()
    evs = apply_action(st, "roll") + apply_action(st, "roll 2 2") + apply_action(st, "roll 3 3")
    jailed = [e for e in evs if e.kind == JAILED]
    assert jailed and jailed[0].detail == "doubles" and jailed[0].amount == 2
    text = describe(st.edition.board, st.names, jailed[0])
    assert text == "P0 went to jail (2 doubles in a row)"


def test_c43_landing_says_no_rent_while_the_owner_is_jailed() -> None:
    st = start_game()
    st.owner[5] = 1
    st.jail[1] = 0
    st.pos[1] = 10
    evs = land_on(st, 5)
    landed = next(e for e in evs if e.kind == LANDED)
    assert landed.detail == "owner_jailed"
    line = describe(st.edition.board, st.names, landed)
    assert line.endswith("no rent: its owner is in jail")
    assert st.claims == []


def test_not_your_turn_and_wrong_phase() -> None:
    st = start_game()
    r = why_illegal(st, "roll", 1)
    assert r is not None and r.rule == "C-13" and "P0's decision" in r.reason
    r = why_illegal(st, "end-turn")
    assert r is not None and "pre-roll phase" in r.reason


def test_c21_buy_without_the_cash() -> None:
    st = start_game()
    set_cash(st, 0, 100)
    land_on(st, 5)
    assert st.stack[-1][0] == F.BUY
    r = why_illegal(st, "buy")
    assert r is not None and r.rule == "C-21" and "$400" in r.reason


def test_m25_bid_is_exactly_the_next_step() -> None:
    st = metropol_game()
    metropol_roll(st, 1, 2, 4)  # onto a free permit: its auction opens
    assert st.stack[-1][0] == F.AUCTION
    r = why_illegal(st, "bid 250000")
    assert r is not None and r.rule == "M-25"
    assert "the only bid now is 50,000" in r.reason
    apply_action(st, "bid 50000")
    r = why_illegal(st, "bid 150000")
    assert r is not None and r.rule == "M-25"
    assert "the only bid now is 100,000" in r.reason
    with pytest.raises(IllegalActionError) as e:
        apply_action(st, "bid 150000")
    assert e.value.rule == "M-25"


def test_b44_floor_cost_is_explained() -> None:
    st = builder_start()
    seat = st.current_player
    set_chips(st, seat, [1, 0, 0, 0])
    r = why_illegal(st, "floor 7 pay 1r", seat)
    assert r is not None and r.rule in ("B-42", "B-44")


def test_c59_sales_are_listed_only_to_a_buyer_who_can_pay() -> None:
    st = start_game()
    _own(st, 0, (5,))  # Southern Railways, $400
    set_cash(st, 1, 300)
    listed = [str(a) for a in legal_actions(st) if str(a).startswith("sell-deed")]
    assert "sell-deed 5 to 2 for 400" in listed
    assert not any(" to 1 " in a for a in listed)
    assert is_legal(st, parse_action(st, "sell-deed 5 to 1 for 300"))  # any price stays legal
