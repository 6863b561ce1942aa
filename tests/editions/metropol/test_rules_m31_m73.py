"""Rule tests M-31 to M-73: rent and the value card, bridges, cards, the building code,
skyscrapers, trades, debt and bankruptcy, the final phase and the valuation."""

from __future__ import annotations

import pytest

from tests.editions.metropol.helpers import (
    F,
    act,
    blk,
    build,
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
from tycoon.api import is_legal, new_game, parse_action
from tycoon.engine.errors import IllegalActionError, OptionError
from tycoon.engine.types import Termination

M = 1_000_000
KENNEDY, WASHINGTON, LINCOLN = 36, 37, 38


def _tall_se(st, height=4):  # type: ignore[no-untyped-def]
    """A skyscraper of `height` on x4y5 (Rock / Washington), not on a Kennedy block."""
    build(st, {"x4y5": height}, {"x4y5": height - 1})


def _land_kennedy(st) -> int:  # type: ignore[no-untyped-def]
    st.pos[0] = 29
    before = st.cash[1]
    roll(st, 1, 2, 4)  # 36
    return int(st.cash[1] - before)


def test_m31_rent_base_plus_permit_value_paid_at_once() -> None:
    st = game()
    give(st, 1, [KENNEDY])
    _tall_se(st)
    build(st, {"x4y4": 2, "x5y4": 2, "x6y4": 1})  # E1: n = 5, h = 4
    assert _land_kennedy(st) == 500_000 and st.cash[0] == 5 * M - 500_000


def test_m31_empty_blocks_base_only() -> None:
    st = game()
    give(st, 1, [KENNEDY])
    assert city.permit_value(st, KENNEDY) == 0
    assert _land_kennedy(st) == 100_000


@pytest.mark.parametrize(
    ("heights", "sky", "value"),
    [
        ({"x4y4": 2, "x5y4": 1, "x6y4": 1}, 4, 320_000),  # E3
        ({"x4y4": 3, "x5y4": 3, "x6y4": 1}, 3, 420_000),  # E4
        ({"x4y4": 1}, 2, 40_000),
        ({"x4y4": 1, "x5y4": 1}, 5, 200_000),
    ],
)
def test_m32_value_card_n_times_h(heights: dict[str, int], sky: int, value: int) -> None:
    st = game()
    _tall_se(st, sky)
    build(st, heights)
    assert city.permit_value(st, KENNEDY) == value


def test_m32_value_card_table() -> None:
    for h in range(1, 6):
        assert city.VALUE_CARD[h] == tuple(c * h * 20_000 for c in range(1, 11))


@pytest.mark.parametrize(("heights", "value"), [((4, 4, 2), 800_000), ((4, 4, 3), 800_000)])
def test_m33_column_10_at_ten_floors(heights: tuple[int, int, int], value: int) -> None:
    st = game()
    _tall_se(st)
    build(st, dict(zip(("x4y4", "x5y4", "x6y4"), heights, strict=True)))
    assert city.permit_value(st, KENNEDY) == value


@pytest.mark.parametrize(("trigger", "value"), [("permit_blocks", 80_000), ("area_total", 800_000)])
def test_m33_column10_trigger_option(trigger: str, value: int) -> None:
    st = game(options={"column10_trigger": trigger})
    _tall_se(st)
    build(st, {"x4y4": 1, "x5y6": 3, "x6y6": 3})  # area total 11, Kennedy n = 1
    assert city.permit_value(st, KENNEDY) == value


def test_m34_skyscraper_on_permit_block_forces_column_10() -> None:
    st = game()
    build(st, {"x4y4": 4}, {"x4y4": 3})  # E2
    assert city.permit_value(st, KENNEDY) == 800_000
    build(st, {"x5y4": 1})
    assert city.permit_value(st, KENNEDY) == 800_000


def test_m35_foundation_doubles_rent() -> None:
    st = game()
    give(st, 1, [KENNEDY, WASHINGTON, LINCOLN])
    _tall_se(st)
    build(st, {"x4y4": 2, "x5y4": 2, "x6y4": 1})
    assert _land_kennedy(st) == 1_000_000  # E5
    st.owner[LINCOLN] = 2
    assert city.street_rent(st, KENNEDY) == 500_000


def test_m36_free_block_on_own_street() -> None:
    st = game()
    give(st, 0, [7])
    roll(st, 1, 2, 4)
    assert set(texts(st)) == {"pass", *(f"block {b}" for b in city.PERMIT_BLOCKS[7])}
    assert {city.BLOCK_IDS[b] for b in city.PERMIT_BLOCKS[7]} == {"x1y4", "x1y5", "x1y6"}
    b = city.PERMIT_BLOCKS[7][0]
    act(st, f"block {b}")
    assert st.ext["height"][b] == 1 and st.cash[0] == 5 * M
    assert top(st)[0] == turn.BUILDING


def test_m36_no_free_block_after_buying_it() -> None:
    st = game()
    roll(st, 1, 2, 4)
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[7] == 0 and top(st)[0] == turn.BUILDING


def test_m37_toll_per_bridge_owned() -> None:
    st = game()
    give(st, 1, [5, 15, 35])
    st.pos[0] = 1
    roll(st, 1, 1, 2)
    assert st.cash[1] == 5 * M + 300_000
    assert top(st)[:3] == (turn.CHOICE, 0, turn.CROSS)


def test_m38_crossing_optional_toll_either_way() -> None:
    st = game()
    give(st, 1, [5])
    st.pos[0] = 1
    roll(st, 1, 1, 2)
    act(st, "pass")
    assert st.pos[0] == 5 and st.cash[0] == 5 * M - 100_000


def test_m38_cross_after_auction_only_if_owner() -> None:
    st = game()
    st.pos[0] = 1
    roll(st, 1, 1, 2)
    act(st, "pass")
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")  # no veto: player 1 owns the bridge
    assert top(st)[0] == turn.BUILDING
    st = game()
    st.pos[0] = 1
    roll(st, 1, 1, 2)
    for _ in range(3):
        act(st, "pass")  # still free: no crossing
    assert top(st)[0] == turn.BUILDING


def test_m39_crossing_goes_straight_to_opposite_bridge() -> None:
    st = game()
    give(st, 0, [15])
    give(st, 2, [35])
    st.pos[0] = 11
    roll(st, 1, 1, 2)
    evs = act(st, "cross")
    assert st.pos[0] == 35 and st.cash[0] == 5 * M and st.cash[2] == 5 * M
    assert events_of(evs, turn.CROSSED) and top(st)[0] == turn.BUILDING
    act(st, "end-turn")
    for _ in range(2):
        roll(st, 1, 1, 2)
        while top(st)[0] != turn.BUILDING:
            act(st, texts(st)[-1] if "pass" not in texts(st) else "pass")
        act(st, "end-turn")
    roll(st, 1, 2, 4)
    assert st.pos[0] == 2  # on from the arrival bridge


def test_m40_card_goes_to_bottom() -> None:
    st = game()
    first = st.decks[0][0]
    st.pos[0] = 2
    roll(st, 1, 2, 4)  # 9
    assert st.decks[0][-1] == first and len(st.decks[0]) == 17


def test_m41_card_move_resolves_new_square() -> None:
    st = game()
    st.decks[0].remove(1206)
    st.decks[0].insert(0, 1206)  # M7: back 3
    st.pos[0] = 2
    roll(st, 1, 2, 4)  # 9 -> 6 (Custer, free)
    assert st.pos[0] == 6 and top(st)[0] == F.AUCTION and top(st)[2] == 6


def test_m42_every_other_player_means_in_play() -> None:
    st = game(4)
    st.decks[0].remove(1208)
    st.decks[0].insert(0, 1208)  # M9: 50,000 from each other player
    st.ext["left"][2] = 1
    st.alive[3] = False
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    assert st.cash[0] == 5 * M + 50_000 and st.cash[2] == 5 * M


def test_m43_free_block_card_counts_or_does_nothing() -> None:
    st = game()
    st.decks[0].remove(1207)
    st.decks[0].insert(0, 1207)  # M8: a free block anywhere
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    assert top(st)[:4] == (turn.CHOICE, 0, turn.FREE, turn.CARD) and len(texts(st)) == 36
    act(st, "block 0")
    assert st.ext["city"][city.TURN_COUNT] == 1 and st.cash[0] == 5 * M
    st = game()
    st.decks[0].remove(1207)
    st.decks[0].insert(0, 1207)
    st.ext["city"][city.FINAL] = 1
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    assert top(st)[0] == F.END_TURN


def test_m44_card_payment_short_forced_auction() -> None:
    st = game()
    st.decks[0].remove(1211)
    st.decks[0].insert(0, 1211)  # M12: pay 100,000
    give(st, 0, [22])
    set_cash(st, 0, 50_000)
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    assert top(st)[0] == F.DEBT and texts(st) == ["put-up 22"]


def test_m45_blocks_only_on_city_blocks_and_stack() -> None:
    st = game()
    roll(st, 1, 2, 2)  # 6, free
    for _ in range(3):
        act(st, "pass")
    with pytest.raises(IllegalActionError):
        act(st, "block 36")
    act(st, "block 3")
    assert st.ext["height"][3] == 1


def test_m46_paid_block_costs_100000_to_bank() -> None:
    st = game()
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    act(st, "block 3")
    assert st.cash[0] == 5 * M - 100_000 and st.bank == 100_000 and ledger_ok(st)


def test_m47_building_phase_zero_to_two_blocks() -> None:
    st = game()
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    assert "end-turn" in texts(st) and "block 0" in texts(st)
    act(st, "block 0")
    act(st, "block 1")
    assert [t for t in texts(st) if not t.startswith("trade")] == ["end-turn"]


def test_m48_never_twice_on_one_block_free_blocks_count() -> None:
    st = game()
    give(st, 0, [7])
    roll(st, 1, 2, 4)
    b = city.PERMIT_BLOCKS[7][0]
    act(st, f"block {b}")
    assert f"block {b}" not in texts(st)
    act(st, "block 0")
    assert "block 1" not in texts(st)


def test_m48_option_free_blocks_do_not_count() -> None:
    st = game(options={"free_blocks_count_toward_turn_limit": False})
    give(st, 0, [7])
    roll(st, 1, 2, 4)
    b = city.PERMIT_BLOCKS[7][0]
    act(st, f"block {b}")
    act(st, "block 0")
    act(st, "block 1")
    assert st.ext["city"][city.TURN_COUNT] == 2 and "block 2" not in texts(st)


def test_m49_build_anywhere() -> None:
    st = game()
    give(st, 1, [22, 18])
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    act(st, "block 0")  # x0y0: Mississippi and Long Beach, both player 1's
    assert st.ext["height"][0] == 1


def test_m50_blocks_stay_after_bankruptcy() -> None:
    st = game()
    build(st, {"x1y5": 1})
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    assert texts(st) == ["bankrupt"]  # no block can be sold or removed
    act(st, "bankrupt")
    assert st.ext["height"][blk("x1y5")] == 1 and st.ext["city"][city.SUPPLY] == 79
    assert not any(t.startswith(("sell", "mortgage")) for t in texts(st))


def test_m51_skyscraper_sequence() -> None:
    """A.3."""
    st = game()
    build(st, {"x1y5": 1, "x4y0": 1})
    assert [city.cap(st, a) for a in range(4)] == [2, 2, 2, 2]
    city.place(st, 0, blk("x1y5"), True, "test")
    assert st.ext["roof"][blk("x1y5")] == 1
    sw, ne, nw, se = (city.AREA_IDS.index(a) for a in ("SW", "NE", "NW", "SE"))
    assert city.cap(st, sw) == 2 and city.cap(st, ne) == 3
    city.place(st, 0, blk("x4y0"), True, "test")
    assert st.ext["roof"][blk("x4y0")] == 0  # 2 floors: ordinary
    city.place(st, 0, blk("x4y0"), True, "test")
    assert st.ext["roof"][blk("x4y0")] == 2 and city.cap(st, ne) == 3
    assert city.cap(st, nw) == city.cap(st, se) == 4


def test_m52_one_skyscraper_per_area() -> None:
    st = game()
    build(st, {"x1y5": 2, "x0y4": 2}, {"x1y5": 1})
    assert not city.can_place(st, 0, blk("x0y4"), free=True)
    assert not city.can_place(st, 0, blk("x1y5"), free=True)
    assert city.can_place(st, 0, blk("x0y5"), free=True)


def test_m53_legality_needs_cash_and_normal_phase() -> None:
    st = game()
    set_cash(st, 0, 90_000)
    assert not city.can_place(st, 0, 0, free=False)
    assert city.can_place(st, 0, 0, free=True)
    st.ext["city"][city.FINAL] = 1
    assert not city.can_place(st, 0, 0, free=True)


def test_m54_cost_sharing_as_an_exchange() -> None:
    st = game()
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    act(st, "trade 1 give - get - cash -50000")
    act(st, "accept")
    act(st, "block 0")
    assert st.cash[0] == 5 * M - 50_000 and st.cash[1] == 5 * M - 50_000
    assert st.bank == 100_000


def _four_skyscrapers(st) -> None:  # type: ignore[no-untyped-def]
    build(
        st,
        {"x1y5": 2, "x4y0": 3, "x0y0": 4, "x4y4": 5},
        {"x1y5": 1, "x4y0": 2, "x0y0": 3, "x4y4": 4},
    )


def test_m55_mandatory_building_after_fourth_skyscraper() -> None:
    st = game()
    _four_skyscrapers(st)
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    assert "end-turn" not in texts(st)
    act(st, "block 1")
    assert "end-turn" in texts(st)


def test_m55_exempt_without_cash() -> None:
    st = game()
    _four_skyscrapers(st)
    set_cash(st, 0, 90_000)
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    legal = texts(st)
    assert "end-turn" in legal and not any(t.startswith("block") for t in legal)


def test_m56_callout_mode() -> None:
    st = game(options={"mandatory_build_enforcement": "callout"})
    _four_skyscrapers(st)
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    act(st, "end-turn")
    assert top(st)[:4] == (turn.CHOICE, 1, turn.CALLOUT, 0)
    act(st, "call-out 0")
    assert top(st)[:4] == (turn.CHOICE, 0, turn.FREE, turn.CALLED)
    act(st, "block 1")
    assert st.cash[1] == 5 * M + 100_000 and st.cash[0] == 5 * M - 100_000
    assert st.ext["height"][1] == 1 and st.active == 1


def test_m57_nobody_builds_in_final_phase() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    give(st, 0, [6])
    roll(st, 1, 2, 3)  # own street: no free block either
    assert top(st)[0] == F.END_TURN


def test_m58_trade_permits_for_cash() -> None:
    st = game()
    give(st, 0, [7])
    act(st, "trade 1 give 7 get - cash -200000")
    assert st.current_player == 1
    act(st, "accept")
    assert st.owner[7] == 1 and st.cash[0] == 5 * M + 200_000


def test_m59_only_active_negotiates() -> None:
    st = game()
    give(st, 1, [7])
    assert not is_legal(st, parse_action(st, "trade 0 give 7 get - cash -10000"), 1)


def test_m60_no_mortgages() -> None:
    st = game()
    give(st, 0, [7])
    assert not any(t.startswith("mortgage") for t in texts(st))
    assert not is_legal(st, parse_action(st, "mortgage 7"))


def test_m61_debtor_sells_only_by_forced_auction() -> None:
    st = game()
    give(st, 0, [22, 23])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    assert texts(st) == ["put-up 22", "put-up 23"]


def test_m62_forced_auction_money_to_debtor_stops_when_covered() -> None:
    st = game()
    give(st, 0, [22, 23])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)  # owes 100,000
    act(st, "put-up 22")
    assert top(st)[0] == F.AUCTION and top(st)[6] == (1, 2)  # no debtor, no veto
    act(st, "bid 50000")
    act(st, "pass")
    assert st.owner[22] == 1 and top(st)[0] == F.DEBT  # 60,000 < 100,000
    act(st, "put-up 23")
    act(st, "bid 50000")
    act(st, "bid 100000")
    act(st, "pass")
    assert st.owner[23] == 2 and st.cash[0] == 10_000 + 150_000 - 100_000
    assert top(st)[0] == turn.BUILDING and ledger_ok(st)


def test_m62_forced_auction_of_a_debtor_not_active_starts_with_active_player() -> None:
    st = game(4)
    st.decks[0].remove(1208)
    st.decks[0].insert(0, 1208)  # M9: 50,000 from each other player
    give(st, 2, [22])
    set_cash(st, 2, 10_000)
    st.pos[0] = 2
    roll(st, 1, 2, 4)  # 9: player 1 pays, player 2 cannot
    assert top(st)[:4] == (F.DEBT, 2, 0, 50_000) and st.cash[0] == 5 * M + 50_000
    act(st, "put-up 22")
    assert top(st)[0] == F.AUCTION and top(st)[6] == (0, 1, 3)  # M-26: from the active
    assert st.current_player == 0
    act(st, "bid 50000")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[22] == 0 and st.cash[2] == 10_000 and st.cash[3] == 5 * M - 50_000
    assert st.cash[0] == 5 * M + 100_000 and ledger_ok(st)


def test_m62_unsold_permit_stays_with_debtor() -> None:
    st = game()
    give(st, 0, [22])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    act(st, "put-up 22")
    act(st, "pass")
    act(st, "pass")
    assert st.owner[22] == 0 and texts(st) == ["bankrupt"]


def test_m63_bankruptcy_cash_to_creditor_permits_to_bank() -> None:
    st = game()
    give(st, 0, [22])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    act(st, "put-up 22")
    act(st, "pass")
    act(st, "pass")
    act(st, "bankrupt")
    assert not st.alive[0] and st.owner[22] == -1 and st.cash[1] == 5 * M + 10_000
    assert top(st) == (F.PRE_ROLL, 1) and ledger_ok(st)


def test_m63_several_creditors_pro_rata() -> None:
    st = game()
    st.decks[0].remove(1209)
    st.decks[0].insert(0, 1209)  # M10: 20,000 to each other player
    set_cash(st, 0, 30_000)
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    act(st, "bankrupt")
    bank = st.bank
    assert st.cash[1] == st.cash[2] == 5 * M + 10_000 and ledger_ok(st)
    assert not st.alive[0] and bank == 5 * M - 30_000 + 10_000


def test_m64_last_player_standing_wins() -> None:
    st = game()
    st.alive[2] = False
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    act(st, "bankrupt")
    assert st.termination == Termination.LAST_PLAYER.value and st.winners == (1,)


def test_m65_last_block_starts_final_phase() -> None:
    st = game(options={"blocks_total": 20})
    st.ext["city"][city.SUPPLY] = 1
    roll(st, 1, 2, 2)
    for _ in range(3):
        act(st, "pass")
    evs = act(st, "block 0")
    assert events_of(evs, city.FINAL_PHASE) and city.final_phase(st)
    assert [t for t in texts(st) if not t.startswith("trade")] == ["end-turn"]


def test_m66_final_phase_auction_with_veto() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    roll(st, 1, 2, 4)
    act(st, "pass")
    act(st, "bid 50000")
    act(st, "pass")
    assert top(st)[:3] == (turn.CHOICE, 0, turn.VETO)


def test_m67_leave_on_passing_highway() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.pos[0] = 15
    evs = roll(st, 1, 2, 4)
    assert events_of(evs, turn.LEFT) and st.ext["left"][0] == 1
    assert top(st) == (F.PRE_ROLL, 1)


def test_m67_stock_exchange_income_before_leaving() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.pos[0] = 30
    roll(st, 1, 1, 1)
    act(st, "go 25")  # passes 0, then 20
    assert st.ext["left"][0] == 1 and st.cash[0] == 5 * M + 50_000


def test_m67_jumps_do_not_count() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    give(st, 0, [5])
    st.pos[0] = 1
    roll(st, 1, 1, 2)
    act(st, "cross")
    assert st.pos[0] == 25 and st.ext["left"][0] == 0


def test_m67_card_advance_to_highway_counts() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.decks[0].remove(1204)
    st.decks[0].insert(0, 1204)  # M5
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    assert st.ext["left"][0] == 1


def test_m68_departed_skipped_and_collects() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = 1
    give(st, 1, [7])
    roll(st, 1, 2, 4)
    assert st.cash[1] == 5 * M + 100_000
    act(st, "end-turn")
    assert st.active == 2


def test_m68_departed_player_takes_no_trade() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = 1
    give(st, 0, [7])
    trades = [t for t in texts(st) if t.startswith("trade")]
    assert trades == ["trade 2 give 7 get - cash -200000"]  # M-58: only players in play
    assert not is_legal(st, parse_action(st, "trade 1 give 7 get - cash -100000"))
    act(st, "trade 2 give 7 get - cash -100000")
    act(st, "accept")
    assert st.owner[7] == 2 and st.cash[0] == 5 * M + 100_000 and st.cash[1] == 5 * M


def test_m69_game_ends_when_all_left() -> None:
    st = game()
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = st.ext["left"][2] = 1
    st.pos[0] = 15
    roll(st, 1, 2, 4)
    assert st.termination == Termination.COMPLETED.value


def test_m70_final_valuation() -> None:
    st = game()
    build(st, {"x4y4": 5}, {"x4y4": 4})  # SE skyscraper: 5 floors
    build(st, {"x1y5": 1})  # SW: tallest 1, no skyscraper
    give(st, 0, [KENNEDY, 5])
    give(st, 1, [7])
    turn.finish(st)
    assert st.cash[0] == 5 * M + 1_000_000 + 500_000 and st.cash[1] == 5 * M + 200_000
    assert all(o == -1 for o in st.owner)


def test_m70_option_zero_without_skyscraper() -> None:
    st = game(options={"final_value_area_without_skyscraper": "zero"})
    build(st, {"x1y5": 1})
    give(st, 1, [7])
    assert city.final_value(st, 7) == 0


def test_m71_most_cash_wins_ties_share() -> None:
    st = game()
    set_cash(st, 2, 4 * M)
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = st.ext["left"][2] = 1
    st.pos[0] = 15
    roll(st, 1, 2, 4)
    assert st.winners == (0, 1)


def test_m72_ranking_bankrupt_last_reverse_order() -> None:
    st = game(4)
    st.alive[1] = st.alive[3] = False
    st.ext["out"][3] = 1
    st.ext["out"][1] = 2
    set_cash(st, 2, 6 * M)
    assert st.edition.ranking(st) == [2, 0, 1, 3]  # type: ignore[attr-defined]


@pytest.mark.parametrize("bad", [19, 81])
def test_m73_shorter_game_blocks_total(bad: int) -> None:
    with pytest.raises(OptionError):
        new_game("metropol", 3, seed=0, options={"blocks_total": bad})
    assert new_game("metropol", 3, seed=0, options={"blocks_total": 20}).ext["city"][0] == 20


def test_m73_final_phase_after_fewer_blocks() -> None:
    st = game(options={"blocks_total": 20})
    build(st, {"x0y1": 1})
    assert st.ext["city"][city.SUPPLY] == 19


def test_m71_tie_option_has_only_the_shared_win() -> None:
    assert game().options.tie == "shared_win"  # type: ignore[attr-defined]
    with pytest.raises(OptionError):
        new_game("metropol", 3, seed=0, options={"tie": "cash"})
