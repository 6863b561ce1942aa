"""W-77: the shortage auction of scarce buildings, driven by scripted actions."""

from __future__ import annotations

from tests.editions.wonders.helpers import (
    STARTING_CASH,
    act,
    give_deeds,
    ledger_ok,
    set_level,
    start_game,
    texts,
    top,
)
from tycoon.engine import frames as F
from tycoon.engine.state import GameState


def _scarce(houses_left: int) -> GameState:
    """Seat 0 owns brown (1, 3), seat 1 light blue (6, 8, 9); the bank has few houses."""
    st = start_game(3, first=0)
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 1, [6, 8, 9])
    give_deeds(st, 2, [37, 39])
    for s in (37, 39):  # seat 2's hotels and houses use up the stock
        set_level(st, s, 4)
    st.houses_left = houses_left
    return st


def _houses_in_play(st: GameState) -> int:
    return sum(lvl for lvl in st.level if lvl < 5)


def test_w77_several_players_want_more_than_the_stock_so_houses_are_auctioned() -> None:
    st = _scarce(2)
    on_board = _houses_in_play(st)
    cash0, cash1 = st.cash[0], st.cash[1]
    act(st, "build 1")
    assert top(st)[:2] == (F.DEMAND, 0)
    assert texts(st) == ["want 1", "want 2"]  # the builder wants at least one, stock caps it
    act(st, "want 2")
    assert top(st)[:2] == (F.DEMAND, 1) and texts(st) == ["want 0", "want 1", "want 2"]
    act(st, "want 2")
    # 4 wanted > 2 in stock: one house at a time, calling from the builder, opening at the
    # lowest house price of the groups they may build on (1 000)
    assert top(st)[:4] == (F.AUCTION, 0, F.HOUSE_LOT, 1000)
    assert texts(st, 2) == []  # nobody acts out of turn during the auction
    act(st, "bid 1000")
    act(st, "bid 1001")
    act(st, "pass")
    assert top(st) == (F.PLACE, 1, F.HOUSE)
    assert texts(st) == ["build 6", "build 8", "build 9"]
    act(st, "build 8")
    assert st.level[8] == 1 and st.cash[1] == cash1 - 1001 and st.houses_left == 1
    # the next house: both still want one
    assert top(st)[:4] == (F.AUCTION, 0, F.HOUSE_LOT, 1000)
    act(st, "bid 1500")
    act(st, "pass")
    act(st, "build 3")
    assert st.level[3] == 1 and st.cash[0] == cash0 - 1500
    assert st.houses_left == 0 and _houses_in_play(st) == on_board + 2
    assert top(st) == (F.PRE_ROLL, 0)  # back to the builder's turn; stock used up
    assert "build 1" not in texts(st)
    assert ledger_ok(st) and sum(st.cash) + st.bank == 3 * STARTING_CASH


def test_w77_no_contest_means_a_normal_purchase() -> None:
    st = _scarce(2)
    act(st, "build 1")
    act(st, "want 1")
    act(st, "want 0")  # seat 1 does not want any: 1 wanted <= 2 in stock
    assert top(st) == (F.PRE_ROLL, 0)
    assert st.level[1] == 1 and st.houses_left == 1
    assert st.cash[0] == STARTING_CASH - 1200 * 2 - 1000  # deeds, then the deed's house price


def test_w77_nobody_bids_ends_the_auctions() -> None:
    st = _scarce(1)
    act(st, "build 1")
    act(st, "want 1")
    act(st, "want 1")
    assert top(st)[:3] == (F.AUCTION, 0, F.HOUSE_LOT)
    act(st, "pass")
    act(st, "pass")
    assert top(st) == (F.PRE_ROLL, 0) and st.houses_left == 1 and st.level[1] == 0


def test_w77_plenty_of_houses_means_no_shortage_procedure() -> None:
    st = _scarce(32 - 8)
    act(st, "build 1")
    assert top(st) == (F.PRE_ROLL, 0) and st.level[1] == 1


def test_w77_step1_no_poll_while_the_bank_holds_what_any_one_player_could_want() -> None:
    # seat 0 could place 8 houses (brown), seat 1 12 (light blue): 20 together, but with
    # 12 in the bank nobody can want more than the bank holds, so a build is a purchase
    st = _scarce(12)
    act(st, "build 1")
    assert top(st) == (F.PRE_ROLL, 0) and st.level[1] == 1 and st.houses_left == 11
    # now seat 1 could want 12 > 11: the next build opens the poll
    act(st, "build 3")
    assert top(st)[:2] == (F.DEMAND, 0)
