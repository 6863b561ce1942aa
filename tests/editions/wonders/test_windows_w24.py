"""W-24, Q-7: the action windows of wonders. Other seats build, trade, sell buildings,
mortgage and unmortgage only in window (b), between the active player's `end-turn` and the
next player's first roll; the debtor raises cash in his own debt (c); rent claims stay open
at every decision (W-39)."""

from __future__ import annotations

import pytest

from tests.editions.wonders.helpers import (
    act,
    end_turn,
    give_deeds,
    jail,
    land_on,
    set_level,
    start_game,
    texts,
    top,
)
from tycoon.engine import frames as F
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState

_OUT_OF_TURN = ("build", "sell-building", "mortgage", "unmortgage", "trade")


def _cash_and_build(st: GameState, seat: int) -> list[str]:
    return [t for t in texts(st, seat) if t.split()[0] in _OUT_OF_TURN]


def _refused(st: GameState, text: str, seat: int) -> None:
    before = (list(st.cash), list(st.level), list(st.mortgaged), list(st.stack))
    with pytest.raises(IllegalActionError):
        act(st, text, seat=seat)
    assert (list(st.cash), list(st.level), list(st.mortgaged), list(st.stack)) == before


def _seat2_holdings(st: GameState) -> None:
    """Seat 2: the brown group (houses on 1), and a mortgaged airport (35)."""
    give_deeds(st, 2, [1, 3])
    set_level(st, 1, 1)
    give_deeds(st, 2, [35], mortgaged=True)
    give_deeds(st, 2, [39])


def test_w24_b_q7_others_build_only_after_the_active_player_ends_his_turn() -> None:
    st = start_game()
    give_deeds(st, 2, [1, 3])
    land_on(st, 4, 1, 3)  # seat 0 pays the tax; his end-of-turn decision
    assert top(st) == (F.END_TURN, 0)
    assert not any(t.startswith("build") for t in texts(st, 2))
    _refused(st, "build 3", seat=2)  # the turn has not ended yet
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 1)  # window (b): until seat 1's first roll
    assert "build 3" in texts(st, 2)
    act(st, "build 3", seat=2)
    assert st.level[3] == 1


def test_w24_b_q7_others_propose_trades_only_between_turns() -> None:
    st = start_game()
    give_deeds(st, 2, [39])
    land_on(st, 4, 1, 3)
    assert not any(t.startswith("trade") for t in texts(st, 2))
    _refused(st, "trade 1 give 39 get - cash -100", seat=2)
    end_turn(st)
    assert "trade 1 give 39 get - cash -8000" in texts(st, 2)
    act(st, "trade 1 give 39 get - cash -100", seat=2)
    assert top(st)[:2] == (F.OFFER, 1)


def test_w24_b_no_building_or_trading_by_others_before_a_double_reroll() -> None:
    st = start_game()
    give_deeds(st, 2, [1, 3, 39])
    land_on(st, 4, 2, 2)  # a double: seat 0 rolls again
    assert top(st) == (F.ROLL_AGAIN, 0, 1)
    assert _cash_and_build(st, 2) == []


def test_w78_w80_w83_others_raise_cash_only_in_window_b() -> None:
    st = start_game()
    _seat2_holdings(st)
    land_on(st, 6, 1, 4)  # seat 0 on an unowned wonder: his buy decision
    assert top(st) == (F.BUY, 0, 6)
    assert _cash_and_build(st, 2) == []
    for text in ("sell-building 1", "mortgage 39", "unmortgage 35"):
        _refused(st, text, seat=2)
    act(st, "buy")
    assert top(st) == (F.END_TURN, 0)
    assert _cash_and_build(st, 2) == []
    _refused(st, "mortgage 39", seat=2)
    end_turn(st)
    legal = texts(st, 2)  # window (b) at seat 1's pre-roll
    assert {"sell-building 1", "mortgage 39", "unmortgage 35"} <= set(legal)
    act(st, "sell-building 1", seat=2)
    act(st, "mortgage 39", seat=2)
    act(st, "unmortgage 35", seat=2)
    assert st.level[1] == 0 and st.mortgaged[39] and not st.mortgaged[35]


def test_w78_w80_others_raise_nothing_during_the_active_players_double() -> None:
    st = start_game()
    _seat2_holdings(st)
    land_on(st, 4, 2, 2)
    assert top(st)[0] == F.ROLL_AGAIN
    _refused(st, "mortgage 39", seat=2)
    _refused(st, "sell-building 1", seat=2)


def test_w24_b_window_is_also_open_before_a_jailed_players_first_roll() -> None:
    st = start_game()
    _seat2_holdings(st)
    jail(st, 1)
    land_on(st, 4, 1, 3)
    end_turn(st)
    assert top(st) == (F.JAIL, 1)
    assert "mortgage 39" in texts(st, 2)
    act(st, "mortgage 39", seat=2)


def test_w24_c_only_the_debtor_raises_cash_in_his_debt() -> None:
    st = start_game()
    _seat2_holdings(st)
    give_deeds(st, 1, [12])
    st.bank += st.cash[0] - 100
    st.cash[0] = 100
    give_deeds(st, 0, [28])
    land_on(st, 38, 1, 3)  # seat 0 owes the Super Tax: window (c) for him only
    assert top(st)[:2] == (F.DEBT, 0)
    assert "mortgage 28" in texts(st)
    assert _cash_and_build(st, 2) == [] and _cash_and_build(st, 1) == []
    _refused(st, "mortgage 12", seat=1)


def test_w66_early_release_of_another_seat_only_in_window_b() -> None:
    st = start_game()
    jail(st, 2)
    land_on(st, 4, 1, 3)
    assert "pay-fine" not in texts(st, 2)
    _refused(st, "pay-fine", seat=2)
    end_turn(st)
    assert "pay-fine" in texts(st, 2)
    act(st, "pay-fine", seat=2)
    assert st.jail[2] < 0


def test_w39_claims_stay_open_at_every_decision() -> None:
    st = start_game()
    give_deeds(st, 2, [39])
    land_on(st, 39, 1, 3)  # seat 0 owes rent to seat 2
    assert top(st) == (F.END_TURN, 0)
    assert texts(st, 2) == ["claim 0"]
