"""Rule tests M-1 to M-30: components, setup, turn, movement, corners, auctions."""

from __future__ import annotations

import pytest

from tests.editions.metropol.helpers import (
    CHANCE,
    F,
    act,
    blk,
    city,
    events_of,
    game,
    give,
    ledger_ok,
    roll,
    set_cash,
    texts,
    top,
    turn,
)
from tycoon.api import chance_outcomes, new_game
from tycoon.engine import events as ev
from tycoon.engine.errors import IllegalActionError, OptionError

M = 1_000_000


def test_m1_three_dice_216_outcomes() -> None:
    st = new_game("metropol", 3, seed=3)
    outs = chance_outcomes(st)
    assert len(outs) == 216 and len({a for a, _ in outs}) == 216
    assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
    assert str(outs[0][0]) == "roll 1 1 1"
    b = st.edition.board
    assert len(b.streets) == 24 and len(city.CROSSING) == 4 and len(b.decks[0]) == 17
    assert st.ext["city"][city.SUPPLY] == 80


def test_m2_money_in_multiples_of_10000() -> None:
    st = new_game("metropol", 3, seed=3)
    c = st.edition.board.constants
    assert c["money_unit"] == 10_000
    for v in (*city.DISTRICT_VALUES, c["block_cost"], c["auction_min_raise"], c["starting_cash"]):
        assert v % 10_000 == 0


@pytest.mark.parametrize("n", [2, 7])
def test_m3_three_to_six_players(n: int) -> None:
    with pytest.raises(OptionError):
        new_game("metropol", n, seed=0)
    assert new_game("metropol", 3, seed=0).n == 3
    assert new_game("metropol", 6, seed=0).n == 6


def test_m4_tokens_start_on_stock_exchange() -> None:
    assert new_game("metropol", 4, seed=2).pos == [0, 0, 0, 0]


def test_m5_two_street_permits_dealt_bridges_stay_free() -> None:
    st = new_game("metropol", 5, seed=9)
    b = st.edition.board
    for p in range(5):
        mine = [s for s in b.deeds if st.owner[s] == p]
        assert len(mine) == 2 and all(s in b.streets for s in mine)
    assert all(st.owner[s] == -1 for s in city.CROSSING)
    assert sum(1 for s in b.streets if st.owner[s] < 0) == 24 - 10


def test_m6_five_million_each() -> None:
    st = new_game("metropol", 4, seed=2)
    assert st.cash == [5 * M] * 4 and ledger_ok(st)


def test_m7_district_cards_dealt_one_per_district() -> None:
    bases = {tuple(new_game("metropol", 3, seed=s).ext["base"]) for s in range(5)}
    for base in bases:
        assert sorted(base) == sorted(city.DISTRICT_VALUES)
    assert len(bases) > 1


def test_m8_metropol_deck_shuffled() -> None:
    decks = {tuple(new_game("metropol", 3, seed=s).decks[0]) for s in range(5)}
    for d in decks:
        assert sorted(d) == [1200 + i for i in range(17)]
    assert len(decks) > 1


def test_m9_highest_roll_starts_ties_reroll() -> None:
    st = new_game("metropol", 3, seed=1)
    act(st, "roll 6 6 5")
    act(st, "roll 6 5 6")
    act(st, "roll 1 1 1")
    assert st.current_player == CHANCE and top(st)[3] == (0, 1)  # only the tied re-roll
    act(st, "roll 1 1 2")
    act(st, "roll 2 2 2")
    assert st.current_player == 1 and st.active == 1


def test_m10_block_supply_and_roofs() -> None:
    assert game().ext["city"][city.SUPPLY] == 80
    assert game(options={"blocks_total": 60}).ext["city"][city.SUPPLY] == 60
    assert game().ext["roof"] == [0] * 36


def test_m11_only_active_player_acts() -> None:
    st = game()
    give(st, 1, [7])
    assert texts(st, 1) == [] and texts(st, 2) == []
    assert "roll" in texts(st, 0)


def test_m12_turn_runs_roll_move_resolve_build_end() -> None:
    st = game()
    assert top(st)[0] == F.PRE_ROLL
    roll(st, 1, 1, 1 + 1)  # 4: Rock, free -> auction
    assert top(st)[0] == F.AUCTION
    for _ in range(3):
        act(st, "pass")
    assert top(st) == (turn.BUILDING, 0)
    act(st, "end-turn")
    assert top(st) == (F.PRE_ROLL, 1) and st.active == 1


def test_m13_move_by_dice_total() -> None:
    st = game()
    evs = roll(st, 1, 2, 4)
    assert st.pos[0] == 7 and events_of(evs, ev.MOVED)[0].amount == 7


def test_m14_triples_move_anywhere_or_normal() -> None:
    st = game()
    st.pos[0] = 30
    roll(st, 2, 2, 2)
    assert top(st)[:3] == (turn.CHOICE, 0, turn.TRIPLES)
    gos = texts(st)
    assert len(gos) == 39 and "go 30" not in gos and "go 29" in gos
    evs = act(st, "go 29")  # 39 squares ahead, passing the Stock Exchange
    assert st.pos[0] == 29 and events_of(evs, ev.PASSED_START)[0].amount == 50_000
    # no extra turn: after the landing comes the building phase, then the next player
    while top(st)[0] != turn.BUILDING:
        act(st, texts(st)[0])
    act(st, "end-turn")
    assert st.active == 1


def test_m14_triples_normal_move_is_the_dice_move() -> None:
    st = game()
    roll(st, 3, 3, 3)
    act(st, "go 9")
    assert st.pos[0] == 9


def test_m15_pass_pays_50000_exact_landing_500000() -> None:
    st = game()
    st.pos[0] = 35
    give(st, 0, [35])  # own bridge at 35 is not resolved; we pass 0 to 2
    give(st, 1, [2])
    cash = st.cash[0]
    roll(st, 1, 2, 4)  # 35 + 7 = 2: passes 0
    assert st.cash[0] - cash == 50_000 - st.ext["base"][0]  # income then rent
    st2 = game()
    st2.pos[0] = 33
    roll(st2, 2, 2, 3)  # 33 + 7 = 40: exactly on 0
    assert st2.cash[0] == 5 * M + 500_000


@pytest.mark.parametrize(("exact", "gain"), [(True, 500_000), (False, 50_000)])
def test_m15_triples_free_move_to_stock_exchange(exact: bool, gain: int) -> None:
    st = game(options={"triples_free_move_exact_bonus": exact})
    st.pos[0] = 12
    roll(st, 1, 1, 1)
    act(st, "go 0")
    assert st.cash[0] == 5 * M + gain


def test_m15_card_advance_pays_only_50000() -> None:
    st = game()
    st.decks[0].remove(1201)
    st.decks[0].insert(0, 1201)  # M2: advance to the Stock Exchange
    st.pos[0] = 32
    roll(st, 1, 2, 4)  # 32 + 7 = 39, a Metropol square
    assert st.pos[0] == 0 and st.cash[0] == 5 * M + 50_000


def test_m16_jumps_pass_nothing() -> None:
    st = game()
    st.pos[0] = 13
    roll(st, 1, 2, 4)  # 20: the Highway
    assert top(st)[:3] == (F.DICE, 0, turn.ROLL_HIGHWAY)
    act(st, "roll 4 2")  # exit 42 = Country (2), jumping over the Stock Exchange
    assert st.pos[0] == 2 and st.cash[0] == 5 * M


def test_m17_tokens_share_squares() -> None:
    st = game()
    st.pos[1] = 7
    give(st, 1, [7])
    give(st, 0, [])
    roll(st, 1, 2, 4)
    assert st.pos[0] == st.pos[1] == 7


def test_m18_stock_exchange_does_nothing_else() -> None:
    st = game()
    st.pos[0] = 33
    roll(st, 2, 2, 3)
    assert top(st) == (turn.BUILDING, 0)


def test_m19_city_hall_relocation_auction_no_income() -> None:
    st = game()
    st.pos[0] = 3
    give(st, 1, [s for s in st.edition.board.deeds if s != 35])
    roll(st, 1, 2, 4)  # 10: City Hall
    assert top(st)[:3] == (turn.CHOICE, 0, turn.HALL)
    legal = texts(st)
    assert "go 35" in legal and "go 7" not in legal and "block 0" in legal
    act(st, "go 35")  # jump over the Stock Exchange: no income
    assert st.pos[0] == 35 and st.cash[0] == 5 * M and top(st)[0] == F.AUCTION
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[35] == 0 and top(st)[:3] == (turn.CHOICE, 0, turn.CROSS)


def test_m19_city_hall_free_block_counts_toward_limit() -> None:
    st = game()
    st.pos[0] = 3
    give(st, 1, list(st.edition.board.deeds))
    roll(st, 1, 2, 4)
    assert all(t.startswith("block") for t in texts(st))
    act(st, "block 5")
    assert st.ext["height"][5] == 1 and st.cash[0] == 5 * M
    act(st, "block 6")
    assert "block 7" not in texts(st)  # two blocks this turn


def test_m19_city_hall_final_phase_only_relocation() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.pos[0] = 3
    give(st, 1, [s for s in st.edition.board.deeds if s != 7])
    roll(st, 1, 2, 4)
    assert texts(st) == ["go 7"]


def test_m19_city_hall_nothing_possible() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.pos[0] = 3
    give(st, 1, list(st.edition.board.deeds))
    roll(st, 1, 2, 4)
    assert top(st)[0] == F.END_TURN


def test_m20_highway_two_dice_exit() -> None:
    st = game()
    st.pos[0] = 13
    roll(st, 1, 2, 4)
    outs = chance_outcomes(st)
    assert len(outs) == 36 and str(outs[0][0]) == "roll 1 1"
    act(st, "roll 5 6")  # exit 56 = Lake (13), free -> auction
    assert st.pos[0] == 13 and top(st)[0] == F.AUCTION and top(st)[2] == 13


def test_m21_courthouse_fine_dice_total() -> None:
    st = game()
    st.pos[0] = 18
    roll(st, 6, 5, 1)  # 30
    assert st.cash[0] == 5 * M - 120_000


def test_m21_courthouse_by_card_rolls_three_dice() -> None:
    st = game()
    st.decks[0].remove(1203)
    st.decks[0].insert(0, 1203)  # M4: go directly to the Courthouse
    st.pos[0] = 14
    roll(st, 1, 1, 3)  # 19: Metropol square
    assert st.pos[0] == 30 and top(st)[:3] == (F.DICE, 0, turn.ROLL_COURT)
    act(st, "roll 3 3 3")
    assert st.cash[0] == 5 * M - 90_000


def test_m22_street_free_auction_owned_rent_own_block() -> None:
    st = game()
    roll(st, 1, 2, 4)
    assert top(st)[0] == F.AUCTION
    st = game()
    give(st, 1, [7])
    roll(st, 1, 2, 4)
    assert st.cash[1] == 5 * M + 100_000
    st = game()
    give(st, 0, [7])
    roll(st, 1, 2, 4)
    assert top(st)[:4] == (turn.CHOICE, 0, turn.FREE, turn.OWN)


def test_m23_rent_owed_to_departed_holder() -> None:
    st = game()
    give(st, 1, [7])
    st.ext["left"][1] = 1
    st.ext["city"][city.FINAL] = 1
    roll(st, 1, 2, 4)
    assert st.cash[1] == 5 * M + 100_000


def test_m24_auction_participants_in_play() -> None:
    st = game(4)
    st.alive[2] = False
    st.ext["left"][3] = 1
    roll(st, 1, 2, 4)
    assert top(st)[6] == (0, 1)


def test_m25_bids_step_50000_within_cash() -> None:
    st = game()
    roll(st, 1, 2, 4)
    assert texts(st) == ["bid 50000", "pass"]
    act(st, "bid 50000")
    assert texts(st) == ["bid 100000", "pass"]
    with pytest.raises(IllegalActionError):
        act(st, "bid 150000")
    set_cash(st, 1, 90_000)
    assert texts(st) == ["pass"]


def test_m25_jump_bids_option() -> None:
    st = game(options={"auction_jump_bids": True})
    roll(st, 1, 2, 4)
    act(st, "bid 200000")
    assert st.stack[-1][4] == 200_000


def test_m26_clockwise_from_active_pass_is_final() -> None:
    st = game()
    roll(st, 1, 2, 4)
    assert st.current_player == 0
    act(st, "pass")
    assert st.current_player == 1
    act(st, "bid 50000")
    assert st.current_player == 2
    act(st, "bid 100000")
    assert st.current_player == 1  # 0 passed for good
    act(st, "pass")
    # closes: 2 is the high bidder, 0 may veto
    assert top(st)[:3] == (turn.CHOICE, 0, turn.VETO)


def test_m27_veto_at_plus_50000() -> None:
    st = game()
    roll(st, 1, 2, 4)
    act(st, "pass")
    act(st, "bid 50000")
    act(st, "pass")
    assert texts(st) == ["pass", "veto"]
    act(st, "veto")
    assert st.owner[7] == 0 and st.cash[0] == 5 * M - 100_000 and st.cash[1] == 5 * M


def test_m27_no_veto_winner_buys() -> None:
    st = game()
    roll(st, 1, 2, 4)
    act(st, "pass")
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[7] == 1 and st.cash[1] == 5 * M - 50_000


def test_m27_veto_needs_cash() -> None:
    st = game()
    roll(st, 1, 2, 4)
    set_cash(st, 0, 90_000)
    act(st, "pass")
    act(st, "bid 50000")
    act(st, "pass")
    assert st.owner[7] == 1 and top(st)[0] == turn.BUILDING


def test_m28_price_to_bank() -> None:
    st = game()
    roll(st, 1, 2, 4)
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[7] == 0 and st.bank == 50_000 and ledger_ok(st)


def test_m29_nobody_bids_stays_free() -> None:
    st = game()
    roll(st, 1, 2, 4)
    for _ in range(3):
        act(st, "pass")
    assert st.owner[7] == -1


def test_m30_auction_after_card_move_not_after_crossing() -> None:
    st = game()
    st.decks[0].remove(1205)
    st.decks[0].insert(0, 1205)  # M6: nearest bridge ahead
    st.pos[0] = 4
    roll(st, 1, 2, 2)  # 9: Metropol square -> bridge 15
    assert st.pos[0] == 15 and top(st)[0] == F.AUCTION
    st = game()
    give(st, 0, [5])
    st.pos[0] = 1
    roll(st, 1, 1, 2)  # own bridge 5
    act(st, "cross")
    assert st.pos[0] == 25 and top(st)[0] == turn.BUILDING  # free bridge 25: no auction


def test_m30_block_board_geometry() -> None:
    """2.5: each block raises exactly its column and its row permit."""
    assert city.BLOCK_PERMITS[blk("x4y4")] == (4, 36)
    assert city.PERMIT_BLOCKS[36] == (blk("x4y4"), blk("x5y4"), blk("x6y4"))
    for p, bs in city.PERMIT_BLOCKS.items():
        assert len(bs) == 3 and len({city.BLOCK_AREA[b] for b in bs}) == 1
        assert all(p in city.BLOCK_PERMITS[b] for b in bs)
