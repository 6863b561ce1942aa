"""Rule tests for builder B-1 to B-25: components, setup, the first player, the turn, discard,
doubles, gathering (with the supply limit) and movement with pick-ups. Scripted dice and
actions throughout."""

from __future__ import annotations

import pytest

from tests.editions.builder.helpers import (
    JAIL,
    G,
    P,
    R,
    Y,
    act,
    chips_ok,
    end_turn,
    events_of,
    give_deeds,
    hand,
    jail,
    kinds,
    land_on,
    pile,
    roll,
    set_chips,
    set_pile,
    set_supply,
    start,
    supply,
    texts,
    top,
    top_kind,
)
from tycoon.api import CHANCE, apply_action, new_game
from tycoon.editions.builder import BUILDER, DISCARD
from tycoon.editions.builder.chips import GAINED, PICKED
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import parse_text
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import ActionParseError, IllegalActionError, OptionError

B = BUILDER.board


def test_b1_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert new_game("builder", n, seed=1).n == n
    for n in (1, 5):
        with pytest.raises(OptionError):
            new_game("builder", n, seed=1)


def test_b2_money_in_multiples_of_five() -> None:
    assert B.constants["money_unit"] == 5
    assert all(p % 5 == 0 for p in B.price) and all(r[0] % 5 == 0 for r in B.rents if r)
    st = start()
    land_on(st, 1)  # Mediterranean, unowned
    act(st, "auction")
    with pytest.raises(IllegalActionError):
        act(st, "bid 12")
    act(st, "bid 15")


def test_b2_deals_pay_cash_in_multiples_of_five() -> None:
    st = start(3)
    give_deeds(st, 0, [1])
    set_chips(st, 0, [1, 0, 0, 0])
    for bad in ("trade 1 give 1 get - cash -3", "trade 1 give 1r get - cash 7"):
        with pytest.raises(IllegalActionError):
            act(st, bad)
    act(st, "trade 1 give 1 get - cash -55")
    act(st, "accept")
    assert st.owner[1] == 1 and st.cash == [900 - 60 + 55, 900 - 55, 900]


def test_b3_starting_money_is_900() -> None:
    st = start(4)
    assert st.cash == [900] * 4


def test_b4_the_bank_never_runs_out() -> None:
    st = start()
    st.bank = -100_000  # the bank has paid out far more than it took in
    evs = land_on(st, 0, 3, 4)  # lands on GO
    assert events_of(evs, ev.PASSED_START)[0].amount == 200
    assert st.cash[0] == 1100


def test_b5_components() -> None:
    d = BUILDER.data
    assert len(B.deeds) == 16 and len(B.groups) == 8
    cards = [c.effect for c in B.decks[0]]
    assert len(B.decks) == 1 and len(cards) == 20  # no Community Chest
    assert cards.count("get_out_of_jail") == 2 and cards.count("forced_trade") == 3
    assert d.supply_per_type == 20 and len(d.type_names) == 4
    st = start(4)
    assert st.ext["blocks"] == [12] * 4
    assert sum(supply(st)) + sum(st.ext["res"]) == 80


def test_b6_the_supply_is_limited() -> None:
    st = start()
    give_deeds(st, 1, [32])  # North Carolina: 7 -> green
    set_supply(st, G, 1)
    st.pos[0] = 1
    evs = roll(st, 3, 4)
    assert hand(st, 1)[G] == 1  # one of the two chips was left
    assert events_of(evs, GAINED)[0].amount == 1
    assert supply(st)[G] == 0 and chips_ok(st)


def test_b7_own_type_is_the_token_colour() -> None:
    d = BUILDER.data
    assert d.type_names == ("red", "purple", "green", "yellow")
    assert d.token_names[0] == "Penguin" and d.token_names[3] == "Rubber Ducky"
    st = start(4)
    for p in range(4):
        assert hand(st, p) == [4 if t == p else 0 for t in range(4)]


def test_b8_unused_types_still_in_play_with_fewer_players() -> None:
    st = start(3)
    assert supply(st)[Y] == 20  # nobody's own type, still in the supply
    assert any(BUILDER.data.deed_type[s] == Y for s in B.deeds)
    roll(st, 2, 4)  # a 6: each active player takes his own type, nobody yellow
    assert supply(st)[Y] == 20 and hand(st, 0)[R] == 6 and hand(st, 2)[G] == 6


def test_b8_each_player_takes_a_distinct_token_of_his_choice() -> None:
    st = start(2, options={"tokens": "t_rex,rubber_duck"})
    assert hand(st, 0) == [0, 0, 4, 0] and hand(st, 1) == [0, 0, 0, 4]
    assert supply(st) == [20, 20, 16, 16]
    roll(st, 2, 4)  # a 6: each takes 2 of his own type (green, yellow)
    assert hand(st, 0) == [0, 0, 6, 0] and hand(st, 1) == [0, 0, 0, 6]
    for bad in ("t_rex,t_rex", "penguin", "penguin,dragon"):
        with pytest.raises(OptionError):
            start(2, options={"tokens": bad})


def test_b9_every_reference_card_has_the_same_costs() -> None:
    for seat in (0, 1):
        st = start(3, first=seat)
        set_chips(st, seat, [1, 1, 0, 0])
        land_on(st, 5)  # a Collect square, then the build step
        act(st, "floor 1 pay 1r,1p")
        assert st.ext["height"][1] == 1


def test_b10_setup() -> None:
    st = start(3)
    assert st.pos == [0, 0, 0] and st.cash == [900] * 3
    assert [sum(hand(st, p)) for p in range(3)] == [4, 4, 4]
    assert st.ext["blocks"] == [12, 12, 12]


def test_b11_deeds_unowned_deck_shuffled_bonus_cards_free() -> None:
    a, b = new_game("builder", 3, seed=1), new_game("builder", 3, seed=2)
    assert all(a.owner[s] == -1 for s in B.deeds)
    assert a.decks[0] != b.decks[0] and sorted(a.decks[0]) == sorted(b.decks[0])
    assert a.ext["height"] == [0] * 36 and a.card_holder == {}


def test_b12_first_player_roll_off() -> None:
    st = new_game("builder", 3, seed=0)
    for d in ("roll 3 3", "roll 5 6", "roll 5 6"):  # seats 1 and 2 tie on 11
        apply_action(st, d)
    assert st.current_player == CHANCE and top(st)[3] == (1, 2)
    apply_action(st, "roll 1 1")
    apply_action(st, "roll 2 2")
    assert st.active == 2 and st.current_player == 2
    assert [sum(hand(st, p)) for p in range(3)] == [4, 4, 4]  # a 6 rolled: no chips
    assert top_kind(st) == F.PRE_ROLL  # a double there gives nothing either


def test_b13_play_moves_clockwise() -> None:
    st = start(3, first=1)
    land_on(st, 5)
    end_turn(st)
    assert st.active == 2
    land_on(st, 5)
    end_turn(st)
    assert st.active == 0


def test_b14_discard_down_to_six_onto_the_current_square() -> None:
    st = start(3)
    land_on(st, 5)  # Collect 2 red
    set_chips(st, 1, [3, 3, 2, 1])
    st.pos[1] = 9
    end_turn(st)
    assert top(st) == (DISCARD, 1)
    own = [t for t in texts(st) if t.startswith("discard")]  # OQ-2 adds deals and mortgages
    assert own == ["discard 1r", "discard 1p", "discard 2r,1p", "discard 1g", "discard 1y"]
    act(st, "discard 1r")
    act(st, "discard 1r")
    act(st, "discard 1y")
    assert top_kind(st) == F.PRE_ROLL
    assert hand(st, 1) == [1, 3, 2, 0] and pile(st, 9) == [2, 0, 0, 1]
    assert chips_ok(st)


def test_b14_a_discard_of_several_chips_is_one_action() -> None:
    st = start(3)
    land_on(st, 5)  # Collect 2 red
    set_chips(st, 1, [3, 3, 2, 1])
    st.pos[1] = 9
    end_turn(st)
    assert top(st) == (DISCARD, 1)
    with pytest.raises(IllegalActionError):
        act(st, "discard 2r,2y")  # only one yellow held
    with pytest.raises(IllegalActionError):
        act(st, "discard 3r,1p")  # four chips: more than the three above the limit
    assert hand(st, 1) == [3, 3, 2, 1]
    act(st, "discard 2r,1y")
    assert top_kind(st) == F.PRE_ROLL
    assert hand(st, 1) == [1, 3, 2, 0] and pile(st, 9) == [2, 0, 0, 1]
    assert chips_ok(st)
    assert str(parse_text("discard 2r,1y")) == "discard 2r,1y"
    with pytest.raises(ActionParseError, match="write 'discard 1r'"):  # one text form
        parse_text("discard r")


def test_b14_a_deal_that_brings_the_hand_to_six_ends_the_discard() -> None:
    """B-14 with OQ-2's deals at the discard decision: once a sale has brought the hand down
    to the limit there is nothing to discard (`pass`), instead of a decision with no move."""
    st = start(3)
    land_on(st, 5)
    set_chips(st, 1, [3, 3, 2, 1])
    st.pos[1] = 9
    end_turn(st)
    assert top(st) == (DISCARD, 1)
    assert "pass" not in texts(st)
    with pytest.raises(IllegalActionError):
        act(st, "pass")  # three chips over the limit
    act(st, "trade 0 give 3r get - cash -10")
    act(st, "accept")
    assert hand(st, 1) == [0, 3, 2, 1] and top(st) == (DISCARD, 1)
    assert "pass" in texts(st) and not [t for t in texts(st) if t.startswith("discard")]
    with pytest.raises(IllegalActionError):
        act(st, "discard 1p")
    act(st, "pass")
    assert top_kind(st) == F.PRE_ROLL and pile(st, 9) == [0, 0, 0, 0]
    assert chips_ok(st)


def test_b14_no_discard_at_six_and_in_jail_onto_the_jail_square() -> None:
    st = start(3)
    set_chips(st, 1, [6, 0, 0, 0])
    land_on(st, 5)
    end_turn(st)
    assert top_kind(st) == F.PRE_ROLL  # exactly six: nothing to discard
    land_on(st, 15)
    end_turn(st)
    jail(st, 0)
    set_chips(st, 0, [8, 0, 0, 0])
    land_on(st, 25)  # seat 2
    end_turn(st)
    assert top(st) == (DISCARD, 0)
    act(st, "discard 1r")
    act(st, "discard 1r")
    assert pile(st, JAIL) == [2, 0, 0, 0] and top_kind(st) == F.JAIL


def test_b15_roll_value_and_double() -> None:
    st = start()
    st.pos[0] = 1
    evs = roll(st, 2, 5)
    assert st.pos[0] == 8 and events_of(evs, ev.DICE_ROLLED)[0].square == 2
    st = start()
    roll(st, 2, 2)
    while top_kind(st) != F.ROLL_AGAIN:
        act(st, "auction") if top_kind(st) == F.BUY else act(st, texts(st)[0])
    assert top(st)[2] == 1


def test_b16_double_gives_a_whole_extra_turn_from_discard() -> None:
    st = start()
    land_on(st, 5, 2, 2)  # Collect 2 red: 6 red + ...
    assert top_kind(st) == F.ROLL_AGAIN
    set_chips(st, 0, [5, 2, 0, 0])
    act(st, "roll")
    assert top(st) == (DISCARD, 0)  # the new turn starts with the discard
    act(st, "discard 1r")
    assert st.current_player == CHANCE
    act(st, "roll 1 3")
    assert st.pos[0] == 9 and st.active == 0


def test_b17_third_double_jails_without_gathering_or_moving() -> None:
    st = start()
    give_deeds(st, 1, [37])  # Park Place: 8 -> green
    set_chips(st, 0, [0, 0, 0, 0])
    land_on(st, 5, 1, 1)
    act(st, "roll")
    act(st, "roll 2 2")  # to 9
    act(st, "roll")
    evs = act(st, "roll 4 4")
    assert st.jail[0] == 0 and st.pos[0] == JAIL
    assert hand(st, 1)[G] == 0 and ev.MOVED not in kinds(evs)
    assert st.active == 1  # the turn ended at once


def test_b18_sent_to_jail_on_a_double_gets_no_extra_turn() -> None:
    st = start()
    land_on(st, 30, 3, 3)
    assert st.jail[0] == 0 and st.active == 1


def test_b19_gather_on_the_rolled_number() -> None:
    st = start(4)
    give_deeds(st, 1, [31])  # Pacific: 8 -> red
    give_deeds(st, 2, [37])  # Park Place: 8 -> green
    give_deeds(st, 3, [16], mortgaged=True)  # no resources when mortgaged
    jail(st, 2)  # gathers in jail
    roll(st, 3, 5)
    assert hand(st, 1)[R] == 2 and hand(st, 2)[G] == 4 + 2
    assert hand(st, 3) == [0, 0, 0, 4]


def test_b19_several_deeds_each_pay_two() -> None:
    st = start()
    give_deeds(st, 1, [11, 16])  # 4 -> purple and yellow
    roll(st, 1, 3)
    assert hand(st, 1) == [0, 4 + 2, 0, 2]


def test_b20_a_six_gives_everyone_two_of_their_own_type() -> None:
    st = start(4)
    roll(st, 1, 5)
    assert [hand(st, p)[p] for p in range(4)] == [6, 6, 6, 6]


def test_b21_shortage_pays_what_is_left_and_the_rest_is_lost() -> None:
    st = start(3)
    set_supply(st, R, 1)
    roll(st, 2, 4)  # a 6: seat 0 gets one red of two
    assert hand(st, 0)[R] == 5 and supply(st)[R] == 0
    st = start(3)
    set_supply(st, R, 0)
    land_on(st, 5)  # Collect 2 red: nothing left, nothing owed later
    assert hand(st, 0)[R] == 4 and chips_ok(st)
    st.ext["supply"][R] += 2
    st.ext["pile"][30 * 4 + R] -= 2
    end_turn(st)
    assert hand(st, 0)[R] == 4


def test_b21_exchanges_only_ask_for_a_type_in_the_supply() -> None:
    st = start(3)
    set_chips(st, 0, [4, 0, 0, 0])
    set_supply(st, P, 0)
    land_on(st, 9)  # Collect 2 yellow
    assert "bank-trade r for p" not in texts(st) and "bank-trade r for g" in texts(st)
    with pytest.raises(IllegalActionError):
        act(st, "bank-trade r for p")


def test_b22_move_clockwise_by_the_roll() -> None:
    st = start()
    st.pos[0] = 38
    roll(st, 2, 3)
    assert st.pos[0] == 3


def test_b23_pick_up_piles_passed_and_landed_on_not_the_start() -> None:
    st = start()
    set_pile(st, 0, [1, 0, 0, 0])  # the start square
    set_pile(st, 2, [0, 2, 0, 0])  # passed
    set_pile(st, 5, [0, 0, 3, 1])  # landed on
    set_pile(st, 6, [1, 1, 1, 1])  # beyond
    evs = roll(st, 2, 3)
    assert hand(st, 0) == [4 + 2, 2, 3, 1]  # plus Collect 2 red
    assert pile(st, 0) == [1, 0, 0, 0] and pile(st, 6) == [1, 1, 1, 1]
    assert [e.square for e in events_of(evs, PICKED)] == [2, 5, 5]
    assert chips_ok(st)


def test_b23_card_moves_pick_up_but_going_to_jail_does_not() -> None:
    from tests.editions.builder.helpers import put_on_top

    st = start()
    set_pile(st, 5, [0, 0, 0, 2])  # the dice move starts here; the card move passes it
    set_pile(st, 4, [0, 3, 0, 0])
    put_on_top(st, "C11")  # back 3 spaces
    land_on(st, 7, 1, 1)  # from 5 to Chance at 7, then back over 6, 5 to 4
    assert st.pos[0] == 4
    assert hand(st, 0)[Y] == 2 and hand(st, 0)[P] == 3
    st2 = start()
    set_pile(st2, 35, [2, 0, 0, 0])
    land_on(st2, 30)  # Go To Jail: straight to 10, nothing on the way
    assert pile(st2, 35) == [2, 0, 0, 0] and st2.pos[0] == JAIL


def test_b24_go_pays_forward_not_backward_nor_to_jail() -> None:
    from tests.editions.builder.helpers import put_on_top

    st = start()
    evs = land_on(st, 1, 4, 5)  # from 32 over GO to Mediterranean
    assert st.cash[0] == 1100 and events_of(evs, ev.PASSED_START)
    st = start()
    put_on_top(st, "C11")
    land_on(st, 2, 1, 1)  # from GO to Chance at 2: back 3 to 39, backward over GO
    assert st.pos[0] == 39 and st.cash[0] == 900
    st = start()
    put_on_top(st, "C11")
    land_on(st, 33)  # Chance at 33: back 3 to Go To Jail
    assert st.jail[0] == 0 and st.pos[0] == JAIL and st.cash[0] == 900


def test_b25_pick_ups_and_go_before_the_landing() -> None:
    st = start()
    set_pile(st, 1, [0, 1, 0, 0])
    evs = land_on(st, 1, 1, 2)  # from 38 over GO to Mediterranean
    ks = kinds(evs)
    assert ks.index(PICKED) < ks.index(ev.PASSED_START) < ks.index(ev.LANDED)
    assert top_kind(st) == F.BUY
    assert SquareKind.COLLECT not in (B.kind[2], B.kind[38])  # passed squares do nothing
