"""Rule tests for builder B-26 to B-49: buying and auctions, monopolies and rent claims, the
board squares, trading chips with players and the bank, and building floors on the island.
Scripted dice and actions throughout."""

from __future__ import annotations

import pytest

from tests.editions.builder.helpers import (
    JAIL,
    R,
    Y,
    act,
    build,
    card_id,
    cell,
    chips_ok,
    end_turn,
    events_of,
    give_deeds,
    hand,
    jail,
    land_on,
    put_on_top,
    roll,
    set_cash,
    set_chips,
    start,
    supply,
    texts,
    top,
    top_kind,
)
from tycoon.api import CHANCE, is_terminal, legal_actions
from tycoon.editions.builder import BUILDER, PARKING, STEAL
from tycoon.editions.builder.turn import FLOOR_BUILT
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState
from tycoon.engine.types import Termination

B = BUILDER.board


def _illegal(st: GameState, text: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalActionError):
        act(st, text, seat)


def _floors(st: GameState) -> list[str]:
    return [t for t in texts(st) if t.startswith("floor")]


def test_b26_buy_at_the_printed_price() -> None:
    st = start()
    land_on(st, 6)  # Oriental Avenue, 100M
    assert top(st) == (F.BUY, 0, 6)
    act(st, "buy")
    assert st.owner[6] == 0 and st.cash[0] == 800


def test_b26_deals_first_to_raise_the_money() -> None:
    st = start(3)
    give_deeds(st, 0, [1])  # Mediterranean, 60M
    set_cash(st, 0, 50)
    land_on(st, 6)  # Oriental Avenue, 100M: 50M is short
    assert top(st) == (F.BUY, 0, 6) and "buy" not in texts(st)
    assert "trade 1 give 1 get - cash -60" in texts(st)
    act(st, "trade 1 give 1 get - cash -60")
    act(st, "accept")  # seat 1 buys Mediterranean for 60M
    assert top(st) == (F.BUY, 0, 6) and st.cash[0] == 110 and st.owner[1] == 1
    act(st, "buy")
    assert st.owner[6] == 0 and st.cash[0] == 10 and st.cash[1] == 840


def test_b27_auction_rules() -> None:
    st = start(3)
    jail(st, 2)
    set_cash(st, 1, 40)
    land_on(st, 6)
    act(st, "auction")
    assert top(st)[1] == 0  # (a) the lander bids, first
    _illegal(st, "bid 5")  # (b) at least 10M
    act(st, "bid 10")
    _illegal(st, "bid 45", seat=None)  # (h) seat 1 has 40M
    assert "bid 15" in texts(st) and top(st)[1] == 1
    act(st, "pass")
    assert top(st)[1] == 2  # (a) the jailed seat bids too
    _illegal(st, "bid 12")  # (c) raises of at least 5M
    act(st, "bid 15")
    assert top(st)[1] == 0
    act(st, "bid 20")  # (e) the new bid cancels seat 1's pass
    assert top(st)[1] == 1
    act(st, "pass")
    act(st, "pass")  # seat 2: every other player has passed on 20
    assert st.owner[6] == 0 and st.cash[0] == 880  # (f)


def test_b27_nobody_bids_the_deed_stays_with_the_bank() -> None:
    st = start(3)
    land_on(st, 6)
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    assert st.owner[6] == -1 and top_kind(st) == F.END_TURN  # (g)


def test_b27_a_bidder_may_mortgage_first() -> None:
    st = start(3)
    give_deeds(st, 1, [8])  # Vermont, mortgage value 100M
    set_cash(st, 1, 5)
    land_on(st, 6)
    act(st, "auction")
    act(st, "bid 10")
    assert top(st)[:2] == (F.AUCTION, 1) and "mortgage 8" in texts(st)
    act(st, "mortgage 8")  # (h): seat 1 raises cash, then bids
    assert top(st)[:2] == (F.AUCTION, 1) and st.cash[1] == 105 and st.mortgaged[8]
    act(st, "bid 100")
    act(st, "pass")  # seat 2
    act(st, "pass")  # seat 0
    assert st.owner[6] == 1 and st.cash[1] == 5 and st.cash[0] == 900


def test_b28_monopoly_doubles_rent_even_with_the_other_mortgaged() -> None:
    st = start()
    give_deeds(st, 1, [6])
    give_deeds(st, 1, [8], mortgaged=True)
    land_on(st, 6)
    act(st, "claim 0", seat=1)
    assert st.cash[0] == 900 - 100 and st.cash[1] == 900 - 100 - 100 + 100 + 100


def test_b29_rent_must_be_claimed_before_the_next_roll() -> None:
    st = start(3)
    give_deeds(st, 2, [6])
    land_on(st, 6)
    assert st.claims and st.claims[0][:3] == (2, 0, 50)
    end_turn(st)
    assert "claim 0" in texts(st, 2)
    roll(st, 2, 3)  # seat 1 rolls: the claim lapses
    assert not st.claims and st.cash[0] == 900


def test_b29_extra_turn_keeps_the_claim_and_a_jailed_owner_claims() -> None:
    st = start(3)
    give_deeds(st, 2, [6])
    jail(st, 2)
    land_on(st, 6, 2, 2)  # a double: the same player's next roll does not close it
    act(st, "roll")
    act(st, "roll 1 2")
    assert st.claims
    act(st, "claim 0", seat=2)
    assert st.cash[2] == 900 - 100 + 50


def test_b29_open_claims_lapse_when_a_turn_limit_ends_the_game() -> None:
    st = start(2, options={"turn_limit": 1})
    give_deeds(st, 0, [6])
    land_on(st, 5)  # seat 0: Collect 2 red
    end_turn(st)
    land_on(st, 6)  # seat 1 on seat 0's deed: 50M may be claimed
    assert st.claims and st.claims[0][:3] == (0, 1, 50)
    end_turn(st)  # the round ends the game before the claim is made
    assert is_terminal(st) and not st.claims
    assert st.cash[0] == 800 and st.cash[1] == 900


def test_b29_two_landings_on_one_owner_are_two_claims_listed_once() -> None:
    st = start(3)
    give_deeds(st, 2, [6, 8])  # the light-blue monopoly: 100M rent each
    land_on(st, 6, 2, 2)  # a double: seat 0 rolls again
    act(st, "roll")
    act(st, "roll 1 1")  # 6 -> 8: seat 2's other deed
    assert [c[:3] for c in st.claims] == [(2, 0, 100), (2, 0, 100)]
    assert texts(st, 2).count("claim 0") == 1
    act(st, "claim 0", seat=2)
    assert texts(st, 2).count("claim 0") == 1
    act(st, "claim 0", seat=2)
    assert "claim 0" not in texts(st, 2)
    assert st.cash[0] == 700 and st.cash[2] == 900 - 200 + 200


def test_b29_no_rent_on_mortgaged_or_own_deeds() -> None:
    st = start(3)
    give_deeds(st, 1, [6], mortgaged=True)
    land_on(st, 6)
    assert not st.claims
    st = start(3)
    give_deeds(st, 0, [6])
    land_on(st, 6)
    assert not st.claims


def test_b30_collect_two_of_the_squares_type() -> None:
    st = start()
    land_on(st, 25)
    assert hand(st, 0) == [4, 0, 2, 0] and chips_ok(st)


def test_b31_roll_for_resources_uses_the_chart_and_is_not_a_production_roll() -> None:
    st = start()
    give_deeds(st, 1, [23])  # Indiana: 9 -> yellow
    land_on(st, 12)
    assert st.current_player == CHANCE and top(st)[2] == F.ROLL_EDITION
    act(st, "roll 4 5")  # 9 -> yellow (the sourced example)
    assert hand(st, 0)[Y] == 2 and hand(st, 1)[Y] == 0  # nobody gathers on it
    assert st.pos[0] == 12 and top_kind(st) == F.END_TURN  # no move, no double


def test_b32_landing_on_go_pays_200() -> None:
    st = start()
    land_on(st, 0, 4, 5)
    assert st.cash[0] == 1100 and top_kind(st) == F.END_TURN


def test_b33_chance_draws_the_top_card() -> None:
    st = start()
    put_on_top(st, "C13")  # dividend 50M
    evs = land_on(st, 7, 3, 4)
    assert events_of(evs, ev.CARD_DRAWN)[0].detail == "C13" and st.cash[0] == 950
    assert st.decks[0][-1] == card_id("C13")  # to the bottom


def test_b34_steal_one_chip_of_a_named_type() -> None:
    st = start(3)
    set_chips(st, 2, [0, 0, 3, 1])
    land_on(st, 4)
    assert top(st) == (STEAL, 0)
    assert [t for t in texts(st) if t.startswith("steal")] == [
        "steal 1 p",
        "steal 2 g",
        "steal 2 y",
    ]
    _illegal(st, "steal 2 r")
    act(st, "steal 2 y")
    assert hand(st, 2) == [0, 0, 3, 0] and hand(st, 0) == [4, 0, 0, 1]


def test_b34_nothing_happens_if_nobody_holds_chips() -> None:
    st = start(2)
    set_chips(st, 1, [0, 0, 0, 0])
    land_on(st, 4)
    assert top_kind(st) == F.END_TURN


def test_b34_a_deal_that_takes_the_last_chip_leaves_nothing_to_steal() -> None:
    """B-34 with OQ-2's deals at the Steal decision: once the stealer has bought the last
    chip another player held, nothing happens (`pass`), instead of a decision with no move."""
    st = start(2)
    set_chips(st, 1, [0, 0, 0, 1])
    land_on(st, 4)
    assert top(st) == (STEAL, 0)
    assert [t for t in texts(st) if t.startswith("steal")] == ["steal 1 y"]
    act(st, "trade 1 give - get 1y cash 210")
    act(st, "accept")
    assert hand(st, 1) == [0, 0, 0, 0] and top(st) == (STEAL, 0)
    assert "pass" in texts(st) and not [t for t in texts(st) if t.startswith("steal")]
    _illegal(st, "steal 1 y")
    act(st, "pass")
    assert top_kind(st) == F.END_TURN and hand(st, 0)[3] == 1


def test_b34_pass_is_refused_while_there_is_a_chip_to_steal() -> None:
    st = start(2)
    set_chips(st, 1, [0, 0, 0, 1])
    land_on(st, 4)
    assert "pass" not in texts(st)
    _illegal(st, "pass")


def test_b35_free_parking_two_for_one_of_a_third_type() -> None:
    st = start()
    set_chips(st, 0, [1, 1, 0, 0])
    land_on(st, 20)
    assert top(st) == (PARKING, 0)
    own = [t for t in texts(st) if not t.startswith("trade")]  # OQ-2 adds deals
    assert own == ["pass", "exchange 1r,1p for g", "exchange 1r,1p for y"]
    _illegal(st, "exchange 1r,1p for r")  # not a type given
    act(st, "exchange 1r,1p for y")
    assert hand(st, 0) == [0, 0, 0, 1] and top_kind(st) == F.END_TURN  # once
    st = start()
    set_chips(st, 0, [2, 0, 0, 0])
    land_on(st, 20)
    act(st, "pass")
    assert hand(st, 0) == [2, 0, 0, 0]


def test_b36_just_visiting_does_nothing() -> None:
    st = start()
    evs = land_on(st, JAIL)
    assert st.jail[0] == -1 and top_kind(st) == F.END_TURN and st.cash[0] == 900
    assert hand(st, 0) == [4, 0, 0, 0] and len(events_of(evs, ev.LANDED)) == 1


def test_b37_go_to_jail_ends_the_turn_at_once() -> None:
    st = start()
    set_chips(st, 0, [4, 1, 1, 2])
    land_on(st, 30, 2, 2)
    assert st.jail[0] == 0 and st.pos[0] == JAIL and st.cash[0] == 900
    assert st.active == 1  # no trade, no build, no extra turn


def test_b38_no_taxes_and_only_go_pays_money() -> None:
    assert SquareKind.TAX not in B.kind
    st = start()
    for square in (4, 5, 9, 12, 20, 10):
        if square != 12:
            land_on(st, square)
            while top_kind(st) != F.END_TURN:
                act(st, texts(st)[0])
            assert st.cash[st.active] == 900
            end_turn(st)


def test_b39_no_sale_back_to_the_bank() -> None:
    st = start()
    give_deeds(st, 0, [6])
    land_on(st, 5)
    words = {t.split()[0] for t in texts(st)}
    assert "sell-deed" not in words and "sell-building" not in words
    assert "mortgage" in words  # the only way to raise money from the bank


def test_b40_chip_trade_with_a_player_and_a_counter_offer() -> None:
    st = start()
    land_on(st, 5)
    assert "trade 1 give 1r get 1p cash 0" in texts(st)
    act(st, "trade 1 give 2r get 1p cash 0")  # any ratio
    assert top(st)[0] == F.OFFER and top(st)[1] == 1
    assert "trade 0 give 1p get 1r cash 0" in texts(st)  # a counter-offer
    act(st, "trade 0 give 1p get 3r cash 0")
    assert top(st)[1] == 0
    act(st, "accept")
    assert hand(st, 0) == [3, 1, 0, 0] and hand(st, 1) == [3, 3, 0, 0] and chips_ok(st)


def test_b41_bank_trade_four_for_one() -> None:
    st = start()
    land_on(st, 5)  # 6 red
    assert "bank-trade r for g" in texts(st) and "bank-trade r for r" not in texts(st)
    act(st, "bank-trade r for g")
    assert hand(st, 0) == [2, 0, 1, 0] and supply(st)[R] == 20 - 2 and chips_ok(st)
    _illegal(st, "bank-trade r for g")  # only 2 red left


def test_b41_bank_trades_in_steps_5_and_6_also_in_jail() -> None:
    st = start()
    set_chips(st, 0, [5, 0, 0, 0])
    assert "bank-trade r for g" not in texts(st)  # not before the roll
    jail(st, 0)
    act(st, "roll")
    act(st, "roll 1 2")  # no double: stays in jail, trade step
    assert top_kind(st) == F.END_TURN and "bank-trade r for g" in texts(st)
    assert not _floors(st)


def test_b42_build_only_in_step_6_of_your_own_turn() -> None:
    st = start()
    assert not _floors(st)  # not before the roll
    _illegal(st, "floor 1 pay 2r")
    land_on(st, 5)
    assert _floors(st) and not [t for t in texts(st, 1) if t.startswith("floor")]
    _illegal(st, "floor 1 pay 2p", seat=1)
    act(st, "floor 1 pay 2r")
    act(st, "floor 1 pay 3r")  # as many floors as it can pay for
    assert st.ext["height"][1] == 2 and not _floors(st)  # one red left


def test_b43_pay_the_supply_for_the_floor_level() -> None:
    st = start()
    set_chips(st, 0, [3, 1, 1, 0])
    land_on(st, 10)
    evs = act(st, "floor 7 pay 1r,1g")
    assert supply(st) == [17 + 1, 15, 15 + 1, 20] and hand(st, 0) == [2, 1, 0, 0]
    assert events_of(evs, FLOOR_BUILT)[0].amount == 1 and st.ext["blocks"][0] == 11


@pytest.mark.parametrize(
    ("level", "good", "bad"),
    [
        (1, ["2r", "1p,1y"], ["1r", "3r", "1r,1g,1y"]),
        (2, ["3y", "1r,1p,1g"], ["2r", "4r"]),
        (3, ["2r,1g", "1r,1p,1g", "1r,2g"], ["3r", "2r,1y", "1r,1g"]),
        (4, ["1p,2y"], ["2p,1y", "1r,1p,1y", "1r,1p,2y"]),
        (5, ["1r,2p,1g,1y", "2r,1p,1g,1y"], ["2r,2p,1g", "1r,1p,1g,1y"]),
    ],
)
def test_b44_floor_costs_with_wild_slots(level: int, good: list[str], bad: list[str]) -> None:
    for pay in good + bad:
        st = start()
        set_chips(st, 0, [3, 3, 3, 3])
        if level > 1:
            build(st, 0, 7, level - 1)
        land_on(st, 10)
        text = f"floor 7 pay {pay}"
        if pay in good:
            act(st, text)
            assert st.ext["height"][7] == level
        else:
            _illegal(st, text)


def test_b44_listed_payment_names_every_slot() -> None:
    st = start()
    set_chips(st, 0, [2, 1, 1, 2])
    build(st, 0, 7, 4)
    land_on(st, 10)
    assert "floor 7 pay 2r,1p,1g,1y" in texts(st)  # the wild paid with a red


def test_b45_first_floor_only_on_an_empty_foundation_cell() -> None:
    st = start()
    build(st, 1, cell(1, 1), 1)
    land_on(st, 5)
    cells = {int(t.split()[1]) for t in _floors(st)}
    assert cell(0, 0) not in cells and cell(5, 5) not in cells  # water
    assert len(cells) == 31 and cell(1, 1) not in cells
    _illegal(st, f"floor {cell(0, 0)} pay 2r")
    _illegal(st, "floor 36 pay 2r")


def test_b46_never_on_another_players_blocks() -> None:
    st = start()
    set_chips(st, 0, [3, 3, 3, 3])
    build(st, 1, 8, 1)
    build(st, 0, 9, 2)
    land_on(st, 10)
    _illegal(st, "floor 8 pay 3r")
    assert "floor 9 pay 1r,1g,1p" in texts(st) or any(t.startswith("floor 9 ") for t in texts(st))
    act(st, "floor 9 pay 1r,1g,1y")  # level 3 on its own 2-floor building
    assert st.ext["cell_owner"][8] == 1 and st.ext["height"][9] == 3


def test_b47_four_floors_then_only_the_penthouse_which_ends_the_game() -> None:
    st = start()
    set_chips(st, 0, [3, 3, 3, 3])
    build(st, 0, 9, 4)
    land_on(st, 10)
    [floor9] = [t for t in _floors(st) if t.startswith("floor 9 ")]
    evs = act(st, "floor 9 pay 1r,1p,1g,2y")
    assert events_of(evs, FLOOR_BUILT)[0].amount == 5
    assert is_terminal(st) and st.termination == Termination.PENTHOUSE
    assert st.ext["blocks"][0] == 8  # the penthouse is not a block
    assert floor9.startswith("floor 9 pay")


def test_b47_only_one_penthouse() -> None:
    st = start()
    set_chips(st, 0, [3, 3, 3, 3])
    build(st, 0, 9, 4)
    build(st, 1, 10, 5)  # someone else's penthouse (a hand-built grid)
    land_on(st, 10)
    assert not any(t.startswith("floor 9 ") for t in texts(st))


def test_b48_twelve_blocks_then_only_the_penthouse() -> None:
    st = start()
    set_chips(st, 0, [3, 3, 3, 3])
    for c in (7, 8, 9):
        build(st, 0, c, 4)
    assert st.ext["blocks"][0] == 0
    land_on(st, 10)
    assert {int(t.split()[1]) for t in _floors(st)} == {7, 8, 9}  # penthouse only
    _illegal(st, "floor 14 pay 2r")


def test_b48_placed_blocks_stay_after_bankruptcy() -> None:
    st = start()
    build(st, 1, 7, 3)
    give_deeds(st, 2, [6])
    set_cash(st, 1, 10)
    st.active = 1
    st.stack[-1] = (F.PRE_ROLL, 1)
    land_on(st, 6)
    act(st, "claim 1", seat=2)
    act(st, "bankrupt")
    assert not st.alive[1] and st.ext["cell_owner"][7] == 1 and st.ext["height"][7] == 3


def test_b49_no_deed_needed_to_build() -> None:
    st = start()
    assert not any(st.owner[s] == 0 for s in B.deeds)
    land_on(st, 5)
    act(st, "floor 20 pay 2r")
    assert st.ext["cell_owner"][20] == 0


def test_b43_b44_legal_list_agrees_with_is_legal() -> None:
    st = start()
    set_chips(st, 0, [3, 3, 3, 3])
    build(st, 0, 9, 2)
    land_on(st, 10)
    listed = legal_actions(st)
    assert sum(1 for a in listed if a.kind == 44) == 31 + 1  # empty cells + cell 9
