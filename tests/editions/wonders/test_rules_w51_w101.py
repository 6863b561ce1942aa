"""Rule tests for wonders W-51 to W-101 (card moves to airports, free flight, cards, taxes,
Free Parking, jail, houses and hotels, selling, mortgages, transfers, debts, bankruptcy, end
of game, quick play, time-limited game), with the A-n and Q-n resolutions that refine them.
Every test scripts the dice and the decisions."""

from __future__ import annotations

import pytest

from tests.editions.wonders.helpers import (
    CHANCE,
    JAIL_FINE,
    SALARY,
    STARTING_CASH,
    F,
    act,
    card_id,
    end_turn,
    events_of,
    give_deeds,
    jail,
    kinds,
    land_on,
    ledger_ok,
    mark_squares,
    marks_of,
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
from tycoon.api import is_terminal, new_game, outcome
from tycoon.editions.wonders import COMPLETED, FLIGHT, MARKED
from tycoon.engine import events as ev
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK, TERMINAL, Termination
from tycoon.rules.property import net_worth

HOTEL = 5
WONDERS = (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39)
AIRPORTS = (5, 15, 25, 35)
CHANCE_DECK, CHEST_DECK = 0, 1
C_GOOJF = card_id("C16")
K_GOOJF = card_id("K15")
BONUS = 30000


# --- private helpers ---------------------------------------------------------------------


def _illegal(st: GameState, text: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalActionError):
        act(st, text, seat)


def _pass_auction(st: GameState) -> None:
    while st.current_player >= 0 and top_kind(st) == F.AUCTION:
        act(st, "pass")


def _hold_card(st: GameState, seat: int, card: int) -> None:
    """`seat` holds a Get out of jail free card taken out of its deck."""
    st.decks[st.edition.board.deck_index(card)].remove(card)
    st.card_holder[card] = seat


def _idle(st: GameState, d1: int, d2: int) -> None:
    """The active seat rolls a non-double, sends an unowned deed to an auction nobody bids
    in, takes any free flight on the first unmarked wonder, and ends the turn."""
    assert d1 != d2
    roll(st, d1, d2)
    if top_kind(st) == F.BUY:
        act(st, "auction")
        _pass_auction(st)
    if top_kind(st) == FLIGHT:
        act(st, texts(st)[0])
    end_turn(st)


def _fly(st: GameState, square: int) -> list[ev.Event]:
    """Answer a pending free flight by marking `square`."""
    assert top_kind(st) == FLIGHT, f"no free flight pending: {top(st)!r}"
    return act(st, f"mark {square}")


def _marks_all_but(st: GameState, seat: int, *left: int) -> None:
    mark_squares(st, seat, [w for w in WONDERS if w not in left])


def _worth_parts(st: GameState, seat: int, h: int) -> int:
    """W-93 computed by hand: cash + printed price (half if mortgaged) + houses at cost +
    hotels at hotel price + `h` houses."""
    b = st.edition.board
    total = st.cash[seat]
    for s in b.deeds:
        if st.owner[s] != seat:
            continue
        total += b.price[s] // 2 if st.mortgaged[s] else b.price[s]
        lvl = st.level[s]
        if lvl == HOTEL:
            total += b.hotel_cost[s] + h * b.house_cost[s]
        else:
            total += lvl * b.house_cost[s]
    return total


# --- W-51, W-52: airports reached by card; free flight ------------------------------------


def test_w51_card_trip_to_airport_charges_normal_rent() -> None:
    st = start_game()
    give_deeds(st, 1, [15, 25])  # two airports: normal rent kr 1 000
    put_on_top(st, "C5")  # take a trip to Paris Charles de Gaulle (15)
    evs = land_on(st, 7, 3, 4)
    assert st.pos[0] == 15
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 0, 15, 1000, 1)]
    assert st.claims == [(1, 0, 1000, st.turn)]
    _fly(st, 39)
    act(st, "claim 0", seat=1)
    assert st.cash[0] == STARTING_CASH - 1000 and st.cash[1] == STARTING_CASH - 8000 + 1000


def test_w51_nearest_airport_card_charges_normal_rent_and_pays_salary() -> None:
    st = start_game()
    give_deeds(st, 2, [5])  # one airport: kr 500
    put_on_top(st, "C6")  # nearest airport: from 36 it is 5, passing START
    evs = land_on(st, 36, 3, 4)
    assert st.pos[0] == 5
    assert events_of(evs, ev.PASSED_START) == [ev.Event(ev.PASSED_START, 0, 0, SALARY)]
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 0, 5, 500, 2)]
    assert top_kind(st) == FLIGHT


def test_w52_free_flight_follows_the_purchase_and_marks_one_wonder() -> None:
    st = start_game()
    mark_squares(st, 0, [1, 3])
    land_on(st, 5, 2, 3)
    assert top(st) == (F.BUY, 0, 5)  # the airport's own resolution comes first
    _illegal(st, "mark 39")
    act(st, "buy")
    assert top(st) == (FLIGHT, 0)
    offered = texts(st)
    assert offered == [f"mark {w}" for w in WONDERS if w not in (1, 3)]
    _illegal(st, "mark 1")  # already marked
    _illegal(st, "mark 15")  # an airport is never marked
    evs = _fly(st, 39)
    assert events_of(evs, MARKED) == [ev.Event(MARKED, 0, 39, 0, -1, "flight")]
    assert marks_of(st, 0) == {1, 3, 39}
    assert st.pos[0] == 5  # the token stays on the airport
    assert st.cash[0] == STARTING_CASH - 4000  # no START salary, nothing for the wonder
    assert st.owner[39] == -1 and top(st) == (F.END_TURN, 0)


def test_w52_free_flight_after_a_declined_airport_is_auctioned() -> None:
    st = start_game()
    land_on(st, 15, 4, 1)
    act(st, "auction")
    act(st, "bid 100")  # the lander may bid
    _pass_auction(st)
    assert st.owner[15] == 0 and st.cash[0] == STARTING_CASH - 100
    assert top(st) == (FLIGHT, 0)
    _fly(st, 6)
    assert marks_of(st, 0) == {6} and top(st) == (F.END_TURN, 0)


def test_w52_free_flight_on_own_and_on_mortgaged_airport() -> None:
    st = start_game()
    give_deeds(st, 0, [25])
    land_on(st, 25, 2, 3)
    assert top(st) == (FLIGHT, 0) and st.claims == []
    _fly(st, 24)
    end_turn(st)
    give_deeds(st, 0, [35], mortgaged=True)
    land_on(st, 35, 2, 3)  # seat 1 lands on seat 0's mortgaged airport
    assert st.active == 1 and st.claims == [] and top(st) == (FLIGHT, 1)
    _fly(st, 37)
    assert marks_of(st, 1) == {37} and st.cash[1] == STARTING_CASH


def test_w52_flight_to_an_owned_wonder_pays_no_rent_and_does_not_buy() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])  # complete dark blue group of seat 1
    set_level(st, 39, HOTEL)
    cash1 = st.cash[1]
    land_on(st, 5, 1, 4)
    act(st, "auction")
    _pass_auction(st)
    assert st.owner[5] == -1  # nobody bid
    evs = _fly(st, 39)
    assert kinds(evs) == [MARKED]
    assert st.claims == [] and st.cash[0] == STARTING_CASH and st.cash[1] == cash1
    assert st.pos[0] == 5 and st.owner[39] == 1 and marks_of(st, 0) == {39}


def test_w52_airport_rent_comes_before_the_flight_mark() -> None:
    st = start_game(options={"rent_collection": "auto"})
    give_deeds(st, 1, [5, 15, 25])
    evs = land_on(st, 15, 2, 3)
    rent = [e for e in evs if e.kind in (ev.RENT_PAID, ev.PAID)]
    assert rent[0] == ev.Event(ev.RENT_PAID, 0, -1, 2000, 1)
    assert top(st) == (FLIGHT, 0)
    assert st.cash[0] == STARTING_CASH - 2000
    _fly(st, 1)
    assert marks_of(st, 0) == {1}


def test_w52_card_move_to_airport_gives_free_flight() -> None:
    st = start_game()
    put_on_top(st, "C5")
    land_on(st, 22, 1, 2)  # from Chance 22 to 15 passes START
    assert st.pos[0] == 15 and st.cash[0] == STARTING_CASH + SALARY
    assert top(st) == (F.BUY, 0, 15)
    act(st, "buy")
    assert top(st) == (FLIGHT, 0)
    _fly(st, 21)
    assert marks_of(st, 0) == {21}


# --- W-53 to W-58: cards -------------------------------------------------------------------


def test_w53_two_decks_of_16_shuffled_at_setup() -> None:
    a = new_game("wonders", 2, seed=1)
    b = new_game("wonders", 2, seed=2)
    chance = list(range(200, 216))
    chest = list(range(1000, 1016))
    for st in (a, b):
        assert sorted(st.decks[CHANCE_DECK]) == chance
        assert sorted(st.decks[CHEST_DECK]) == chest
    assert a.decks != b.decks  # the order comes from the seed's shuffle
    assert a.decks[CHANCE_DECK] != chance or a.decks[CHEST_DECK] != chest


def test_w54_top_card_is_carried_out_and_goes_to_the_bottom() -> None:
    st = start_game()
    put_on_top(st, "K7")  # bank error in your favour: collect kr 4 000
    before = list(st.decks[CHEST_DECK])
    evs = land_on(st, 17, 3, 4)
    assert events_of(evs, ev.CARD_DRAWN) == [ev.Event(ev.CARD_DRAWN, 0, 17, 0, -1, "K7")]
    assert st.cash[0] == STARTING_CASH + 4000
    assert st.decks[CHEST_DECK] == [*before[1:], before[0]]
    assert st.decks[CHEST_DECK][-1] == card_id("K7")
    assert top(st) == (F.END_TURN, 0) and ledger_ok(st)


def test_w55_card_move_lands_marks_and_offers_purchase() -> None:
    st = start_game()
    put_on_top(st, "C2")  # advance to the Taj Mahal (24)
    evs = land_on(st, 7, 3, 4)
    assert st.pos[0] == 24 and 24 in marks_of(st, 0)
    assert ev.PASSED_START not in kinds(evs)
    assert top(st) == (F.BUY, 0, 24)
    act(st, "buy")
    assert st.owner[24] == 0 and st.cash[0] == STARTING_CASH - 4800


def test_w55_forward_card_move_past_start_pays_salary() -> None:
    st = start_game()
    give_deeds(st, 1, [11])
    put_on_top(st, "C4")  # advance to Petra (11) from 36: passes START
    evs = land_on(st, 36, 3, 4)
    assert events_of(evs, ev.PASSED_START) == [ev.Event(ev.PASSED_START, 0, 0, SALARY)]
    assert st.pos[0] == 11 and 11 in marks_of(st, 0)
    assert st.claims == [(1, 0, 200, st.turn)]  # rent resolved as a landing


def test_w55_advance_to_start_pays_salary_once() -> None:
    st = start_game()
    put_on_top(st, "K1")
    evs = land_on(st, 17, 1, 3)
    assert st.pos[0] == 0
    assert len(events_of(evs, ev.PASSED_START)) == 1
    assert st.cash[0] == STARTING_CASH + SALARY


def test_w55_backward_card_moves_pay_no_salary_and_resolve() -> None:
    st = start_game()
    put_on_top(st, "C8")  # go back three spaces: 7 -> 4, Income Tax
    evs = land_on(st, 7, 3, 4)
    assert st.pos[0] == 4
    assert events_of(evs, ev.PAID) == [ev.Event(ev.PAID, 0, -1, 4000, BANK, "tax")]
    assert st.cash[0] == STARTING_CASH - 4000
    end_turn(st)
    put_on_top(st, "K2")  # go back to Stonehenge (1) from 33: backward, no START
    evs = land_on(st, 33, 2, 3)
    assert st.pos[1] == 1 and 1 in marks_of(st, 1)
    assert ev.PASSED_START not in kinds(evs)
    assert top(st) == (F.BUY, 1, 1) and st.cash[1] == STARTING_CASH


def test_w55_go_back_three_from_chest_via_chance_crosses_start_without_salary() -> None:
    st = start_game()
    put_on_top(st, "K16")  # pay kr 200 or take a Chance card
    put_on_top(st, "C8")  # go back three spaces: 2 -> 39
    land_on(st, 2, 1, 3)  # from 38, passing START (+4 000)
    assert top(st) == (F.CARD_CHOICE, 0, card_id("K16"))
    assert texts(st) == ["pay", "draw"]
    evs = act(st, "draw")
    assert st.pos[0] == 39 and ev.PASSED_START not in kinds(evs)
    assert st.cash[0] == STARTING_CASH + SALARY
    assert 39 in marks_of(st, 0) and top(st) == (F.BUY, 0, 39)


def test_w55_go_to_jail_card_pays_no_salary() -> None:
    st = start_game()
    put_on_top(st, "C9")
    evs = land_on(st, 36, 3, 4)
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert ev.PASSED_START not in kinds(evs) and st.cash[0] == STARTING_CASH


def test_w55_nearest_utility_card_rolls_dice_for_rent() -> None:
    st = start_game()
    give_deeds(st, 1, [12, 28])  # both utilities: 200 x dice
    put_on_top(st, "C7")
    land_on(st, 22, 3, 4)  # nearest utility from 22 is 28
    assert st.pos[0] == 28 and st.current_player == CHANCE
    evs = act(st, "roll 6 6")  # sets the rent only: no move, no double
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 0, 28, 2400, 1)]
    assert st.pos[0] == 28 and top(st) == (F.END_TURN, 0)


def test_w56_get_out_of_jail_card_is_kept_out_of_the_deck() -> None:
    st = start_game()
    put_on_top(st, "C16")
    evs = land_on(st, 7, 3, 4)
    assert st.card_holder == {C_GOOJF: 0}
    assert C_GOOJF not in st.decks[CHANCE_DECK] and len(st.decks[CHANCE_DECK]) == 15
    assert events_of(evs, ev.CARD_KEPT) == [ev.Event(ev.CARD_KEPT, 0, -1, 0, -1, "C16")]


def test_w56_card_sold_to_another_player_for_any_price() -> None:
    st = start_game()
    _hold_card(st, 0, C_GOOJF)
    assert "trade 2 give C16 get - cash -50" in texts(st)
    act(st, "trade 2 give C16 get - cash -777")
    assert top(st)[:2] == (F.OFFER, 2)
    act(st, "accept")
    assert st.card_holder == {C_GOOJF: 2}
    assert st.cash[0] == STARTING_CASH + 777 and st.cash[2] == STARTING_CASH - 777


def test_w56_used_card_goes_to_the_bottom_of_its_own_deck() -> None:
    st = start_game()
    _hold_card(st, 0, K_GOOJF)
    jail(st, 0)
    assert "use-card" in texts(st)
    evs = act(st, "use-card")
    assert st.jail[0] == -1 and st.card_holder == {}
    assert st.decks[CHEST_DECK][-1] == K_GOOJF and len(st.decks[CHEST_DECK]) == 16
    assert K_GOOJF not in st.decks[CHANCE_DECK]
    assert events_of(evs, ev.RELEASED) == [ev.Event(ev.RELEASED, 0, -1, 0, -1, "card")]
    assert top(st) == (F.PRE_ROLL, 0)  # a normal turn follows


def test_w57_card_payment_above_cash_opens_a_debt() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    set_cash(st, 0, 1000)
    put_on_top(st, "C12")  # pay kr 3 000
    land_on(st, 7, 3, 4)
    assert top(st) == (F.DEBT, 0, BANK, 3000, "card", True)
    assert "mortgage 39" in texts(st)
    assert "pay" not in texts(st) and "bankrupt" not in texts(st)
    act(st, "mortgage 39")
    assert st.cash[0] == 5000 and "pay" in texts(st)
    act(st, "pay")
    assert st.cash[0] == 2000 and top(st) == (F.END_TURN, 0) and ledger_ok(st)


def test_w57_collect_from_each_player_with_a_debtor() -> None:
    st = start_game(n=4)
    give_deeds(st, 2, [1])
    set_cash(st, 2, 150)  # cannot pay kr 200
    put_on_top(st, "K14")  # birthday: kr 200 from each player
    land_on(st, 17, 3, 4)
    assert st.cash[1] == STARTING_CASH - 200  # seat 1 paid first (turn order)
    assert top(st) == (F.DEBT, 2, 0, 200, "card", True)
    assert st.cash[3] == STARTING_CASH  # seat 3 pays after seat 2 has settled
    act(st, "mortgage 1")
    act(st, "pay")
    assert st.cash[2] == 150 + 600 - 200
    assert st.cash[3] == STARTING_CASH - 200
    assert st.cash[0] == STARTING_CASH + 600
    assert top(st) == (F.END_TURN, 0) and ledger_ok(st)


def test_w57_collect_from_each_bankrupts_a_poor_player_to_the_drawer() -> None:
    st = start_game()
    set_cash(st, 1, 50)
    put_on_top(st, "K14")
    land_on(st, 17, 3, 4)
    assert top(st) == (F.DEBT, 1, 0, 200, "card", True)
    assert [t for t in texts(st) if not t.startswith("trade")] == ["bankrupt"]
    act(st, "bankrupt")
    assert not st.alive[1]
    assert st.cash[0] == STARTING_CASH + 50 + 200 and st.cash[2] == STARTING_CASH - 200
    assert top(st) == (F.END_TURN, 0) and ledger_ok(st)


def test_w58_each_deck_holds_one_get_out_of_jail_card() -> None:
    st = start_game()
    b = st.edition.board
    for deck in (CHANCE_DECK, CHEST_DECK):
        goojf = [c for c in st.decks[deck] if b.card(c).effect == "get_out_of_jail"]
        assert len(goojf) == 1
    assert b.card(C_GOOJF).effect == "get_out_of_jail"
    assert b.card(K_GOOJF).effect == "get_out_of_jail"


# --- W-59 to W-61: taxes and Free Parking --------------------------------------------------


@pytest.mark.parametrize(("square", "tax"), [(4, 4000), (38, 2000)])
def test_w59_tax_square_pays_the_printed_amount_to_the_bank(square: int, tax: int) -> None:
    st = start_game()
    bank = st.bank
    evs = land_on(st, square, 1, 2)
    assert events_of(evs, ev.PAID) == [ev.Event(ev.PAID, 0, -1, tax, BANK, "tax")]
    assert st.cash[0] == STARTING_CASH - tax and st.bank == bank + tax


def test_w59_tax_above_cash_opens_a_debt_to_the_bank() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    set_cash(st, 0, 3500)
    land_on(st, 4, 1, 2)
    assert top(st) == (F.DEBT, 0, BANK, 4000, "tax", False)
    assert not any(t.startswith("pay-with") for t in texts(st))  # the bank takes cash only
    act(st, "mortgage 1")
    act(st, "pay")
    assert st.cash[0] == 100 and ledger_ok(st)


def test_w60_taxes_and_fines_go_to_the_bank_not_to_free_parking() -> None:
    st = start_game()
    bank = st.bank
    land_on(st, 38, 1, 2)  # Super Tax kr 2 000
    end_turn(st)
    land_on(st, 20, 3, 4)  # seat 1 on Free Parking
    assert st.cash[1] == STARTING_CASH and st.bank == bank + 2000
    end_turn(st)
    jail(st, 2)  # seat 2's turn starts in jail
    act(st, "pay-fine")
    assert st.bank == bank + 2000 + JAIL_FINE and st.cash[2] == STARTING_CASH - JAIL_FINE


def test_w61_free_parking_does_nothing_and_the_player_may_still_build() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    evs = land_on(st, 20, 2, 2)  # a double onto Free Parking
    assert kinds(evs) == [ev.DICE_ROLLED, ev.MOVED, ev.LANDED]
    assert st.cash[0] == STARTING_CASH - 2400 and top(st) == (F.ROLL_AGAIN, 0, 1)
    assert {"build 1", "build 3", "roll"} <= set(texts(st))
    act(st, "build 1")
    assert st.level[1] == 1


def test_w61_player_on_free_parking_collects_rent() -> None:
    st = start_game()
    place(st, 1, 20)
    give_deeds(st, 1, [19])
    land_on(st, 19, 1, 2)
    act(st, "claim 0", seat=1)
    assert st.cash[0] == STARTING_CASH - 320 and st.cash[1] == STARTING_CASH - 4000 + 320


# --- W-62 to W-67: jail --------------------------------------------------------------------


def test_w62_landing_on_go_to_jail() -> None:
    st = start_game()
    evs = land_on(st, 30, 1, 2)
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert events_of(evs, ev.JAILED) == [ev.Event(ev.JAILED, 0, 10, detail="square")]
    assert ev.PASSED_START not in kinds(evs)


def test_w62_go_to_jail_card_from_either_deck() -> None:
    st = start_game()
    put_on_top(st, "K3")
    land_on(st, 33, 1, 2)
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == STARTING_CASH
    assert st.active == 1 and top(st) == (F.PRE_ROLL, 1)
    put_on_top(st, "C9")
    land_on(st, 36, 1, 2)
    assert st.pos[1] == 10 and st.jail[1] == 0 and st.cash[1] == STARTING_CASH


def test_w62_third_double_in_a_row_jails_without_moving() -> None:
    st = start_game()
    put_on_top(st, "K8")  # collect kr 2 000, drawn on 2
    roll(st, 1, 1)  # 0 -> 2: Community Chest
    assert top(st) == (F.ROLL_AGAIN, 0, 1)
    roll(st, 2, 2)  # 2 -> 6
    assert st.pos[0] == 6 and top(st) == (F.BUY, 0, 6)
    act(st, "auction")
    _pass_auction(st)
    assert top(st) == (F.ROLL_AGAIN, 0, 2)
    evs = roll(st, 3, 3)
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert ev.MOVED not in kinds(evs) and ev.JAILED in kinds(evs)
    assert st.active == 1 and top(st) == (F.PRE_ROLL, 1)


def test_w63_turn_ends_when_jailed_even_after_a_double() -> None:
    st = start_game()
    evs = land_on(st, 30, 3, 3)
    assert st.jail[0] == 0 and ev.JAILED in kinds(evs)
    assert all(f[1] != 0 for f in st.stack)  # no re-roll and no END_TURN left for seat 0
    assert st.active == 1 and top(st) == (F.PRE_ROLL, 1)


def test_w64_jailing_turn_does_not_count_as_an_attempt() -> None:
    st = start_game(n=2)
    land_on(st, 30, 1, 2)
    assert st.jail[0] == 0
    _idle(st, 1, 3)  # seat 1
    assert top(st) == (F.JAIL, 0) and st.jail[0] == 0
    roll(st, 1, 2)  # first failed attempt
    assert st.jail[0] == 1 and st.pos[0] == 10


def test_w65_landing_on_jail_by_a_move_is_just_visiting() -> None:
    st = start_game()
    evs = land_on(st, 10, 2, 5)
    assert st.pos[0] == 10 and st.jail[0] == -1
    assert ev.JAILED not in kinds(evs) and st.cash[0] == STARTING_CASH
    assert top(st) == (F.END_TURN, 0)


def test_w66_jail_offers_fine_card_and_roll() -> None:
    st = start_game()
    _hold_card(st, 0, C_GOOJF)
    jail(st, 0)
    assert {"pay-fine", "use-card", "roll"} <= set(texts(st))
    assert "serve" not in texts(st)


def test_w66_a_pay_the_fine_then_a_normal_turn_with_doubles() -> None:
    st = start_game()
    jail(st, 0, attempts=1)
    evs = act(st, "pay-fine")
    assert events_of(evs, ev.PAID) == [ev.Event(ev.PAID, 0, -1, JAIL_FINE, BANK, "jail fine")]
    assert st.jail[0] == -1 and st.cash[0] == STARTING_CASH - JAIL_FINE
    assert top(st) == (F.PRE_ROLL, 0)
    roll(st, 5, 5)  # 10 -> 20, a double: roll again
    assert st.pos[0] == 20 and top(st) == (F.ROLL_AGAIN, 0, 1)


def test_w66_c_double_frees_and_moves_without_extra_roll() -> None:
    st = start_game()
    jail(st, 0, attempts=2)
    evs = roll(st, 4, 4)  # 10 -> 18
    assert events_of(evs, ev.RELEASED) == [ev.Event(ev.RELEASED, 0, -1, 0, -1, "double")]
    assert st.pos[0] == 18 and st.jail[0] == -1 and st.cash[0] == STARTING_CASH
    act(st, "auction")
    _pass_auction(st)
    assert top(st) == (F.END_TURN, 0)  # no extra roll


def test_w66_c_failed_attempts_stay_in_jail_then_third_pays_and_moves() -> None:
    st = start_game(n=2)
    jail(st, 0)
    evs = roll(st, 1, 2)
    assert st.jail[0] == 1 and st.pos[0] == 10
    assert events_of(evs, ev.JAIL_SERVED) == [ev.Event(ev.JAIL_SERVED, 0, -1, 1)]
    assert top(st) == (F.END_TURN, 0)
    end_turn(st)
    _idle(st, 1, 3)
    roll(st, 2, 3)  # second failure
    assert st.jail[0] == 2 and st.pos[0] == 10
    end_turn(st)
    _idle(st, 1, 3)
    assert top(st) == (F.JAIL, 0)
    put_on_top(st, "K13")  # collect kr 200 on 17
    evs = roll(st, 2, 5)  # third failure: must pay and moves 7 to 17
    assert st.jail[0] == -1 and st.pos[0] == 17
    assert events_of(evs, ev.PAID) == [ev.Event(ev.PAID, 0, -1, JAIL_FINE, BANK, "jail fine")]
    assert events_of(evs, ev.RELEASED) == [ev.Event(ev.RELEASED, 0, -1, 0, -1, "fine")]
    assert kinds(evs).index(ev.PAID) < kinds(evs).index(ev.MOVED)  # the payment comes first
    assert st.cash[0] == STARTING_CASH - JAIL_FINE + 200
    assert top(st) == (F.END_TURN, 0)  # no extra roll


def test_w66_c_third_failure_without_cash_opens_a_debt() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    set_cash(st, 0, 500)
    jail(st, 0, attempts=2)
    roll(st, 1, 3)
    assert top(st) == (F.DEBT, 0, BANK, JAIL_FINE, "jail fine", False)
    act(st, "mortgage 39")
    act(st, "pay")
    assert st.cash[0] == 500 + 4000 - JAIL_FINE and st.jail[0] == -1
    assert st.pos[0] == 14 and top(st) == (F.BUY, 0, 14)  # then he moves by that roll


def test_w66_pay_the_fine_in_an_earlier_window() -> None:
    st = start_game()
    land_on(st, 30, 1, 2)  # seat 0 jailed; seat 1's turn
    assert "pay-fine" in texts(st, 0)
    act(st, "pay-fine", seat=0)
    assert st.jail[0] == -1 and st.cash[0] == STARTING_CASH - JAIL_FINE
    _idle(st, 1, 3)
    _idle(st, 1, 3)
    assert top(st) == (F.PRE_ROLL, 0) and st.pos[0] == 10  # the next turn starts free


def test_w66_use_a_card_in_an_earlier_window() -> None:
    st = start_game()
    _hold_card(st, 0, C_GOOJF)
    land_on(st, 30, 1, 2)
    roll(st, 1, 3)  # seat 1 moves to 4 (tax)
    assert top(st) == (F.END_TURN, 1)
    assert "use-card" not in texts(st, 0)  # seat 1's turn has not ended (W-24 b, Q-7)
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 2) and "use-card" in texts(st, 0)  # window (b)
    act(st, "use-card", seat=0)
    assert st.jail[0] == -1 and st.card_holder == {}
    assert st.decks[CHANCE_DECK][-1] == C_GOOJF


def test_w66_card_bought_from_another_player_then_used() -> None:
    st = start_game()
    _hold_card(st, 1, K_GOOJF)
    jail(st, 0)
    act(st, "trade 1 give - get K15 cash 300")
    assert top(st)[:2] == (F.OFFER, 1)
    act(st, "accept")
    assert st.card_holder == {K_GOOJF: 0} and top(st) == (F.JAIL, 0)
    act(st, "use-card")
    assert st.jail[0] == -1 and st.cash[0] == STARTING_CASH - 300
    assert st.decks[CHEST_DECK][-1] == K_GOOJF and top(st) == (F.PRE_ROLL, 0)


def test_w67_jailed_owner_collects_rent() -> None:
    st = start_game()
    give_deeds(st, 0, [11])
    land_on(st, 30, 1, 2)
    land_on(st, 11, 3, 4)  # seat 1 lands on the jailed owner's wonder
    assert st.claims == [(0, 1, 200, st.turn)]
    act(st, "claim 1", seat=0)
    assert st.cash[1] == STARTING_CASH - 200 and st.cash[0] == STARTING_CASH - 2800 + 200


def test_w67_jailed_player_builds_and_mortgages() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 39])
    jail(st, 0)
    assert {"build 1", "build 3", "mortgage 39"} <= set(texts(st))
    act(st, "build 1")
    act(st, "mortgage 39")
    assert st.level[1] == 1 and st.mortgaged[39] and top(st) == (F.JAIL, 0)
    roll(st, 1, 2)  # a failed attempt
    end_turn(st)
    assert "build 3" in texts(st, 0)  # between turns too (W-24 b)
    act(st, "build 3", seat=0)
    assert st.level[3] == 1 and st.jail[0] == 1


# --- W-68 to W-76: houses and hotels -------------------------------------------------------


def test_w68_hotel_counts_as_five_for_even_building_and_selling() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, 4)
    set_level(st, 9, 4)
    legal = texts(st)
    assert "build 8" in legal and "build 9" in legal and "build 6" not in legal
    assert "sell-building 6" in legal  # the highest (level 5) is the hotel
    assert "sell-building 8" not in legal and "sell-building 9" not in legal  # 3 vs 5
    _illegal(st, "sell-building 8")


def test_w69_houses_need_the_whole_group() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8])
    give_deeds(st, 1, [9])
    assert not any(t.startswith("build") for t in texts(st))
    _illegal(st, "build 6")


def test_w69_no_house_while_a_wonder_of_the_group_is_mortgaged() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8])
    give_deeds(st, 0, [9], mortgaged=True)
    assert not any(t.startswith("build") for t in texts(st))
    act(st, "unmortgage 9")
    assert {"build 6", "build 8", "build 9"} <= set(texts(st))


def test_w69_airports_and_utilities_are_never_built_on() -> None:
    st = start_game()
    give_deeds(st, 0, [5, 15, 25, 35, 12, 28])
    assert not any(t.startswith("build") for t in texts(st))
    for s in (5, 12):
        _illegal(st, f"build {s}")


def test_w70_house_costs_the_deed_price_paid_to_the_bank() -> None:
    st = start_game()
    give_deeds(st, 0, [31, 32, 34])
    cash, bank = st.cash[0], st.bank
    evs = act(st, "build 34")
    assert evs == [ev.Event(ev.BUILT, 0, 34, 1)]
    assert st.cash[0] == cash - 4000 and st.bank == bank + 4000
    assert st.level[34] == 1 and st.houses_left == 31


def test_w71_as_many_houses_as_finances_allow_in_one_window() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_cash(st, 0, 7500)
    for s in (1, 3, 1, 3, 1, 3, 1):
        act(st, f"build {s}")
    assert st.level[1] == 4 and st.level[3] == 3 and st.cash[0] == 500
    assert not any(t.startswith("build") for t in texts(st))  # kr 500 is not enough


def test_w71_building_only_in_windows_a_and_b() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    assert "build 1" in texts(st, 1)  # window (b): before the next player's first roll
    act(st, "build 1", seat=1)
    act(st, "roll")
    assert texts(st, 1) == []  # the roll is being made
    act(st, "roll 2 4")  # seat 0 onto 6: buy decision
    assert top(st) == (F.BUY, 0, 6)
    assert not any(t.startswith("build") for t in texts(st, 1))
    _illegal(st, "build 3", seat=1)
    act(st, "buy")
    assert top(st) == (F.END_TURN, 0)
    _illegal(st, "build 3", seat=1)  # seat 0 has not ended his turn
    end_turn(st)
    assert "build 3" in texts(st, 1)  # seat 1's own turn now (a)
    act(st, "build 3", seat=1)
    assert st.level[1] == 1 and st.level[3] == 1 and st.active == 1


def test_w72_even_building() -> None:
    st = start_game()
    give_deeds(st, 0, [11, 13, 14])
    act(st, "build 11")
    assert "build 11" not in texts(st) and {"build 13", "build 14"} <= set(texts(st))
    _illegal(st, "build 11")
    act(st, "build 14")
    act(st, "build 13")
    act(st, "build 11")
    assert [st.level[s] for s in (11, 13, 14)] == [2, 1, 1]


def test_w73_at_most_four_houses_then_a_hotel() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    for _ in range(4):
        act(st, "build 1")
        act(st, "build 3")
    assert st.level[1] == 4 and st.houses_left == 24
    evs = act(st, "build 1")
    assert evs == [ev.Event(ev.BUILT, 0, 1, HOTEL)]  # the fifth building is the hotel
    assert st.level[1] == HOTEL


def test_w74_no_house_when_the_bank_has_none() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    st.houses_left = 0
    assert not any(t.startswith("build") for t in texts(st))
    _illegal(st, "build 1")
    st.houses_left = 1
    act(st, "build 1")
    assert st.houses_left == 0 and "build 3" not in texts(st)


def test_w75_hotel_returns_four_houses_and_costs_the_hotel_price() -> None:
    st = start_game()
    give_deeds(st, 0, [21, 23, 24])
    for s in (21, 23, 24):
        set_level(st, s, 4)
    assert st.houses_left == 20
    cash, bank = st.cash[0], st.bank
    act(st, "build 24")
    assert st.level[24] == HOTEL and st.houses_left == 24 and st.hotels_left == 11
    assert st.cash[0] == cash - 3000 and st.bank == bank + 3000
    assert "build 24" not in texts(st)  # at most one hotel, nothing more


def test_w75_hotel_needs_four_houses_on_every_wonder_of_the_group() -> None:
    st = start_game()
    give_deeds(st, 0, [21, 23, 24])
    set_level(st, 21, 4)
    set_level(st, 23, 4)
    set_level(st, 24, 3)
    assert "build 21" not in texts(st) and "build 24" in texts(st)
    act(st, "build 24")
    assert st.level[24] == 4 and "build 21" in texts(st)


def test_w75_no_hotel_when_the_bank_has_none() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 4)
    set_level(st, 3, 4)
    st.hotels_left = 0
    assert not any(t.startswith("build") for t in texts(st))
    st.hotels_left = 1
    act(st, "build 3")
    assert st.level[3] == HOTEL and st.hotels_left == 0 and "build 1" not in texts(st)


def test_w76_stock_of_32_houses_and_12_hotels_and_returns_are_reused() -> None:
    st = start_game()
    assert st.houses_left == 32 and st.hotels_left == 12
    give_deeds(st, 0, [1, 3])
    act(st, "build 1")
    act(st, "build 3")
    give_deeds(st, 1, [11, 13, 14, 16, 18, 19])  # four houses each: seat 1 wants no more
    for s in (11, 13, 14, 16, 18, 19):
        set_level(st, s, 4)
    give_deeds(st, 0, [6, 8, 9])
    for s in (6, 8, 9):
        set_level(st, s, 2)
    assert st.houses_left == 0 and "build 1" not in texts(st)
    act(st, "sell-building 3")
    assert st.houses_left == 1 and st.level[3] == 0
    act(st, "build 3")
    assert st.houses_left == 0 and st.level[3] == 1


# --- W-78, W-79: selling buildings ---------------------------------------------------------


def test_w78_a_houses_are_sold_evenly_for_half_the_price() -> None:
    st = start_game()
    give_deeds(st, 0, [26, 27, 29])
    set_level(st, 26, 2)
    set_level(st, 27, 1)
    set_level(st, 29, 1)
    legal = texts(st)
    assert "sell-building 26" in legal
    assert "sell-building 27" not in legal and "sell-building 29" not in legal
    cash, houses = st.cash[0], st.houses_left
    evs = act(st, "sell-building 26")
    assert evs == [ev.Event(ev.SOLD_BUILDING, 0, 26, 1)]
    assert st.cash[0] == cash + 1500 and st.houses_left == houses + 1
    assert {"sell-building 26", "sell-building 27", "sell-building 29"} <= set(texts(st))


def test_w78_b_hotel_breaks_into_four_houses_for_half_the_hotel_price() -> None:
    st = start_game()
    give_deeds(st, 0, [37, 39])
    set_level(st, 37, HOTEL)
    set_level(st, 39, HOTEL)
    cash, houses, hotels = st.cash[0], st.houses_left, st.hotels_left
    evs = act(st, "sell-building 39")
    assert evs == [ev.Event(ev.SOLD_BUILDING, 0, 39, 4)]
    assert st.level[39] == 4 and st.cash[0] == cash + 2000
    assert st.houses_left == houses - 4 and st.hotels_left == hotels + 1
    assert "sell-building 39" not in texts(st)  # 37 (hotel) must come down first
    assert ledger_ok(st)


def test_w78_b_no_hotel_breakdown_without_four_houses_in_stock() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, HOTEL)
    set_level(st, 9, 4)
    st.houses_left = 4
    act(st, "sell-building 6")  # broken down: the bank had the four houses
    assert [st.level[s] for s in (6, 8, 9)] == [4, HOTEL, 4] and st.houses_left == 0
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, HOTEL)
    set_level(st, 9, 4)
    st.houses_left = 3
    act(st, "sell-building 6")  # three houses: no breakdown, the W-78 c batch instead
    assert [st.level[s] for s in (6, 8, 9)] == [0, 0, 1] and st.houses_left == 6


def test_w78_c_all_hotels_of_the_group_sold_outright_when_houses_are_short() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, HOTEL)
    set_level(st, 3, HOTEL)
    st.houses_left = 3
    cash, hotels = st.cash[0], st.hotels_left
    assert "sell-building 1" in texts(st) and "sell-building 3" in texts(st)
    evs = act(st, "sell-building 1")
    assert events_of(evs, ev.SOLD_BUILDING) == [
        ev.Event(ev.SOLD_BUILDING, 0, 1, 0),
        ev.Event(ev.SOLD_BUILDING, 0, 3, 0),
    ]
    assert st.level[1] == 0 and st.level[3] == 0
    assert st.cash[0] == cash + 2 * (1000 + 4 * 1000) // 2
    assert st.hotels_left == hotels + 2 and st.houses_left == 3


def test_w78_c_outright_sale_in_a_batch_that_keeps_the_group_even() -> None:
    # [hotel, 4, 4] with no house in the bank: the hotel goes outright and the other two
    # wonders come down to one house each in the same batch (A-21: even afterwards).
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, 4)
    set_level(st, 9, 4)
    st.houses_left = 0
    legal = texts(st)
    assert "sell-building 6" in legal
    assert "sell-building 8" not in legal and "sell-building 9" not in legal
    cash, hotels, bank = st.cash[0], st.hotels_left, st.bank
    evs = act(st, "sell-building 6")
    assert events_of(evs, ev.SOLD_BUILDING) == [
        ev.Event(ev.SOLD_BUILDING, 0, 6, 0),
        ev.Event(ev.SOLD_BUILDING, 0, 8, 1),
        ev.Event(ev.SOLD_BUILDING, 0, 9, 1),
    ]
    house = 1000  # the light-blue group's house price
    assert st.cash[0] == cash + (house + 4 * house) // 2 + 2 * 3 * house // 2
    assert st.hotels_left == hotels + 1 and st.houses_left == 6
    assert st.bank == bank - (st.cash[0] - cash) and ledger_ok(st)


def test_w78_selling_at_any_time_also_out_of_turn_and_in_debt() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    set_level(st, 1, 1)
    set_cash(st, 1, 0)
    give_deeds(st, 0, [6])
    land_on(st, 4, 1, 3)  # seat 0 pays tax; his turn has not ended (W-24, Q-7)
    assert "sell-building 1" not in texts(st, 1)
    end_turn(st)
    assert "sell-building 1" in texts(st, 1)  # seat 1's own pre-roll (a)
    act(st, "sell-building 1", seat=1)
    assert st.cash[1] == 500 and st.level[1] == 0
    set_level(st, 3, 1)
    set_cash(st, 1, 0)
    land_on(st, 6, 1, 3)  # seat 1 owes kr 120 rent (window c)
    act(st, "claim 1", seat=0)
    assert top(st) == (F.DEBT, 1, 0, 120, "rent", False)
    assert "sell-building 3" in texts(st)
    act(st, "sell-building 3")
    act(st, "pay")
    assert st.cash[1] == 500 - 120 and st.cash[0] == STARTING_CASH - 4000 - 2000 + 120
    assert ledger_ok(st)


def test_w79_mortgage_needs_every_building_of_the_group_sold_first() -> None:
    st = start_game()
    give_deeds(st, 0, [16, 18, 19])
    set_level(st, 16, 1)
    legal = texts(st)
    assert not any(t in legal for t in ("mortgage 16", "mortgage 18", "mortgage 19"))
    _illegal(st, "mortgage 19")
    act(st, "sell-building 16")
    assert {"mortgage 16", "mortgage 18", "mortgage 19"} <= set(texts(st))


# --- W-80 to W-83: mortgages ---------------------------------------------------------------


def test_w80_mortgage_pays_the_mortgage_value() -> None:
    st = start_game()
    give_deeds(st, 0, [24, 12, 35])
    bank = st.bank
    evs = act(st, "mortgage 24")
    assert evs == [ev.Event(ev.MORTGAGED, 0, 24, 2400)]
    act(st, "mortgage 12")
    act(st, "mortgage 35")
    assert st.cash[0] == STARTING_CASH - 4800 - 3000 - 4000 + 2400 + 1500 + 2000
    assert st.bank == bank - 5900 and all(st.mortgaged[s] for s in (24, 12, 35))
    assert "mortgage 24" not in texts(st)


def test_w80_mortgage_in_every_window() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3, 39])
    assert "mortgage 39" in texts(st, 1)  # window (b) at seat 0's pre-roll
    act(st, "mortgage 39", seat=1)
    land_on(st, 4, 1, 3)
    _illegal(st, "mortgage 1", seat=1)  # seat 0 has not ended his turn (W-24, Q-7)
    end_turn(st)
    act(st, "mortgage 1")  # seat 1's own pre-roll (a)
    assert st.mortgaged[39] and st.mortgaged[1]
    set_cash(st, 1, 100)
    land_on(st, 38, 1, 3)  # seat 1 owes Super Tax kr 2 000: window (c)
    assert top(st)[:2] == (F.DEBT, 1) and "mortgage 3" in texts(st)
    act(st, "mortgage 3")
    assert st.cash[1] == 700 and top(st)[:2] == (F.DEBT, 1)


def test_w81_wonder_with_buildings_in_its_group_cannot_be_mortgaged() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 5])
    set_level(st, 3, 1)
    legal = texts(st)
    assert "mortgage 1" not in legal and "mortgage 3" not in legal and "mortgage 5" in legal
    _illegal(st, "mortgage 1")


def test_w82_mortgaged_property_pays_no_rent_but_counts_for_airports() -> None:
    st = start_game()
    give_deeds(st, 1, [5, 15])
    give_deeds(st, 1, [25], mortgaged=True)
    evs = land_on(st, 25, 2, 3)
    assert ev.RENT_DUE not in kinds(evs) and st.claims == []
    _fly(st, 1)
    end_turn(st)
    land_on(st, 15, 2, 3)  # seat 1 own airport: nothing
    _fly(st, 3)
    end_turn(st)
    evs = land_on(st, 5, 2, 3)  # seat 2: three airports owned, one mortgaged: kr 2 000
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 2, 5, 2000, 1)]


def test_w82_mortgaged_wonder_keeps_the_owner_and_blocks_double_rent() -> None:
    st = start_game()
    give_deeds(st, 1, [1])
    give_deeds(st, 1, [3], mortgaged=True)
    evs = land_on(st, 1, 2, 3)
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 0, 1, 40, 1)]  # not doubled
    assert st.owner[3] == 1


def test_w83_unmortgage_costs_the_value_plus_ten_percent() -> None:
    st = start_game()
    give_deeds(st, 0, [26, 27, 29])
    act(st, "mortgage 27")
    cash, bank = st.cash[0], st.bank
    assert not any(t.startswith("build") for t in texts(st))
    evs = act(st, "unmortgage 27")
    assert evs == [ev.Event(ev.UNMORTGAGED, 0, 27, 2860)]
    assert st.cash[0] == cash - 2860 and st.bank == bank + 2860
    assert not st.mortgaged[27] and "build 27" in texts(st)  # building may start again


def test_w83_unmortgage_needs_the_cash() -> None:
    st = start_game()
    give_deeds(st, 0, [39], mortgaged=True)
    set_cash(st, 0, 4399)
    assert "unmortgage 39" not in texts(st)
    set_cash(st, 0, 4400)
    assert "unmortgage 39" in texts(st)


# --- W-85 to W-87: mortgaged transfers, debts, settlement in kind ---------------------------


def _in_kind_to_seat1(st: GameState) -> None:
    """Seat 0 (no cash, Forbidden City 23 mortgaged) owes seat 1 kr 400 rent on the Taj
    Mahal and pays with 23; seat 1 accepts and must settle the mortgage (ACQUIRED)."""
    give_deeds(st, 1, [24])
    give_deeds(st, 0, [23], mortgaged=True)
    set_cash(st, 0, 0)
    land_on(st, 24, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 400, "rent", False)
    act(st, "pay-with 23 for 400")
    assert top(st) == (F.OFFER, 1, F.OFFER_IN_KIND, 0, 1 << 23, 400, 0)
    act(st, "accept")
    assert st.owner[23] == 1 and top(st) == (F.ACQUIRED, 1, 1 << 23)
    assert {"keep-mortgaged 23", "unmortgage 23"} <= set(texts(st))


def test_w85_a_receiver_lifts_the_mortgage_for_value_plus_ten_percent() -> None:
    st = start_game()
    _in_kind_to_seat1(st)
    cash = st.cash[1]
    act(st, "unmortgage 23")
    assert st.cash[1] == cash - 2420 and not st.mortgaged[23]
    assert 23 not in marks_of(st, 1)  # a transfer does not mark (W-19)
    assert top(st) == (F.END_TURN, 0) and st.cash[0] == 0 and ledger_ok(st)


def test_w85_b_receiver_pays_ten_percent_and_later_the_full_lift_again() -> None:
    st = start_game()
    _in_kind_to_seat1(st)
    cash, bank = st.cash[1], st.bank
    evs = act(st, "keep-mortgaged 23")
    assert events_of(evs, ev.PAID) == [ev.Event(ev.PAID, 1, -1, 220, BANK, "interest")]
    assert st.cash[1] == cash - 220 and st.bank == bank + 220 and st.mortgaged[23]
    end_turn(st)
    act(st, "unmortgage 23")
    assert st.cash[1] == cash - 220 - 2420 and not st.mortgaged[23]


def test_w86_debtor_must_raise_money_before_going_bankrupt() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [1, 3])
    set_level(st, 1, 1)
    set_level(st, 3, 1)
    set_cash(st, 0, 0)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)  # kr 1 000; raisable: 2 x 500 + 2 x 600
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False)
    legal = texts(st)
    assert "bankrupt" not in legal and "pay" not in legal
    assert {"sell-building 1", "sell-building 3"} <= set(legal)
    assert "mortgage 1" not in legal  # the group has buildings
    _illegal(st, "bankrupt")
    act(st, "sell-building 1")
    act(st, "sell-building 3")
    assert st.cash[0] == 1000 and "pay" in texts(st)
    act(st, "pay")
    assert st.cash[0] == 0 and st.alive[0] and top(st) == (F.END_TURN, 0)


def test_w86_bankrupt_when_everything_raisable_is_short() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [1])
    set_cash(st, 0, 300)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    legal = texts(st)
    assert "bankrupt" in legal and "mortgage 1" in legal  # 300 + 600 < 1 000


def test_w86_no_bankruptcy_while_a_shortage_batch_can_raise_the_debt() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, 4)
    set_level(st, 9, 4)
    st.houses_left = 0
    set_cash(st, 0, 0)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False)
    # no house in the bank, yet the W-78 c batch raises the money, so no bankruptcy
    assert [t for t in texts(st) if not t.startswith("trade")] == ["sell-building 6"]
    act(st, "sell-building 6")
    act(st, "pay")
    assert [st.level[s] for s in (6, 8, 9)] == [0, 1, 1] and ledger_ok(st)


def test_w87_settlement_partly_in_cash_partly_in_property() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [24])
    set_cash(st, 0, 300)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert "pay-with 24 for 1000" in texts(st)
    act(st, "pay-with 24 for 700")
    act(st, "accept", seat=1)
    assert st.owner[24] == 1 and top(st) == (F.DEBT, 0, 1, 300, "rent", False)
    act(st, "pay")
    assert st.cash[0] == 0 and st.cash[1] == STARTING_CASH - 8000 + 300
    assert 24 not in marks_of(st, 1) and top(st) == (F.END_TURN, 0)


def test_w87_creditor_may_accept_a_value_above_the_printed_price() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    set_level(st, 39, 2)  # rent kr 12 000
    give_deeds(st, 0, [1, 6])
    set_cash(st, 0, 0)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 12000, "rent", False)
    act(st, "pay-with 1 for 5000")  # printed price kr 1 200
    act(st, "accept")
    assert st.owner[1] == 1 and top(st) == (F.DEBT, 0, 1, 7000, "rent", False)


def test_w87_creditor_may_refuse_and_built_groups_are_excluded() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [1, 3, 24])
    set_level(st, 3, 1)
    set_cash(st, 0, 0)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    offers = [t for t in texts(st) if t.startswith("pay-with")]
    assert offers == ["pay-with 24 for 1000"]  # nothing of the built brown group
    _illegal(st, "pay-with 1 for 500")
    act(st, "pay-with 24 for 1000")
    act(st, "reject")
    assert st.owner[24] == 0 and top(st) == (F.DEBT, 0, 1, 1000, "rent", False)


# --- W-88 to W-91: bankruptcy --------------------------------------------------------------


def test_w88_bankrupt_to_the_bank_auctions_every_property_in_index_order() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 0, [5], mortgaged=True)
    set_level(st, 1, 1)
    set_level(st, 3, 1)
    _hold_card(st, 0, C_GOOJF)
    set_cash(st, 0, 100)  # raisable: 100 + 2 x 500 + 2 x 600 = 2 300 < 4 000
    land_on(st, 4, 1, 3)
    assert top(st) == (F.DEBT, 0, BANK, 4000, "tax", False)
    evs = act(st, "bankrupt")
    assert not st.alive[0] and st.cash[0] == 0
    assert st.houses_left == 32 and all(st.level[s] == 0 for s in (1, 3))
    assert not st.mortgaged[5] and all(st.owner[s] == -1 for s in (1, 3, 5))
    assert st.card_holder == {} and st.decks[CHANCE_DECK][-1] == C_GOOJF
    assert events_of(evs, ev.AUCTION_STARTED)[0].square == 1
    assert top(st)[:3] == (F.AUCTION, 1, 1)  # the next player calls first
    act(st, "bid 50")
    act(st, "pass")  # seat 2
    assert st.owner[1] == 1 and 1 in marks_of(st, 1)  # an auction win marks (W-16)
    assert top(st)[:3] == (F.AUCTION, 1, 3)
    act(st, "pass")
    act(st, "pass")
    assert st.owner[3] == -1  # nobody bid: it stays unowned
    assert top(st)[:3] == (F.AUCTION, 1, 5)
    act(st, "pass")
    act(st, "bid 2")
    assert st.owner[5] == 2 and not st.mortgaged[5]
    assert top(st) == (F.PRE_ROLL, 1)  # no free flight for an auction win
    assert st.cash[1] == STARTING_CASH - 50 and st.cash[2] == STARTING_CASH - 2
    assert ledger_ok(st)


def test_w89_bankrupt_to_a_player_gives_everything_to_the_creditor() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    set_level(st, 39, 4)  # rent kr 34 000
    give_deeds(st, 0, [1, 3, 12])
    give_deeds(st, 0, [5], mortgaged=True)
    set_level(st, 1, 1)
    set_level(st, 3, 2)
    _hold_card(st, 0, K_GOOJF)
    set_cash(st, 0, 700)
    cash1 = st.cash[1]
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert "bankrupt" in texts(st)
    act(st, "bankrupt")
    assert not st.alive[0] and st.cash[0] == 0
    assert [st.owner[s] for s in (1, 3, 5, 12)] == [1, 1, 1, 1]
    assert st.level[1] == 0 and st.level[3] == 0 and st.houses_left == 32 - 4
    assert st.cash[1] == cash1 + 700 + 3 * 500  # the buildings at half price
    assert st.card_holder == {K_GOOJF: 1}
    assert not {1, 3} & marks_of(st, 1)  # no marks by transfer
    assert top(st) == (F.ACQUIRED, 1, 1 << 5)  # W-85 for the mortgaged airport
    act(st, "keep-mortgaged 5")
    assert st.cash[1] == cash1 + 2200 - 200 and st.mortgaged[5]
    assert st.active == 1 and top(st) == (F.PRE_ROLL, 1) and ledger_ok(st)


def test_w89_creditor_short_of_the_interest_owes_the_bank() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    give_deeds(st, 0, [39], mortgaged=True)
    set_cash(st, 0, 0)
    set_cash(st, 1, 100)
    land_on(st, 3, 1, 2)  # from START, no salary
    act(st, "claim 0", seat=1)  # kr 160 (double rent), nothing to raise
    act(st, "bankrupt")
    assert st.cash[1] == 100 and top(st) == (F.ACQUIRED, 1, 1 << 39)
    assert texts(st) == ["mortgage 1", "mortgage 3", "keep-mortgaged 39"]
    act(st, "keep-mortgaged 39")
    assert top(st) == (F.DEBT, 1, BANK, 400, "interest", False)
    act(st, "mortgage 3")
    act(st, "pay")
    assert st.cash[1] == 100 + 600 - 400 and st.mortgaged[39] and st.owner[39] == 1


def test_w90_bankrupt_active_player_leaves_and_the_double_is_dropped() -> None:
    st = start_game()
    give_deeds(st, 2, [37])
    give_deeds(st, 1, [39])
    set_cash(st, 0, 0)
    place(st, 0, 35)
    roll(st, 1, 1)  # onto seat 2's Pyramids: kr 700
    roll(st, 1, 1)  # onto seat 1's Great Wall: kr 1 000
    assert top(st) == (F.ROLL_AGAIN, 0, 2)
    assert [c[:3] for c in st.claims] == [(2, 0, 700), (1, 0, 1000)]
    act(st, "claim 0", seat=2)
    evs = act(st, "bankrupt")
    assert events_of(evs, ev.BANKRUPT) == [ev.Event(ev.BANKRUPT, 0, -1, 0, 2)]
    assert not st.alive[0] and st.claims == []  # the claim against him lapses
    assert st.active == 1 and top(st) == (F.PRE_ROLL, 1)
    _idle(st, 1, 3)
    _idle(st, 1, 3)
    assert st.active == 1  # seat 0 is skipped
    assert texts(st, 0) == []
    _illegal(st, "mortgage 39", seat=0)


def test_w91_last_player_left_wins_without_bonus() -> None:
    st = start_game(n=2)
    give_deeds(st, 1, [39])
    set_cash(st, 0, 0)
    _marks_all_but(st, 1, 6)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    cash1 = st.cash[1]
    evs = act(st, "bankrupt")
    assert is_terminal(st) and st.current_player == TERMINAL
    res = outcome(st)
    assert res is not None and res.termination == Termination.LAST_PLAYER
    assert res.winners == (1,)
    assert st.cash[1] == cash1 and COMPLETED not in kinds(evs)


# --- W-92 to W-94: completion, net worth, winner -------------------------------------------


def test_w92_completion_by_landing_pays_bonus_finishes_the_purchase_then_ends() -> None:
    st = start_game()
    _marks_all_but(st, 0, 6)
    evs = land_on(st, 6, 3, 3)  # a double onto the last wonder, unowned
    assert events_of(evs, COMPLETED) == [ev.Event(COMPLETED, 0, 6, BONUS)]
    assert st.cash[0] == STARTING_CASH + BONUS
    assert top(st) == (F.BUY, 0, 6)  # the landing resolution is finished first
    evs = act(st, "buy")
    assert st.owner[6] == 0 and is_terminal(st)
    assert ev.GAME_OVER in kinds(evs)
    res = outcome(st)
    assert res is not None and res.termination == Termination.COMPLETED
    assert res.winners == (0,)  # no re-roll of the double, no final turn for others
    assert res.scores == (STARTING_CASH + BONUS, STARTING_CASH, STARTING_CASH)


def test_w92_completion_by_landing_on_an_owned_wonder_settles_the_rent() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    set_level(st, 39, 3)  # rent kr 28 000
    _marks_all_but(st, 0, 39)
    land_on(st, 39, 1, 3)
    assert is_terminal(st)  # no claim needed (W-39, W-92)
    assert st.cash[0] == STARTING_CASH + BONUS - 28000
    assert st.cash[1] == STARTING_CASH - 15000 + 28000
    res = outcome(st)
    assert res is not None and res.winners == (1,)  # 58 000 + 15 000 + 3 x 4 000 on 39


def test_w92_completion_by_free_flight() -> None:
    st = start_game()
    give_deeds(st, 1, [25])
    _marks_all_but(st, 0, 31)
    land_on(st, 25, 1, 3)  # seat 1's airport: kr 500 rent, then the flight
    assert not is_terminal(st) and top(st) == (FLIGHT, 0)
    evs = _fly(st, 31)
    assert events_of(evs, COMPLETED) == [ev.Event(COMPLETED, 0, 31, BONUS)]
    assert is_terminal(st) and st.owner[31] == -1  # the flight wonder is not bought
    assert st.cash[0] == STARTING_CASH + BONUS - 500  # the open rent claim was settled
    assert st.cash[1] == STARTING_CASH - 4000 + 500


def test_w92_completion_by_auction_win_of_another_player() -> None:
    st = start_game()
    _marks_all_but(st, 1, 8)
    land_on(st, 8, 1, 3)  # seat 0 lands on 8 and declines
    act(st, "auction")
    act(st, "bid 100")
    act(st, "bid 200")  # seat 1
    act(st, "pass")  # seat 2
    act(st, "pass")  # seat 0
    assert st.owner[8] == 1 and is_terminal(st)
    assert st.cash[1] == STARTING_CASH - 200 + BONUS
    res = outcome(st)
    assert res is not None and res.termination == Termination.COMPLETED and res.winners == (1,)


def test_w92_bonus_is_paid_once() -> None:
    st = start_game()
    _marks_all_but(st, 0, 37)
    bank = st.bank
    evs = land_on(st, 37, 1, 3)
    evs += act(st, "auction")
    for _ in range(3):
        evs += act(st, "pass")
    assert len(events_of(evs, COMPLETED)) == 1 and is_terminal(st)
    assert st.bank == bank - BONUS and st.cash[0] == STARTING_CASH + BONUS


def test_w92_earlier_claims_of_the_same_turn_are_settled_at_the_end() -> None:
    st = start_game()
    give_deeds(st, 2, [1])
    _marks_all_but(st, 0, 1, 3)
    place(st, 0, 39)
    roll(st, 1, 1)  # onto seat 2's Stonehenge (the 21st mark), rent kr 40 not claimed
    assert st.claims == [(2, 0, 40, st.turn)] and top(st) == (F.ROLL_AGAIN, 0, 1)
    roll(st, 1, 1)  # onto 3: the 22nd mark
    assert top(st) == (F.BUY, 0, 3)
    act(st, "buy")
    assert is_terminal(st) and st.claims == []
    assert st.cash[2] == STARTING_CASH - 1200 + 40
    assert st.cash[0] == STARTING_CASH + SALARY + BONUS - 40 - 1200


def test_w92_finisher_bankrupt_in_the_final_resolution_is_not_valued() -> None:
    st = start_game()
    give_deeds(st, 1, [37, 39])
    set_level(st, 39, HOTEL)  # rent kr 40 000
    set_cash(st, 0, 5000)
    _marks_all_but(st, 0, 39)
    land_on(st, 39, 1, 3)
    assert top(st) == (F.DEBT, 0, 1, 40000, "rent", False)  # 35 000 after the bonus
    act(st, "bankrupt")
    assert is_terminal(st)
    res = outcome(st)
    assert res is not None and res.termination == Termination.COMPLETED
    assert res.scores[0] == 0 and res.winners == (1,)
    assert not st.alive[0]


def test_w93_net_worth_formula() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3, 5])
    give_deeds(st, 0, [12], mortgaged=True)
    set_level(st, 1, HOTEL)
    set_level(st, 3, 2)
    expected = st.cash[0] + 1200 + 1200 + 4000 + 1500 + (1000 + 4 * 1000) + 2 * 1000
    assert net_worth(st, 0) == expected == _worth_parts(st, 0, 4)


def test_w93_hotel_valuation_option_three() -> None:
    st = start_game(options={"hotel_valuation_houses": "3"})
    give_deeds(st, 0, [37, 39])
    set_level(st, 37, HOTEL)
    set_level(st, 39, 4)
    expected = st.cash[0] + 7000 + 8000 + (4000 + 3 * 4000) + 4 * 4000
    assert net_worth(st, 0) == expected == _worth_parts(st, 0, 3)


def test_w94_highest_net_worth_wins_and_ties_share() -> None:
    st = start_game()
    give_deeds(st, 1, [39])  # worth stays 30 000: cash 22 000 + price 8 000
    _marks_all_but(st, 2, 6)
    set_cash(st, 2, 0)
    land_on(st, 4, 1, 3)  # seat 0 pays 4 000 tax
    end_turn(st)
    _idle(st, 1, 3)  # seat 1 pays 4 000 tax: 26 000
    land_on(st, 6, 1, 3)  # seat 2 completes with kr 0: worth 30 000 after the bonus
    assert st.cash[2] == BONUS
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    res = outcome(st)
    assert res is not None and res.scores == (26000, 26000, 30000) and res.winners == (2,)


def test_w94_tie_shared_or_broken_by_cash() -> None:
    for tie_break, winners in ((False, (0, 1)), (True, (1,))):
        st = start_game(n=2, options={"tie_break_cash": tie_break})
        give_deeds(st, 0, [39])
        _marks_all_but(st, 1, 6)
        set_cash(st, 1, 0)
        land_on(st, 10, 4, 6)  # seat 0: just visiting
        end_turn(st)
        land_on(st, 6, 1, 3)
        act(st, "auction")
        act(st, "pass")
        act(st, "pass")
        res = outcome(st)
        assert res is not None and res.scores == (30000, 30000)
        assert res.winners == winners


# --- W-95 to W-98: quick play --------------------------------------------------------------


def _dealt(st: GameState) -> list[ev.Event]:
    assert st.events is not None
    return [e for e in st.events if e.kind == ev.BOUGHT and e.detail == "dealt"]


def test_w95_quick_play_switches_on_dealt_deeds_and_three_house_hotels() -> None:
    st = start_game(options={"quick_play": True})
    assert len(_dealt(st)) == 6
    assert st.edition.houses_per_hotel(st) == 3
    only_deal = start_game(options={"deal_two_deeds": True})
    assert len(_dealt(only_deal)) == 6 and only_deal.edition.houses_per_hotel(only_deal) == 4
    only_hotels = start_game(options={"three_house_hotels": True})
    assert _dealt(only_hotels) == [] and only_hotels.edition.houses_per_hotel(only_hotels) == 3
    plain = start_game()
    assert _dealt(plain) == [] and plain.edition.houses_per_hotel(plain) == 4


def test_w96_two_deeds_dealt_in_seating_order_paid_and_marked() -> None:
    st = new_game("wonders", 3, seed=5, options={"deal_two_deeds": True})
    assert st.current_player == CHANCE and top(st)[0] == F.DICE  # the roll-off comes after
    dealt = _dealt(st)
    assert [e.seat for e in dealt] == [0, 1, 2, 0, 1, 2]
    b = st.edition.board
    for seat in range(3):
        mine = [e.square for e in dealt if e.seat == seat]
        assert sorted(s for s in b.deeds if st.owner[s] == seat) == sorted(mine)
        assert st.cash[seat] == STARTING_CASH - sum(b.price[s] for s in mine)
        assert marks_of(st, seat) == {s for s in mine if s in WONDERS}
    assert sum(1 for s in b.deeds if st.owner[s] == -1) == 28 - 6
    assert not any(st.mortgaged) and ledger_ok(st)


def test_w96_dealt_airport_gives_no_free_flight() -> None:
    seed = next(
        s
        for s in range(200)
        if any(
            e.square in AIRPORTS
            for e in _dealt(new_game("wonders", 2, seed=s, options={"deal_two_deeds": True}))
        )
    )
    st = new_game("wonders", 2, seed=seed, options={"deal_two_deeds": True})
    assert all(f[0] != FLIGHT for f in st.stack)
    for seat in range(2):
        apply = "roll 6 6" if seat == 0 else "roll 1 2"
        act(st, apply)
    assert top(st) == (F.PRE_ROLL, 0)


def test_w97_hotel_after_three_houses_and_rent_unchanged() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 1, [1, 3])
    for _ in range(3):
        act(st, "build 1", seat=1)
        act(st, "build 3", seat=1)
    assert st.level[1] == 3 and st.houses_left == 26
    # at 3 houses a hotel may be bought; `build` would add a 4th house
    assert {"build 1", "build-hotel 1", "build 3", "build-hotel 3"} <= set(texts(st, 1))
    evs = act(st, "build-hotel 1", seat=1)
    assert evs == [ev.Event(ev.BUILT, 1, 1, HOTEL)]
    assert st.houses_left == 29 and st.hotels_left == 11
    assert st.cash[1] == STARTING_CASH - 2400 - 6000 - 1000
    place(st, 0, 38)
    roll(st, 1, 2)  # 38 -> 1, passing START
    assert st.claims == [(1, 0, 5000, st.turn)]  # the deed's hotel rent


def test_w97_a21_fourth_house_is_allowed_and_its_hotel_returns_four() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 1, [1, 3])
    for _ in range(3):
        act(st, "build 1", seat=1)
        act(st, "build 3", seat=1)
    act(st, "build 1", seat=1)  # the 4-house limit still holds (W-73)
    assert st.level[1] == 4 and st.houses_left == 25
    # at the limit, `build` is the hotel (returning 4 houses) and build-hotel is not needed
    assert "build 1" in texts(st, 1) and "build-hotel 1" not in texts(st, 1)
    assert "build 3" in texts(st, 1)  # even: 3 may follow to 4
    act(st, "build 1", seat=1)
    assert st.level[1] == HOTEL and st.houses_left == 29 and st.hotels_left == 11
    assert "build-hotel 3" in texts(st, 1)  # 3 houses next to a hotel (counted as 4) is even


def test_w97_hotel_breaks_into_three_houses() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, HOTEL)
    set_level(st, 9, 3)
    st.houses_left = 3
    cash = st.cash[0]
    act(st, "sell-building 6")
    assert st.level[6] == 3 and st.houses_left == 0 and st.cash[0] == cash + 500
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, HOTEL)
    set_level(st, 9, 3)
    st.houses_left = 2  # too few to break down into three: the W-78 c batch instead
    act(st, "sell-building 6")
    assert [st.level[s] for s in (6, 8, 9)] == [0, 0, 1] and st.houses_left == 4


def test_w97_hotel_sold_outright_for_half_of_hotel_and_three_houses() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 0, [37, 39])
    set_level(st, 37, HOTEL)
    set_level(st, 39, HOTEL)
    st.houses_left = 0
    cash = st.cash[0]
    act(st, "sell-building 39")
    assert st.level[37] == 0 and st.level[39] == 0
    assert st.cash[0] == cash + 2 * (4000 + 3 * 4000) // 2


def test_w97_even_building_counts_a_hotel_as_four() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, HOTEL)
    set_level(st, 8, 3)
    set_level(st, 9, 3)
    legal = texts(st)
    assert "build 8" in legal and "build 9" in legal
    assert "sell-building 6" in legal and "sell-building 8" not in legal


def test_w97_hotel_valued_with_three_houses() -> None:
    st = start_game(options={"three_house_hotels": True})
    give_deeds(st, 0, [37, 39])
    set_level(st, 37, HOTEL)
    assert net_worth(st, 0) == st.cash[0] + 7000 + 8000 + 4000 + 3 * 4000


def test_w98_quick_play_ends_at_completion_with_three_house_valuation() -> None:
    st = start_game(n=2, seed=3, options={"quick_play": True})
    owned = {s: o for s, o in enumerate(st.owner) if o >= 0}
    assert owned == {18: 0, 39: 0, 21: 1, 37: 1}  # the deal of seed 3
    give_deeds(st, 1, [23, 24])
    set_level(st, 21, HOTEL)
    _marks_all_but(st, 0, 6)
    land_on(st, 6, 1, 3)
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    res = outcome(st)
    assert res is not None and res.termination == Termination.COMPLETED
    assert st.cash[0] == STARTING_CASH - 3600 - 8000 + BONUS
    hotel = 3000 + 3 * 3000  # hotel price + 3 houses
    assert res.scores == (STARTING_CASH + BONUS, STARTING_CASH + hotel)
    assert res.winners == (0,)


# --- W-99 to W-101: time-limited game ------------------------------------------------------


def test_w99_turn_limit_ends_on_net_worth() -> None:
    st = start_game(n=2, options={"turn_limit": 1})
    land_on(st, 6, 1, 3)
    act(st, "buy")
    end_turn(st)
    land_on(st, 4, 1, 3)  # seat 1 pays kr 4 000 tax
    assert not is_terminal(st)
    evs = end_turn(st)  # the round is over
    assert is_terminal(st) and ev.GAME_OVER in kinds(evs)
    res = outcome(st)
    assert res is not None and res.termination == Termination.TURN_LIMIT
    assert res.scores == (STARTING_CASH, STARTING_CASH - 4000) and res.winners == (0,)


def test_w100_time_game_deals_two_deeds_each_paid_and_marked() -> None:
    st = new_game("wonders", 3, seed=8, options={"time_game": True, "turn_limit": 5})
    dealt = _dealt(st)
    assert [e.seat for e in dealt] == [0, 1, 2, 0, 1, 2]
    b = st.edition.board
    for seat in range(3):
        mine = [e.square for e in dealt if e.seat == seat]
        assert st.cash[seat] == STARTING_CASH - sum(b.price[s] for s in mine)
        assert marks_of(st, seat) == {s for s in mine if s in WONDERS}
    assert st.edition.houses_per_hotel(st) == 4  # QP2 is not switched on


def test_w101_last_turn_finishes_with_its_doubles_and_claims_are_settled() -> None:
    st = start_game(n=2, options={"time_game": True, "turn_limit": 1})
    owned = {s: o for s, o in enumerate(st.owner) if o >= 0}
    assert owned == {15: 0, 25: 0, 8: 1, 19: 1}  # the deal of seed 0
    assert st.cash == [STARTING_CASH - 8000, STARTING_CASH - 6000]
    land_on(st, 10, 4, 6)
    end_turn(st)
    place(st, 1, 13)
    roll(st, 1, 1)  # the round's last turn: a double onto seat 0's airport (kr 1 000)
    assert st.claims == [(0, 1, 1000, st.turn)]
    _fly(st, 39)
    assert top(st) == (F.ROLL_AGAIN, 1, 1) and not is_terminal(st)
    roll(st, 1, 2)  # the re-roll is still played: 15 -> 18
    act(st, "auction")
    _pass_auction(st)
    assert not is_terminal(st)
    end_turn(st)
    assert is_terminal(st) and st.claims == []  # the open claim was settled
    assert st.cash == [STARTING_CASH - 8000 + 1000, STARTING_CASH - 6000 - 1000]
    res = outcome(st)
    assert res is not None and res.termination == Termination.TURN_LIMIT
    assert res.scores == (STARTING_CASH + 1000, STARTING_CASH - 1000) and res.winners == (0,)


def test_w101_completion_still_ends_a_time_game_early_with_bonus() -> None:
    st = start_game(n=2, options={"time_game": True, "turn_limit": 10})
    missing = next(w for w in WONDERS if st.owner[w] == -1 and w >= 6)
    _marks_all_but(st, 0, missing)
    cash = st.cash[0]
    land_on(st, missing, 1, 3)
    assert st.cash[0] == cash + BONUS
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    res = outcome(st)
    assert res is not None and res.termination == Termination.COMPLETED and st.rounds == 0


# --- W-84: trades between players (W-56, W-79, W-85, W-86 by trade) -------------------------


def test_w84_exchange_of_deeds_cards_and_cash() -> None:
    st = start_game()
    give_deeds(st, 0, [5, 24])
    give_deeds(st, 1, [12, 1])
    _hold_card(st, 0, C_GOOJF)
    act(st, "trade 1 give 5,24,C16 get 1,12 cash 500")
    assert top(st)[:2] == (F.OFFER, 1)
    assert {"accept", "reject"} <= set(texts(st))
    evs = act(st, "accept")
    assert [st.owner[s] for s in (5, 24, 1, 12)] == [1, 1, 0, 0]
    assert st.card_holder == {C_GOOJF: 1}
    assert st.cash[0] == STARTING_CASH - 8800 - 500 and st.cash[1] == STARTING_CASH - 4200 + 500
    assert len(events_of(evs, ev.TRANSFERRED)) == 4
    assert marks_of(st, 0) == set() and marks_of(st, 1) == set()  # W-19: no marks
    assert top(st) == (F.PRE_ROLL, 0) and ledger_ok(st)


def test_w84_rejected_trade_changes_nothing() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    act(st, "trade 2 give 39 get - cash -9000")
    act(st, "reject")
    assert st.owner[39] == 0 and st.cash[2] == STARTING_CASH and top(st) == (F.PRE_ROLL, 0)


def test_w84_payer_needs_the_cash_and_items_must_be_held() -> None:
    st = start_game()
    give_deeds(st, 0, [39])
    set_cash(st, 2, 100)
    _illegal(st, "trade 2 give 39 get - cash -101")
    _illegal(st, "trade 2 give 37 get - cash -100")  # not his deed
    _illegal(st, "trade 2 give - get C16 cash 10")  # seat 2 holds no card
    act(st, "trade 2 give 39 get - cash -100")
    act(st, "accept")
    assert st.owner[39] == 2


def test_w84_w79_no_wonder_of_a_built_group_is_traded() -> None:
    st = start_game()
    give_deeds(st, 0, [11, 13, 14, 5])
    set_level(st, 14, 1)
    legal = texts(st)
    assert not any(
        t.startswith(("trade 1 give 11", "trade 1 give 13", "trade 1 give 14")) for t in legal
    )
    assert any(t.startswith("trade 1 give 5 ") for t in legal)
    _illegal(st, "trade 1 give 11 get - cash -100")
    act(st, "sell-building 14")
    act(st, "trade 1 give 11 get - cash -100")
    act(st, "accept")
    assert st.owner[11] == 1


def test_w84_trade_windows_between_turns_and_not_during_an_auction() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    assert any(t.startswith("trade") for t in texts(st, 1))  # window (b)
    land_on(st, 6, 1, 3)
    assert top(st) == (F.BUY, 0, 6)
    act(st, "auction")
    assert not any(t.startswith("trade") for t in texts(st, 1))
    _illegal(st, "trade 2 give 39 get - cash -100", seat=1)
    _pass_auction(st)
    _illegal(st, "trade 2 give 39 get - cash -100", seat=1)  # seat 0 has not ended
    end_turn(st)
    act(st, "trade 2 give 39 get - cash -100", seat=1)  # seat 1's own pre-roll (a)
    act(st, "accept")
    assert st.owner[39] == 2


def test_w84_w85_traded_mortgaged_deed_is_settled_by_the_receiver() -> None:
    st = start_game()
    give_deeds(st, 0, [29], mortgaged=True)
    act(st, "trade 1 give 29 get - cash -1000")
    act(st, "accept")
    assert st.owner[29] == 1 and top(st) == (F.ACQUIRED, 1, 1 << 29)
    cash = st.cash[1]
    act(st, "keep-mortgaged 29")
    assert st.cash[1] == cash - 280 and st.mortgaged[29]
    assert top(st) == (F.PRE_ROLL, 0)


def test_w86_debtor_sells_a_deed_to_a_third_player() -> None:
    st = start_game()
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [37])
    set_cash(st, 0, 0)
    land_on(st, 39, 1, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 1000, "rent", False)
    assert "trade 2 give 37 get - cash -7000" in texts(st)
    act(st, "trade 2 give 37 get - cash -7000")
    act(st, "accept")
    assert st.owner[37] == 2 and st.cash[0] == 7000
    act(st, "pay")
    assert st.cash[0] == 6000 and top(st) == (F.END_TURN, 0)


# --- W-77: building shortage auction --------------------------------------------------------


def _shortage(st: GameState, stock: int) -> None:
    """Seat 0 owns brown (house kr 1 000), seat 1 dark blue (kr 4 000); the bank has `stock`
    houses left (the rest stand on other boards)."""
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 1, [37, 39])
    st.houses_left = stock


def test_w77_demand_is_polled_and_scarce_houses_are_auctioned_one_at_a_time() -> None:
    st = start_game()
    _shortage(st, 2)
    evs = act(st, "build 1")
    assert events_of(evs, ev.SHORTAGE) == [ev.Event(ev.SHORTAGE, 0, 1, 2, -1, "house")]
    assert st.level[1] == 0 and top(st)[:2] == (F.DEMAND, 0)
    assert texts(st) == ["want 1", "want 2"]  # the asker wants at least one
    act(st, "want 2")
    assert top(st)[:2] == (F.DEMAND, 1) and texts(st) == ["want 0", "want 1", "want 2"]
    assert texts(st, 2) == []  # seat 2 cannot build: not asked
    evs = act(st, "want 1")
    # opening bid: the lowest house price of the groups of those who want (kr 1 000)
    assert events_of(evs, ev.AUCTION_STARTED) == [
        ev.Event(ev.AUCTION_STARTED, -1, F.HOUSE_LOT, 1000)
    ]
    assert top(st)[:2] == (F.AUCTION, 0)  # calling starts with the asker
    _illegal(st, "bid 999")
    act(st, "bid 1000")
    act(st, "bid 1500")
    act(st, "pass")
    assert st.cash[1] == STARTING_CASH - 15000 - 1500
    assert top(st) == (F.PLACE, 1, F.HOUSE) and texts(st) == ["build 37", "build 39"]
    act(st, "build 39")  # placed at once, legally; the bid was the price
    assert st.level[39] == 1 and st.houses_left == 1
    assert st.cash[1] == STARTING_CASH - 15000 - 1500  # nothing more paid
    assert top(st) == (F.PRE_ROLL, 0)  # only one player still wants: the auctions end
    assert st.cash[0] == STARTING_CASH - 2400 and st.level[1] == 0


def test_w77_no_contest_sells_at_the_deed_price() -> None:
    st = start_game()
    _shortage(st, 2)
    act(st, "build 1")
    act(st, "want 1")
    act(st, "want 0")  # seat 1 does not want any now
    assert st.level[1] == 1 and st.houses_left == 1
    assert st.cash[0] == STARTING_CASH - 2400 - 1000 and top(st) == (F.PRE_ROLL, 0)


def test_w77_demand_within_stock_is_not_auctioned() -> None:
    st = start_game()
    _shortage(st, 2)
    act(st, "build 1")
    act(st, "want 1")
    act(st, "want 1")  # total demand 2 is not above the stock
    assert st.level[1] == 1 and st.cash[0] == STARTING_CASH - 2400 - 1000
    assert top(st) == (F.PRE_ROLL, 0)


def test_w77_nobody_bids_ends_the_auctions() -> None:
    st = start_game()
    _shortage(st, 1)
    act(st, "build 3")
    act(st, "want 1")
    act(st, "want 1")
    act(st, "pass")
    act(st, "pass")
    assert st.houses_left == 1 and st.level[3] == 0 and st.level[37] == 0
    assert st.cash[0] == STARTING_CASH - 2400 and top(st) == (F.PRE_ROLL, 0)


def test_w77_no_shortage_when_nobody_else_could_build() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    st.houses_left = 1
    evs = act(st, "build 1")
    assert evs == [ev.Event(ev.BUILT, 0, 1, 1)] and st.houses_left == 0


def test_w77_scarce_hotel_auction_opens_at_the_lowest_hotel_price() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 1, [37, 39])
    for s in (1, 3, 37, 39):
        set_level(st, s, 4)
    st.hotels_left = 1
    evs = act(st, "build 1")
    assert events_of(evs, ev.SHORTAGE) == [ev.Event(ev.SHORTAGE, 0, 1, 1, -1, "hotel")]
    act(st, "want 1")
    evs = act(st, "want 1")
    assert events_of(evs, ev.AUCTION_STARTED) == [
        ev.Event(ev.AUCTION_STARTED, -1, F.HOTEL_LOT, 1000)
    ]
    act(st, "pass")  # seat 0
    act(st, "bid 2500")
    houses = st.houses_left
    assert top(st) == (F.PLACE, 1, F.HOTEL)
    act(st, "build 37")
    assert st.level[37] == HOTEL and st.hotels_left == 0 and st.houses_left == houses + 4
    assert st.cash[1] == STARTING_CASH - 15000 - 2500
