"""Bots in whole games of every edition: every action legal, games end, determinism under a
fixed seed, the levels and their aliases."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tycoon.api import new_game
from tycoon.bots import make_bot
from tycoon.bots.base import Bot, bot_names, canonical
from tycoon.bots.heuristic import HeuristicBot
from tycoon.bots.search import SearchBot
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.rules import flow
from tycoon.sim.driver import play
from tycoon.sim.runner import bot_seed

EDITIONS = ("classic", "wonders", "builder", "metropol")


class Checked:
    """Wraps a bot and asserts that each action it returns is legal before it is applied."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(st, seat, legal)
        assert flow.is_legal(st, a, seat), f"{self.name} chose illegal {a} in {st!r}"
        self.decisions += 1
        return a

    def respond(self, st: GameState, seat: int) -> Action | None:
        a = self.bot.respond(st, seat)
        assert a is None or flow.is_legal(st, a, seat), f"{self.name} responded {a}"
        return a


def _game(edition: str, kinds: list[str], seed: int, turn_limit: int = 0) -> GameState:
    st = new_game(edition, kinds, seed, {"turn_limit": turn_limit}, events=False)
    bots = [Checked(make_bot(k, bot_seed(seed, p))) for p, k in enumerate(kinds)]
    play(st, bots, 400_000)
    return st


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_basic_and_random_bots_play_legal_whole_games_that_end(edition: str, seed: int) -> None:
    st = _game(edition, ["basic", "random", "basic", "random"], seed)
    assert st.termination and st.termination != "turn_limit"


@pytest.mark.parametrize("edition", EDITIONS)
def test_four_basic_bots_end_their_games_by_the_rules(edition: str) -> None:
    for seed in range(3):
        st = _game(edition, ["basic"] * 4, seed)
        assert st.termination and st.termination != "turn_limit"


@pytest.mark.parametrize("edition", EDITIONS)
def test_strong_bot_plays_legal_moves(edition: str) -> None:
    st = _game(edition, ["strong:1i", "basic", "basic"], 5, turn_limit=6)
    assert st.termination


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kind", ["basic", "random", "strong:1i"])
def test_bots_are_deterministic_under_a_fixed_seed(edition: str, kind: str) -> None:
    a = _game(edition, [kind, "basic", "random"], 9, turn_limit=5)
    b = _game(edition, [kind, "basic", "random"], 9, turn_limit=5)
    assert a.history == b.history and a == b


def test_levels_and_aliases() -> None:
    assert bot_names()[:3] == ["random", "basic", "strong"]
    assert canonical("heuristic") == "basic"
    assert isinstance(make_bot("heuristic", 0), HeuristicBot)
    assert make_bot("heuristic", 0).name == "basic"
    assert isinstance(make_bot("strong", 0), SearchBot)
    s = make_bot("strong:50", 0)
    assert isinstance(s, SearchBot) and s.ms == 50
    s = make_bot("strong:7i", 0)
    assert isinstance(s, SearchBot) and s.rounds == 7
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster", 0)
    with pytest.raises(ValueError, match="budget"):
        make_bot("strong:fast", 0)


def test_builder_multi_chip_discard_is_one_action_of_the_basic_bot() -> None:
    """Unlimited resources (A-20): a turn no longer starts with hundreds of discards."""
    st = new_game("builder", ["a", "b", "c", "d"], 4, {"unlimited_resources": True}, events=False)
    bots = [make_bot("basic", p) for p in range(4)]
    play(st, bots, 400_000)
    assert st.termination
    run = longest = 0
    for _seat, a in st.history:
        run = run + 1 if a.kind == Kind.DISCARD else 0
        longest = max(longest, run)
    assert longest <= 1


def test_classic_split_groups_are_consolidated_so_the_game_ends() -> None:
    """C-59, A-14: in this game every deed is owned early, the groups are split three ways
    and the one player with buildings may sell nothing; without consolidating sales it
    ran past 348,000 rounds. Now it ends by bankruptcy."""
    st = new_game("classic", list("abcd"), 844, {"turn_limit": 0}, events=False)
    play(st, [make_bot("basic", bot_seed(844, p)) for p in range(4)], 200_000)
    assert st.termination == "last_player" and st.rounds < 1000


def test_c61_a14_a_seller_with_buildings_sells_them_to_consolidate() -> None:
    """C-61, A-14: a seller may own no building anywhere. Two players with buildings who
    split a group could sell each other nothing, and the game ran for ever. From
    `DEADLOCK_ROUNDS` (market closed) the one who should sell sells his buildings first,
    then offers the deed, and does not build again while that sale is on offer."""
    from tests.editions.classic.helpers import give_deeds, set_cash, set_level, start_game
    from tycoon.bots import trading

    st = start_game(3)
    b = st.edition.board
    give_deeds(st, 0, [1, 3, 11])  # group (1, 3) whole, one deed of (11, 13, 14)
    give_deeds(st, 1, [6, 8, 9, 13, 14])  # group (6, 8, 9) whole, the rest of (11, 13, 14)
    give_deeds(st, 2, [s for s in b.deeds if st.owner[s] < 0])  # the market is closed
    for s in (1, 3, 6, 8, 9):
        set_level(st, s, 1)
    for seat in range(3):
        set_cash(st, seat, 2500)
    bot = HeuristicBot(0)
    st.rounds = trading.DEADLOCK_ROUNDS - 1
    assert bot.choose(st, 0, flow.legal_actions(st, 0)).kind != Kind.SELL_BUILDING  # not yet
    st.rounds = trading.DEADLOCK_ROUNDS
    for square in (3, 1):  # the houses go first, the higher square first
        a = bot.choose(st, 0, flow.legal_actions(st, 0))
        assert (a.kind, a.a) == (Kind.SELL_BUILDING, square)
        flow.apply_action(st, a, 0)
    sale = bot.choose(st, 0, flow.legal_actions(st, 0))
    assert (sale.kind, sale.a, sale.b) == (Kind.SELL_DEED, 1 << 11, 1)  # to the holder of 13, 14
    flow.apply_action(st, sale, 0)
    answer = HeuristicBot(1).choose(st, 1, flow.legal_actions(st, 1))
    assert answer.kind == Kind.ACCEPT
    flow.apply_action(st, answer, 1)
    assert st.owner[11] == 1 and not trading.has_building(st, 0)


def test_c55_house_shortage_houses_move_up_to_a_dearer_group() -> None:
    """C-55, C-57, C-58, C-50: with no house in the bank, a seat whose dearest group could
    take a house sells one from a cheaper group and builds it there in the same build
    window. Without it two rich players with every house on the board at two or three a
    street ran past 15,000 rounds (no hotel could be reached, so no house came back)."""
    from tests.editions.classic.helpers import give_deeds, set_cash, set_level, start_game

    st = start_game(3)
    b = st.edition.board
    give_deeds(st, 0, [1, 3, 37, 39])  # two whole countries, the cheapest and the dearest
    for s in (1, 3):
        set_level(st, s, 2)
    for s in (37, 39):
        set_level(st, s, 1)
    set_cash(st, 0, 2500)
    st.houses_left = 0  # the rest of the houses are elsewhere on the board
    bot = HeuristicBot(0)
    moves = []
    for _ in range(6):
        a = bot.choose(st, 0, flow.legal_actions(st, 0))
        if a.kind == Kind.ROLL:
            break
        moves.append(str(a))
        flow.apply_action(st, a, 0)
    # a house of the cheap country goes and is built on the dear one, once per city (C-50)
    assert moves == ["sell-building 1", "build 39", "sell-building 3", "build 37"]
    assert st.houses_left == 0 and [st.level[s] for s in (1, 3, 37, 39)] == [1, 1, 2, 2]
    assert b.house_cost[1] < b.house_cost[37]
    assert bot.choose(st, 0, flow.legal_actions(st, 0)).kind == Kind.ROLL  # window used up


def test_c55_the_house_shortage_game_ends() -> None:
    """The sweep game (four `basic` bots, no turn limit) that stalled in the shortage."""
    st = _game("classic", ["basic"] * 4, 1194)
    assert st.termination == "last_player" and st.rounds < 1000


@pytest.mark.parametrize("seed", [431, 705])
def test_w77_a_house_won_at_a_shortage_auction_goes_where_the_bot_builds(seed: int) -> None:
    """W-77, C-55: a house freed to build on a dearer group was auctioned (another player
    wanted one too), won, and placed back on the cheaper group it came from (the first
    listed street), then sold again: these games of four `basic` bots ran to the 2,000,000
    action cap. The won house now goes where `_build` would build, and a seat moves at most
    `CONCENTRATE_PER_TURN` houses a turn."""
    from tycoon.sim.runner import sim_options

    st = new_game("wonders", ["basic"] * 4, seed, sim_options(None), events=False)
    play(st, [Checked(make_bot("basic", bot_seed(seed, p))) for p in range(4)], 200_000)
    assert st.termination in ("completed", "last_player")


def test_w77_basic_bids_for_a_scarce_house_in_steps_of_a_tenth() -> None:
    """W-77: at a shortage auction the `basic` bot opens at the opening price and raises by a
    tenth of it (in whole `bid_ladder_step`s), up to twice the opening price. It used to raise
    by one dollar: one game of five bots held 46,563 bids, 98% of its actions."""
    from tests.editions.wonders.helpers import act, give_deeds, set_level, start_game, top
    from tycoon.engine import frames as F

    st = start_game(3, first=0)
    give_deeds(st, 0, [1, 3])
    give_deeds(st, 1, [6, 8, 9])
    give_deeds(st, 2, [37, 39])
    for s in (37, 39):
        set_level(st, s, 4)
    st.houses_left = 2
    for text in ("build 1", "want 2", "want 2"):
        act(st, text)
    f = top(st)
    assert f[:4] == (F.AUCTION, 0, F.HOUSE_LOT, 1000)
    bot = make_bot("basic", 1)
    assert bot.choose(st, 0, flow.legal_actions(st, 0)) == Action(Kind.BID, 1000)
    act(st, "bid 1000")
    assert bot.choose(st, 1, flow.legal_actions(st, 1)) == Action(Kind.BID, 1100)
    act(st, "bid 1950")
    assert bot.choose(st, 0, flow.legal_actions(st, 0)) == Action(Kind.BID, 2000)  # the cap
    act(st, "bid 2000")
    assert bot.choose(st, 1, flow.legal_actions(st, 1)) == Action(Kind.PASS)


def test_w84_basic_swaps_deeds_that_complete_a_group_each() -> None:
    """W-84: seat 0 lacks light blue 9 (seat 1 holds it), seat 1 lacks pink 14 (seat 0
    holds it): the `basic` bot offers the swap that completes both groups."""
    from tests.editions.scripting import give_deeds, scripted_game
    from tycoon.bots import trading

    st = scripted_game("wonders", 3, 0, None, 0, False)
    give_deeds(st, 0, [6, 8, 14])
    give_deeds(st, 1, [9, 11, 13])
    assert trading.exchange_offer(st, 0, 0) == Action(Kind.TRADE, 1, 1 << 14, 1 << 9, 0)


def test_w84_basic_never_swaps_within_a_split_group() -> None:
    """W-84: seats 0 and 1 hold one brown deed each. Swapping them completes nothing, yet
    the `basic` bots offered and accepted it, and swapped back, every turn (81 exchanges in
    one game of four bots); now the bot offers to buy the deed at the premium instead."""
    from tests.editions.scripting import give_deeds, scripted_game
    from tycoon.bots import trading

    st = scripted_game("wonders", 3, 0, None, 0, False)
    give_deeds(st, 0, [1])
    give_deeds(st, 1, [3])
    offer = trading.exchange_offer(st, 0, 0)
    assert offer is not None and (offer.b, offer.c) == (0, 1 << 3) and offer.d > 0


def test_c57_a_bot_sells_its_highest_building_first_the_last_street_of_equals() -> None:
    """`trading.highest_building`: the debt raise and the unlocking sale (C-57) both sell the
    highest building first, the last street among equals; none without a candidate."""
    from tycoon.bots.trading import highest_building

    level = [0] * 40
    level[6], level[8], level[9], level[39] = 3, 5, 5, 1
    assert highest_building([39, 9, 6, 8], level) == 9
    assert highest_building([6, 39], level) == 6
    assert highest_building([], level) == -1
