"""Rule tests for wonders W-1 to W-50 (spec: wonders.md): components, setup, passports,
turn sequence, doubles, START salary, buying and auctions, rent, utilities and airports.

Every test drives the engine with scripted dice and text actions and checks exact amounts,
squares, marks, owners, frames, legal actions and events.
"""

from __future__ import annotations

import pytest

from tycoon.api import apply_action, legal_actions, new_game
from tycoon.editions.wonders import COMPLETED, FLIGHT, MARKED
from tycoon.engine import events as ev
from tycoon.engine.actions import Kind
from tycoon.engine.errors import IllegalActionError, OptionError
from tycoon.engine.rng import Rng
from tycoon.engine.types import BANK, CHANCE, TERMINAL, Termination
from tycoon.rules.flow import advance

from .helpers import (
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

WONDERS = (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39)
AIRPORTS = (5, 15, 25, 35)
UTILITIES = (12, 28)
CHANCE_IDS = set(range(200, 216))
CHEST_IDS = set(range(1000, 1016))


def marked_events(evs: list[ev.Event]) -> list[tuple[int, int, str]]:
    return [(e.seat, e.square, e.detail) for e in events_of(evs, MARKED)]


def flight_marks(st: object) -> list[str]:
    return [t for t in texts(st) if t.startswith("mark ")]  # type: ignore[arg-type]


# --- 2.1 Components and money ---------------------------------------------------------------


def test_w1_components_in_a_new_game() -> None:
    st = new_game("wonders", 6, seed=3)
    b = st.edition.board
    assert st.houses_left == 32 and st.hotels_left == 12
    assert set(st.decks[0]) == CHANCE_IDS and set(st.decks[1]) == CHEST_IDS
    assert len(b.deeds) == 28 and all(st.owner[s] == -1 for s in b.deeds)
    assert sorted(b.streets) == list(WONDERS)
    assert st.ext["marks"] == [0] * 6  # one passport per player


def test_w2_tokens_have_no_effect_on_play() -> None:
    a = new_game("wonders", ["Vogn", "Kano", "Fly"], seed=5)
    b = new_game("wonders", 3, seed=5)
    script = ["roll 6 6", "roll 1 2", "roll 2 1", "roll", "roll 2 4", "buy", "end-turn"]
    for t in script:
        apply_action(a, t)
        apply_action(b, t)
    assert (a.cash, a.pos, a.owner, a.ext, a.stack) == (b.cash, b.pos, b.owner, b.ext, b.stack)


@pytest.mark.parametrize("n", [1, 7])
def test_w3_player_count_outside_2_to_6_rejected(n: int) -> None:
    with pytest.raises(OptionError):
        new_game("wonders", n, seed=0)


@pytest.mark.parametrize("n", [2, 6])
def test_w3_two_to_six_players_accepted(n: int) -> None:
    st = start_game(n, first=n - 1)
    assert st.n == n and len(st.ext["marks"]) == n and top(st) == (F.PRE_ROLL, n - 1)


def test_w4_balances_stay_integers_in_random_play() -> None:
    st = start_game(4, first=2, seed=11)
    rng = Rng(7)
    for _ in range(600):
        if st.current_player == TERMINAL:
            break
        legal = legal_actions(st)
        apply_action(st, legal[rng.below(len(legal))])
        assert all(type(c) is int for c in st.cash) and type(st.bank) is int
        assert ledger_ok(st)


def test_w5_starting_money_is_30000() -> None:
    st = new_game("wonders", 4, seed=0)
    assert st.cash == [30000] * 4 and STARTING_CASH == 30000
    assert 2 * 10000 + 4 * 2000 + 1000 + 400 + 2 * 200 + 100 + 5 * 20 == 30000


def test_w6_bank_never_runs_out_of_money() -> None:
    st = start_game(3)
    set_cash(st, 1, 500000)  # the bank's ledger goes far below zero
    assert st.bank < 0
    bank = st.bank
    place(st, 0, 38)
    roll(st, 1, 2)  # passes START
    assert st.cash[0] == 30000 + SALARY and st.bank == bank - SALARY and ledger_ok(st)


def test_w6_building_stock_is_limited() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 3])
    st.houses_left = 1
    act(st, "build 1")
    assert st.houses_left == 0 and st.level[1] == 1
    assert "build 3" not in texts(st)
    with pytest.raises(IllegalActionError):
        act(st, "build 3")


# --- 2.2 Setup ----------------------------------------------------------------------------------


def test_w7_decks_shuffled_separately() -> None:
    orders = set()
    for seed in range(6):
        st = new_game("wonders", 3, seed=seed)
        assert set(st.decks[0]) == CHANCE_IDS and set(st.decks[1]) == CHEST_IDS
        assert st.edition.board.deck_index(card_id("C6")) == 0
        assert st.edition.board.deck_index(card_id("K16")) == 1
        orders.add((tuple(st.decks[0]), tuple(st.decks[1])))
    assert len(orders) == 6
    assert any(list(o[0]) != sorted(o[0]) for o in orders)


def test_w8_tokens_on_start_and_blank_passports() -> None:
    st = start_game(5, first=3)
    assert st.pos == [0] * 5
    assert all(marks_of(st, p) == set() for p in range(5))


def test_w9_six_players_all_play_with_an_automated_bank() -> None:
    st = start_game(6, first=0)
    for seat in range(6):
        assert top(st) == (F.PRE_ROLL, seat)
        roll(st, 1, 2)  # lands on 3 / 6 / 9 ... unowned wonders: auction them off unsold
        while top_kind(st) != F.END_TURN:
            act(st, "auction" if top_kind(st) == F.BUY else "pass")
        end_turn(st)
    assert top(st) == (F.PRE_ROLL, 0)


def test_w10_bank_gives_each_player_the_starting_money() -> None:
    st = new_game("wonders", 3, seed=0)
    assert st.cash == [30000, 30000, 30000] and st.bank == 0 and ledger_ok(st)


def test_w11_highest_roll_starts_ties_reroll_among_themselves() -> None:
    st = new_game("wonders", 3, seed=0)
    evs = apply_action(st, "roll 4 4")  # seat 0: 8
    evs += apply_action(st, "roll 5 5")  # seat 1: 10
    evs += apply_action(st, "roll 6 4")  # seat 2: 10
    assert top(st) == (F.DICE, 1, F.ROLL_ORDER, (1, 2), ())
    evs += apply_action(st, "roll 1 1")  # seat 1: 2
    evs += apply_action(st, "roll 1 2")  # seat 2: 3
    assert [e.seat for e in events_of(evs, ev.FIRST_PLAYER)] == [2]
    assert top(st) == (F.PRE_ROLL, 2) and st.first == 2
    roll(st, 2, 6)  # seat 2 to 8, unowned
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 0)  # play passes to the left: 2 -> 0


def _deal(opt: str) -> dict[str, object]:
    """Options that deal deeds (a time game needs its length, W-99)."""
    return {opt: True, **({"turn_limit": 50} if opt == "time_game" else {})}


@pytest.mark.parametrize("opt", ["quick_play", "deal_two_deeds", "time_game"])
def test_w12_deeds_dealt_before_the_first_roll(opt: str) -> None:
    st = new_game("wonders", 3, seed=4, options=_deal(opt))
    b = st.edition.board
    assert st.current_player == CHANCE and top(st)[2] == F.ROLL_ORDER
    for seat in range(3):
        owned = [s for s in b.deeds if st.owner[s] == seat]
        assert len(owned) == 2
        assert st.cash[seat] == 30000 - sum(b.price[s] for s in owned)
    assert ledger_ok(st)


@pytest.mark.parametrize("opt", ["quick_play", "deal_two_deeds", "time_game"])
def test_w96_dealt_deeds_must_be_payable_from_the_starting_cash(opt: str) -> None:
    """W-96, W-100: the dealt deeds are paid for; a starting cash below the dearest deal
    is refused by the options (it used to start players in the red, and the listed
    exchanges then offered cash they did not have)."""
    with pytest.raises(OptionError, match=r"'starting_cash' must be at least 15000 .*W-96"):
        new_game("wonders", 3, seed=4, options={**_deal(opt), "starting_cash": 3000})
    st = new_game("wonders", 6, seed=4, options={**_deal(opt), "starting_cash": 15000})
    assert min(st.cash) >= 0 and ledger_ok(st)


# --- 2.3 The passport -------------------------------------------------------------------------


def test_w13_marks_do_not_depend_on_ownership() -> None:
    st = start_game(3)
    give_deeds(st, 1, [6])
    assert marks_of(st, 1) == set()  # owning does not mark
    land_on(st, 6)  # seat 0 lands on seat 1's wonder
    assert marks_of(st, 0) == {6}
    act(st, "claim 0", seat=1)
    # seat 1 loses the deed; nobody's marks change
    st.owner[6] = -1
    assert marks_of(st, 0) == {6} and marks_of(st, 1) == set()


def test_w13_mark_survives_losing_the_wonder() -> None:
    st = start_game(3)
    land_on(st, 1)
    act(st, "buy")
    act(st, "mortgage 1")
    st.owner[1] = 2  # the deed goes elsewhere
    assert 1 in marks_of(st, 0)


def test_w14_dice_move_marks_only_the_final_square() -> None:
    st = start_game(3)
    evs = roll(st, 2, 4)  # 0 -> 6, passing 1 and 3
    assert st.pos[0] == 6
    assert marked_events(evs) == [(0, 6, "visit")]
    assert marks_of(st, 0) == {6}


def test_w14_jail_release_roll_is_a_landing() -> None:
    st = start_game(3)
    jail(st, 0)
    evs = roll(st, 3, 3)  # double: out, moves 10 -> 16
    assert st.pos[0] == 16 and st.jail[0] == -1
    assert marked_events(evs) == [(0, 16, "visit")]


def test_w14_card_move_is_a_landing() -> None:
    st = start_game(3)
    put_on_top(st, "C4")  # Advance to Petra (11)
    evs = land_on(st, 7)
    assert st.pos[0] == 11 and marked_events(evs) == [(0, 11, "visit")]


def test_w14_being_sent_to_jail_is_not_a_landing() -> None:
    st = start_game(3)
    evs = land_on(st, 30)
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert [e.square for e in events_of(evs, ev.LANDED)] == [30]


def test_w15_unowned_wonder_bought_is_marked() -> None:
    st = start_game(3)
    evs = land_on(st, 9)
    assert marks_of(st, 0) == {9} and top(st) == (F.BUY, 0, 9)
    evs += act(st, "buy")
    assert st.owner[9] == 0 and st.cash[0] == 30000 - 2400
    assert marked_events(evs) == [(0, 9, "visit")]


def test_w15_unowned_wonder_declined_and_auctioned_marks_the_lander() -> None:
    st = start_game(3)
    land_on(st, 9)
    act(st, "auction")
    act(st, "pass")  # seat 0, the lander, passes
    act(st, "bid 500")  # seat 1
    act(st, "pass")  # seat 2
    assert st.owner[9] == 1
    assert marks_of(st, 0) == {9}  # the lander visited it
    assert marks_of(st, 1) == {9}  # the winner marks it too (W-16)
    assert marks_of(st, 2) == set()


def test_w15_own_wonder_is_marked() -> None:
    st = start_game(3)
    give_deeds(st, 0, [9])
    evs = land_on(st, 9)
    assert marks_of(st, 0) == {9} and top(st) == (F.END_TURN, 0)
    assert not events_of(evs, ev.RENT_DUE)


@pytest.mark.parametrize("claimed", [True, False])
def test_w15_another_players_wonder_is_marked(claimed: bool) -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    land_on(st, 9)
    if claimed:
        act(st, "claim 0", seat=2)
    assert marks_of(st, 0) == {9} and marks_of(st, 2) == set()
    assert st.cash[0] == 30000 - (160 if claimed else 0)


def test_w15_mortgaged_wonder_is_marked() -> None:
    st = start_game(3)
    give_deeds(st, 1, [9], mortgaged=True)
    evs = land_on(st, 9)
    assert marks_of(st, 0) == {9} and not events_of(evs, ev.RENT_DUE)


def test_w15_card_move_to_a_wonder_marks_it() -> None:
    st = start_game(3)
    put_on_top(st, "C3")  # Advance to the Great Wall of China (39)
    evs = land_on(st, 36)
    assert st.pos[0] == 39 and marked_events(evs) == [(0, 39, "visit")]
    put_on_top(st, "K2")  # Go back to Stonehenge (1)
    act(st, "buy")
    end_turn(st)
    evs = land_on(st, 2, 1, 1)  # seat 1: 0 -> 2, then back to 1
    assert st.pos[1] == 1 and marked_events(evs) == [(1, 1, "visit")]
    assert top(st) == (F.BUY, 1, 1)


def test_w16_auction_win_marks_a_winner_who_never_stood_there() -> None:
    st = start_game(3)
    evs = land_on(st, 39)
    evs += act(st, "auction")
    evs += act(st, "pass")  # seat 0
    evs += act(st, "pass")  # seat 1
    evs += act(st, "bid 1")  # seat 2, never on 39
    assert st.owner[39] == 2 and st.cash[2] == 29999 and st.pos[2] == 0
    assert marks_of(st, 2) == {39}
    assert marked_events(evs) == [(0, 39, "visit"), (2, 39, "deed")]


def test_w16_bank_auction_after_bankruptcy_marks_the_winner() -> None:
    st = start_game(3)
    give_deeds(st, 0, [37])
    set_cash(st, 0, 100)
    land_on(st, 4)  # Income Tax kr 4000 > 100 + 3500 mortgage value
    assert top_kind(st) == F.DEBT
    evs = act(st, "bankrupt")
    assert st.owner[37] == -1 and top_kind(st) == F.AUCTION
    while top_kind(st) == F.AUCTION:
        evs += act(st, "bid 2000" if st.current_player == 2 else "pass")
    assert st.owner[37] == 2 and st.cash[2] == 28000
    assert marks_of(st, 2) == {37} and marks_of(st, 1) == set()
    assert (2, 37, "deed") in marked_events(evs)


@pytest.mark.parametrize("opt", ["quick_play", "deal_two_deeds", "time_game"])
def test_w17_dealt_wonders_are_marked(opt: str) -> None:
    st = new_game("wonders", 4, seed=9, options=_deal(opt))
    b = st.edition.board
    for seat in range(4):
        dealt = {s for s in b.deeds if st.owner[s] == seat}
        assert marks_of(st, seat) == {s for s in dealt if s in WONDERS}
    # dealt airports give no free flight: the game waits on the roll-off
    assert all(f[0] != FLIGHT for f in st.stack) and st.current_player == CHANCE


def test_w17_dealt_marks_are_recorded_for_each_player() -> None:
    seen = 0
    for seed in range(10):
        st = new_game("wonders", 3, seed=seed, options={"deal_two_deeds": True})
        for seat in range(3):
            for s in WONDERS:
                if st.owner[s] == seat:
                    assert s in marks_of(st, seat)
                    seen += 1
    assert seen > 0


def test_w18_free_flight_marks_a_chosen_unvisited_wonder() -> None:
    st = start_game(3)
    mark_squares(st, 0, [1, 3])
    land_on(st, 5)
    act(st, "buy")
    assert top(st) == (FLIGHT, 0)
    assert flight_marks(st) == [f"mark {s}" for s in WONDERS if s not in (1, 3)]
    evs = act(st, "mark 34")
    assert marked_events(evs) == [(0, 34, "flight")]
    assert marks_of(st, 0) == {1, 3, 34} and st.pos[0] == 5
    assert top(st) == (F.END_TURN, 0)


@pytest.mark.parametrize("square", [*AIRPORTS, *UTILITIES, 0, 2, 4, 7, 10, 20, 38])
def test_w19_other_squares_are_never_marked(square: int) -> None:
    st = start_game(3)
    put_on_top(st, "C13")  # Chance: Speeding fine (no move)
    put_on_top(st, "K4")  # Community Chest: pay hospital fees (no move)
    evs = land_on(st, square)
    assert marks_of(st, 0) == set() and not events_of(evs, MARKED)


def test_w19_go_to_jail_square_is_not_marked() -> None:
    st = start_game(3)
    land_on(st, 30)
    assert marks_of(st, 0) == set()


def test_w19_bankruptcy_transfer_does_not_mark() -> None:
    st = start_game(3)
    give_deeds(st, 0, [21, 23])
    give_deeds(st, 1, [39])
    set_level(st, 39, 5)
    set_cash(st, 0, 100)
    land_on(st, 39)  # rent 40000
    act(st, "claim 0", seat=1)
    assert top_kind(st) == F.DEBT
    act(st, "bankrupt")
    assert st.owner[21] == 1 and st.owner[23] == 1 and not st.alive[0]
    assert marks_of(st, 1) == set()


def test_w19_settlement_in_kind_does_not_mark() -> None:
    st = start_game(3)
    give_deeds(st, 0, [21])
    give_deeds(st, 1, [39])
    set_level(st, 39, 2)  # rent 12000
    set_cash(st, 0, 1000)
    land_on(st, 39)
    act(st, "claim 0", seat=1)
    assert top_kind(st) == F.DEBT
    act(st, f"pay-with 21 for {4400}")
    assert st.current_player == 1
    act(st, "accept")
    assert st.owner[21] == 1 and marks_of(st, 1) == set()


def test_w19_trade_does_not_mark() -> None:
    st = start_game(3)
    give_deeds(st, 1, [21])
    if not hasattr(Kind, "TRADE"):
        pytest.skip("general trades not implemented")
    act(st, "trade 1 give - get 21 cash 5000")
    assert top_kind(st) == F.OFFER and st.current_player == 1
    act(st, "accept")
    assert st.owner[21] == 0
    assert marks_of(st, 0) == set() and marks_of(st, 1) == set()


def test_w20_marking_again_changes_nothing() -> None:
    st = start_game(3)
    mark_squares(st, 0, [6])
    evs = land_on(st, 6)
    assert marks_of(st, 0) == {6} and not events_of(evs, MARKED)
    act(st, "auction")
    act(st, "bid 1")
    act(st, "pass")
    evs = act(st, "pass")
    assert st.owner[6] == 0 and marks_of(st, 0) == {6} and not events_of(evs, MARKED)


def test_w20_flight_cannot_mark_a_marked_wonder() -> None:
    st = start_game(3)
    mark_squares(st, 0, [6])
    give_deeds(st, 0, [5])
    land_on(st, 5)
    assert "mark 6" not in texts(st)
    with pytest.raises(IllegalActionError):
        act(st, "mark 6")
    with pytest.raises(IllegalActionError):
        act(st, "mark 12")  # a utility is not a wonder


def test_w21_22nd_mark_by_landing_ends_the_game() -> None:
    st = start_game(3)
    mark_squares(st, 0, [s for s in WONDERS if s != 39])
    evs = land_on(st, 39)
    assert [(e.seat, e.square, e.amount) for e in events_of(evs, COMPLETED)] == [(0, 39, 30000)]
    assert st.cash[0] == 60000
    assert top(st) == (F.BUY, 0, 39)  # the landing is finished first
    evs = act(st, "buy")
    assert st.owner[39] == 0 and st.cash[0] == 52000
    assert st.termination == Termination.COMPLETED.value and st.current_player == TERMINAL
    assert events_of(evs, ev.GAME_OVER) and ledger_ok(st)


def test_w21_22nd_mark_by_free_flight_ends_the_game() -> None:
    st = start_game(3)
    mark_squares(st, 0, [s for s in WONDERS if s != 1])
    give_deeds(st, 0, [25])
    land_on(st, 25)
    assert flight_marks(st) == ["mark 1"]
    evs = act(st, "mark 1")
    assert events_of(evs, COMPLETED) and st.cash[0] == 30000 - 4000 + 30000
    assert st.termination == Termination.COMPLETED.value


def test_w21_22nd_mark_dropped_double_reroll() -> None:
    st = start_game(3)
    mark_squares(st, 0, [s for s in WONDERS if s != 8])
    give_deeds(st, 0, [8])
    land_on(st, 8, 3, 3)  # a double: normally a re-roll follows
    assert st.termination == Termination.COMPLETED.value
    assert st.current_player == TERMINAL


def test_w21_22nd_mark_by_auction_win_ends_the_game() -> None:
    st = start_game(3)
    mark_squares(st, 2, [s for s in WONDERS if s != 39])
    land_on(st, 39)
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    evs = act(st, "bid 100")  # seat 2 wins: he never stood on 39
    assert [(e.seat, e.square) for e in events_of(evs, COMPLETED)] == [(2, 39)]
    assert st.cash[2] == 30000 - 100 + 30000 and st.owner[39] == 2
    assert st.termination == Termination.COMPLETED.value


def test_w21_rent_due_on_the_final_landing_is_settled() -> None:
    st = start_game(3)
    mark_squares(st, 0, [s for s in WONDERS if s != 39])
    give_deeds(st, 1, [39])
    land_on(st, 39)  # rent 1000, nobody claims
    assert st.termination == Termination.COMPLETED.value
    assert st.cash[0] == 30000 + 30000 - 1000 and st.cash[1] == 30000 - 8000 + 1000


def test_w21_21_marks_do_not_end_the_game() -> None:
    st = start_game(3)
    mark_squares(st, 0, [s for s in WONDERS if s not in (8, 39)])
    give_deeds(st, 0, [8])
    evs = land_on(st, 8)
    assert not events_of(evs, COMPLETED) and not st.termination and top(st) == (F.END_TURN, 0)


# --- 2.4 Turn sequence --------------------------------------------------------------------------


def test_w22_turn_roll_move_resolve_end() -> None:
    st = start_game(3)
    evs = roll(st, 2, 4)
    assert kinds(evs) == [ev.DICE_ROLLED, ev.MOVED, ev.LANDED, MARKED]
    assert top(st) == (F.BUY, 0, 6)
    act(st, "buy")
    assert top(st) == (F.END_TURN, 0)
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 1)
    roll(st, 2, 4)  # seat 1 shares square 6 with seat 0
    assert st.pos[0] == st.pos[1] == 6
    assert st.claims == [(0, 1, 120, st.turn)]


def test_w22_sent_to_jail_ends_turn_even_after_a_double() -> None:
    st = start_game(3)
    put_on_top(st, "C9")
    land_on(st, 7, 2, 2)  # double onto Chance, go to jail
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert top(st) == (F.PRE_ROLL, 1)


def test_w23_wonder_mark_then_buy() -> None:
    st = start_game(3)
    evs = land_on(st, 11)
    assert kinds(evs)[-2:] == [ev.LANDED, MARKED] and top(st) == (F.BUY, 0, 11)


def test_w23_airport_buy_then_free_flight() -> None:
    st = start_game(3)
    land_on(st, 15)
    assert top(st) == (F.BUY, 0, 15) and st.stack[-2] == (FLIGHT, 0)
    act(st, "buy")
    assert top(st) == (FLIGHT, 0) and st.cash[0] == 26000


def test_w23_utility_buy() -> None:
    st = start_game(3)
    land_on(st, 12)
    assert top(st) == (F.BUY, 0, 12)
    act(st, "buy")
    assert st.owner[12] == 0 and st.cash[0] == 27000 and top(st) == (F.END_TURN, 0)


def test_w23_tax_squares() -> None:
    st = start_game(3)
    evs = land_on(st, 4)
    assert st.cash[0] == 26000 and st.bank == 4000
    assert [(e.amount, e.other) for e in events_of(evs, ev.PAID)] == [(4000, BANK)]
    end_turn(st)
    land_on(st, 38)
    assert st.cash[1] == 28000


def test_w23_card_square_draws_top_card_to_the_bottom() -> None:
    st = start_game(3)
    put_on_top(st, "K7")  # Bank error, collect 4000
    land_on(st, 17)
    assert st.cash[0] == 34000 and st.decks[1][-1] == card_id("K7")


@pytest.mark.parametrize("square", [10, 20])
def test_w23_just_visiting_and_free_parking_do_nothing(square: int) -> None:
    st = start_game(3)
    evs = land_on(st, square)
    assert st.cash[0] == 30000 and st.jail[0] == -1 and top(st) == (F.END_TURN, 0)
    assert kinds(evs)[-1] == ev.LANDED


def test_w24_a_lander_may_mortgage_before_buying_but_not_build() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 3])
    land_on(st, 6)
    legal = texts(st)
    assert "mortgage 1" in legal and "build 1" not in legal and "buy" in legal


def test_w24_no_actions_for_others_during_an_auction() -> None:
    st = start_game(3)
    give_deeds(st, 1, [1, 3])
    land_on(st, 6)
    act(st, "auction")
    assert texts(st, 1) == [] and texts(st, 2) == []


def test_w24_b_any_player_may_build_between_turns() -> None:
    st = start_game(3)
    give_deeds(st, 2, [1, 3])
    assert "build 1" in texts(st, 2)  # at seat 0's PRE_ROLL
    land_on(st, 9)
    assert "build 1" not in texts(st, 2)  # while seat 0 decides to buy
    act(st, "buy")
    assert top(st) == (F.END_TURN, 0) and "build 1" not in texts(st, 2)  # not ended
    end_turn(st)
    act(st, "build 1", seat=2)  # window (b): after seat 0's end-turn
    assert st.level[1] == 1 and st.cash[2] == 30000 - 2400 - 1000
    assert "build 3" in texts(st, 2)  # still open until seat 1's first roll
    roll(st, 2, 4)  # seat 1's roll closes window (b); he lands on unowned 6
    assert top(st) == (F.BUY, 1, 6) and "build 3" not in texts(st, 2)
    with pytest.raises(IllegalActionError):
        act(st, "build 3", seat=2)


def test_w24_c_debtor_may_mortgage_but_not_build() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 3])
    set_cash(st, 0, 100)
    land_on(st, 4)
    assert top_kind(st) == F.DEBT
    legal = texts(st)
    assert "mortgage 1" in legal and not any(t.startswith("build") for t in legal)
    act(st, "mortgage 1")
    act(st, "mortgage 3")
    assert st.cash[0] == 1300
    assert "pay" not in texts(st)


# --- 2.5 Doubles -------------------------------------------------------------------------------


def test_w25_double_moves_resolves_then_rolls_again() -> None:
    st = start_game(3)
    evs = roll(st, 3, 3)  # to 6
    assert st.pos[0] == 6 and top(st) == (F.BUY, 0, 6)
    evs += act(st, "buy")
    assert top(st) == (F.ROLL_AGAIN, 0, 1)
    assert "end-turn" not in texts(st) and "roll" in texts(st)
    evs += roll(st, 1, 2)  # 6 -> 9
    assert st.pos[0] == 9 and marks_of(st, 0) == {6, 9}
    assert [e.square for e in events_of(evs, ev.LANDED)] == [6, 9]
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    assert top(st) == (F.END_TURN, 0)


def test_w25_free_flight_comes_before_the_reroll() -> None:
    st = start_game(3)
    give_deeds(st, 0, [5])
    land_on(st, 5, 1, 1)
    assert top(st) == (FLIGHT, 0) and st.stack[-2] == (F.ROLL_AGAIN, 0, 1)
    act(st, "mark 1")
    assert top(st) == (F.ROLL_AGAIN, 0, 1)


def test_w25_two_doubles_then_a_plain_roll() -> None:
    st = start_game(3)
    give_deeds(st, 0, [6, 14])
    roll(st, 3, 3)  # 6, own
    roll(st, 4, 4)  # 14, own
    assert top(st) == (F.ROLL_AGAIN, 0, 2)
    roll(st, 2, 3)  # 19
    assert st.pos[0] == 19 and top(st) == (F.BUY, 0, 19) and st.jail[0] == -1


def test_w26_doubles_count_restarts_each_turn() -> None:
    st = start_game(2)
    give_deeds(st, 0, [6, 14, 16, 24])
    give_deeds(st, 1, [26, 29])
    roll(st, 3, 3)  # 6
    roll(st, 4, 4)  # 14
    roll(st, 1, 1)  # 16?  third double -> jail
    assert st.jail[0] == 0 and st.pos[0] == 10
    st.jail[0] = -1  # free him for the check below
    roll(st, 1, 3)  # seat 1: 0 -> 4 tax
    end_turn(st)
    roll(st, 3, 3)  # seat 0: 10 -> 16, own
    roll(st, 4, 4)  # 24, own
    assert top(st) == (F.ROLL_AGAIN, 0, 2) and st.jail[0] == -1


def test_w26_paying_out_of_jail_starts_a_normal_turn() -> None:
    st = start_game(3)
    give_deeds(st, 0, [16, 24])
    jail(st, 0)
    act(st, "pay-fine")
    assert st.cash[0] == 30000 - 8400 - 1000 and top(st) == (F.PRE_ROLL, 0)
    roll(st, 3, 3)  # 16
    roll(st, 4, 4)  # 24
    assert top(st) == (F.ROLL_AGAIN, 0, 2)
    evs = roll(st, 1, 1)  # third double of the turn: jail
    assert st.pos[0] == 10 and st.jail[0] == 0 and events_of(evs, ev.JAILED)


def test_w27_jail_release_double_gives_no_extra_roll() -> None:
    st = start_game(3)
    give_deeds(st, 0, [16])
    jail(st, 0, attempts=1)
    roll(st, 3, 3)
    assert st.pos[0] == 16 and st.jail[0] == -1
    assert top(st) == (F.END_TURN, 0)
    assert "roll" not in texts(st)


def test_w28_third_double_jails_without_moving() -> None:
    st = start_game(3)
    give_deeds(st, 0, [6, 14])
    roll(st, 3, 3)  # 6
    roll(st, 4, 4)  # 14
    cash = st.cash[0]
    evs = roll(st, 3, 3)  # would reach 20
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == cash
    assert not events_of(evs, ev.MOVED) and not events_of(evs, ev.LANDED)
    assert [e.seat for e in events_of(evs, ev.JAILED)] == [0]
    assert top(st) == (F.PRE_ROLL, 1)  # the turn is over


def test_w28_third_double_near_start_pays_no_salary() -> None:
    st = start_game(3)
    give_deeds(st, 0, [26, 32])
    place(st, 0, 20)
    roll(st, 3, 3)  # 26
    roll(st, 3, 3)  # 32
    evs = roll(st, 5, 5)  # would pass START
    assert st.pos[0] == 10 and not events_of(evs, ev.PASSED_START)


# --- 2.6 Passing START -------------------------------------------------------------------------


def test_w29_start_is_square_0_and_moves_wrap_clockwise() -> None:
    st = start_game(3)
    place(st, 0, 37)
    roll(st, 1, 3)
    assert st.pos[0] == 1


def test_w30_salary_for_passing_and_for_landing_on_start() -> None:
    st = start_game(3)
    place(st, 0, 38)
    evs = roll(st, 2, 3)  # 38 -> 3, passing START
    assert st.cash[0] == 34000 and [e.amount for e in events_of(evs, ev.PASSED_START)] == [4000]
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    end_turn(st)
    place(st, 1, 35)
    roll(st, 2, 3)  # 35 -> 0, lands on START
    assert st.pos[1] == 0 and st.cash[1] == 34000 and top(st) == (F.END_TURN, 1)


def test_w30_salary_twice_in_one_turn() -> None:
    st = start_game(3)
    put_on_top(st, "C1")  # Advance to START
    place(st, 0, 38)
    evs = roll(st, 4, 5)  # 38 -> 7 Chance, passing START; the card moves to START
    assert st.pos[0] == 0 and st.cash[0] == 38000
    assert len(events_of(evs, ev.PASSED_START)) == 2


def test_w30_salary_twice_by_doubles() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 39])
    place(st, 0, 36)
    put_on_top(st, "C1")
    roll(st, 2, 2)  # 36 -> 0, START (+4000)
    assert st.cash[0] == 30000 - 9200 + 4000
    roll(st, 5, 5)  # 0 -> 10 just visiting
    assert st.cash[0] == 30000 - 9200 + 4000


def test_w30_card_move_past_start_pays_salary() -> None:
    st = start_game(3)
    put_on_top(st, "C2")  # Advance to the Taj Mahal (24)
    evs = land_on(st, 36)
    assert st.pos[0] == 24 and st.cash[0] == 34000
    assert len(events_of(evs, ev.PASSED_START)) == 1


def test_w30_card_move_not_past_start_pays_nothing() -> None:
    st = start_game(3)
    put_on_top(st, "C2")
    land_on(st, 7)  # 7 -> 24 forward, START not passed
    assert st.pos[0] == 24 and st.cash[0] == 30000


def test_w31_go_to_jail_card_pays_no_salary() -> None:
    st = start_game(3)
    put_on_top(st, "C9")
    evs = land_on(st, 36)
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == 30000
    assert not events_of(evs, ev.PASSED_START)


def test_w31_go_to_jail_square_pays_no_salary() -> None:
    st = start_game(3)
    evs = land_on(st, 30)
    assert st.pos[0] == 10 and st.cash[0] == 30000 and not events_of(evs, ev.PASSED_START)


def test_w31_moving_backward_past_start_pays_nothing() -> None:
    st = start_game(3)
    put_on_top(st, "K16")  # pay 200 or draw Chance
    put_on_top(st, "C8")  # Go back three spaces
    land_on(st, 2, 1, 1)  # 0 -> 2
    assert top_kind(st) == F.CARD_CHOICE
    evs = act(st, "draw")
    assert st.pos[0] == 39 and st.cash[0] == 30000
    assert not events_of(evs, ev.PASSED_START) and marks_of(st, 0) == {39}
    assert [e.amount for e in events_of(evs, ev.MOVED)] == [-3]


def test_w31_backward_move_ending_on_start_pays_nothing() -> None:
    # no wonders card can do it, so the move step is run directly (C-19 differs)
    st = start_game(3)
    place(st, 0, 3)
    st.stack.append((F.STEP_MOVE, 0, -3, -1))
    advance(st)
    assert st.pos[0] == 0 and st.cash[0] == 30000


def test_w31_go_back_to_stonehenge_pays_nothing() -> None:
    st = start_game(3)
    put_on_top(st, "K2")
    land_on(st, 33)
    assert st.pos[0] == 1 and st.cash[0] == 30000 and marks_of(st, 0) == {1}


def test_w31_free_flight_pays_no_salary() -> None:
    st = start_game(3)
    give_deeds(st, 0, [35])
    land_on(st, 35)
    evs = act(st, "mark 1")
    assert st.pos[0] == 35 and st.cash[0] == 26000 and not events_of(evs, ev.PASSED_START)


# --- 2.7 Buying and auctions -------------------------------------------------------------------


def test_w32_a_deed_returned_to_the_bank_is_unowned() -> None:
    st = start_game(3)
    give_deeds(st, 0, [37])
    set_cash(st, 0, 100)
    land_on(st, 4)
    act(st, "bankrupt")
    while top_kind(st) == F.AUCTION:
        act(st, "pass")
    assert st.owner[37] == -1 and not st.mortgaged[37]
    assert top(st) == (F.PRE_ROLL, 1)
    land_on(st, 37)
    assert top(st) == (F.BUY, 1, 37)


def test_w33_buy_at_printed_price() -> None:
    st = start_game(3)
    land_on(st, 37)
    evs = act(st, "buy")
    assert st.owner[37] == 0 and not st.mortgaged[37]
    assert st.cash[0] == 23000 and st.bank == 7000
    assert [(e.seat, e.square, e.amount) for e in events_of(evs, ev.BOUGHT)] == [(0, 37, 7000)]


def test_w33_lander_may_mortgage_first_to_afford() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 3])
    set_cash(st, 0, 1000)
    land_on(st, 6)  # price 2000
    assert "buy" not in texts(st)
    act(st, "mortgage 1")
    assert "buy" not in texts(st)
    act(st, "mortgage 3")
    assert st.cash[0] == 2200 and "buy" in texts(st)
    act(st, "buy")
    assert st.owner[6] == 0 and st.cash[0] == 200


def test_w34_who_cannot_pay_must_decline() -> None:
    st = start_game(3)
    set_cash(st, 0, 1999)
    land_on(st, 6)
    assert texts(st) == ["auction"]
    with pytest.raises(IllegalActionError):
        act(st, "buy")


def test_w34_lander_may_decline() -> None:
    st = start_game(3)
    land_on(st, 6)
    assert texts(st) == ["buy", "auction"] or set(texts(st)) == {"buy", "auction"}
    act(st, "auction")
    assert top_kind(st) == F.AUCTION


@pytest.mark.parametrize("square", [6, 15, 28])
def test_w35_declining_starts_an_immediate_auction_with_the_lander(square: int) -> None:
    st = start_game(3)
    land_on(st, square)
    evs = act(st, "auction")
    assert [e.square for e in events_of(evs, ev.AUCTION_STARTED)] == [square]
    f = top(st)
    assert f[0] == F.AUCTION and f[1] == 0 and f[6] == (0, 1, 2)
    act(st, "bid 10")  # the decliner bids
    act(st, "pass")
    act(st, "pass")
    assert st.owner[square] == 0 and st.cash[0] == 29990


def test_w35_auction_starts_with_the_lander_not_seat_0() -> None:
    st = start_game(3, first=1)
    land_on(st, 6)
    act(st, "auction")
    assert top(st)[1] == 1 and top(st)[6] == (1, 2, 0)


def test_w36_first_bid_any_amount_from_1_raises_of_1() -> None:
    st = start_game(3)
    land_on(st, 39)
    act(st, "auction")
    with pytest.raises(IllegalActionError):
        act(st, "bid 0")
    assert "bid 1" in texts(st)
    act(st, "bid 1")  # seat 0
    with pytest.raises(IllegalActionError):
        act(st, "bid 1")  # seat 1 must top it
    act(st, "bid 2")  # seat 1: a raise of kr 1
    act(st, "bid 3")  # seat 2
    act(st, "pass")  # seat 0
    act(st, "pass")  # seat 1
    assert st.owner[39] == 2 and st.cash[2] == 29997 and st.bank == 3
    assert marks_of(st, 2) == {39} and not st.mortgaged[39]


def test_w36_bid_capped_by_cash() -> None:
    st = start_game(3)
    set_cash(st, 1, 2500)
    land_on(st, 39)
    act(st, "auction")
    act(st, "bid 100")
    with pytest.raises(IllegalActionError):
        act(st, "bid 2501")
    assert all(int(t.split()[1]) <= 2500 for t in texts(st) if t.startswith("bid"))
    act(st, "bid 2500")
    assert top(st)[4] == 2500 and top(st)[5] == 1


def test_w36_pass_is_final() -> None:
    st = start_game(3)
    land_on(st, 39)
    act(st, "auction")
    act(st, "pass")  # seat 0 out
    act(st, "bid 10")  # seat 1
    act(st, "bid 20")  # seat 2
    assert top(st)[1] == 1  # seat 0 is skipped
    act(st, "bid 30")
    assert top(st)[1] == 2
    act(st, "pass")
    assert st.owner[39] == 1 and st.cash[1] == 29970


def test_w36_everyone_passes_property_stays_unowned() -> None:
    st = start_game(3)
    land_on(st, 39)
    act(st, "auction")
    evs = []
    for _ in range(3):
        evs += act(st, "pass")
    assert st.owner[39] == -1 and events_of(evs, ev.AUCTION_UNSOLD)
    assert st.cash == [30000] * 3 and marks_of(st, 0) == {39} and marks_of(st, 1) == set()
    assert top(st) == (F.END_TURN, 0)


def test_w36_jailed_player_may_bid() -> None:
    st = start_game(3)
    st.jail[2] = 0
    st.pos[2] = 10
    land_on(st, 39)
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    act(st, "bid 5")
    assert st.owner[39] == 2


def test_w37_no_action_sells_a_deed_back_to_the_bank() -> None:
    st = start_game(3)
    give_deeds(st, 0, [1, 3, 5, 12])
    bank_kinds = {t.split()[0] for t in texts(st)}
    assert bank_kinds <= {"roll", "mortgage", "build", "sell-deed", "trade", "sell-card"}
    act(st, "mortgage 5")
    assert st.owner[5] == 0 and st.mortgaged[5] and st.cash[0] == 30000 - 9400 + 2000


# --- 2.8 Rent -----------------------------------------------------------------------------------


def test_w38_no_rent_on_own_or_mortgaged_property() -> None:
    st = start_game(3)
    give_deeds(st, 0, [6])
    give_deeds(st, 1, [8], mortgaged=True)
    evs = land_on(st, 6)
    assert not events_of(evs, ev.RENT_DUE)
    end_turn(st)
    end_turn_after = st.cash[:]
    land_on(st, 6)  # seat 1 on seat 0's wonder: rent due
    assert st.claims == [(0, 1, 120, st.turn)]
    act(st, "claim 1", seat=0)
    assert st.cash[1] == end_turn_after[1] - 120
    end_turn(st)
    evs = land_on(st, 8)  # seat 2 on mortgaged 8
    assert not events_of(evs, ev.RENT_DUE) and st.claims == []


def test_w38_free_flight_target_pays_no_rent_and_is_not_bought() -> None:
    st = start_game(3)
    give_deeds(st, 1, [39])
    give_deeds(st, 0, [5])
    land_on(st, 5)
    evs = act(st, "mark 39")  # owned by seat 1
    assert not events_of(evs, ev.RENT_DUE) and st.claims == []
    assert top(st) == (F.END_TURN, 0) and st.pos[0] == 5 and st.cash[0] == 26000
    assert "claim 0" not in texts(st, 1)
    st2 = start_game(3)
    give_deeds(st2, 0, [5])
    land_on(st2, 5)
    act(st2, "mark 37")  # unowned: no purchase, no auction
    assert st2.owner[37] == -1 and top(st2) == (F.END_TURN, 0) and st2.pos[0] == 5


def test_w39_claim_collects_the_rent() -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    evs = land_on(st, 9)
    assert [(e.seat, e.amount, e.other) for e in events_of(evs, ev.RENT_DUE)] == [(0, 160, 2)]
    assert st.cash[0] == 30000  # nothing paid until claimed
    assert "claim 0" in texts(st, 2) and "claim 0" not in texts(st, 1)
    evs = act(st, "claim 0", seat=2)
    assert st.cash[0] == 29840 and st.cash[2] == 30000 - 2400 + 160
    assert [(e.seat, e.amount, e.other) for e in events_of(evs, ev.RENT_PAID)] == [(0, 160, 2)]


def test_w39_claim_in_window_b_before_the_next_roll() -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    land_on(st, 9)
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 1) and "claim 0" in texts(st, 2)
    act(st, "claim 0", seat=2)
    assert st.cash[0] == 29840


def test_w39_next_players_roll_closes_the_window() -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    land_on(st, 9)
    end_turn(st)
    evs = roll(st, 1, 2)  # seat 1 rolls
    assert [(e.seat, e.amount, e.other) for e in events_of(evs, ev.CLAIM_LAPSED)] == [(0, 160, 2)]
    assert st.claims == [] and "claim 0" not in texts(st, 2)
    assert st.cash[0] == 30000 and st.cash[2] == 27600


def test_w39_lander_double_reroll_keeps_the_window_open() -> None:
    st = start_game(3)
    give_deeds(st, 2, [6])
    give_deeds(st, 0, [9])
    land_on(st, 6, 1, 1)  # double onto seat 2's wonder
    assert top(st) == (F.ROLL_AGAIN, 0, 1)
    evs = roll(st, 1, 2)  # 6 -> 9, own
    assert not events_of(evs, ev.CLAIM_LAPSED)
    assert "claim 0" in texts(st, 2)
    act(st, "claim 0", seat=2)
    assert st.cash[0] == 30000 - 2400 - 120


def test_w39_next_players_jail_roll_closes_the_window() -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    jail(st, 1)
    land_on(st, 9)
    end_turn(st)
    assert top(st) == (F.JAIL, 1)
    evs = roll(st, 1, 2)
    assert events_of(evs, ev.CLAIM_LAPSED) and st.claims == []


def test_w39_jailed_owner_may_claim() -> None:
    st = start_game(3)
    give_deeds(st, 2, [9])
    st.jail[2] = 1
    st.pos[2] = 10
    land_on(st, 9)
    assert "claim 0" in texts(st, 2)
    act(st, "claim 0", seat=2)
    assert st.cash[2] == 27600 + 160


def test_w39_auto_rent_collection() -> None:
    st = start_game(3, options={"rent_collection": "auto"})
    give_deeds(st, 2, [9])
    evs = land_on(st, 9)
    assert st.cash[0] == 29840 and st.claims == [] and events_of(evs, ev.RENT_PAID)


def test_w40_rent_by_buildings() -> None:
    expected = (1000, 4000, 12000, 28000, 34000, 40000)
    for level, rent in enumerate(expected):
        st = start_game(3)
        give_deeds(st, 1, [39])
        set_level(st, 39, level)
        land_on(st, 39)
        assert st.claims == [(1, 0, rent, st.turn)], level


def test_w41_double_rent_on_complete_unmortgaged_group() -> None:
    st = start_game(3)
    give_deeds(st, 1, [37, 39])
    land_on(st, 39)
    assert st.claims[0][2] == 2000


def test_w41_double_rent_with_built_wonders_in_the_group() -> None:
    st = start_game(3)
    give_deeds(st, 1, [6, 8, 9])
    set_level(st, 8, 1)
    set_level(st, 9, 1)
    land_on(st, 6)  # unbuilt: 2 x 120
    assert st.claims[0][2] == 240


def test_w41_mortgaged_group_member_blocks_double_rent() -> None:
    st = start_game(3)
    give_deeds(st, 1, [6, 8])
    give_deeds(st, 1, [9], mortgaged=True)
    land_on(st, 6)
    assert st.claims[0][2] == 120


def test_w41_incomplete_group_pays_single_rent() -> None:
    st = start_game(3)
    give_deeds(st, 1, [6, 8])
    give_deeds(st, 2, [9])
    land_on(st, 8)
    assert st.claims[0][2] == 120


def test_w42_other_wonders_of_a_mortgaged_group_still_pay_plain_rent() -> None:
    st = start_game(3)
    give_deeds(st, 1, [37])
    give_deeds(st, 1, [39], mortgaged=True)
    land_on(st, 37)
    assert st.claims == [(1, 0, 700, st.turn)]
    act(st, "claim 0", seat=1)
    assert st.cash[0] == 29300


def test_w43_rent_debt_lets_the_debtor_raise_cash() -> None:
    st = start_game(3)
    give_deeds(st, 1, [39])
    set_level(st, 39, 3)  # rent 28000
    give_deeds(st, 0, [31, 32])
    set_cash(st, 0, 25000)
    land_on(st, 39)
    act(st, "claim 0", seat=1)
    assert top(st)[:4] == (F.DEBT, 0, 1, 28000)
    assert "pay" not in texts(st) and "bankrupt" not in texts(st)
    act(st, "mortgage 31")
    act(st, "pay")
    assert st.cash[0] == 0 and st.cash[1] == 30000 - 8000 + 28000 and ledger_ok(st)


# --- 2.9 Utilities -----------------------------------------------------------------------------


def test_w44_utility_auctioned_when_declined() -> None:
    st = start_game(3)
    land_on(st, 28)
    act(st, "auction")
    act(st, "pass")
    act(st, "bid 1500")
    act(st, "pass")
    assert st.owner[28] == 1 and st.cash[1] == 28500 and marks_of(st, 1) == set()


def test_w45_utility_cannot_be_built_and_is_never_marked() -> None:
    st = start_game(3)
    give_deeds(st, 0, [12, 28])
    assert not any(t.startswith("build") for t in texts(st))
    with pytest.raises(IllegalActionError):
        act(st, "build 12")
    land_on(st, 12)
    assert marks_of(st, 0) == set()


def test_w46_utility_rent_80_times_dice() -> None:
    st = start_game(3)
    give_deeds(st, 1, [12])
    land_on(st, 12, 4, 5)
    assert st.claims == [(1, 0, 9 * 80, st.turn)]


def test_w46_utility_rent_200_times_dice_with_both() -> None:
    st = start_game(3)
    give_deeds(st, 1, [12, 28])
    land_on(st, 28, 6, 5)
    assert st.claims == [(1, 0, 11 * 200, st.turn)]


def test_w46_mortgaged_utility_counts_but_pays_nothing() -> None:
    st = start_game(3)
    give_deeds(st, 1, [12])
    give_deeds(st, 1, [28], mortgaged=True)
    land_on(st, 12, 1, 2)
    assert st.claims == [(1, 0, 600, st.turn)]
    end_turn(st)
    evs = land_on(st, 28)
    assert not events_of(evs, ev.RENT_DUE) and all(c[1] != 1 for c in st.claims)


def test_w47_card_move_to_utility_rolls_for_rent() -> None:
    st = start_game(3)
    give_deeds(st, 2, [28])
    put_on_top(st, "C7")  # nearest utility: 22 -> 28
    land_on(st, 22)
    assert st.pos[0] == 28 and top(st) == (F.DICE, 0, F.ROLL_UTILITY, 0, 28)
    assert st.current_player == CHANCE
    evs = act(st, "roll 3 4")
    assert st.pos[0] == 28 and not events_of(evs, ev.MOVED)
    assert st.claims == [(2, 0, 7 * 80, st.turn)]
    assert top(st) == (F.END_TURN, 0)


def test_w47_utility_rent_roll_double_does_not_count() -> None:
    st = start_game(3)
    give_deeds(st, 2, [12, 28])
    put_on_top(st, "C7")  # nearest utility from 7: 12
    land_on(st, 7)
    evs = act(st, "roll 5 5")
    assert st.claims == [(2, 0, 10 * 200, st.turn)]
    assert st.pos[0] == 12 and top(st) == (F.END_TURN, 0) and not events_of(evs, ev.MOVED)


def test_w47_utility_rent_roll_inside_a_doubles_turn() -> None:
    st = start_game(3)
    give_deeds(st, 2, [28])
    put_on_top(st, "C7")
    land_on(st, 22, 2, 2)  # first double of the turn onto Chance
    act(st, "roll 6 6")  # rent roll: 12 x 80, not a second double
    assert st.claims == [(2, 0, 960, st.turn)]
    assert top(st) == (F.ROLL_AGAIN, 0, 1)


def test_w47_card_move_to_unowned_utility_offers_it() -> None:
    st = start_game(3)
    put_on_top(st, "C7")
    evs = land_on(st, 36)  # 36 -> 12, passing START
    assert st.pos[0] == 12 and top(st) == (F.BUY, 0, 12) and st.cash[0] == 34000
    assert len(events_of(evs, ev.PASSED_START)) == 1


def test_w47_rent_roll_keeps_the_turns_earlier_claims() -> None:
    st = start_game(3)
    give_deeds(st, 1, [19])
    give_deeds(st, 2, [28])
    put_on_top(st, "C7")
    land_on(st, 19, 2, 2)  # double onto seat 1's wonder: rent 320 due
    roll(st, 1, 2)  # 19 -> 22 Chance: nearest utility 28, owned by seat 2
    evs = act(st, "roll 2 3")
    assert not events_of(evs, ev.CLAIM_LAPSED)
    assert st.claims == [(1, 0, 320, st.turn), (2, 0, 400, st.turn)]
    act(st, "claim 0", seat=1)
    act(st, "claim 0", seat=2)
    assert st.cash[0] == 30000 + 0 - 320 - 400


# --- 2.10 Airports -----------------------------------------------------------------------------


def test_w48_airports_bought_mortgaged_never_built() -> None:
    st = start_game(3)
    land_on(st, 5)
    act(st, "buy")
    assert st.owner[5] == 0 and st.cash[0] == 26000
    act(st, "mark 1")
    assert "mortgage 5" in texts(st) and "build 5" not in texts(st)
    act(st, "mortgage 5")
    assert st.mortgaged[5] and st.cash[0] == 28000


def test_w48_airport_declined_is_auctioned_then_flight() -> None:
    st = start_game(3)
    land_on(st, 25)
    act(st, "auction")
    act(st, "pass")
    act(st, "pass")
    act(st, "bid 3000")
    assert st.owner[25] == 2 and st.cash[2] == 27000
    assert top(st) == (FLIGHT, 0)  # the lander's free flight follows
    act(st, "mark 3")
    assert marks_of(st, 0) == {3} and marks_of(st, 2) == set()


@pytest.mark.parametrize("airport", AIRPORTS)
def test_w49_airports_never_marked(airport: int) -> None:
    st = start_game(3)
    land_on(st, airport)
    act(st, "buy")
    assert marks_of(st, 0) == set()
    assert top(st) == (FLIGHT, 0) and f"mark {airport}" not in texts(st)
    with pytest.raises(IllegalActionError):
        act(st, f"mark {airport}")
    evs = act(st, "mark 8")
    assert marks_of(st, 0) == {8} and marked_events(evs) == [(0, 8, "flight")]


@pytest.mark.parametrize(("count", "rent"), [(1, 500), (2, 1000), (3, 2000), (4, 4000)])
def test_w50_airport_rent_by_count(count: int, rent: int) -> None:
    st = start_game(3)
    give_deeds(st, 1, list(AIRPORTS[:count]))
    land_on(st, 5)
    assert st.claims == [(1, 0, rent, st.turn)]
    assert top(st) == (FLIGHT, 0)  # free flight even on an owned airport
    act(st, "mark 9")
    act(st, "claim 0", seat=1)
    assert st.cash[0] == 30000 - rent and st.pos[0] == 5


def test_w50_mortgaged_airports_count_but_pay_nothing() -> None:
    st = start_game(3)
    give_deeds(st, 1, [5, 15])
    give_deeds(st, 1, [25, 35], mortgaged=True)
    land_on(st, 15)
    assert st.claims == [(1, 0, 4000, st.turn)]
    act(st, "mark 1")
    end_turn(st)
    evs = land_on(st, 25)  # seat 1 on his own mortgaged airport
    assert not events_of(evs, ev.RENT_DUE)
    act(st, "mark 3")
    end_turn(st)
    roll_claims = len(st.claims)
    evs = land_on(st, 35)  # seat 2 on seat 1's mortgaged airport
    assert not events_of(evs, ev.RENT_DUE) and len(st.claims) == roll_claims
    assert top(st) == (FLIGHT, 2)  # still a free flight on a mortgaged airport


def test_w50_card_move_to_airport_normal_rent_and_flight() -> None:
    st = start_game(3)
    give_deeds(st, 1, [5, 15])
    put_on_top(st, "C6")  # nearest airport: 7 -> 15
    land_on(st, 7)
    assert st.pos[0] == 15 and st.claims == [(1, 0, 1000, st.turn)]
    assert top(st) == (FLIGHT, 0)
    act(st, "mark 11")
    assert st.pos[0] == 15 and marks_of(st, 0) == {11} and st.owner[11] == -1


def test_w50_flight_is_mandatory() -> None:
    st = start_game(3)
    give_deeds(st, 0, [5])
    land_on(st, 5)
    legal = texts(st)
    assert legal == [f"mark {s}" for s in WONDERS]
    with pytest.raises(IllegalActionError):
        act(st, "end-turn")
    with pytest.raises(IllegalActionError):
        act(st, "roll")


def test_w24_b_window_stays_open_while_the_next_player_is_in_jail() -> None:
    st = start_game(3)
    give_deeds(st, 2, [1, 3])
    jail(st, 1)
    land_on(st, 9)
    act(st, "buy")
    end_turn(st)
    assert top(st) == (F.JAIL, 1)
    assert "build 1" in texts(st, 2)  # seat 1 has not rolled yet
    act(st, "build 1", seat=2)
    assert st.level[1] == 1 and st.cash[2] == 30000 - 2400 - 1000
    roll(st, 2, 2)  # his jail roll closes the window: out, 10 -> 14, unowned
    assert top(st) == (F.BUY, 1, 14) and "build 3" not in texts(st, 2)
