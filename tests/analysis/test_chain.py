"""The landing chain: published values of the standard US game, the dice-only board, and
the movement rules each edition's chain takes from the engine."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from tests.analysis.conftest import chain_of
from tests.analysis.usboard import DiceOnly, StandardUS
from tycoon.analysis.chain import Chain, build_chain, drawn
from tycoon.bots.policy import MovePolicy
from tycoon.engine.errors import OptionError

GO, ILLINOIS, JAIL_SQUARE = 0, 24, 10


@functools.cache
def us(jail: str) -> Chain:
    return build_chain(StandardUS(), None, MovePolicy(jail=jail))


def pct(x: float) -> float:
    return round(100 * float(x), 2)


def test_us_leaving_jail_at_once_gives_the_published_values() -> None:
    """Truman Collins' tables for the standard rules: Illinois Avenue 3.19% per roll,
    In Jail 3.95% and Go 3.10% when the player leaves jail at once."""
    c = us("leave")
    r = c.per_roll()
    assert pct(r[ILLINOIS]) == 3.19
    assert pct(r[c.jail_cell]) == 3.95
    assert pct(r[GO]) == 3.10
    assert r.sum() == pytest.approx(1.0)
    assert r[30] == 0.0  # nobody ends a roll on Go To Jail


def test_us_staying_in_jail_gives_the_published_in_jail() -> None:
    """W-66 c: trying for a double up to three times: In Jail 9.39% per roll."""
    r = us("stay").per_roll()
    assert pct(r[-1]) == 9.39


def test_dice_only_board_is_uniform() -> None:
    c = build_chain(DiceOnly())
    r = c.per_roll()
    assert np.allclose(r[: c.size], 0.025, atol=1e-9)
    assert r[c.jail_cell] == pytest.approx(0.0)


def test_w25_three_doubles_states_ride_on_the_dice_frame() -> None:
    """W-25, W-28: wonders keeps the doubles so far in its states (3 per square)."""
    c = chain_of("wonders")
    doubles = {k[3][-1][3] for k in c.keys if k[3][-1][2] == 0}
    assert doubles == {0, 1, 2}


def test_c16_classic_moves_by_the_sum_after_a_double() -> None:
    """C-16: the classic first double does not move; the second roll (a step inside the
    roll) is rolled from the same square, and the pawn moves by the sum."""
    c = chain_of("classic")
    second = [k for k in c.keys if k[3][-1][2] == 1]  # ROLL_SECOND: (DICE, seat, 1, first)
    assert second and all(k[3][-1][3] in (2, 4, 6, 8, 10, 12) for k in second)
    assert c.is_roll.sum() < len(c.keys)
    # a double-double jails: the jail share is far above wonders' three-doubles chain
    assert c.per_roll()[c.jail_cell] > chain_of("wonders").per_roll()[-1]


def test_per_turn_and_per_roll_are_distributions() -> None:
    for ed in ("classic", "wonders", "builder", "metropol"):
        c = chain_of(ed)
        assert c.per_roll().sum() == pytest.approx(1.0)
        assert c.per_turn().sum() == pytest.approx(1.0)
        assert c.turns_per_roll() <= 1.0 + 1e-9


def test_wonders_turn_ends_less_often_than_it_rolls() -> None:
    """A double gives another roll in the same turn (W-25): fewer turns than rolls."""
    assert chain_of("wonders").turns_per_roll() < 0.9


def test_m38_crossing_policy_moves_pawns_to_the_opposite_bridge() -> None:
    """M-38, M-39: with cross=always every landing on an owned bridge ends the roll on the
    opposite bridge (nothing is resolved there); with cross=never it ends where it lands."""
    from tycoon.editions.metropol.city import CROSSING

    never = chain_of("metropol")
    always = chain_of("metropol", cross="always")
    for bridge, other in CROSSING.items():
        assert never.per_roll()[bridge] == pytest.approx(never.landings_per_roll()[bridge])
        assert always.per_roll()[other] == pytest.approx(always.landings_per_roll()[bridge])


def test_m14_triples_policy_sends_pawns_to_the_chosen_square() -> None:
    """M-14: triples=0 moves to the Stock Exchange on every triple (1/36 of the rolls)."""
    base = chain_of("metropol").per_roll()[0]
    assert chain_of("metropol", triples="0").per_roll()[0] - base > 0.02


def test_m20_highway_sends_the_pawn_to_an_exit() -> None:
    """M-20: nobody ends a roll on the Highway outside the final phase."""
    c = chain_of("metropol")
    assert c.per_roll()[20] == 0.0
    assert c.landings_per_roll()[20] > 0.02


def test_policy_errors_name_the_key() -> None:
    with pytest.raises(OptionError, match="jail"):
        MovePolicy.parse(["jail=maybe"])
    with pytest.raises(OptionError, match="unknown policy 'speed'"):
        MovePolicy.parse(["speed=3"])
    with pytest.raises(OptionError, match="key=value"):
        MovePolicy.parse(["cross"])


def test_start_deviation_is_exact_for_the_dice_only_board() -> None:
    """A pawn starting on Start of the dice-only board over-visits squares 2..12 early;
    the deviation sums to zero over the board (the landings per roll are 1)."""
    c = build_chain(DiceOnly())
    d = c.start_deviation()
    assert d.sum() == pytest.approx(0.0, abs=1e-9)
    assert d[7] > 0 and d[39] < 0


def test_landings_over_a_short_game_are_exact_and_reach_the_long_run() -> None:
    """One 3d6 roll from the Stock Exchange ends on Lake Street (13) by a total of 13
    (M-13), or by a total of 9 or 11 onto a Metropol square whose card is M5 (to the
    Highway, M-20) and then exit 56; an exit onto one of the 8 Metropol squares may draw
    M5 again. Over a long game the landings grow by the landings per roll and differ from
    rolls x landings per roll by about the start deviation (less what a trajectory that
    stops between rolls, not inside one, leaves out); over a short one they do not."""
    c = chain_of("metropol")
    assert c.landings_over(0).sum() == 0.0
    via_highway = (25 + 27) / 216 * (1 / 17) * (1 / 36) / (1 - 8 / 36 * (1 / 17))
    assert c.landings_over(1)[13] == pytest.approx(21 / 216 + via_highway, abs=1e-12)
    lpr, dev = c.landings_per_roll(), c.start_deviation()
    assert np.allclose(c.landings_over(800) - c.landings_over(400), 400 * lpr, atol=1e-9)
    assert np.abs(c.landings_over(400) - 400 * lpr - dev).max() < 0.003
    assert np.abs(c.landings_over(8) - 8 * lpr - dev).max() > 0.006


def test_landings_over_the_dice_only_board_count_one_landing_per_roll() -> None:
    c = build_chain(DiceOnly())
    assert c.landings_over(5).sum() == pytest.approx(5.0, abs=1e-12)


def test_c34_drawn_counts_the_cards_taken_from_the_top() -> None:
    """The probes tell a draw beyond the forced cards from the decks alone: drawn cards
    leave the top, cards put back join the bottom, a kept card stays away."""
    deck = [105, 101, 103, 102]
    assert drawn(deck, deck[:]) == 0
    assert drawn(deck, [101, 103, 102, 105]) == 1  # drawn and put back
    assert drawn(deck, [101, 103, 102]) == 1  # drawn and kept
    assert drawn(deck, [103, 102, 105, 101]) == 2
    assert drawn(deck, [102]) == 3
    assert drawn(deck, []) == 4
