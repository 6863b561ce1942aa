"""W-78 (a)-(c), W-76, W-72: selling buildings for every mix of a group, with and without
the houses a hotel breaks down into. A hotel the bank cannot break down goes outright
(half of hotel + H houses) in the batch that keeps the group even: its other hotels go too
and its other wonders keep at most one house."""

from __future__ import annotations

import pytest

from tests.editions.wonders.helpers import (
    act,
    give_deeds,
    land_on,
    ledger_ok,
    set_cash,
    set_level,
    start_game,
    texts,
    top,
)
from tycoon.engine import frames as F
from tycoon.engine.state import GameState
from tycoon.rules.property import HOTEL, max_raisable

LIGHT_BLUE = (6, 8, 9)
BROWN = (1, 3)
RED = (21, 23, 24)


def _group(levels: tuple[int, ...], squares: tuple[int, ...], houses_left: int, **opts: bool):
    st = start_game(options=dict(opts) or None)
    give_deeds(st, 0, squares)
    for s, lvl in zip(squares, levels, strict=True):
        set_level(st, s, lvl)
    st.houses_left = houses_left
    return st


def _levels(st: GameState, squares: tuple[int, ...]) -> list[int]:
    return [st.level[s] for s in squares]


def _outright(st: GameState, s: int) -> int:
    b = st.edition.board
    return (b.hotel_cost[s] + st.edition.houses_per_hotel(st) * b.house_cost[s]) // 2


@pytest.mark.parametrize(
    ("levels", "squares", "houses_left", "sell", "after"),
    [
        ((HOTEL, 4), BROWN, 0, 1, [0, 1]),  # 2-deed group, hotel and four houses
        ((HOTEL, HOTEL), BROWN, 2, 3, [0, 0]),  # both hotels of a 2-deed group
        ((HOTEL, 4, 4), LIGHT_BLUE, 3, 6, [0, 1, 1]),  # some houses, fewer than 4
        ((4, HOTEL, 4), LIGHT_BLUE, 0, 8, [1, 0, 1]),  # the hotel in the middle
        ((HOTEL, HOTEL, 4), LIGHT_BLUE, 0, 8, [0, 0, 1]),  # the second hotel asked first
        ((HOTEL, HOTEL, HOTEL), RED, 0, 23, [0, 0, 0]),  # every hotel goes together
    ],
)
def test_w78_c_outright_batch_for_every_mix(
    levels: tuple[int, ...], squares: tuple[int, ...], houses_left: int, sell: int, after: list[int]
) -> None:
    st = _group(levels, squares, houses_left)
    b = st.edition.board
    legal = texts(st)
    # only a highest wonder of the group may sell (W-72)
    for s, lvl in zip(squares, levels, strict=True):
        assert (f"sell-building {s}" in legal) == (lvl == HOTEL)
    cash, hotels, houses, bank = st.cash[0], st.hotels_left, st.houses_left, st.bank
    raisable = max_raisable(st, 0)
    act(st, f"sell-building {sell}")
    assert _levels(st, squares) == after
    gained = sum(
        _outright(st, s) if lvl == HOTEL else (lvl - 1) * (b.house_cost[s] // 2)
        for s, lvl in zip(squares, levels, strict=True)
        if lvl == HOTEL or lvl > 1
    )
    assert st.cash[0] == cash + gained and st.bank == bank - gained
    assert st.hotels_left == hotels + levels.count(HOTEL)
    assert st.houses_left == houses + sum(lvl - 1 for lvl in levels if lvl != HOTEL and lvl > 1)
    assert max_raisable(st, 0) == raisable  # nothing of value is lost in the batch
    assert ledger_ok(st)


def test_w78_b_with_the_houses_in_stock_a_hotel_of_a_mixed_group_breaks_down() -> None:
    st = _group((HOTEL, 4, 4), LIGHT_BLUE, 4)
    cash = st.cash[0]
    act(st, "sell-building 6")
    assert _levels(st, LIGHT_BLUE) == [4, 4, 4] and st.houses_left == 0
    assert st.cash[0] == cash + st.edition.board.hotel_cost[6] // 2
    # now every wonder is highest: houses are sold one by one (a)
    assert {"sell-building 6", "sell-building 8", "sell-building 9"} <= set(texts(st))


def test_w78_c_qp2_three_house_hotels_outright_for_one_house_less() -> None:
    st = _group((HOTEL, 3, 3), LIGHT_BLUE, 2, three_house_hotels=True)
    b = st.edition.board
    cash = st.cash[0]
    act(st, "sell-building 6")
    assert _levels(st, LIGHT_BLUE) == [0, 1, 1]
    hotel = (b.hotel_cost[6] + 3 * b.house_cost[6]) // 2  # QP2: one house less
    assert st.cash[0] == cash + hotel + 2 * 2 * (b.house_cost[8] // 2)


def test_w78_qp2_houses_beside_a_hotel_sell_one_by_one() -> None:
    # QP2: a hotel counts as 4 (H + 1), level with four houses, so a house may go first
    st = _group((HOTEL, 4, 4), LIGHT_BLUE, 0, three_house_hotels=True)
    legal = texts(st)
    assert {"sell-building 6", "sell-building 8", "sell-building 9"} <= set(legal)
    act(st, "sell-building 8")
    assert _levels(st, LIGHT_BLUE) == [HOTEL, 3, 4]
    assert "sell-building 8" not in texts(st)


def test_w86_w78_c_a_debtor_with_hotel_4_4_and_no_houses_is_not_bankrupt() -> None:
    st = _group((HOTEL, 4, 4), LIGHT_BLUE, 0)
    set_cash(st, 0, 0)
    land_on(st, 38, 1, 3)  # Super Tax
    assert top(st)[:2] == (F.DEBT, 0)
    legal = texts(st)
    assert "sell-building 6" in legal and "bankrupt" not in legal
    act(st, "sell-building 6")
    assert "pay" in texts(st)
    act(st, "pay")
    assert ledger_ok(st)
