"""Classic rules C-1 to C-40 (components, setup, turn flow, dice, movement, buying,
auctions, rent, Chance cards, going to jail), driven through scripted dice and actions.

Squares used often: 1/3 Greece (120, rent 10), 5/15/25/35 railways (400), 6/8/9 Italy,
12/28 utilities (300), 14 Madrid (320), 2/17/33 blue Chance, 7/22/36 red Chance,
4 Guarded Parking ($400), 38 Enrichment Tax ($200), 30 Go to Jail.
"""

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
    land_on,
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
from tycoon.api import apply_action, chance_outcomes, new_game
from tycoon.engine import events as ev
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import ActionParseError, IllegalActionError, OptionError
from tycoon.engine.state import GameState
from tycoon.rules import flow

B = 0  # blue deck
R = 1  # red deck


def draw_on(st: GameState, square: int, card: str) -> list[ev.Event]:
    """The active pawn lands on Chance `square` with `card` on top of that deck."""
    put_on_top(st, card)
    return land_on(st, square)


def asker(st: GameState) -> int:
    assert top_kind(st) == F.AUCTION
    return int(top(st)[1])


# --- 2.1 Components and money ------------------------------------------------------------


def test_c1_all_amounts_are_multiples_of_five() -> None:
    st = start_game()
    b = st.edition.board
    for s in b.deeds:
        assert b.price[s] % 5 == 0 and b.mortgage[s] % 5 == 0 and b.interest[s] % 5 == 0
    for s in b.streets:
        assert all(r % 5 == 0 for r in b.rents[s])
        assert b.house_cost[s] % 5 == 0 and b.hotel_cost[s] % 5 == 0
    assert all(r % 5 == 0 for r in b.railway_rents)
    assert b.constants["money_unit"] == 5
    for card in (c for deck in b.decks for c in deck):
        if card.effect in ("pay", "collect", "collect_from_each", "pay_or_draw"):
            assert card.x % 5 == 0 and card.x > 0
        if card.effect == "repairs":
            assert card.x % 5 == 0 and card.y % 5 == 0
    # a bid that is not a whole multiple of $5 is refused
    land_on(st, 3)
    act(st, "auction")
    with pytest.raises(IllegalActionError):
        act(st, "bid 63")
    act(st, "bid 65")
    assert top(st)[4] == 65
    # so is an agreed sale price
    st = start_game()
    give_deeds(st, 0, [1])
    with pytest.raises(IllegalActionError):
        act(st, "sell-deed 1 to 1 for 123")
    act(st, "sell-deed 1 to 1 for 125")
    assert top(st)[0] == F.OFFER


def test_c2_each_player_starts_with_3000() -> None:
    for n in (3, 6):
        st = start_game(n)
        assert st.cash == [3000] * n
        assert st.bank == 0
        assert ledger_ok(st)


def test_c3_bank_sells_deeds_and_has_unlimited_cash() -> None:
    st = start_game()
    land_on(st, 3)
    act(st, "buy")
    assert st.bank == 120 and st.cash[0] == 2880
    # the bank pays the Start bonus even when its ledger goes below zero
    end_turn(st)
    set_cash(st, 1, 3000 + 120)  # bank ledger now 0
    assert st.bank == 0
    place(st, 1, 38)
    roll(st, 1, 2)
    assert st.cash[1] == 3520 and st.bank == -400
    assert ledger_ok(st)


def test_c4_building_stock_is_32_houses_and_12_hotels() -> None:
    st = start_game()
    assert (st.houses_left, st.hotels_left) == (32, 12)
    give_deeds(st, 0, [1, 3])
    cost = st.edition.board.house_cost[1]
    act(st, "build 1")
    assert st.houses_left == 31 and st.cash[0] == 3000 - 240 - cost
    act(st, "sell-building 1")
    assert st.houses_left == 32  # returned pieces are available again
    # an empty stock blocks building
    st.houses_left = 0
    assert "build 3" not in texts(st)


def test_c5_two_six_sided_dice() -> None:
    st = new_game("classic", 3, seed=1)
    outs = chance_outcomes(st)
    assert len(outs) == 36
    assert sorted(str(a) for a, _ in outs) == sorted(
        f"roll {a} {b}" for a in range(1, 7) for b in range(1, 7)
    )
    assert sum(p for _, p in outs) == pytest.approx(1.0)
    for bad in ("roll 0 3", "roll 7 1"):
        with pytest.raises(ActionParseError):
            apply_action(st, bad)


def test_c6_two_decks_of_16_and_28_deeds() -> None:
    st = start_game()
    b = st.edition.board
    assert [len(d) for d in b.decks] == [16, 16]
    assert len(b.deeds) == 28 and len(b.streets) == 22
    assert sum(1 for s in b.deeds if b.kind[s] == SquareKind.RAILWAY) == 4
    assert sum(1 for s in b.deeds if b.kind[s] == SquareKind.UTILITY) == 2
    assert [len(d) for d in st.decks] == [16, 16]


def test_c7_three_to_six_players() -> None:
    for n in (3, 4, 5, 6):
        assert new_game("classic", n, seed=0).n == n
    for n in (2, 7):
        with pytest.raises(OptionError):
            new_game("classic", n, seed=0)
    assert new_game("classic", 2, seed=0, options={"allow_two_players": True}).n == 2


# --- 2.2 Setup ---------------------------------------------------------------------------


def test_c8_every_pawn_starts_on_start_with_3000() -> None:
    st = start_game(5, first=3)
    assert st.pos == [0] * 5
    assert st.cash == [3000] * 5
    assert st.jail == [-1] * 5 and st.alive == [True] * 5


def test_c9_decks_are_shuffled() -> None:
    orders = []
    for seed in range(5):
        st = new_game("classic", 3, seed=seed)
        assert sorted(st.decks[B]) == [card_id(f"B{i}") for i in range(1, 17)]
        assert sorted(st.decks[R]) == [card_id(f"R{i}") for i in range(1, 17)]
        orders.append(tuple(st.decks[B]))
    assert orders[0] != tuple(sorted(orders[0]))
    assert len(set(orders)) > 1
    again = new_game("classic", 3, seed=0)
    assert tuple(again.decks[B]) == orders[0]  # same seed, same shuffle


def test_c10_highest_roll_starts_and_roll_is_no_move() -> None:
    st = new_game("classic", 3, seed=0)
    assert st.stack[-1] == (F.DICE, 0, F.ROLL_ORDER, (0, 1, 2), ())
    apply_action(st, "roll 2 3")
    apply_action(st, "roll 5 6")
    evs = apply_action(st, "roll 1 1")
    assert events_of(evs, ev.FIRST_PLAYER)[0].seat == 1
    assert st.current_player == 1 and top(st) == (F.PRE_ROLL, 1)
    assert st.pos == [0, 0, 0] and st.cash == [3000] * 3  # not a move, no bonus
    # play continues in seat order
    roll(st, 1, 2)
    act(st, "auction")
    for _ in range(3):
        act(st, "pass")
    end_turn(st)
    assert top(st) == (F.PRE_ROLL, 2)


def test_c10_ties_reroll_only_among_the_tied() -> None:
    st = new_game("classic", 4, seed=0)
    for dice in ("roll 6 6", "roll 1 1", "roll 6 6", "roll 4 5"):
        apply_action(st, dice)
    # seats 0 and 2 tied on 12: only they roll again, 0 first
    assert st.stack[-1] == (F.DICE, 0, F.ROLL_ORDER, (0, 2), ())
    apply_action(st, "roll 3 3")
    assert st.stack[-1] == (F.DICE, 2, F.ROLL_ORDER, (0, 2), (6,))
    apply_action(st, "roll 3 3")  # tied again
    assert st.stack[-1] == (F.DICE, 0, F.ROLL_ORDER, (0, 2), ())
    apply_action(st, "roll 1 2")
    apply_action(st, "roll 2 2")
    assert st.current_player == 2 and top(st) == (F.PRE_ROLL, 2)
    assert st.pos == [0] * 4


def test_c11_deal_two_deeds_each_paid_at_price() -> None:
    st = start_game(4, options={"deal_two_deeds": True}, seed=3)
    b = st.edition.board
    for seat in range(4):
        mine = [s for s in b.deeds if st.owner[s] == seat]
        assert len(mine) == 2
        assert st.cash[seat] == 3000 - sum(b.price[s] for s in mine)
    assert sum(1 for s in b.deeds if st.owner[s] == -1) == 28 - 8
    assert st.bank == sum(b.price[s] for s in b.deeds if st.owner[s] >= 0)
    assert ledger_ok(st)
    dealt = [e for e in st.events or [] if e.kind == ev.BOUGHT and e.detail == "dealt"]
    assert len(dealt) == 8
    # default off: nothing is dealt
    st2 = start_game(4, seed=3)
    assert all(st2.owner[s] == -1 for s in b.deeds) and st2.cash == [3000] * 4


def test_c11_dealt_deeds_must_be_payable_from_the_starting_cash() -> None:
    """C-11: each player pays for his dealt deeds; a `starting_cash` below the dearest
    deal (800 + 700) would start players with negative cash and no debt to settle, so it
    is refused by the options, naming the least cash; at that least cash every deal is
    paid and nobody starts below 0."""
    with pytest.raises(OptionError, match=r"'starting_cash' must be at least 1500 .*C-11"):
        new_game("classic", 3, 1, {"starting_cash": 1, "deal_two_deeds": True})
    with pytest.raises(OptionError, match="at least 1500"):
        new_game("classic", 3, 1, {"starting_cash": 1499, "deal_two_deeds": True})
    for seed in range(20):
        st = new_game("classic", 6, seed, {"starting_cash": 1500, "deal_two_deeds": True})
        assert min(st.cash) >= 0 and ledger_ok(st)
    assert new_game("classic", 3, 1, {"starting_cash": 1}).cash == [1, 1, 1]  # no deal


# --- 2.3 Turn sequence -------------------------------------------------------------------


def test_c12_turn_phases_and_next_alive_player() -> None:
    st = start_game(4)
    give_deeds(st, 0, [1, 3])
    pre = texts(st)
    assert "roll" in pre and "build 1" in pre and "sell-deed 1 to 1 for 120" in pre
    put_on_top(st, "R2")
    evs = roll(st, 3, 4)  # 0 -> 7, red Chance: collect $100
    assert kinds(evs) == [
        ev.DICE_ROLLED,
        ev.MOVED,
        ev.LANDED,
        ev.CARD_DRAWN,
        ev.COLLECTED,
    ]
    assert top(st) == (F.END_TURN, 0) and st.cash[0] == 3000 - 240 + 100
    assert "roll" not in texts(st) and "build 1" not in texts(st)
    st.alive[1] = False  # seat 1 eliminated: skipped
    end_turn(st)
    assert st.active == 2 and top(st) == (F.PRE_ROLL, 2)
    # a jailed player's turn starts with the jail procedure
    jail(st, 3)
    land_on(st, 20)
    end_turn(st)
    assert top(st) == (F.JAIL, 3)


# --- C-13 anytime actions ------------------------------------------------------------------


def test_c13_anytime_actions_allowed_out_of_turn() -> None:
    st = start_game()
    give_deeds(st, 1, [1])
    give_deeds(st, 2, [3])
    assert "mortgage 1" in texts(st, 1) and "mortgage 3" in texts(st, 2)
    act(st, "mortgage 1", seat=1)
    assert st.mortgaged[1] and st.cash[1] == 3000 - 120 + 60
    assert top(st) == (F.PRE_ROLL, 0)  # seat 0 still decides
    land_on(st, 20)
    assert "unmortgage 1" in texts(st, 1)  # also at the end of another's turn
    act(st, "unmortgage 1", seat=1)
    assert not st.mortgaged[1] and st.cash[1] == 3000 - 120 - 5  # 10% of 60, down to $5
    # a Get-out-of-Jail card may be offered out of turn too
    gooj = card_id("B14")
    st.decks[B].remove(gooj)
    st.card_holder[gooj] = 2
    assert "sell-card B14 to 0 for 50" in texts(st, 2)
    act(st, "sell-card B14 to 1 for 40", seat=2)
    assert top(st) == (F.OFFER, 1, F.OFFER_CARD, 2, gooj, 40)


def test_c13_blocked_during_an_auction() -> None:
    st = start_game()
    give_deeds(st, 2, [1])
    land_on(st, 3)
    act(st, "auction")
    assert asker(st) == 1
    assert texts(st, 2) == [] and texts(st, 0) == []
    assert not any(t.startswith("mortgage") for t in texts(st, 1))
    with pytest.raises(IllegalActionError):
        act(st, "mortgage 1", seat=2)
    act(st, "pass")
    act(st, "pass")
    act(st, "pass")
    assert "mortgage 1" in texts(st, 2)  # the auction is over


def test_c13_blocked_during_a_card_choice() -> None:
    st = start_game()
    give_deeds(st, 1, [1])
    draw_on(st, 17, "B12")
    assert top(st) == (F.CARD_CHOICE, 0, card_id("B12"))
    assert texts(st, 1) == [] and texts(st, 2) == []
    with pytest.raises(IllegalActionError):
        act(st, "mortgage 1", seat=1)
    act(st, "pay")
    assert "mortgage 1" in texts(st, 1)


def test_c13_buyer_may_raise_cash_after_a_card_move() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    set_cash(st, 0, 300)
    draw_on(st, 7, "R1")  # Go to Madrid (320), forward from 7: no Start bonus
    assert top(st) == (F.BUY, 0, 14)
    assert "buy" not in texts(st) and "mortgage 1" in texts(st)
    act(st, "mortgage 1")
    assert st.cash[0] == 360 and "buy" in texts(st)
    act(st, "buy")
    assert st.owner[14] == 0 and st.cash[0] == 40


def test_c13_card_debtor_may_raise_cash_others_blocked() -> None:
    st = start_game()
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 1, [5])
    set_cash(st, 0, 100)
    draw_on(st, 17, "B6")  # pay $400 towards a hospital
    assert top(st) == (F.DEBT, 0, -1, 400, "card", True)
    assert {"mortgage 1", "mortgage 3"} <= set(texts(st))
    assert texts(st, 1) == []
    act(st, "mortgage 1")
    act(st, "mortgage 3")
    assert st.cash[0] == 220 and top_kind(st) == F.DEBT
    assert "pay" not in texts(st) and texts(st, 1) == []


# --- 2.4 Dice and doubles ----------------------------------------------------------------


def test_c14_double_detected_and_roll_again() -> None:
    st = start_game()
    evs = roll(st, 3, 3)
    assert kinds(evs) == [ev.DICE_ROLLED]
    assert st.current_player == CHANCE
    assert top(st) == (F.DICE, 0, F.ROLL_SECOND, 6, 0)
    assert st.pos[0] == 0


def test_c15_no_double_moves_by_total() -> None:
    st = start_game()
    evs = roll(st, 2, 3)
    assert st.pos[0] == 5
    assert events_of(evs, ev.MOVED) == [ev.Event(ev.MOVED, 0, 5, 5)]
    assert top(st) == (F.BUY, 0, 5)


def test_c16_double_then_non_double_moves_by_the_sum() -> None:
    st = start_game()
    roll(st, 2, 2)
    evs = roll(st, 3, 4)
    assert events_of(evs, ev.MOVED) == [ev.Event(ev.MOVED, 0, 11, 11)]
    assert st.pos[0] == 11 and top(st) == (F.BUY, 0, 11)
    assert st.last_dice == 11


def test_c16_second_double_goes_to_jail() -> None:
    st = start_game()
    place(st, 0, 35)
    evs = roll(st, 2, 2) + roll(st, 3, 3)
    assert ev.MOVED not in kinds(evs) and ev.PASSED_START not in kinds(evs)
    assert ev.JAILED in kinds(evs)
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == 3000
    assert top(st) == (F.PRE_ROLL, 1)  # his turn ended at once


def test_c17_no_third_roll_and_jail_release_double_is_plain() -> None:
    st = start_game()
    put_on_top(st, "R2")
    roll(st, 1, 1)
    roll(st, 2, 3)  # 0 -> 7, red Chance: collect $100
    assert st.pos[0] == 7 and st.cash[0] == 3100
    assert top(st) == (F.END_TURN, 0)
    assert all(f[0] != F.DICE for f in st.stack)
    # a double rolled to leave jail never triggers C-16
    st = start_game()
    jail(st, 0)
    act(st, "pay-fine")
    evs = roll(st, 3, 3)
    assert st.pos[0] == 16 and st.jail[0] == -1
    assert all(f[0] != F.DICE for f in st.stack)
    assert top(st) == (F.BUY, 0, 16)
    assert st.cash[0] == 2900
    assert len(events_of(evs, ev.MOVED)) == 1


# --- 2.5 Movement and the Start bonus ------------------------------------------------------


def test_c18_moves_forward_passed_squares_do_nothing() -> None:
    st = start_game()
    place(st, 0, 26)
    blue = st.decks[B][:]
    evs = roll(st, 4, 5)  # passes 28 (utility), 30 (Go to Jail), 33 (Chance)
    assert st.pos[0] == 35 and st.jail[0] == -1
    assert st.decks[B] == blue
    assert events_of(evs, ev.LANDED) == [ev.Event(ev.LANDED, 0, 35)]
    assert top(st) == (F.BUY, 0, 35)
    st = start_game()
    place(st, 0, 38)
    roll(st, 1, 2)
    assert st.pos[0] == 1  # index increases modulo 40


def test_c19_start_bonus_for_dice_moves() -> None:
    st = start_game()
    place(st, 0, 38)
    evs = roll(st, 2, 3)
    assert st.pos[0] == 3 and st.cash[0] == 3400
    assert events_of(evs, ev.PASSED_START) == [ev.Event(ev.PASSED_START, 0, 0, 400)]
    st = start_game()
    place(st, 0, 35)
    evs = roll(st, 2, 3)  # stops exactly on Start
    assert st.pos[0] == 0 and st.cash[0] == 3400
    assert len(events_of(evs, ev.PASSED_START)) == 1
    assert top(st) == (F.END_TURN, 0)


def test_c19_start_bonus_for_card_moves() -> None:
    st = start_game()
    draw_on(st, 33, "B1")  # back to START
    assert st.pos[0] == 0 and st.cash[0] == 3400
    st = start_game()
    draw_on(st, 36, "R5")  # Brussels from 36: passes Start
    assert st.pos[0] == 23 and st.cash[0] == 3400 and top(st) == (F.BUY, 0, 23)
    st = start_game()
    draw_on(st, 22, "R5")  # Brussels from 22: no Start
    assert st.pos[0] == 23 and st.cash[0] == 3000


def test_c19_no_start_bonus_on_the_way_to_jail_or_backward() -> None:
    st = start_game()
    land_on(st, 30)  # from 27, Go to Jail
    assert st.pos[0] == 10 and st.cash[0] == 3000
    st = start_game()
    draw_on(st, 36, "R10")
    assert st.pos[0] == 10 and st.cash[0] == 3000
    st = start_game()
    evs = draw_on(st, 7, "R14")  # back 3 to Guarded Parking
    assert st.pos[0] == 4 and st.cash[0] == 3000 - 400
    assert ev.PASSED_START not in kinds(evs)


def test_c19_backward_move_ending_on_start_pays_the_bonus() -> None:
    # no classic card can do it, so the move step is run directly (W-31 differs)
    st = start_game()
    place(st, 0, 3)
    st.stack.append((F.STEP_MOVE, 0, -3, -1))
    flow.advance(st)
    assert st.pos[0] == 0 and st.cash[0] == 3400


# --- 2.6 Resolving the square --------------------------------------------------------------


def test_c20_square_effects_by_type() -> None:
    st = start_game()
    land_on(st, 3)
    assert top(st) == (F.BUY, 0, 3)  # unowned deed
    st = start_game()
    give_deeds(st, 0, [3])
    land_on(st, 3)
    assert top(st) == (F.END_TURN, 0) and st.claims == []  # own deed
    st = start_game()
    land_on(st, 4)
    assert st.cash[0] == 2600 and st.bank == 400  # Guarded Parking
    st = start_game()
    land_on(st, 38)
    assert st.cash[0] == 2800 and st.bank == 200  # Enrichment Tax
    for quiet in (20, 10):  # Free Parking, jail visit
        st = start_game()
        land_on(st, quiet)
        assert st.cash[0] == 3000 and st.jail[0] == -1 and top(st) == (F.END_TURN, 0)
    st = start_game()
    evs = draw_on(st, 2, "B2")  # from 39: +400 Start, +400 card
    assert ev.CARD_DRAWN in kinds(evs) and st.cash[0] == 3800
    st = start_game()
    land_on(st, 30)
    assert st.jail[0] == 0 and st.pos[0] == 10


# --- 2.7 Buying and auctions ------------------------------------------------------------------


def test_c21_buy_at_printed_price_by_dice_or_card() -> None:
    st = start_game()
    evs = land_on(st, 3)
    assert texts(st) == ["buy", "auction"]
    evs = act(st, "buy")
    assert events_of(evs, ev.BOUGHT) == [ev.Event(ev.BOUGHT, 0, 3, 120)]
    assert st.owner[3] == 0 and st.cash[0] == 2880 and st.bank == 120
    assert top(st) == (F.END_TURN, 0)
    st = start_game()
    draw_on(st, 36, "R7")  # Naples, passing Start
    assert top(st) == (F.BUY, 0, 6)
    act(st, "buy")
    assert st.owner[6] == 0 and st.cash[0] == 3000 + 400 - 200
    # a railway and a utility are deeds too
    st = start_game()
    land_on(st, 28)
    act(st, "buy")
    assert st.owner[28] == 0 and st.cash[0] == 2700
    # cannot buy without the cash (after raising what he can)
    st = start_game()
    set_cash(st, 0, 100)
    land_on(st, 3)
    assert texts(st) == ["auction"]


def test_c22_decline_starts_auction_at_half_price_decliner_may_bid() -> None:
    st = start_game()
    land_on(st, 3)
    evs = act(st, "auction")
    assert events_of(evs, ev.AUCTION_STARTED) == [ev.Event(ev.AUCTION_STARTED, -1, 3, 60)]
    assert top(st) == (F.AUCTION, 1, 3, 60, 0, -1, (1, 2, 0), 0, 0)
    act(st, "pass")
    act(st, "pass")
    assert asker(st) == 0
    assert "bid 60" in texts(st)
    evs = act(st, "bid 60")
    assert st.owner[3] == 0 and st.cash[0] == 2940
    assert events_of(evs, ev.AUCTION_WON) == [ev.Event(ev.AUCTION_WON, 0, 3, 60)]


def test_c23_jailed_and_eliminated_players_cannot_bid() -> None:
    st = start_game(4)
    jail(st, 1)
    st.alive[3] = False
    # seat 0 is active (its turn started before seat 1 was jailed)
    land_on(st, 3)
    act(st, "auction")
    assert top(st)[6] == (2, 0)
    assert asker(st) == 2
    assert texts(st, 1) == []
    act(st, "pass")
    act(st, "pass")
    assert st.owner[3] == -1


def test_c24_bidding_order_increments_cap_and_final_pass() -> None:
    st = start_game(4)
    set_cash(st, 1, 70)
    land_on(st, 3)  # Athens 120: start 60
    act(st, "auction")
    assert top(st)[6] == (1, 2, 3, 0)  # after the decliner, decliner last
    assert asker(st) == 1
    with pytest.raises(IllegalActionError):
        act(st, "bid 55")  # below the starting price
    with pytest.raises(IllegalActionError):
        act(st, "bid 75")  # above his cash
    assert max(int(t.split()[1]) for t in texts(st) if t.startswith("bid")) <= 70
    act(st, "bid 60")
    assert asker(st) == 2
    for bad in ("bid 60", "bid 62"):
        with pytest.raises(IllegalActionError):
            act(st, bad)  # must be >= high + 5, in $5 steps
    act(st, "bid 65")
    assert asker(st) == 3
    act(st, "pass")
    assert asker(st) == 0
    act(st, "bid 100")
    assert asker(st) == 1
    assert texts(st) == ["pass"]  # cannot reach 105 with 70
    act(st, "pass")
    assert asker(st) == 2  # seat 3 passed for good: not asked again
    act(st, "bid 105")
    assert asker(st) == 0
    evs = act(st, "pass")
    assert events_of(evs, ev.AUCTION_WON) == [ev.Event(ev.AUCTION_WON, 2, 3, 105)]
    assert st.owner[3] == 2 and st.cash[2] == 2895
    askers = [e.seat for e in st.events or [] if e.kind in (ev.BID, ev.PASSED)]
    assert askers == [1, 2, 3, 0, 1, 2, 0]


def test_c25_no_bid_leaves_deed_unowned() -> None:
    st = start_game()
    land_on(st, 3)
    act(st, "auction")
    evs = act(st, "pass") + act(st, "pass") + act(st, "pass")
    assert ev.AUCTION_UNSOLD in kinds(evs)
    assert st.owner[3] == -1 and st.cash == [3000] * 3 and st.bank == 0
    assert top(st) == (F.END_TURN, 0)
    end_turn(st)
    land_on(st, 3)  # the next pawn to stop there may buy it
    assert top(st) == (F.BUY, 1, 3)


def test_c26_winner_pays_the_bank_and_gets_the_deed() -> None:
    st = start_game()
    land_on(st, 5)  # railway, 400: start 200
    act(st, "auction")
    act(st, "bid 250")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[5] == 1 and st.cash[1] == 2750 and st.bank == 250
    assert ledger_ok(st)


# --- 2.8 Rent ----------------------------------------------------------------------------------


def test_c27_rent_arises_only_if_unmortgaged_and_owner_free() -> None:
    st = start_game()
    give_deeds(st, 1, [3])
    evs = land_on(st, 3)
    assert events_of(evs, ev.RENT_DUE) == [ev.Event(ev.RENT_DUE, 0, 3, 10, 1)]
    assert st.claims == [(1, 0, 10, st.turn)]
    assert "claim 0" in texts(st, 1)
    st = start_game()
    give_deeds(st, 1, [3], mortgaged=True)
    evs = land_on(st, 3)
    assert ev.RENT_DUE not in kinds(evs) and st.claims == []
    st = start_game()
    give_deeds(st, 1, [3])
    jail(st, 1)
    evs = land_on(st, 3)
    assert ev.RENT_DUE not in kinds(evs) and st.claims == []
    assert not any(t.startswith("claim") for t in texts(st, 1))


def test_c28_claim_until_next_roll() -> None:
    st = start_game()
    give_deeds(st, 2, [3])
    land_on(st, 3)
    end_turn(st)
    # seat 1's pre-roll phase: still open
    assert "claim 0" in texts(st, 2)
    act(st, "claim 0", seat=2)
    assert st.cash[0] == 2990 and st.cash[2] == 3000 - 120 + 10
    assert st.claims == []


def test_c28_claim_lapses_at_next_players_roll() -> None:
    st = start_game()
    give_deeds(st, 1, [3])
    land_on(st, 3)
    end_turn(st)
    assert "claim 0" in texts(st)  # seat 1's own pre-roll: may still claim
    evs = roll(st, 3, 4)
    assert events_of(evs, ev.CLAIM_LAPSED) == [ev.Event(ev.CLAIM_LAPSED, 0, -1, 10, 1)]
    assert st.claims == []
    assert not any(t.startswith("claim") for t in texts(st, 1))
    with pytest.raises(IllegalActionError):
        act(st, "claim 0", seat=1)
    assert st.cash[0] == 3000


def test_c28_window_survives_a_jailed_player_serving() -> None:
    st = start_game()
    give_deeds(st, 2, [3])
    land_on(st, 3)
    jail(st, 1)
    end_turn(st)
    assert top(st) == (F.JAIL, 1)
    act(st, "serve")  # no dice rolled
    assert top(st) == (F.PRE_ROLL, 2)
    assert st.claims and "claim 0" in texts(st)
    act(st, "claim 0")
    assert st.cash[0] == 2990
    # the same claim left open would lapse at the jail-release roll of the next player
    st = start_game()
    give_deeds(st, 2, [3])
    land_on(st, 3)
    jail(st, 1)
    end_turn(st)
    act(st, "pay-fine")
    evs = roll(st, 1, 2)
    assert ev.CLAIM_LAPSED in kinds(evs) and st.claims == []


def test_c29_amount_fixed_at_landing() -> None:
    st = start_game()
    give_deeds(st, 1, [1, 3])
    land_on(st, 3)
    assert st.claims == [(1, 0, 20, st.turn)]  # complete country: double rent
    act(st, "mortgage 3", seat=1)
    act(st, "mortgage 1", seat=1)
    act(st, "claim 0", seat=1)
    assert st.cash[0] == 2980
    assert st.cash[1] == 3000 - 240 + 120 + 20


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("alone", 10),
        ("country", 20),
        ("country_sibling_mortgaged", 20),
        ("sibling_elsewhere", 10),
        ("sibling_built", 20),
        ("two_houses", 120),
        ("hotel", 900),
    ],
)
def test_c30_city_rent_and_double_rent(setup: str, expected: int) -> None:
    st = start_game()
    if setup == "sibling_elsewhere":
        give_deeds(st, 1, [3])
        give_deeds(st, 2, [1])
    elif setup == "alone":
        give_deeds(st, 1, [3])
    else:
        give_deeds(st, 1, [1, 3])
    if setup == "country_sibling_mortgaged":
        st.mortgaged[1] = True
    if setup == "sibling_built":
        set_level(st, 1, 1)  # uneven after a sale: the landed city is unbuilt
    if setup == "two_houses":
        set_level(st, 1, 2)
        set_level(st, 3, 2)
    if setup == "hotel":
        set_level(st, 1, 4)
        set_level(st, 3, 5)
    land_on(st, 3)
    assert st.claims == [(1, 0, expected, st.turn)]


@pytest.mark.parametrize(
    ("railways", "expected"),
    [([5], 50), ([5, 15], 100), ([5, 15, 25], 200), ([5, 15, 25, 35], 400)],
)
def test_c31_railway_rent_by_count(railways: list[int], expected: int) -> None:
    st = start_game()
    give_deeds(st, 1, railways)
    for s in railways[1:]:
        st.mortgaged[s] = True  # mortgaged railways still count
    land_on(st, 5)
    assert st.claims == [(1, 0, expected, st.turn)]


def test_c31_utility_rent_uses_the_moving_dice() -> None:
    st = start_game()
    give_deeds(st, 1, [12])
    land_on(st, 12, 1, 2)
    assert st.claims == [(1, 0, 30, st.turn)]
    st = start_game()
    give_deeds(st, 1, [12, 28])
    land_on(st, 12, 1, 2)
    assert st.claims == [(1, 0, 60, st.turn)]
    # after a double: the sum of all four dice
    st = start_game()
    give_deeds(st, 1, [12])
    roll(st, 2, 2)
    roll(st, 3, 5)
    assert st.pos[0] == 12 and st.claims == [(1, 0, 120, st.turn)]
    # after a jail-release roll: that roll
    st = start_game()
    give_deeds(st, 1, [12])
    jail(st, 0)
    act(st, "pay-fine")
    roll(st, 1, 1)
    assert st.pos[0] == 12 and st.claims == [(1, 0, 20, st.turn)]
    assert st.cash[0] == 2900


def test_c31_utility_reached_without_dice_rolls_the_dice() -> None:
    # no card reaches a utility in classic; the [D] fallback is driven through the step
    st = start_game()
    give_deeds(st, 1, [12])
    place(st, 0, 10)
    st.stack.append((F.STEP_MOVE, 0, 2, -1))  # a move that is not a dice move
    flow.advance(st)
    assert top(st) == (F.DICE, 0, F.ROLL_UTILITY, 0, 12)
    roll(st, 3, 4)
    assert st.claims == [(1, 0, 70, st.turn)]


def test_c32_claimed_rent_is_paid_at_once_or_becomes_a_debt() -> None:
    st = start_game()
    give_deeds(st, 1, [3])
    land_on(st, 3)
    evs = act(st, "claim 0", seat=1)
    assert ev.Event(ev.PAID, 0, -1, 10, 1, "rent") in evs
    assert st.cash[0] == 2990 and st.cash[1] == 2890
    st = start_game()
    give_deeds(st, 1, [3])
    set_cash(st, 0, 5)
    land_on(st, 3)
    act(st, "claim 0", seat=1)
    assert top(st) == (F.DEBT, 0, 1, 10, "rent", False)
    assert st.current_player == 0 and st.cash[0] == 5


def test_c33_only_the_owner_claims_unless_auto_claim() -> None:
    st = start_game()
    give_deeds(st, 1, [3])
    land_on(st, 3)
    assert not any(t.startswith("claim") for t in texts(st, 2))
    assert not any(t.startswith("claim") for t in texts(st, 0))
    with pytest.raises(IllegalActionError):
        act(st, "claim 0", seat=2)
    end_turn(st)
    roll(st, 1, 2)
    assert st.cash[0] == 3000  # never claimed, nothing paid
    st = start_game(options={"auto_claim_rent": True})
    give_deeds(st, 1, [3])
    evs = land_on(st, 3)
    assert ev.RENT_PAID in kinds(evs)
    assert st.claims == [] and st.cash[0] == 2990 and st.cash[1] == 2890


# --- 2.9 Chance cards ---------------------------------------------------------------------------


def test_c34_draw_top_card_of_same_colour_then_to_bottom() -> None:
    st = start_game()
    b = st.edition.board
    assert [s for s in range(40) if b.kind[s] == SquareKind.CHANCE] == [2, 7, 17, 22, 33, 36]
    assert [b.deck_of[s] for s in (2, 17, 33)] == [B, B, B]
    assert [b.deck_of[s] for s in (7, 22, 36)] == [R, R, R]
    red = st.decks[R][:]
    evs = draw_on(st, 17, "B2")
    assert events_of(evs, ev.CARD_DRAWN)[0].detail == "B2"
    assert st.cash[0] == 3400
    assert st.decks[B][-1] == card_id("B2") and len(st.decks[B]) == 16
    assert st.decks[R] == red
    end_turn(st)
    put_on_top(st, "R2")
    before = st.decks[R][:]
    draw_on(st, 22, "R2")
    assert st.cash[1] == 3100
    assert st.decks[R] == [*before[1:], card_id("R2")]


def test_c35_get_out_of_jail_card_is_kept_then_returned() -> None:
    st = start_game()
    evs = draw_on(st, 17, "B14")
    gooj = card_id("B14")
    assert ev.CARD_KEPT in kinds(evs)
    assert st.card_holder == {gooj: 0}
    assert gooj not in st.decks[B] and len(st.decks[B]) == 15
    assert top(st) == (F.END_TURN, 0)
    st2 = start_game()
    put_on_top(st2, "R9")
    land_on(st2, 22)
    assert st2.card_holder == {card_id("R9"): 0} and len(st2.decks[R]) == 15
    # later, in jail, he uses it and plays a normal turn
    st3 = start_game()
    st3.decks[B].remove(gooj)
    st3.card_holder[gooj] = 0
    jail(st3, 0)
    assert "use-card" in texts(st3)
    act(st3, "use-card")
    assert st3.jail[0] == -1 and top(st3) == (F.PRE_ROLL, 0)
    assert st3.card_holder == {} and st3.decks[B][-1] == gooj and len(st3.decks[B]) == 16


def test_c36_card_moves_forward_and_resolves_the_square() -> None:
    st = start_game()
    draw_on(st, 33, "B11")  # Vienna, forward 33 -> 39
    assert st.pos[0] == 39 and st.cash[0] == 3000 and top(st) == (F.BUY, 0, 39)
    st = start_game()
    draw_on(st, 22, "R1")  # "back to" Madrid: forward 22 -> 14 over Start
    assert st.pos[0] == 14 and st.cash[0] == 3400 and top(st) == (F.BUY, 0, 14)
    st = start_game()
    give_deeds(st, 1, [35])
    draw_on(st, 22, "R3")  # Eastern Railways, owned: rent claimable
    assert st.pos[0] == 35 and st.claims == [(1, 0, 50, st.turn)]


def test_c36_move_back_three() -> None:
    st = start_game()
    draw_on(st, 22, "R14")
    assert st.pos[0] == 19 and top(st) == (F.BUY, 0, 19)
    st = start_game()
    put_on_top(st, "B2")
    evs = draw_on(st, 36, "R14")  # back to 33: another Chance draw (blue)
    assert st.pos[0] == 33
    assert [e.detail for e in events_of(evs, ev.CARD_DRAWN)] == ["R14", "B2"]
    assert st.cash[0] == 3400
    assert events_of(evs, ev.MOVED)[-1] == ev.Event(ev.MOVED, 0, 33, -3)


def test_c37_pay_20_or_draw_red() -> None:
    st = start_game()
    draw_on(st, 17, "B12")
    assert texts(st) == ["pay", "draw"]
    act(st, "pay")
    assert st.cash[0] == 2980 and st.bank == 20 and top(st) == (F.END_TURN, 0)
    assert st.decks[B][-1] == card_id("B12")
    st = start_game()
    put_on_top(st, "R2")
    draw_on(st, 17, "B12")
    evs = act(st, "draw")
    assert [e.detail for e in events_of(evs, ev.CARD_DRAWN)] == ["R2"]
    assert st.cash[0] == 3100
    assert st.decks[R][-1] == card_id("R2") and st.decks[B][-1] == card_id("B12")
    # a red move card drawn on a blue square: back 3 from 17 to Madrid
    st = start_game()
    put_on_top(st, "R14")
    draw_on(st, 17, "B12")
    act(st, "draw")
    assert st.pos[0] == 14 and top(st) == (F.BUY, 0, 14)


def test_c38_birthday_everyone_pays_including_jailed() -> None:
    st = start_game(4)
    jail(st, 2)
    st.alive[3] = False
    set_cash(st, 3, 0)
    evs = draw_on(st, 17, "B4")
    paid = [(e.seat, e.amount, e.other) for e in events_of(evs, ev.PAID)]
    assert paid == [(1, 20, 0), (2, 20, 0)]
    assert st.cash[:3] == [3040, 2980, 2980]
    assert top(st) == (F.END_TURN, 0)


def test_c38_birthday_short_payer_owes_the_drawer() -> None:
    st = start_game()
    set_cash(st, 1, 10)
    draw_on(st, 17, "B4")
    assert top(st) == (F.DEBT, 1, 0, 20, "card", True)
    assert texts(st, 2) == []  # the card is still being carried out
    act(st, "bankrupt")
    assert not st.alive[1]
    # seat 2 still pays after seat 1's bankruptcy
    assert st.cash[0] == 3000 + 10 + 20 and st.cash[2] == 2980


@pytest.mark.parametrize(("card", "expected"), [("R13", 8 * 50 + 200), ("R15", 8 * 80 + 230)])
def test_c39_repairs_hotel_counts_only_as_hotel(card: str, expected: int) -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, 4)
    set_level(st, 8, 4)
    set_level(st, 9, 5)
    cash = st.cash[0]
    evs = draw_on(st, 7, card)
    assert ev.Event(ev.PAID, 0, -1, expected, -1, "repairs") in evs
    assert st.cash[0] == cash - expected


def test_c39_repairs_without_buildings_cost_nothing() -> None:
    st = start_game()
    give_deeds(st, 0, [6, 8, 9])
    evs = draw_on(st, 7, "R13")
    assert ev.PAID not in kinds(evs) and st.cash[0] == 3000 - 640


# --- 2.10 Jail ----------------------------------------------------------------------------------


def test_c40_go_to_jail_square() -> None:
    st = start_game()
    give_deeds(st, 0, [1])
    evs = land_on(st, 30)
    assert ev.Event(ev.JAILED, 0, 10, detail="square") in evs
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == 2880
    assert top(st) == (F.PRE_ROLL, 1)  # turn over at once
    assert "mortgage 1" in texts(st, 0)  # anytime actions remain allowed
    land_on(st, 20)
    end_turn(st)
    land_on(st, 20)
    end_turn(st)
    assert top(st) == (F.JAIL, 0)


@pytest.mark.parametrize(("square", "card"), [(33, "B3"), (36, "R10"), (2, "B3")])
def test_c40_go_to_jail_card(square: int, card: str) -> None:
    st = start_game()
    evs = draw_on(st, square, card)
    start_bonus = 400 if square == 2 else 0  # land_on reaches 2 from 39
    assert st.pos[0] == 10 and st.jail[0] == 0
    assert st.cash[0] == 3000 + start_bonus
    assert ev.JAILED in kinds(evs) and top(st) == (F.PRE_ROLL, 1)
    assert st.decks[st.edition.board.deck_index(card_id(card))][-1] == card_id(card)


def test_c40_second_double_goes_to_jail() -> None:
    st = start_game()
    roll(st, 4, 4)
    evs = roll(st, 1, 1)
    assert st.pos[0] == 10 and st.jail[0] == 0 and st.cash[0] == 3000
    assert kinds(evs) == [ev.DICE_ROLLED, ev.JAILED, ev.TURN_STARTED]
    assert top(st) == (F.PRE_ROLL, 1)


def test_c13_others_raise_cash_at_any_decision_unlike_wonders_w24() -> None:
    # classic keeps C-13 (`others_act="any_decision"`): another seat mortgages, redeems and
    # sells buildings also during the active player's buy decision
    st = start_game()
    give_deeds(st, 1, [1, 3])
    give_deeds(st, 2, [6], mortgaged=True)
    st.level[1] = 1
    st.houses_left -= 1
    land_on(st, 8)
    assert top(st) == (F.BUY, 0, 8)
    assert {"sell-building 1", "mortgage 3"} <= set(texts(st, 1))
    assert "unmortgage 6" in texts(st, 2)
    act(st, "sell-building 1", seat=1)
    act(st, "unmortgage 6", seat=2)
    assert top(st) == (F.BUY, 0, 8) and st.level[1] == 0 and not st.mortgaged[6]
