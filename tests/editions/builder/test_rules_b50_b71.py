"""Rule tests for builder B-50 to B-71 (and B-66a): jail, deals, mortgages, debt and
bankruptcy without elimination, Chance cards, the end of the game and the scoring on
hand-built grids. Scripted dice and actions throughout."""

from __future__ import annotations

import pytest

from tests.editions.builder.helpers import (
    JAIL,
    G,
    P,
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
    ledger_ok,
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
from tycoon.api import CHANCE, is_legal, is_terminal, legal_actions, new_game, outcome
from tycoon.editions.builder import BUILDER, CHOOSE, DISCARD
from tycoon.editions.builder.scoring import breakdown, community_size, winners
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Kind
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK, Termination

B = BUILDER.board
D = BUILDER.data
GOOJF = card_id("C1")
FORCED = card_id("C3")


def _illegal(st: GameState, text: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalActionError):
        act(st, text, seat)


def _hold(st: GameState, seat: int, card: int) -> None:
    st.decks[0].remove(card)
    st.card_holder[card] = seat


def _discards(st: GameState) -> None:
    while st.current_player >= 0 and top_kind(st) == DISCARD:
        act(st, next(t for t in texts(st) if t.startswith("discard")))  # OQ-2 lists more


def _floors(st: GameState) -> list[str]:
    return [t for t in texts(st) if t.startswith("floor")]


# --- jail (B-50 to B-55) ---------------------------------------------------------------------


def test_b50_rights_in_jail() -> None:
    st = start(3)
    jail(st, 1)
    give_deeds(st, 1, [6, 31])  # Pacific: 8 -> red
    set_chips(st, 1, [4, 0, 0, 0])
    land_on(st, 6, 3, 5)  # seat 0 on seat 1's deed; seat 1 gathers 2 red on the 8
    assert hand(st, 1)[R] == 6
    assert "claim 0" in texts(st, 1) and "mortgage 31" in texts(st, 1)
    assert any(t.startswith("trade 0 ") for t in texts(st, 1))
    act(st, "claim 0", seat=1)
    assert st.cash[1] == 900 - 100 - 300 + 50
    end_turn(st)
    assert top(st) == (F.JAIL, 1)
    act(st, "roll")
    act(st, "roll 1 2")  # no double: trade step, bank trade yes, no floors
    assert "bank-trade r for g" in texts(st) and not _floors(st)


def test_b50_jailed_players_bid() -> None:
    st = start(3)
    jail(st, 2)
    land_on(st, 6)
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    assert top(st)[1] == 2 and "bid 10" in texts(st)


def test_b51_pay_50_then_roll_as_normal_with_doubles() -> None:
    st = start()
    jail(st, 0)
    assert "pay-fine" in texts(st) and "roll" in texts(st)
    act(st, "pay-fine")
    assert st.jail[0] == -1 and st.cash[0] == 850 and top_kind(st) == F.PRE_ROLL
    roll(st, 3, 3)
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    assert top_kind(st) == F.ROLL_AGAIN  # a double gives an extra turn


def test_b51_use_a_card_or_buy_one_first() -> None:
    st = start()
    _hold(st, 1, GOOJF)
    jail(st, 0)
    assert "use-card" not in texts(st)
    act(st, "trade 1 give - get C1 cash 50")
    act(st, "accept")
    assert st.card_holder[GOOJF] == 0 and top(st) == (F.JAIL, 0)
    act(st, "use-card")
    assert st.jail[0] == -1 and st.decks[0][-1] == GOOJF and GOOJF not in st.card_holder


def test_b51_discard_first_and_no_early_release_out_of_turn() -> None:
    st = start()
    jail(st, 1)
    land_on(st, 5)
    assert "pay-fine" not in texts(st, 1)  # only at the jail decision, on his turn
    set_chips(st, 1, [0, 8, 0, 0])
    end_turn(st)
    assert top(st) == (DISCARD, 1)
    act(st, "discard 1p")
    act(st, "discard 1p")
    assert top(st) == (F.JAIL, 1)


def test_b52_double_releases_moves_no_extra_turn() -> None:
    st = start()
    jail(st, 0)
    act(st, "roll")
    act(st, "roll 2 2")
    assert st.jail[0] == -1 and st.pos[0] == 14
    while st.current_player == CHANCE:
        act(st, "roll 1 2")  # the Roll for Resources roll
    assert top_kind(st) == F.END_TURN


def test_b52_failed_try_gathers_and_stays() -> None:
    st = start()
    give_deeds(st, 1, [32])  # 7 -> green
    jail(st, 0)
    act(st, "roll")
    act(st, "roll 3 4")
    assert st.jail[0] == 1 and st.pos[0] == JAIL and hand(st, 1)[G] == 2
    assert top_kind(st) == F.END_TURN and not _floors(st)


def test_b52_third_failed_try_pays_then_a_new_roll() -> None:
    st = start()
    give_deeds(st, 1, [32])
    jail(st, 0, tries=2)
    act(st, "roll")
    evs = act(st, "roll 3 4")
    assert hand(st, 1)[G] == 2 and st.jail[0] == -1 and st.cash[0] == 850
    assert st.pos[0] == JAIL and st.current_player == CHANCE  # a new roll
    act(st, "roll 2 2")
    assert st.pos[0] == 14 and events_of(evs, ev.RELEASED)
    while st.current_player == CHANCE:
        act(st, "roll 1 2")
    assert top_kind(st) == F.ROLL_AGAIN  # the new roll's double gives an extra turn


def test_b52_option_failed_roll_moves_by_the_failed_roll() -> None:
    st = start(options={"jail_third_try_move": "failed_roll"})
    jail(st, 0, tries=2)
    act(st, "roll")
    act(st, "roll 1 2")
    assert st.pos[0] == 13 and st.cash[0] == 850


def test_b53_going_to_jail_resets_the_tries() -> None:
    st = start()
    st.jail[0] = -1
    land_on(st, 30)
    assert st.jail[0] == 0 and st.pos[0] == JAIL and st.cash[0] == 900


def test_b54_released_this_turn_may_build() -> None:
    st = start()
    jail(st, 0)
    act(st, "roll")
    act(st, "roll 3 3")  # released: to 16, St. James, auction it
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    assert _floors(st)


def test_b55_unpayable_jail_money_is_a_debt_to_the_bank() -> None:
    st = start()
    set_cash(st, 0, 20)
    jail(st, 0, tries=2)
    act(st, "roll")
    act(st, "roll 1 2")
    assert top(st)[0] == F.DEBT and top(st)[2] == BANK and top(st)[3] == 50
    act(st, "bankrupt")
    assert not st.alive[0]


# --- deals (B-56, B-57) ----------------------------------------------------------------------


def test_b56_deeds_chips_money_and_jail_cards_in_one_deal() -> None:
    st = start()
    give_deeds(st, 0, [6])
    _hold(st, 0, GOOJF)
    act(st, "trade 1 give 6,C1,2r get 1p cash 30")
    act(st, "accept")
    assert st.owner[6] == 1 and st.card_holder[GOOJF] == 1
    assert hand(st, 1) == [2, 3, 0, 0] and st.cash[0] == 800 - 30 and ledger_ok(st)


def test_b56_forced_trade_cards_cannot_be_traded() -> None:
    st = start()
    _hold(st, 0, FORCED)
    assert not any("C3" in t for t in texts(st))
    _illegal(st, "trade 1 give C3 get - cash 0")


@pytest.mark.parametrize("cash", [1, 7, 53])
def test_b2_listed_exchanges_ask_whole_units_of_a_buyer_short_of_the_price(cash: int) -> None:
    """B-2, B-56: a listed exchange asks the deed's price, or all the buyer's cash when he
    has less; in builder cash changes hands in whole 5M units only, so that cash is rounded
    down to the unit (it listed `cash -1`, which apply_action refused). Every listed
    exchange is accepted."""
    st = start()
    give_deeds(st, 0, [6])
    _hold(st, 0, GOOJF)
    set_cash(st, 1, cash)
    listed = [a for a in legal_actions(st) if a.kind == Kind.TRADE and a.a == 1 and not a.c]
    assert {a.d for a in listed} == {-(cash // 5 * 5)}
    assert all(is_legal(st, a) for a in listed)
    assert "trade 1 give 6 get - cash -1" not in texts(st)


def test_b57_mortgaged_deed_changes_hands_mortgaged_without_fee() -> None:
    st = start()
    give_deeds(st, 0, [6], mortgaged=True)
    act(st, "trade 1 give 6 get - cash -50")
    act(st, "accept")
    assert st.owner[6] == 1 and st.mortgaged[6] and top_kind(st) == F.PRE_ROLL
    assert st.cash[1] == 850
    act(st, "unmortgage 6", seat=1)
    assert st.cash[1] == 750 and not st.mortgaged[6]


# --- mortgages and debt (B-58 to B-60) ----------------------------------------------------------


def test_b58_mortgage_for_the_price_no_rent_no_chips_still_a_monopoly() -> None:
    st = start()
    give_deeds(st, 1, [6, 8])
    act(st, "mortgage 6", seat=1)
    assert st.cash[1] == 900 - 200 + 100
    roll(st, 5, 6)  # 11: Oriental's number, but it is mortgaged; seat 0 lands on 11
    assert hand(st, 1)[G] == 0 and not st.claims
    assert breakdown(st, D)[1]["monopolies"] == 2


def test_b59_unmortgage_costs_the_mortgage_value() -> None:
    st = start()
    give_deeds(st, 0, [6], mortgaged=True)
    act(st, "unmortgage 6")
    assert st.cash[0] == 900 - 100 and not st.mortgaged[6]


def test_b60_mortgage_everything_before_bankruptcy() -> None:
    st = start()
    give_deeds(st, 0, [1])
    give_deeds(st, 1, [39])
    set_cash(st, 0, 10)
    land_on(st, 39)
    act(st, "claim 0", seat=1)
    assert top(st)[0] == F.DEBT
    assert "bankrupt" not in texts(st) and "mortgage 1" in texts(st)
    assert not any(t.startswith("pay-with") for t in texts(st))
    assert any(t.startswith("trade 1 ") for t in texts(st))  # deals may raise money
    act(st, "mortgage 1")
    assert "bankrupt" in texts(st)


# --- bankruptcy (B-61 to B-64) ------------------------------------------------------------------


def _bankrupt_seat1_to(st: GameState, creditor: int) -> None:
    """Seat 1, the current player, cannot pay 200 rent (or 50 to the bank)."""
    st.active = 1
    st.stack[-1] = (F.PRE_ROLL, 1)
    set_cash(st, 1, 10)
    if creditor == BANK:
        jail(st, 1, tries=2)
        act(st, "roll")
        act(st, "roll 1 2")
    else:
        land_on(st, 39)
        act(st, "claim 1", seat=creditor)
    for t in texts(st):
        if t.startswith("mortgage"):
            act(st, t)
    act(st, "bankrupt")


def test_b61_bankrupt_player_stays_for_scoring() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    build(st, 1, 7, 4)
    _bankrupt_seat1_to(st, 2)
    assert not st.alive[1] and st.cash[1] == 0 and hand(st, 1) == [0, 0, 0, 0]
    assert st.active == 2 and not is_terminal(st)
    assert breakdown(st, D)[1]["buildings"] == 10
    _discards(st)
    land_on(st, 5)
    end_turn(st)
    assert st.active == 0  # seat 1 takes no more turns
    roll(st, 2, 4)  # a 6: the bankrupt takes nothing
    assert hand(st, 1) == [0, 0, 0, 0]


def test_b61_bankrupt_cannot_be_stolen_from_or_bid() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    _bankrupt_seat1_to(st, 2)
    st.active = 0
    st.stack[:] = [(F.PRE_ROLL, 0)]
    land_on(st, 4)
    assert all(not t.startswith("steal 1") for t in texts(st))


def test_b62_bankrupt_to_a_player() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    give_deeds(st, 1, [6])
    _hold(st, 1, FORCED)
    set_chips(st, 1, [1, 2, 0, 1])
    _bankrupt_seat1_to(st, 2)
    assert st.owner[6] == 2 and st.mortgaged[6] and st.card_holder[FORCED] == 2
    assert hand(st, 2) == [1, 2, 4, 1] and st.cash[2] == 900 - 400 + 110
    assert top_kind(st) != F.ACQUIRED and chips_ok(st) and ledger_ok(st)


def test_b63_bankrupt_to_the_bank() -> None:
    st = start(3)
    give_deeds(st, 1, [6], mortgaged=True)
    _hold(st, 1, GOOJF)
    set_chips(st, 1, [1, 2, 0, 0])
    before = supply(st)
    _bankrupt_seat1_to(st, BANK)
    assert st.owner[6] == -1 and not st.mortgaged[6]  # for sale again, not auctioned
    assert st.decks[0][-1] == GOOJF and supply(st) == [before[0] + 1, before[1] + 2, 20 - 4, 20]
    assert top_kind(st) != F.AUCTION and chips_ok(st) and ledger_ok(st)


def test_b64_bankrupt_current_player_loses_the_extra_turn() -> None:
    st = start(3)
    give_deeds(st, 2, [39])
    st.active = 1
    st.stack[-1] = (F.PRE_ROLL, 1)
    set_cash(st, 1, 10)
    land_on(st, 39, 2, 2)
    act(st, "claim 1", seat=2)
    act(st, "bankrupt")
    assert st.active == 2 and top(st)[1] == 2


# --- Chance cards (B-65) ------------------------------------------------------------------------


def test_b65_forced_trade_on_your_own_turn() -> None:
    st = start(3)
    _hold(st, 0, FORCED)
    set_chips(st, 2, [0, 0, 3, 0])
    assert "force 2 take g give r" in texts(st)
    assert not any(t.startswith("force") for t in texts(st, 2))
    _illegal(st, "force 2 take r give r")
    act(st, "force 2 take g give r")
    assert hand(st, 0) == [3, 0, 1, 0] and hand(st, 2) == [1, 0, 2, 0]
    assert FORCED not in st.card_holder and st.decks[0][-1] == FORCED


def test_b65_forced_trade_at_every_decision_of_your_own_turn() -> None:
    # the buy decision: the card is played and the decision stays open
    st = start(3)
    _hold(st, 0, FORCED)
    set_chips(st, 2, [0, 0, 3, 0])
    land_on(st, 3, 1, 2)
    assert top_kind(st) == F.BUY and "force 2 take g give r" in texts(st)
    act(st, "force 2 take g give r")
    assert top_kind(st) == F.BUY and hand(st, 0) == [3, 0, 1, 0] and hand(st, 2) == [1, 0, 2, 0]
    assert FORCED not in st.card_holder and chips_ok(st)
    # a card's chosen chip (an edition frame): the same, then the choice
    st = start(3)
    _hold(st, 0, FORCED)
    set_chips(st, 2, [0, 0, 3, 0])
    put_on_top(st, "C20")
    land_on(st, 7, 3, 4)
    assert top(st) == (CHOOSE, 0, 1) and "force 2 take g give r" in texts(st)
    act(st, "force 2 take g give r")
    assert top(st) == (CHOOSE, 0, 1) and hand(st, 0) == [3, 0, 1, 0]
    act(st, "take y")
    assert hand(st, 0) == [3, 0, 1, 1] and chips_ok(st)
    # never at a decision of another player's turn
    st = start(3)
    _hold(st, 1, FORCED)
    set_chips(st, 2, [0, 0, 3, 0])
    land_on(st, 3, 1, 2)
    assert top_kind(st) == F.BUY and not any(t.startswith("force") for t in texts(st, 1))


def test_b65_kept_and_resolved_cards() -> None:
    st = start()
    put_on_top(st, "C4")  # FORCED TRADE!: kept
    land_on(st, 7, 3, 4)
    assert st.card_holder[card_id("C4")] == 0
    assert any(t.startswith("force") for t in texts(st))
    st = start()
    put_on_top(st, "C15")  # inspection: 15M a block
    build(st, 0, 7, 3)
    land_on(st, 7, 3, 4)
    assert st.cash[0] == 900 - 45 and st.decks[0][-1] == card_id("C15")


def test_b65_pay_each_player_one_by_one() -> None:
    st = start(3)
    put_on_top(st, "C18")
    set_cash(st, 0, 30)
    land_on(st, 7, 3, 4)
    assert st.cash[1] == 925 and top(st)[0] == F.DEBT and top(st)[2] == 2
    act(st, "bankrupt")
    assert st.cash[2] == 900 + 5 and not st.alive[0]  # B-62: what was left


def test_b65_gain_cards_and_a_chosen_type() -> None:
    st = start()
    put_on_top(st, "C19")
    land_on(st, 7, 3, 4)
    assert hand(st, 0) == [6, 0, 0, 0]
    st = start()
    put_on_top(st, "C20")
    st.ext["pile"][30 * 4 + Y] += st.ext["supply"][Y]
    st.ext["supply"][Y] = 0
    land_on(st, 7, 3, 4)
    assert top(st) == (CHOOSE, 0, 1) and "take y" not in texts(st)
    act(st, "take g")
    assert hand(st, 0)[G] == 1 and chips_ok(st)


def test_b65_card_moves() -> None:
    st = start()
    put_on_top(st, "C10")  # nearest Roll for Resources
    land_on(st, 7, 3, 4)
    assert st.pos[0] == 12 and top(st)[2] == F.ROLL_EDITION
    st = start()
    put_on_top(st, "C7")  # Boardwalk
    land_on(st, 36, 3, 4)
    assert st.pos[0] == 39 and top_kind(st) == F.BUY


# --- the end (B-66, B-66a) -----------------------------------------------------------------------


def test_b66_penthouse_ends_the_game_at_once_and_claims_lapse() -> None:
    st = start(3)
    give_deeds(st, 2, [6])
    set_chips(st, 0, [2, 1, 1, 1])
    build(st, 0, 7, 4)
    land_on(st, 6, 2, 2)  # rent due to seat 2, and a double
    act(st, "auction") if top_kind(st) == F.BUY else None
    act(st, "floor 7 pay 2r,1p,1g,1y")
    assert is_terminal(st) and st.termination == Termination.PENTHOUSE
    assert not st.claims and st.cash[0] == 900
    out = outcome(st)
    assert out is not None and out.scores == (16, 0, 0)  # seats 0 and 1 tie on cash


@pytest.mark.parametrize("seat1_blocks", [3, 4])
def test_b66a_ends_when_nobody_can_place_the_penthouse(seat1_blocks: int) -> None:
    st = start(2)
    build(st, 0, 7, 2)
    st.ext["blocks"] = [2, seat1_blocks]  # seat 0 can finish on cell 7 (ii)
    set_chips(st, 0, [3, 3, 3, 3])
    land_on(st, 10)
    act(st, "floor 20 pay 2r")  # now 1 block: cell 7 needs 2, cell 20 needs 3
    if seat1_blocks == 4:  # seat 1 can still start a 4-floor building (iii)
        assert not is_terminal(st)
    else:
        assert is_terminal(st) and st.termination == Termination.NO_PENTHOUSE


def test_b66a_every_player_bankrupt_ends_the_game() -> None:
    st = start(2)
    give_deeds(st, 1, [39])
    set_cash(st, 0, 10)
    land_on(st, 39)
    act(st, "claim 0", seat=1)
    act(st, "bankrupt")
    assert not is_terminal(st) and st.active == 1  # one active player plays on
    _discards(st)
    set_cash(st, 1, 10)
    st.mortgaged[39] = True
    put_on_top(st, "C16")  # permit fee 50M
    land_on(st, 7, 3, 4)
    act(st, "bankrupt")
    assert is_terminal(st) and st.termination == Termination.NO_PENTHOUSE


# --- scoring (B-67 to B-71), on hand-built grids ---------------------------------------------


def _grid(layout: dict[int, list[tuple[int, int, int]]], n: int = 4) -> GameState:
    st = new_game("builder", n, seed=0)
    for seat, buildings in layout.items():
        for r, c, h in buildings:
            build(st, seat, cell(r, c), h)
    return st


def test_b67_building_points_by_height() -> None:
    st = _grid({0: [(0, 1, 1), (0, 3, 2), (2, 0, 3), (4, 4, 4)], 1: [(5, 2, 5)]})
    rows = breakdown(st, D)
    assert rows[0]["buildings"] == 1 + 3 + 6 + 10 and rows[1]["buildings"] == 16


def test_b68_monopoly_points_with_mortgaged_deeds() -> None:
    st = new_game("builder", 3, seed=0)
    give_deeds(st, 0, [6, 8])
    give_deeds(st, 0, [37, 39], mortgaged=True)
    give_deeds(st, 1, [1])
    give_deeds(st, 2, [3])
    rows = breakdown(st, D)
    assert rows[0]["monopolies"] == 2 + 5 and rows[1]["monopolies"] == 0


def test_b69_billionaire_most_cash_and_ties() -> None:
    st = new_game("builder", 3, seed=0)
    set_cash(st, 1, 905)
    assert [r["billionaire"] for r in breakdown(st, D)] == [0, 3, 0]
    set_cash(st, 2, 905)
    assert [r["billionaire"] for r in breakdown(st, D)] == [0, 0, 0]
    st2 = new_game("builder", 3, seed=0, options={"bonus_tie": "all_tied"})
    set_cash(st2, 1, 905)
    set_cash(st2, 2, 905)
    assert [r["billionaire"] for r in breakdown(st2, D)] == [0, 3, 3]


def test_b70_community_builder_largest_orthogonal_group() -> None:
    # seat 0: an L of 4 (0,1)-(0,2)-(1,2)-(2,2) plus a lone one; seat 1: 3 on a diagonal
    # and a pair; seat 2 a single building
    st = _grid(
        {
            0: [(0, 1, 1), (0, 2, 3), (1, 2, 1), (2, 2, 2), (4, 4, 1)],
            1: [(2, 4, 1), (3, 3, 1), (4, 2, 1), (5, 3, 1), (5, 4, 1)],
            2: [(1, 0, 4)],
        }
    )
    assert [community_size(st, D, p, "largest_component") for p in range(3)] == [4, 2, 0]
    assert [r["community"] for r in breakdown(st, D)] == [5, 0, 0, 0]
    assert community_size(st, D, 1, "adjacent_count") == 2


def test_b70_ties_give_nobody_the_card_and_others_do_not_connect() -> None:
    st = _grid(
        {0: [(1, 1, 1), (1, 3, 1)], 1: [(1, 2, 1), (3, 0, 1), (3, 1, 1)], 2: [(0, 1, 1), (0, 2, 1)]}
    )
    # seat 0's two buildings are split by seat 1's: sizes 0, 2, 2 -> a tie
    assert [community_size(st, D, p, "largest_component") for p in range(3)] == [0, 2, 2]
    assert [r["community"] for r in breakdown(st, D)] == [0, 0, 0, 0]


def test_b71_winner_total_then_cash_then_shared_bankrupt_included() -> None:
    st = _grid({0: [(1, 1, 3)], 1: [(2, 2, 3)], 2: [(3, 3, 2)]}, n=3)
    set_cash(st, 0, 800)  # seat 2 is the billionaire: 3 + 3 = 6 = seat 0 and 1's 6
    set_cash(st, 1, 800)
    assert [r["total"] for r in breakdown(st, D)] == [6, 6, 6]
    assert winners(st, D) == (2,)  # the most cash among the tied
    set_cash(st, 2, 800)  # now nobody is billionaire, all tie at 6, 6, 3
    assert winners(st, D) == (0, 1)  # a shared win
    st.alive[0] = False
    set_cash(st, 0, 0)
    set_cash(st, 1, 0)
    set_cash(st, 2, 0)
    assert winners(st, D) == (0, 1)  # bankrupt players still win
    assert chips_ok(st)
    assert supply(st)[P] == 16 and supply(st)[R] == 16
    assert hand(st, 2) == [0, 0, 4, 0]


# --- the options of A-10 and OQ-5 ------------------------------------------------------------


def test_b58_b59_option_mortgage_and_unmortgage_percent() -> None:
    st = start(options={"mortgage_percent": 50, "unmortgage_percent": 55})
    give_deeds(st, 0, [1])  # Mediterranean, 60M
    act(st, "mortgage 1")
    assert st.cash[0] == 900 - 60 + 30
    act(st, "unmortgage 1")
    assert st.cash[0] == 900 - 60 + 30 - 30  # 55% of 60 = 33, rounded down to 30
    with pytest.raises(Exception, match="mortgage_percent"):
        start(options={"mortgage_percent": 0})


def test_b65_option_forced_trade_any_time() -> None:
    st = start(3, options={"forced_trade_any_time": True})
    _hold(st, 1, FORCED)
    set_chips(st, 2, [0, 0, 3, 0])
    assert "force 2 take g give p" in texts(st, 1)  # out of turn, in a window
    act(st, "force 2 take g give p", seat=1)
    assert hand(st, 1) == [0, 3, 1, 0] and FORCED not in st.card_holder
    st = start(3)
    _hold(st, 1, FORCED)
    assert not any(t.startswith("force") for t in texts(st, 1))  # default: own turn only
    _illegal(st, "force 0 take r give p", seat=1)
