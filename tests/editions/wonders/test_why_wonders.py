"""Wonders refusals explain themselves (issue 10): building by another seat outside the
W-24 (b) window (W-71) and building unevenly (W-72) name their rule and say why."""

from __future__ import annotations

import pytest

from tests.editions.wonders.helpers import end_turn, give_deeds, land_on, set_level, start_game
from tycoon.engine import IllegalActionError, apply_action, parse_action, why_illegal
from tycoon.engine import frames as F


def test_w24_w71_building_before_the_active_player_ends_his_turn_is_explained() -> None:
    st = start_game()
    give_deeds(st, 2, [1, 3])
    land_on(st, 4, 1, 3)  # seat 0 pays the tax; his end-of-turn decision
    assert st.stack[-1][:2] == (F.END_TURN, 0)
    why = why_illegal(st, parse_action(st, "build 3"), 2)
    assert why is not None and why.rule == "W-71" and "between turns" in why.reason, why
    with pytest.raises(IllegalActionError) as err:
        apply_action(st, "build 3", 2)
    assert err.value.rule == "W-71" and err.value.reason == why.reason
    end_turn(st)
    assert why_illegal(st, parse_action(st, "build 3"), 2) is None  # window (b) is open


def test_w72_building_unevenly_is_explained() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 1)
    why = why_illegal(st, parse_action(st, "build 1"), 0)
    assert why is not None and why.rule == "W-72" and "even" in why.reason, why
