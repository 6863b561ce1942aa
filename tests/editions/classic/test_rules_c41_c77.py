"""Rule tests for classic C-41 to C-77 (jail, special squares, building, trading,
mortgages, debts and bankruptcy, prohibitions, end of game), with the A-n and Q-n
resolutions that refine them. Every test scripts the dice and the decisions."""

from __future__ import annotations

import pytest

from tests.editions.classic.helpers import (
    CHANCE,
    F,
    act,
    card_id,
    end_turn,
    events_of,
    give_deeds,
    jail,
    kinds,
    ledger_ok,
    place,
    put_on_top,
    roll,
    set_cash,
    set_level,
    start_game,
    texts,
    top,
    top_kind,
)
from tycoon.api import is_terminal, legal_actions, outcome, parse_action, returns
from tycoon.engine import events as ev
from tycoon.engine.actions import KIND_NAMES, Kind
from tycoon.engine.errors import ActionParseError, IllegalActionError
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK, Termination
from tycoon.rules.property import max_raisable, net_worth

B14 = card_id("B14")  # blue Get-out-of-Jail card
R9 = card_id("R9")  # red Get-out-of-Jail card


# --- private helpers ---------------------------------------------------------------------


def _pass_auction(st: GameState) -> None:
    while st.current_player >= 0 and top_kind(st) == F.AUCTION:
        act(st, "pass")


def _idle(st: GameState, d1: int = 4, d2: int = 6) -> None:
    """The active seat rolls (no double), sends an unowned deed to an auction nobody bids
    in, and ends the turn."""
    assert d1 != d2
    roll(st, d1, d2)
    if top_kind(st) == F.BUY:
        act(st, "auction")
        _pass_auction(st)
    end_turn(st)


def _hold_card(st: GameState, seat: int, card: int) -> None:
    """`seat` holds a Get-out-of-Jail card taken out of its deck."""
    st.decks[st.edition.board.deck_index(card)].remove(card)
    st.card_holder[card] = seat


def _illegal(st: GameState, text: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalActionError):
        act(st, text, seat)


# --- C-41 to C-43: jail ------------------------------------------------------------------


def test_c41_visiting_jail_does_nothing() -> None:
    st = start_game()
    evs = roll(st, 4, 6)
    assert st.pos[0] == 10 and st.jail[0] == -1
    assert ev.JAILED not in kinds(evs)
    assert st.cash[0] == 3000
    assert top(st) == (F.END_TURN, 0)
    end_turn(st)
    _idle(st, 4, 6)  # seat 1 also visits
    _idle(st, 3, 5)  # seat 2 passes over square 10 to 8 (unowned, nobody bids)
    assert st.pos[2] == 8 and st.jail[2] == -1
    # next turn of the visitor is an ordinary pre-roll phase
    assert top(st) == (F.PRE_ROLL, 0)
    assert "serve" not in texts(st) and "roll" in texts(st)


def test_c42_serve_twice_then_free_normal_turn() -> None:
    st = start_game()
    place(st, 1, 26)
    _idle(st)  # seat 0
    evs = roll(st, 1, 3)  # seat 1: 26 -> 30, go to jail; the turn ends at once
    assert ev.JAILED in kinds(evs)
    assert st.pos[1] == 10 and st.jail[1] == 0
    assert top(st) == (F.PRE_ROLL, 2)  # the jailing turn does not count
    _idle(st)
    _idle(st)  # seat 0: 10 -> 20
    assert top(st) == (F.JAIL, 1)
    assert "roll" not in texts(st)
    assert {"serve", "pay-fine"} <= set(texts(st))
    assert "use-card" not in texts(st)
    evs = act(st, "serve")
    assert events_of(evs, ev.JAIL_SERVED)[0].amount == 1
    assert st.jail[1] == 1 and st.pos[1] == 10
    assert top(st) == (F.PRE_ROLL, 2)
    _idle(st)  # seat 2: 10 -> 20
    _idle(st, 1, 2)  # seat 0: 20 -> 23, nobody buys
    assert top(st) == (F.JAIL, 1)
    act(st, "serve")
    assert st.jail[1] == 2
    _idle(st, 1, 2)  # seat 2: 20 -> 23
    _idle(st, 1, 3)  # seat 0: 23 -> 27
    # third turn: released free, completely normal turn, no payment
    assert st.jail[1] == -1
    assert top(st) == (F.PRE_ROLL, 1)
    assert "roll" in texts(st)
    assert st.cash[1] == 3000
    roll(st, 1, 1)  # C-16 applies again: a double gives a second roll, no move
    assert st.current_player == CHANCE and st.pos[1] == 10
    roll(st, 1, 2)
    assert st.pos[1] == 15  # 10 + 2 + 3
    assert top(st) == (F.BUY, 1, 15)


def test_c42_release_event_after_two_served_turns() -> None:
    st = start_game()
    jail(st, 1, served=2)
    evs = _roll_idle_events(st)
    rel = events_of(evs, ev.RELEASED)
    assert [(e.seat, e.detail) for e in rel] == [(1, "served")]
    assert top(st) == (F.PRE_ROLL, 1)


def _roll_idle_events(st: GameState) -> list[ev.Event]:
    roll(st, 4, 6)
    return end_turn(st)


def test_c42_use_card_returns_it_to_bottom_then_normal_turn() -> None:
    st = start_game()
    _hold_card(st, 1, B14)
    jail(st, 1)
    _idle(st)
    assert top(st) == (F.JAIL, 1)
    assert "use-card" in texts(st)
    evs = act(st, "use-card")
    assert B14 not in st.card_holder
    assert st.decks[0][-1] == B14 and len(st.decks[0]) == 16
    assert ev.CARD_RETURNED in kinds(evs)
    assert st.jail[1] == -1
    assert top(st) == (F.PRE_ROLL, 1)
    assert "roll" in texts(st)
    roll(st, 1, 2)
    assert st.pos[1] == 13 and st.cash[1] == 3000


def test_c42_pay_fine_double_released_and_moves_no_extra_roll() -> None:
    st = start_game()
    jail(st, 1)
    _idle(st)
    act(st, "pay-fine")
    assert st.cash[1] == 2900 and st.bank == 100
    assert st.current_player == CHANCE
    evs = act(st, "roll 5 5")
    assert st.jail[1] == -1 and st.pos[1] == 20
    assert [e.detail for e in events_of(evs, ev.RELEASED)] == ["double"]
    assert st.cash[1] == 2900
    assert top(st) == (F.END_TURN, 1)  # no further roll
    assert texts(st) == ["end-turn"]
    assert ledger_ok(st)


def test_c42_pay_fine_no_double_pays_300_more_and_moves() -> None:
    st = start_game()
    jail(st, 1)
    _idle(st)
    act(st, "pay-fine")
    evs = act(st, "roll 4 6")
    assert st.jail[1] == -1 and st.pos[1] == 20
    assert st.cash[1] == 2600 and st.bank == 400
    paid = [(e.amount, e.detail) for e in events_of(evs, ev.PAID)]
    assert paid == [(300, "jail fine")]
    assert top(st) == (F.END_TURN, 1)


def test_c42_release_roll_moves_to_a_deed_with_dice_total() -> None:
    st = start_game()
    jail(st, 1)
    _idle(st)
    act(st, "pay-fine")
    act(st, "roll 1 3")
    assert st.pos[1] == 14 and top(st) == (F.BUY, 1, 14)
    assert st.cash[1] == 2600


def test_c42_pay_fine_not_offered_below_100_until_cash_raised() -> None:
    st = start_game()
    give_deeds(st, 1, [1])
    set_cash(st, 1, 95)
    jail(st, 1)
    _idle(st)
    assert top(st) == (F.JAIL, 1)
    assert "pay-fine" not in texts(st)
    _illegal(st, "pay-fine")
    act(st, "mortgage 1")
    assert st.cash[1] == 155
    assert "pay-fine" in texts(st)
    act(st, "pay-fine")
    assert st.cash[1] == 55


def test_c42_failed_release_unpayable_fine_is_debt_to_bank() -> None:
    st = start_game()
    set_cash(st, 1, 150)
    jail(st, 1)
    _idle(st)
    act(st, "pay-fine")
    act(st, "roll 1 2")
    assert top(st)[:4] == (F.DEBT, 1, BANK, 300)
    assert texts(st) == ["bankrupt"]
    act(st, "bankrupt")
    assert not st.alive[1]
    assert top(st) == (F.PRE_ROLL, 2)
    assert ledger_ok(st)


@pytest.mark.parametrize(("d1", "d2", "cash"), [(5, 5, 2900), (4, 6, 2600)])
def test_c42_a2_option_release_without_moving(d1: int, d2: int, cash: int) -> None:
    st = start_game(options={"jail_release_moves": False})
    jail(st, 1)
    _idle(st)
    act(st, "pay-fine")
    act(st, f"roll {d1} {d2}")
    assert st.jail[1] == -1 and st.pos[1] == 10
    assert st.cash[1] == cash
    assert top(st) == (F.END_TURN, 1)


def test_c43_jailed_cannot_build_or_sell_deeds_but_may_mortgage_and_sell_card() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    _hold_card(st, 1, B14)
    jail(st, 1)
    _idle(st)
    t = texts(st)
    assert top(st) == (F.JAIL, 1)
    assert not [x for x in t if x.startswith(("build", "sell-deed", "roll"))]
    assert {"mortgage 1", "mortgage 3", "sell-card B14 to 0 for 50"} <= set(t)
    _illegal(st, "build 1")
    _illegal(st, "sell-deed 1 to 0 for 100")
    act(st, "mortgage 1")
    assert st.mortgaged[1] and st.cash[1] == 3000 - 240 + 60
    act(st, "sell-card B14 to 2 for 30")
    assert top(st)[:2] == (F.OFFER, 2)
    act(st, "accept")
    assert st.card_holder[B14] == 2
    assert st.cash[1] == 2850 and st.cash[2] == 2970
    assert top(st) == (F.JAIL, 1)


def test_c43_jailed_owner_gets_no_rent_and_cannot_claim() -> None:
    st = start_game()
    give_deeds(st, 1, [11])
    give_deeds(st, 2, [13])
    jail(st, 1)
    evs = roll(st, 5, 6)  # seat 0 lands on 11, owned by the jailed seat 1
    assert st.pos[0] == 11
    assert ev.RENT_DUE not in kinds(evs) and st.claims == []
    assert not [x for x in texts(st, 1) if x.startswith("claim")]
    end_turn(st)


def test_c43_owner_jailed_after_landing_cannot_claim() -> None:
    st = start_game()
    give_deeds(st, 2, [13])
    place(st, 0, 9)
    roll(st, 1, 3)  # seat 0 lands on 13, owned by seat 2
    assert st.claims == [(2, 0, 20, st.turn)]
    assert "claim 0" in texts(st, 2)
    jail(st, 2)
    assert "claim 0" not in texts(st, 2)
    _illegal(st, "claim 0", seat=2)
    assert st.cash[0] == 3000 and st.cash[2] == 2720


def test_c43_jailed_player_cannot_bid_or_buy_from_players() -> None:
    st = start_game()
    give_deeds(st, 0, [5])
    jail(st, 1)
    t = texts(st)
    assert "sell-deed 5 to 2 for 400" in t
    assert not [x for x in t if x.startswith("sell-deed") and " to 1 " in x]
    _illegal(st, "sell-deed 5 to 1 for 100")
    roll(st, 5, 6)  # seat 0 lands on unowned 11 and declines
    act(st, "auction")
    f = top(st)
    assert f[0] == F.AUCTION and f[1] == 2
    assert f[6] == (2, 0)  # bidders after the decliner, the jailed seat 1 left out
    _illegal(st, "bid 140", seat=1)


# --- C-44 to C-47: other special squares --------------------------------------------------


def test_c44_start_square_pays_400_once_by_the_move() -> None:
    st = start_game()
    place(st, 0, 34)
    evs = roll(st, 2, 4)  # 34 -> 0: stops on Start
    assert st.pos[0] == 0 and st.cash[0] == 3400
    assert [e.amount for e in events_of(evs, ev.PASSED_START)] == [400]
    assert top(st) == (F.END_TURN, 0)


def test_c45_guarded_parking_costs_400() -> None:
    st = start_game()
    evs = roll(st, 1, 3)
    assert st.pos[0] == 4
    assert st.cash[0] == 2600 and st.bank == 400
    assert [(e.amount, e.other, e.detail) for e in events_of(evs, ev.PAID)] == [(400, BANK, "tax")]
    assert top(st) == (F.END_TURN, 0)
    assert st.owner[4] == -1 and "buy" not in texts(st)


def test_c45_guarded_parking_short_of_cash_is_debt_to_bank() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    set_cash(st, 0, 100)
    roll(st, 1, 3)
    assert top(st)[:5] == (F.DEBT, 0, BANK, 400, "tax")
    assert "pay-with 39 for 400" not in texts(st)  # payment in property: players only
    act(st, "mortgage 39")
    act(st, "pay")
    assert st.cash[0] == 100 and top(st) == (F.END_TURN, 0)


def test_c45_guarded_parking_reached_by_card() -> None:
    st = start_game()
    put_on_top(st, "R14")  # move back 3
    roll(st, 3, 4)  # 0 -> 7, red Chance -> 4
    assert st.pos[0] == 4
    assert st.cash[0] == 2600 and st.bank == 400
    assert top(st) == (F.END_TURN, 0)


def test_c46_enrichment_tax_costs_200() -> None:
    st = start_game()
    place(st, 0, 35)
    evs = roll(st, 1, 2)
    assert st.pos[0] == 38
    assert st.cash[0] == 2800 and st.bank == 200
    assert [e.amount for e in events_of(evs, ev.PAID)] == [200]


def test_c47_free_parking_does_nothing() -> None:
    st = start_game()
    place(st, 0, 10)
    evs = roll(st, 4, 6)
    assert st.pos[0] == 20 and st.cash[0] == 3000 and st.bank == 0
    assert kinds(evs) == [ev.DICE_ROLLED, ev.MOVED, ev.LANDED]
    assert top(st) == (F.END_TURN, 0)


# --- C-48 to C-56: building ------------------------------------------------------------------


def _builds(st: GameState, seat: int | None = None) -> list[str]:
    return [x for x in texts(st, seat) if x.startswith("build")]


def test_c48_whole_country_needed() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    give_deeds(st, 1, [3])
    assert _builds(st) == []
    _illegal(st, "build 1")
    st.owner[3] = 0
    assert _builds(st) == ["build 1", "build 3"]
    evs = act(st, "build 1")
    assert st.level[1] == 1 and st.cash[0] == 3000 - 120 - 100
    assert st.houses_left == 31
    assert [(e.square, e.amount) for e in events_of(evs, ev.BUILT)] == [(1, 1)]


def test_c48_no_building_with_a_mortgaged_city_in_the_country() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    give_deeds(st, 0, [3], mortgaged=True)
    assert _builds(st) == []
    act(st, "unmortgage 3")
    assert _builds(st) == ["build 1", "build 3"]


def test_c48_railways_and_utilities_cannot_be_built_on() -> None:
    st = start_game()
    give_deeds(st, 0, [5, 15, 25, 35, 12, 28])
    assert _builds(st) == []
    _illegal(st, "build 5")


def test_c49_build_only_in_own_pre_roll_and_not_in_jail() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    assert _builds(st, 1) == []  # seat 0's turn: seat 1 may not build
    _illegal(st, "build 1", seat=1)
    _idle(st)
    assert top(st) == (F.PRE_ROLL, 1)
    assert _builds(st) == ["build 1", "build 3"]
    roll(st, 4, 6)  # after the roll: no building any more
    assert top(st) == (F.END_TURN, 1)
    assert _builds(st) == []
    _illegal(st, "build 1")
    end_turn(st)
    _idle(st)
    jail(st, 1)
    _idle(st)
    assert top(st) == (F.JAIL, 1) and _builds(st) == []


def test_c50_at_most_three_houses_per_window_one_per_city() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 6, 8, 9])
    act(st, "build 1")
    assert "build 1" not in _builds(st)  # one house per city per window
    assert "build 3" in _builds(st)
    act(st, "build 6")
    act(st, "build 8")
    assert st.houses_built == 3
    assert _builds(st) == []  # third house reached: nothing more this window
    _illegal(st, "build 9")
    assert st.cash[0] == 3000 - 880 - 300 and st.houses_left == 29
    # the next build window allows 3 more
    roll(st, 4, 6)
    end_turn(st)
    _idle(st)
    _idle(st)
    assert top(st) == (F.PRE_ROLL, 0)
    assert _builds(st) == ["build 3", "build 9"]
    act(st, "build 3")
    act(st, "build 9")
    assert _builds(st) == ["build 1", "build 6", "build 8"]
    act(st, "build 6")
    assert _builds(st) == []


def test_c51_build_evenly() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, 2)
    set_level(st, 8, 1)
    set_level(st, 9, 1)
    assert _builds(st) == ["build 8", "build 9"]
    _illegal(st, "build 6")
    act(st, "build 8")
    assert _builds(st) == ["build 9"]


def test_c52_at_most_four_houses_then_only_a_hotel() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 4)
    set_level(st, 3, 4)
    assert st.houses_left == 24
    act(st, "build 1")
    assert st.level[1] == 5  # a fifth house does not exist: the step is the hotel
    assert st.houses_left == 28 and st.hotels_left == 11
    assert _builds(st) == ["build 3"]


def test_c53_hotel_needs_four_houses_everywhere_returns_houses_and_costs_fee() -> None:
    st = start_game()
    give_deeds(st, 0, [37, 39])  # Austria: house 400, hotel fee 400
    set_level(st, 37, 3)
    set_level(st, 39, 4)
    assert _builds(st) == ["build 37"]  # no hotel on 39 while 37 has 3 houses
    cash = st.cash[0]
    act(st, "build 37")
    assert st.level[37] == 4 and st.cash[0] == cash - 400
    houses = st.houses_left
    evs = act(st, "build 39")
    assert st.level[39] == 5
    assert st.cash[0] == cash - 800  # the hotel fee only
    assert st.houses_left == houses + 4 and st.hotels_left == 11
    assert [e.amount for e in events_of(evs, ev.BUILT)] == [5]
    # one hotel per city: nothing more on 39
    assert "build 39" not in _builds(st)
    assert ledger_ok(st)


def test_c54_at_most_three_hotels_per_window() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 6, 8, 9])
    for s in (1, 3, 6, 8, 9):
        set_level(st, s, 4)
    for s in (6, 8, 9):
        act(st, f"build {s}")
    assert st.hotels_built == 3 and st.hotels_left == 9
    assert _builds(st) == []
    _illegal(st, "build 1")
    roll(st, 4, 6)
    end_turn(st)
    _idle(st)
    _idle(st)
    assert _builds(st) == ["build 1", "build 3"]


def test_c54_q1_fourth_house_and_hotel_in_one_window_allowed_by_default() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 3)
    set_level(st, 3, 3)
    act(st, "build 1")
    act(st, "build 3")
    assert "build 1" in _builds(st)
    act(st, "build 1")
    assert st.level[1] == 5 and st.level[3] == 4


def test_c54_q1_option_one_build_step_per_city() -> None:
    st = start_game(options={"one_build_step_per_city": True})
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 4)
    set_level(st, 3, 3)
    act(st, "build 3")  # 4th house on 3 this window
    assert _builds(st) == ["build 1"]  # hotel on 1 (untouched) is fine, not on 3
    _illegal(st, "build 3")
    act(st, "build 1")
    assert st.level[1] == 5 and st.level[3] == 4


def test_c55_no_houses_left_no_building_until_returned() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 1)
    set_level(st, 3, 1)
    st.houses_left = 0
    assert _builds(st) == []
    _illegal(st, "build 1")
    act(st, "sell-building 1")
    assert st.houses_left == 1
    assert _builds(st) == ["build 1"]
    act(st, "build 1")
    assert st.houses_left == 0 and st.level[1] == 1


def test_c55_no_hotel_left_no_hotel() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 4)
    set_level(st, 3, 4)
    st.hotels_left = 0
    assert _builds(st) == []


def test_c56_buildings_move_only_between_player_and_bank() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 5])
    set_level(st, 1, 1)
    names = set(KIND_NAMES.values())
    moves = {n for n in names if "HOUSE" in n or "HOTEL" in n or "GIVE" in n}
    assert moves <= {"BUILD_HOTEL"}  # buying from the bank is the only building action
    # a built city cannot change hands between players
    assert not [x for x in texts(st) if x.startswith("sell-deed")]
    _illegal(st, "sell-deed 1 to 1 for 500")
    act(st, "sell-building 1")
    assert st.houses_left == 32 and st.level[1] == 0


# --- C-57, C-58: selling buildings to the bank -----------------------------------------------


def test_c57_house_sells_for_half_hotel_for_half_of_all_and_clears_city() -> None:
    st = start_game()
    give_deeds(st, 0, [37, 39])  # house 400, hotel fee 400
    set_level(st, 37, 4)
    set_level(st, 39, 5)
    cash = st.cash[0]
    houses, hotels = st.houses_left, st.hotels_left
    evs = act(st, "sell-building 39")
    assert st.cash[0] == cash + 1000  # (4 * 400 + 400) / 2
    assert st.level[39] == 0  # not turned back into 4 houses
    assert st.hotels_left == hotels + 1 and st.houses_left == houses
    assert [(e.square, e.amount) for e in events_of(evs, ev.SOLD_BUILDING)] == [(39, 0)]
    act(st, "sell-building 37")
    assert st.cash[0] == cash + 1200 and st.level[37] == 3
    assert st.houses_left == houses + 1
    assert ledger_ok(st)


def test_c57_sale_values_by_house_cost() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])  # house 100, hotel fee 100
    set_level(st, 1, 5)
    set_level(st, 3, 1)
    cash = st.cash[0]
    act(st, "sell-building 1")
    act(st, "sell-building 3")
    assert st.cash[0] == cash + 250 + 50


def test_c58_sell_anytime_in_any_order_but_not_during_auction() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    set_level(st, 1, 2)
    set_level(st, 3, 2)
    # during seat 0's pre-roll, seat 1 sells unevenly
    assert "sell-building 1" in texts(st, 1)
    act(st, "sell-building 1", seat=1)
    act(st, "sell-building 1", seat=1)
    assert (st.level[1], st.level[3]) == (0, 2)
    assert st.cash[1] == 3000 - 240 + 100
    assert top(st) == (F.PRE_ROLL, 0)
    roll(st, 5, 6)  # seat 0 on unowned 11, declines: auction
    act(st, "auction")
    assert top_kind(st) == F.AUCTION and st.current_player == 1
    assert not [x for x in texts(st, 1) if x.startswith(("sell-building", "mortgage"))]
    assert texts(st, 2) == []
    _illegal(st, "sell-building 3", seat=1)


# --- C-59 to C-64: selling property between players --------------------------------------------


def test_c59_multi_deed_sale_for_cash_accepted() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    evs = act(st, "sell-deed 1,3 to 2 for 300")
    assert top(st) == (F.OFFER, 2, F.OFFER_SALE, 0, (1 << 1) | (1 << 3), 300)
    assert events_of(evs, ev.OFFERED)[0].other == 2
    assert texts(st) == ["accept", "reject"]
    evs = act(st, "accept")
    assert st.owner[1] == 2 and st.owner[3] == 2
    assert st.cash[0] == 3000 - 240 + 300 and st.cash[2] == 2700
    assert sorted(e.square for e in events_of(evs, ev.TRANSFERRED)) == [1, 3]
    assert top(st) == (F.PRE_ROLL, 0)
    assert ledger_ok(st)


def test_c59_rejected_offer_has_no_effect_and_prices_are_multiples_of_5() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    act(st, "sell-deed 1 to 1 for 100")
    act(st, "reject")
    assert st.owner[1] == 0 and st.cash[0] == 2760 and st.cash[1] == 3000
    assert top(st) == (F.PRE_ROLL, 0)
    _illegal(st, "sell-deed 1 to 1 for 103")
    act(st, "sell-deed 3 to 1 for 0")  # [D] $0 is allowed
    act(st, "accept")
    assert st.owner[3] == 1 and st.cash[1] == 3000


def test_c59_buyer_must_have_the_cash_and_may_raise_it() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    give_deeds(st, 1, [37])
    set_cash(st, 1, 500)
    act(st, "sell-deed 39 to 1 for 800")
    assert top(st)[1] == 1
    assert "accept" not in texts(st)
    assert "mortgage 37" in texts(st)
    act(st, "mortgage 37")
    assert st.cash[1] == 850
    act(st, "accept")
    assert st.owner[39] == 1 and st.cash[1] == 50


def test_c59_no_swaps_or_deferred_payment_in_the_vocabulary() -> None:
    names = set(KIND_NAMES.values())
    assert not {n for n in names if n in ("SWAP", "EXCHANGE", "LOAN", "LEND", "IOU")}
    for text in ("swap 1 for 3", "trade 1 3", "exchange 1 3"):
        with pytest.raises(ActionParseError):
            parse_action(start_game(), text)
    # the exchange of another edition (W-84) is never legal here: only sales for cash
    st = start_game()
    give_deeds(st, 0, [1])
    give_deeds(st, 1, [3])
    for seat in range(3):
        assert not [x for x in texts(st, seat) if x.startswith("trade")]
    _illegal(st, "trade 1 give 1 get 3 cash 0")
    _illegal(st, "trade 1 give 1 get - cash -100")


def test_c60_sale_only_in_sellers_own_pre_roll() -> None:
    st = start_game()
    give_deeds(st, 0, [5])
    give_deeds(st, 1, [15])
    assert not [x for x in texts(st, 1) if x.startswith("sell-deed")]
    _illegal(st, "sell-deed 15 to 0 for 100", seat=1)
    assert "sell-deed 5 to 1 for 400" in texts(st)
    roll(st, 4, 6)
    assert top(st) == (F.END_TURN, 0)
    assert not [x for x in texts(st) if x.startswith("sell-deed")]
    _illegal(st, "sell-deed 5 to 1 for 100")
    end_turn(st)
    assert "sell-deed 15 to 0 for 400" in texts(st)


def test_c61_seller_with_buildings_anywhere_cannot_sell() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 5, 12])
    set_level(st, 1, 1)
    assert not [x for x in texts(st) if x.startswith("sell-deed")]
    _illegal(st, "sell-deed 5 to 1 for 400")
    act(st, "sell-building 1")
    assert "sell-deed 5 to 1 for 400" in texts(st)
    act(st, "sell-deed 5,12 to 1 for 700")
    act(st, "accept")
    assert st.owner[5] == 1 and st.owner[12] == 1


def test_c61_a14_option_only_the_built_country_is_blocked() -> None:
    st = start_game(options={"trade_requires_no_buildings_anywhere": False})
    give_deeds(st, 0, [1, 3, 5, 6])
    set_level(st, 1, 1)
    sold = {x.split()[1] for x in texts(st) if x.startswith("sell-deed")}
    assert sold == {"5", "6"}
    _illegal(st, "sell-deed 3 to 1 for 100")
    act(st, "sell-deed 5,6 to 1 for 600")
    act(st, "accept")
    assert st.owner[5] == 1 and st.owner[6] == 1


def test_c62_mortgaged_railway_and_utility_may_be_sold() -> None:
    st = start_game()
    give_deeds(st, 0, [12])
    give_deeds(st, 0, [5], mortgaged=True)
    act(st, "sell-deed 5,12 to 1 for 300")
    act(st, "accept")
    assert st.owner[5] == 1 and st.owner[12] == 1
    assert top(st) == (F.ACQUIRED, 1, 1 << 5)  # the buyer settles by C-68
    assert st.current_player == 1


def test_c62_jailed_seller_or_buyer_excluded() -> None:
    st = start_game()
    give_deeds(st, 0, [5])
    give_deeds(st, 1, [15])
    jail(st, 2)
    assert not [x for x in texts(st) if x.startswith("sell-deed") and " to 2 " in x]
    _illegal(st, "sell-deed 5 to 2 for 100")
    # a seller who is jailed has no sale action in his jailed turn
    jail(st, 1)
    _idle(st)
    assert top(st) == (F.JAIL, 1)
    assert not [x for x in texts(st) if x.startswith("sell-deed")]
    _illegal(st, "sell-deed 15 to 0 for 100")


def test_c63_card_sale_any_time_including_to_a_jailed_player() -> None:
    st = start_game()
    _hold_card(st, 1, B14)
    _hold_card(st, 0, R9)
    jail(st, 2)
    # seat 1 sells during seat 0's pre-roll, to the jailed seat 2
    assert "sell-card B14 to 2 for 50" in texts(st, 1)
    act(st, "sell-card B14 to 2 for 45", seat=1)
    assert top(st) == (F.OFFER, 2, F.OFFER_CARD, 1, B14, 45)
    act(st, "accept")
    assert st.card_holder[B14] == 2
    assert st.cash[1] == 3045 and st.cash[2] == 2955
    # and after the roll, at the end of seat 0's own turn
    roll(st, 4, 6)
    act(st, "sell-card R9 to 1 for 0")
    act(st, "accept")
    assert st.card_holder[R9] == 1
    assert top(st) == (F.END_TURN, 0)
    # the jailed buyer may use the card he bought
    end_turn(st)
    _idle(st)
    assert top(st) == (F.JAIL, 2)
    act(st, "use-card")
    assert st.jail[2] == -1 and st.decks[0][-1] == B14


def test_c64_no_lending_or_gift_actions() -> None:
    st = start_game()
    for text in ("lend 100 to 1", "loan 1 100", "give 100 to 1", "gift 5 to 1"):
        with pytest.raises(ActionParseError):
            parse_action(st, text)
    # paying another player or handing over property exists only inside a debt
    _illegal(st, "pay")
    _illegal(st, "pay-with 1 for 0")
    allowed = {
        Kind.ROLL,
        Kind.BUILD,
        Kind.SELL_BUILDING,
        Kind.MORTGAGE,
        Kind.UNMORTGAGE,
        Kind.CLAIM,
        Kind.SELL_DEED,
        Kind.SELL_CARD,
    }
    give_deeds(st, 0, [1, 3])
    _hold_card(st, 0, B14)
    assert {a.kind for a in legal_actions(st)} <= allowed


# --- C-65 to C-68: mortgages ---------------------------------------------------------------


def test_c65_mortgage_pays_half_price_only_without_buildings_any_time() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3, 39])
    set_level(st, 1, 1)
    t = texts(st, 1)  # seat 0's turn: seat 1 acts out of turn
    assert "mortgage 39" in t and "mortgage 3" in t
    assert "mortgage 1" not in t  # its house must be sold first
    _illegal(st, "mortgage 1", seat=1)
    cash = st.cash[1]
    evs = act(st, "mortgage 39", seat=1)
    assert st.mortgaged[39] and st.cash[1] == cash + 400
    assert [(e.square, e.amount) for e in events_of(evs, ev.MORTGAGED)] == [(39, 400)]
    act(st, "sell-building 1", seat=1)
    act(st, "mortgage 1", seat=1)
    assert st.mortgaged[1] and st.cash[1] == cash + 400 + 50 + 60
    assert "mortgage 39" not in texts(st, 1)
    assert ledger_ok(st)


@pytest.mark.parametrize(
    ("square", "value", "interest"),
    [(1, 60, 5), (9, 120, 10), (14, 160, 15), (5, 200, 20), (12, 150, 15), (26, 260, 25)],
)
def test_c66_redeem_costs_value_plus_interest_rounded_down(
    square: int, value: int, interest: int
) -> None:
    st = start_game()
    give_deeds(st, 0, [square])
    cash = st.cash[0]
    act(st, f"mortgage {square}")
    assert st.cash[0] == cash + value
    evs = act(st, f"unmortgage {square}")
    assert not st.mortgaged[square]
    assert st.cash[0] == cash - interest
    assert [e.amount for e in events_of(evs, ev.UNMORTGAGED)] == [value + interest]


def test_c66_redeem_needs_the_cash() -> None:
    st = start_game()
    give_deeds(st, 0, [1], mortgaged=True)
    set_cash(st, 0, 60)
    assert "unmortgage 1" not in texts(st)
    _illegal(st, "unmortgage 1")
    set_cash(st, 0, 65)
    act(st, "unmortgage 1")
    assert st.cash[0] == 0


def test_c67_mortgaged_deed_no_rent_but_counts_for_ownership() -> None:
    st = start_game()
    give_deeds(st, 1, [1])
    give_deeds(st, 1, [3], mortgaged=True)
    give_deeds(st, 2, [5])
    give_deeds(st, 2, [15], mortgaged=True)
    evs = roll(st, 1, 2)  # seat 0 on mortgaged 3: no rent
    assert st.pos[0] == 3 and ev.RENT_DUE not in kinds(evs) and st.claims == []
    end_turn(st)
    _idle(st)
    _idle(st)
    place(st, 0, 38)
    roll(st, 1, 2)  # 38 -> 1: double rent, the mortgaged 3 still completes Greece
    assert st.pos[0] == 1
    assert st.claims[-1][:3] == (1, 0, 20)
    end_turn(st)
    _idle(st)
    _idle(st)
    roll(st, 1, 3)  # 1 -> 5: railway rent counts the mortgaged 15
    assert st.claims[-1][:3] == (2, 0, 100)


def test_c68_acquired_mortgaged_deed_redeem_now() -> None:
    st = start_game()
    give_deeds(st, 0, [5], mortgaged=True)
    act(st, "sell-deed 5 to 1 for 100")
    act(st, "accept")
    assert top(st) == (F.ACQUIRED, 1, 1 << 5)
    assert set(texts(st)) >= {"unmortgage 5", "keep-mortgaged 5"}
    act(st, "unmortgage 5")
    assert not st.mortgaged[5]
    assert st.cash[1] == 3000 - 100 - 220
    assert top(st) == (F.PRE_ROLL, 0)
    assert ledger_ok(st)


def test_c68_acquired_mortgaged_deed_keep_pays_interest_now_and_again_later() -> None:
    st = start_game()
    give_deeds(st, 0, [5, 14], mortgaged=True)
    act(st, "sell-deed 5,14 to 1 for 100")
    act(st, "accept")
    assert top(st) == (F.ACQUIRED, 1, (1 << 5) | (1 << 14))
    act(st, "keep-mortgaged 5")
    assert st.mortgaged[5] and st.cash[1] == 3000 - 100 - 20
    assert top(st) == (F.ACQUIRED, 1, 1 << 14)
    act(st, "keep-mortgaged 14")
    assert st.mortgaged[14] and st.cash[1] == 3000 - 100 - 20 - 15
    assert top(st) == (F.PRE_ROLL, 0)
    act(st, "unmortgage 5", seat=1)  # later: mortgage value + 10% again
    assert st.cash[1] == 2865 - 220
    assert ledger_ok(st)


def test_c68_acquired_redeem_not_offered_without_cash() -> None:
    st = start_game()
    give_deeds(st, 0, [5], mortgaged=True)
    set_cash(st, 1, 150)
    act(st, "sell-deed 5 to 1 for 100")
    act(st, "accept")
    assert "unmortgage 5" not in texts(st)
    act(st, "keep-mortgaged 5")
    assert st.cash[1] == 30


# --- C-69 to C-73: debts and bankruptcy ----------------------------------------------------


def test_c69_must_raise_when_max_raisable_covers_the_debt() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    set_cash(st, 0, 50)
    place(st, 0, 35)
    evs = roll(st, 1, 2)  # Enrichment Tax 200
    assert [(e.amount, e.other) for e in events_of(evs, ev.DEBT)] == [(200, BANK)]
    assert max_raisable(st, 0) == 450
    assert texts(st) == ["mortgage 39"]  # no pay (short), no bankrupt (could raise)
    _illegal(st, "bankrupt")
    act(st, "mortgage 39")
    assert texts(st) == ["pay"]
    act(st, "pay")
    assert st.cash[0] == 250 and top(st) == (F.END_TURN, 0)
    assert ledger_ok(st)


def test_c69_bankrupt_offered_only_when_max_raisable_short() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    set_cash(st, 0, 50)
    place(st, 0, 35)
    roll(st, 1, 2)
    assert max_raisable(st, 0) == 110
    assert set(texts(st)) == {"bankrupt", "mortgage 1"}


def test_c69_debt_to_player_with_buildings_sold_to_raise() -> None:
    st = start_game()
    give_deeds(st, 1, [11, 13, 14])  # Spain complete: double rent on 14 = 50
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 1)
    set_level(st, 3, 1)
    set_cash(st, 0, 20)
    place(st, 0, 10)
    roll(st, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st)[:4] == (F.DEBT, 0, 1, 50)
    assert "bankrupt" not in texts(st)
    act(st, "sell-building 1")
    assert "pay" in texts(st)
    act(st, "pay")
    assert st.cash[0] == 20 and st.cash[1] == 3000 - 880 + 50


def test_c70_pay_in_property_accepted_reduces_the_debt() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])  # Austria complete: 39 unbuilt rents 200
    give_deeds(st, 0, [5])
    set_cash(st, 0, 50)
    place(st, 0, 36)
    roll(st, 1, 2)
    act(st, "claim 0", seat=1)
    assert top(st)[:4] == (F.DEBT, 0, 1, 200)
    assert "pay-with 5 for 200" in texts(st)
    evs = act(st, "pay-with 5 for 150")
    assert events_of(evs, ev.OFFERED)[0].other == 1
    assert top(st) == (F.OFFER, 1, F.OFFER_IN_KIND, 0, 1 << 5, 150, 0)
    assert texts(st) == ["accept", "reject"]
    act(st, "accept")
    assert st.owner[5] == 1
    assert top(st)[:4] == (F.DEBT, 0, 1, 50)
    assert texts(st) == ["pay"]
    act(st, "pay")
    assert st.cash[0] == 0 and st.cash[1] == 3000 - 1500 + 50
    assert top(st) == (F.END_TURN, 0)
    assert ledger_ok(st)


def test_c70_rejected_property_offer_leaves_debt_and_bank_takes_none() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    give_deeds(st, 0, [5])
    set_cash(st, 0, 50)
    place(st, 0, 36)
    roll(st, 1, 2)
    act(st, "claim 0", seat=1)
    act(st, "pay-with 5 for 200")
    act(st, "reject")
    assert st.owner[5] == 0 and top(st)[:4] == (F.DEBT, 0, 1, 200)
    # a mortgaged deed handed over: the creditor settles it by C-68
    act(st, "mortgage 5")
    act(st, "pay-with 5 for 0")
    act(st, "accept")
    assert top(st) == (F.ACQUIRED, 1, 1 << 5)
    act(st, "keep-mortgaged 5")
    assert top(st)[:4] == (F.DEBT, 0, 1, 200)
    act(st, "pay")
    assert st.cash[0] == 50 and st.mortgaged[5]


def test_c70_q3_in_kind_city_needs_no_buildings_in_its_country() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    give_deeds(st, 0, [1, 3, 5])
    set_level(st, 3, 1)
    set_cash(st, 0, 50)
    place(st, 0, 36)
    roll(st, 1, 2)
    act(st, "claim 0", seat=1)
    offers = [x for x in texts(st) if x.startswith("pay-with")]
    assert offers == ["pay-with 5 for 200"]
    _illegal(st, "pay-with 1 for 100")
    _illegal(st, "pay-with 1,5 for 200")
    act(st, "sell-building 3")
    assert "pay-with 1 for 120" in texts(st)


def test_c72_bankrupt_to_player_gets_everything() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    set_level(st, 37, 4)
    set_level(st, 39, 5)  # rent 4000
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 0, [5], mortgaged=True)
    set_level(st, 1, 1)
    set_level(st, 3, 2)
    _hold_card(st, 0, B14)
    set_cash(st, 0, 100)
    place(st, 0, 36)
    roll(st, 1, 2)
    act(st, "claim 0", seat=1)
    assert top(st)[:4] == (F.DEBT, 0, 1, 4000)
    assert max_raisable(st, 0) == 100 + 150 + 120
    assert "bankrupt" in texts(st)
    cash1 = st.cash[1]
    houses = st.houses_left
    evs = act(st, "bankrupt")
    assert [(e.seat, e.other) for e in events_of(evs, ev.BANKRUPT)] == [(0, 1)]
    assert not st.alive[0] and st.cash[0] == 0
    assert st.cash[1] == cash1 + 100 + 150  # cash + buildings bought back by the bank
    assert [st.owner[s] for s in (1, 3, 5)] == [1, 1, 1]
    assert st.level[1] == 0 and st.level[3] == 0 and st.houses_left == houses + 3
    assert st.card_holder[B14] == 1
    assert top(st) == (F.ACQUIRED, 1, 1 << 5)  # mortgaged deed: C-68
    act(st, "keep-mortgaged 5")
    assert st.cash[1] == cash1 + 250 - 20
    assert top(st) == (F.PRE_ROLL, 1)  # the bankrupt active player's turn ended
    assert ledger_ok(st)


def test_c71_pending_claims_of_the_bankrupt_lapse() -> None:
    st = start_game(n=4)
    set_cash(st, 0, 0)
    roll(st, 1, 3)  # Guarded Parking: seat 0 owes the bank 400 and has nothing
    # open claims (owner, payer, amount, turn): for him, against him, and unrelated
    st.claims = [(0, 2, 30, st.turn), (1, 0, 50, st.turn), (3, 2, 40, st.turn)]
    act(st, "bankrupt")
    assert not st.alive[0]
    assert st.claims == [(3, 2, 40, st.turn - 1)]
    assert top(st) == (F.PRE_ROLL, 1)
    assert "claim 0" not in texts(st, 1)


def test_c73_bankrupt_to_bank_auctions_deeds_unmortgaged_in_index_order() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 0, [5], mortgaged=True)
    set_level(st, 1, 1)
    set_level(st, 3, 1)
    _hold_card(st, 0, R9)
    set_cash(st, 0, 80)
    evs = roll(st, 1, 3)  # Guarded Parking 400; max_raisable 80 + 100 + 120 = 300
    assert "bankrupt" in texts(st)
    bank = st.bank
    evs = act(st, "bankrupt")
    assert [(e.seat, e.other) for e in events_of(evs, ev.BANKRUPT)] == [(0, BANK)]
    assert not st.alive[0]
    assert st.bank == bank + 80  # his cash; no payment for the buildings
    assert st.houses_left == 32 and st.level[1] == 0 and st.level[3] == 0
    assert R9 not in st.card_holder and st.decks[1][-1] == R9
    assert not any(st.mortgaged[s] for s in (1, 3, 5))
    started = events_of(evs, ev.AUCTION_STARTED)
    assert [(e.square, e.amount) for e in started] == [(1, 60)]
    f = top(st)
    assert f[0] == F.AUCTION and f[1] == 1 and f[2] == 1 and f[6] == (1, 2)
    act(st, "bid 60")
    act(st, "pass")
    assert st.owner[1] == 1 and not st.mortgaged[1] and st.cash[1] == 2940
    assert top(st)[:3] == (F.AUCTION, 1, 3)
    act(st, "pass")
    act(st, "pass")
    assert st.owner[3] == -1
    assert top(st)[:3] == (F.AUCTION, 1, 5)
    act(st, "pass")
    act(st, "bid 205")
    assert st.owner[5] == 2 and st.cash[2] == 2795
    assert top(st) == (F.PRE_ROLL, 1)
    assert ledger_ok(st)


def test_c73_bank_auction_starts_after_the_bankrupt_and_skips_jailed() -> None:
    st = start_game(n=4, first=2)
    give_deeds(st, 2, [1])
    set_cash(st, 2, 0)
    jail(st, 0)
    roll(st, 1, 3)
    act(st, "bankrupt")
    f = top(st)
    assert f[:3] == (F.AUCTION, 3, 1) and f[6] == (3, 1)


# --- C-74, C-75: prohibitions ----------------------------------------------------------------


def test_c74_no_lending_action_exists() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    for seat in range(3):
        for a in legal_actions(st, seat):
            assert a.kind not in (Kind.PAY, Kind.PAY_WITH, Kind.BANKRUPT)
    with pytest.raises(ActionParseError):
        parse_action(st, "lend 500 to 0")
    # even a seat in debt can only hand property to his creditor, never borrow
    set_cash(st, 0, 0)
    roll(st, 1, 3)
    assert {a.kind for a in legal_actions(st)} == {Kind.BANKRUPT}


def test_c75_rent_never_auto_claimed_and_only_owner_may_claim() -> None:
    st = start_game()
    give_deeds(st, 1, [13])
    place(st, 0, 9)
    evs = roll(st, 1, 3)
    assert [(e.seat, e.amount, e.other) for e in events_of(evs, ev.RENT_DUE)] == [(0, 20, 1)]
    assert st.cash[0] == 3000 and st.cash[1] == 2720  # nothing paid automatically
    assert "claim 0" in texts(st, 1)
    assert not [x for x in texts(st, 2) if x.startswith("claim")]
    assert not [x for x in texts(st) if x.startswith("claim")]
    _illegal(st, "claim 0", seat=2)
    end_turn(st)
    evs = roll(st, 4, 6)  # the next roll closes the window
    assert [(e.seat, e.amount, e.other) for e in events_of(evs, ev.CLAIM_LAPSED)] == [(0, 20, 1)]
    assert st.claims == [] and st.cash[0] == 3000


def test_c75_auto_claim_rent_option() -> None:
    st = start_game(options={"auto_claim_rent": True})
    give_deeds(st, 1, [13])
    place(st, 0, 9)
    roll(st, 1, 3)
    assert st.cash[0] == 2980 and st.cash[1] == 2740 and st.claims == []


# --- C-76, C-77: end of game --------------------------------------------------------------


def test_c76_turn_limit_ends_after_rounds_and_asks_pending_claims() -> None:
    st = start_game(options={"turn_limit": 1})
    give_deeds(st, 0, [13])
    _idle(st)  # seat 0: 0 -> 10
    _idle(st)  # seat 1
    place(st, 2, 9)
    roll(st, 1, 3)  # seat 2 on seat 0's 13, not claimed yet
    assert not is_terminal(st)
    end_turn(st)
    assert top(st) == (F.FINAL_CLAIM, 0, 2)
    assert set(texts(st)) == {"claim 2", "pass"}
    act(st, "claim 2")
    assert is_terminal(st)
    assert st.cash[2] == 2980 and st.cash[0] == 2720 + 20
    out = outcome(st)
    assert out is not None
    assert out.termination == Termination.TURN_LIMIT
    assert out.scores == (3020, 3000, 2980)
    assert out.winners == (0,)


def test_c76_turn_limit_final_claim_may_be_passed() -> None:
    st = start_game(options={"turn_limit": 1})
    give_deeds(st, 0, [13])
    set_cash(st, 1, 2900)
    _idle(st)
    _idle(st)
    place(st, 2, 9)
    roll(st, 1, 3)
    end_turn(st)
    act(st, "pass")
    assert is_terminal(st) and st.cash[2] == 3000
    out = outcome(st)
    assert out is not None and out.scores == (3000, 2900, 3000)
    assert out.winners == (0, 2)


def test_c76_a_round_is_one_turn_by_every_player() -> None:
    st = start_game(options={"turn_limit": 2}, first=1)
    played = []
    while not is_terminal(st):
        played.append(st.active)
        _idle(st)
    assert played == [1, 2, 0, 1, 2, 0]
    out = outcome(st)
    assert out is not None and out.termination == Termination.TURN_LIMIT


def test_c76_last_player_left_wins() -> None:
    st = start_game()
    st.alive[2] = False
    set_cash(st, 0, 0)
    roll(st, 1, 3)
    act(st, "bankrupt")
    out = outcome(st)
    assert out is not None
    assert out.termination == Termination.LAST_PLAYER and out.winners == (1,)
    assert returns(st) == [-0.5, 1.0, -0.5]


def test_c77_net_worth_formula() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 5])  # 120 + 120 + 400
    give_deeds(st, 0, [39], mortgaged=True)  # 800, counts 400
    give_deeds(st, 0, [37])  # 700
    set_level(st, 1, 2)  # 2 houses at 100
    set_level(st, 3, 5)  # hotel: 100 + 4 * 100
    set_level(st, 37, 1)  # 1 house at 400
    _hold_card(st, 0, B14)  # counts 0
    set_cash(st, 0, 1000)
    expected = 1000 + (120 + 120 + 400 + 700) + 400 + 200 + 500 + 400
    assert net_worth(st, 0) == expected
    assert net_worth(st, 1) == 3000


def test_c77_tie_shares_the_win() -> None:
    st = start_game(options={"turn_limit": 1})
    give_deeds(st, 1, [39], mortgaged=True)  # 2600 cash + 400
    _idle(st)
    _idle(st)
    set_cash(st, 2, 2000)
    roll(st, 4, 6)
    end_turn(st)
    assert is_terminal(st)
    out = outcome(st)
    assert out is not None
    assert out.scores == (3000, 3000, 2000)
    assert out.winners == (0, 1)
    assert returns(st) == [0.5, 0.5, -1.0]


# --- several debtors of a birthday card ----------------------------------------------


def test_q6_birthday_payers_pay_in_turn_order_after_the_drawer() -> None:
    st = start_game(n=4, first=1)
    put_on_top(st, "B4")
    set_cash(st, 3, 10)
    place(st, 1, 10)
    evs = roll(st, 3, 4)  # 10 -> 17, blue Chance: collect $20 from each player
    assert st.pos[1] == 17
    paid = [(e.seat, e.other, e.amount) for e in events_of(evs, ev.PAID)]
    assert paid == [(2, 1, 20)]  # seat 2 first
    assert top(st)[:4] == (F.DEBT, 3, 1, 20)  # then seat 3, who cannot pay
    assert st.cash[0] == 3000  # seat 0 has not paid yet
    assert texts(st, 0) == []  # no out-of-turn actions while the card is carried out
    evs = act(st, "bankrupt")
    assert [(e.seat, e.other) for e in events_of(evs, ev.BANKRUPT)] == [(3, 1)]
    paid = [(e.seat, e.other, e.amount) for e in events_of(evs, ev.PAID)]
    assert paid == [(3, 1, 10), (0, 1, 20)]  # the bankrupt's $10 (C-72), then seat 0
    assert st.cash == [2980, 3000 + 20 + 10 + 20, 2980, 0]
    assert top(st) == (F.END_TURN, 1)
    assert ledger_ok(st)


def test_c70_q3_option_only_the_city_itself_must_be_unbuilt() -> None:
    st = start_game(options={"in_kind_needs_unbuilt_group": False})
    give_deeds(st, 1, [37, 39])
    give_deeds(st, 0, [1, 3, 5])
    set_level(st, 3, 1)
    set_cash(st, 0, 50)
    place(st, 0, 36)
    roll(st, 1, 2)
    act(st, "claim 0", seat=1)
    offers = [x for x in texts(st) if x.startswith("pay-with")]
    assert offers == ["pay-with 1 for 120", "pay-with 5 for 200"]
    _illegal(st, "pay-with 3 for 100")  # the built city itself never moves
