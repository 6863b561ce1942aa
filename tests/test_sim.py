"""The simulator: determinism across processes, statistics math, landing counts, bench."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

from tycoon.api import new_game
from tycoon.bots.base import make_bot
from tycoon.engine import events as ev
from tycoon.engine.errors import OptionError
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.sim.bench import bench, calibration, calibration_loop, replay_seconds
from tycoon.sim.driver import play
from tycoon.sim.runner import bot_seed, chunk_size, play_one, simulate
from tycoon.sim.stats import Accumulator, GameResult, percentile, summary, wilson

SEATS3 = ["random", "random", "random"]
SHORT = {"turn_limit": 50}

SUMMARY_KEYS = {
    "games",
    "edition",
    "seats",
    "seed",
    "options",
    "wins",
    "win_rate",
    "shared_wins",
    "terminations",
    "turns",
    "rounds",
    "bankruptcies",
    "decisions",
    "landings",
    "landing_share",
}


# --- determinism ------------------------------------------------------------------------------


def test_same_seeds_same_json_whatever_jobs() -> None:
    one = simulate("classic", SEATS3, 8, seed=11, jobs=1, options=SHORT)
    two = simulate("classic", SEATS3, 8, seed=11, jobs=2, options=SHORT)
    three = simulate("classic", SEATS3, 8, seed=11, jobs=3, options=SHORT)
    text = json.dumps(one, sort_keys=True)
    assert json.dumps(two, sort_keys=True) == text
    assert json.dumps(three, sort_keys=True) == text
    assert set(one) == SUMMARY_KEYS
    assert one["games"] == 8
    assert one["edition"] == "classic@1"
    assert one["seats"] == SEATS3
    assert one["options"]["turn_limit"] == 50
    assert sum(one["wins"]) == pytest.approx(8.0)
    assert sum(one["terminations"].values()) == 8


def test_simulate_equals_the_games_played_one_by_one() -> None:
    s = simulate("classic", SEATS3, 5, seed=100, jobs=1, options=SHORT)
    results = [play_one("classic@1", SEATS3, 100 + i, s["options"]) for i in range(5)]
    assert s["turns"]["min"] == min(r.turns for r in results)
    assert s["turns"]["max"] == max(r.turns for r in results)
    assert s["bankruptcies"]["total"] == sum(r.bankruptcies for r in results)
    assert s["decisions"]["total"] == sum(r.decisions for r in results)
    assert s["landings"] == [sum(col) for col in zip(*(r.landings for r in results), strict=True)]
    wins = [Fraction(0)] * 3
    for r in results:
        for w in r.winners:
            wins[w] += Fraction(1, len(r.winners))
    assert s["wins"] == [round(float(w), 6) for w in wins]


def test_different_base_seeds_differ() -> None:
    a = simulate("classic", SEATS3, 4, seed=1, jobs=1, options=SHORT)
    b = simulate("classic", SEATS3, 4, seed=2, jobs=1, options=SHORT)
    assert a["landings"] != b["landings"]


def test_progress_reports_every_game() -> None:
    seen: list[int] = []
    simulate("classic", SEATS3, 4, seed=0, jobs=1, options=SHORT, progress=seen.append)
    assert seen == [1, 2, 3, 4]
    seen.clear()
    simulate("classic", SEATS3, 4, seed=0, jobs=2, options=SHORT, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 4


def test_default_turn_limit_is_500() -> None:
    s = simulate("classic", SEATS3, 1, seed=0, jobs=1)
    assert s["options"]["turn_limit"] == 500


def test_simulate_rejects_bad_input_before_playing() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        simulate("classic", ["random", "random", "nobody"], 2, seed=0, jobs=1)
    with pytest.raises(OptionError, match="3 to 6 players, not 2"):
        simulate("classic", ["random", "random"], 2, seed=0, jobs=1)
    with pytest.raises(OptionError, match="unknown option 'nope'"):
        simulate("classic", SEATS3, 2, seed=0, jobs=1, options={"nope": 1})


def test_chunks_are_a_quarter_per_job() -> None:
    assert chunk_size(8, 2) == 1
    assert chunk_size(1000, 4) == 63
    assert chunk_size(3, 16) == 1


def test_bot_seeds_are_fixed_and_distinct() -> None:
    assert bot_seed(7, 0) == bot_seed(7, 0)
    seeds = {bot_seed(g, p) for g in range(20) for p in range(6)}
    assert len(seeds) == 120


# --- one game -----------------------------------------------------------------------------------


def test_play_one_counts() -> None:
    r = play_one("classic", SEATS3, 42, SHORT)
    bots = [make_bot("random", bot_seed(42, p)) for p in range(3)]
    st = new_game("classic", SEATS3, 42, SHORT, events=True, count_landings=True)
    play(st, bots)
    assert r.seed == 42
    assert r.winners == st.winners
    assert r.termination == st.termination
    assert r.turns == st.turn + 1
    assert r.rounds == st.rounds
    assert r.bankruptcies == st.alive.count(False)
    assert r.decisions == sum(1 for s, _ in st.history if s != CHANCE)
    assert r.decisions < len(st.history)
    # Landings: one per completed move (MOVED is emitted exactly when a move completes).
    assert st.events is not None
    moves = sum(1 for e in st.events if e.kind == ev.MOVED)
    assert sum(r.landings) == moves > 0
    landed = Counter(e.square for e in st.events if e.kind == ev.LANDED)
    assert r.landings == [landed.get(s, 0) for s in range(40)]
    assert r.landings == st.landings


def test_landings_follow_a_scripted_move() -> None:
    from tycoon.api import apply_action

    st = new_game("classic", 3, 0, events=False, count_landings=True)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3"):
        apply_action(st, t)
    assert st.pos[0] == 5
    assert st.landings is not None
    assert st.landings[5] == 1
    assert sum(st.landings) == 1
    assert new_game("classic", 3, 0).landings is None


# --- statistics math ----------------------------------------------------------------------------


def test_wilson_known_values() -> None:
    rate, low, high = wilson(5, 10)
    assert rate == 0.5
    assert low == pytest.approx(0.236593, abs=1e-6)
    assert high == pytest.approx(0.763407, abs=1e-6)
    rate, low, high = wilson(0, 10)
    assert (rate, low) == (0.0, 0.0)
    assert high == pytest.approx(0.277533, abs=1e-6)
    rate, low, high = wilson(8, 10)
    assert low == pytest.approx(0.490162, abs=1e-6)
    assert high == pytest.approx(0.943318, abs=1e-6)
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_percentiles() -> None:
    assert percentile([3, 1, 2, 4], 0.5) == 2.5
    assert percentile([5, 1, 3], 0.5) == 3.0
    assert percentile(list(range(1, 21)), 0.95) == pytest.approx(19.05)
    assert percentile([7], 0.95) == 7.0
    assert percentile([], 0.5) == 0.0


def _result(seed: int, winners: tuple[int, ...], turns: int, term: str) -> GameResult:
    land = [0] * 40
    land[seed % 40] = 2
    return GameResult(seed, winners, term, turns, turns // 3, 1, land, 10 * turns)


def test_summary_shares_tied_wins_and_merges_in_order() -> None:
    games = [
        _result(0, (0,), 30, "last_player"),
        _result(1, (0, 1), 90, "turn_limit"),
        _result(2, (2,), 60, "last_player"),
        _result(3, (0, 1, 2), 120, "turn_limit"),
    ]
    whole = Accumulator(3, 40)
    for g in games:
        whole.add(g)
    left, right = Accumulator(3, 40), Accumulator(3, 40)
    for g in games[:1]:
        left.add(g)
    for g in games[1:]:
        right.add(g)
    left.merge(right)
    kw = {"edition": "classic@1", "seats": SEATS3, "seed": 0, "options": {}}
    s = summary(whole, **kw)  # type: ignore[arg-type]
    assert summary(left, **kw) == s  # type: ignore[arg-type]
    assert s["wins"] == [1.833333, 0.833333, 1.333333]
    assert s["shared_wins"] == 2
    assert s["win_rate"][0]["rate"] == round(1.833333333 / 4, 6)
    assert s["terminations"] == {"last_player": 2, "turn_limit": 2}
    assert s["turns"] == {"mean": 75.0, "median": 75.0, "p95": 115.5, "min": 30, "max": 120}
    assert s["bankruptcies"] == {"total": 4, "per_game": 1.0}
    assert s["landings"][0:4] == [2, 2, 2, 2]
    assert s["landing_share"][0] == 0.25
    assert sum(s["landings"]) == 8


# --- bench ----------------------------------------------------------------------------------------


def test_bench_counts_whole_games() -> None:
    r = bench("classic", players=3, games=2, bot="random", options=SHORT)
    assert set(r) == {
        "player_turns_per_s",
        "calibration_turns_per_s",
        "ratio",
        "decisions_per_s",
        "games_per_s",
        "peak_rss_mb",
        "build",
        "games",
        "seconds",
    }
    assert r["ratio"] is None and r["calibration_turns_per_s"] is None  # not asked for
    assert r["games"] == 2
    assert r["player_turns_per_s"] > 0
    assert r["decisions_per_s"] > r["player_turns_per_s"]
    assert r["peak_rss_mb"] > 1


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_bench_split_replays_the_same_games_through_the_engine_alone(edition: str) -> None:
    """`split`: the games are replayed from their histories without bots; the replay must
    reach each recorded game, and the engine's share of the time is a fraction."""
    r = bench(edition, players=3, games=2, seed=5, split=True)
    assert r["games"] == 2
    # two short games time too briefly to compare speeds (a pause swings them): only the
    # figures' presence and sign are checked
    assert r["engine_player_turns_per_s"] > 0 and r["engine_share"] > 0
    assert "engine_share" not in bench(edition, players=3, games=1, seed=5)


def test_replay_that_leaves_the_recorded_game_is_refused() -> None:
    st = new_game("classic", 3, 8, {"turn_limit": 20}, events=False)
    play(st, [make_bot("basic", p) for p in range(3)])
    names = [f"p{p}" for p in range(3)]
    assert replay_seconds("classic", names, {"turn_limit": 20}, [(8, st.history, st.turn)]) > 0
    with pytest.raises(AssertionError, match="seed 8"):
        replay_seconds("classic", names, {"turn_limit": 20}, [(8, st.history, st.turn + 1)])


# --- wonders: simulation and the heuristic bot's passport sense --------------------------------


def test_wonders_simulation_is_deterministic_and_ends_by_the_rules() -> None:
    seats = ["heuristic", "heuristic", "heuristic", "heuristic"]
    one = simulate("wonders", seats, 6, seed=21, jobs=1)
    two = simulate("wonders", seats, 6, seed=21, jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert one["edition"] == "wonders@1"
    assert set(one["terminations"]) <= {"completed", "last_player", "turn_limit"}
    assert sum(one["terminations"].values()) == 6
    assert sum(one["wins"]) == pytest.approx(6.0)


CHECK_10K = 82_473
"""The first player's cash after 10,000 turns of the calibration loop."""


def test_calibration_loop_is_fixed_work() -> None:
    """The calibration loop is the same work on every machine: a fixed result per count."""
    assert calibration_loop(10_000) == calibration_loop(10_000) == CHECK_10K
    assert calibration_loop(10_001) != CHECK_10K
    assert calibration(20_000, repeats=2) > 0


def test_bench_wonders() -> None:
    r = bench("wonders", players=3, games=2, seed=4)
    assert r["games"] == 2
    assert r["player_turns_per_s"] > 0 and r["decisions_per_s"] > 0


def _at_auction(square: int) -> tuple[GameState, int]:
    """A 3-player wonders game where seat 0 (first) stopped on `square` and sent it to
    auction; returns the state and the seat asked first."""
    from tycoon.api import apply_action

    st = new_game("wonders", 3, 1)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", f"roll {square - 1} 1"):
        apply_action(st, t)
    assert st.pos[0] == square
    apply_action(st, "auction")
    return st, st.stack[-1][1]


def test_heuristic_opens_a_wonders_auction_at_half_the_price() -> None:
    """Raises of kr 1 are allowed (W-36), but the bot jumps: half the price to open, then a
    tenth of the price a raise, never above its limit."""
    from tycoon.api import apply_action
    from tycoon.engine.actions import Action, Kind
    from tycoon.sim.driver import LazyLegal

    st, asker = _at_auction(5)  # London Heathrow Airport, kr 4 000
    assert asker == 0  # W-36: the lander is asked first
    bots = [make_bot("heuristic", p) for p in range(3)]
    a = bots[0].choose(st, 0, LazyLegal(st, 0))
    assert a == Action(Kind.BID, 2000)
    apply_action(st, a)
    a = bots[1].choose(st, 1, LazyLegal(st, 1))
    assert a == Action(Kind.BID, 2400)


def test_heuristic_values_an_unmarked_wonder_higher() -> None:
    """A wonder not in the bot's passport is worth its price plus the mark's value; once
    marked, only its price (here: no group interest)."""
    from tycoon.api import apply_action
    from tycoon.engine.actions import Action, Kind
    from tycoon.sim.driver import LazyLegal

    st, _ = _at_auction(6)  # Acropolis, kr 2 000; seat 0 marked it by landing
    bot = make_bot("heuristic", 0)
    apply_action(st, "bid 2100")  # seat 0 bids over the price
    assert st.stack[-1][1] == 1
    # seat 1 has not marked it: 2 000 * 1.1 (empty group) + 30 000 / 44 = 2 881
    assert bot.choose(st, 1, LazyLegal(st, 1)) == Action(Kind.BID, 2300)
    st.ext["marks"][1] |= 1 << 6
    assert bot.choose(st, 1, LazyLegal(st, 1)) == Action(Kind.BID, 2200)
    st.stack[-1] = (*st.stack[-1][:4], 2800, *st.stack[-1][5:])  # seat 0 bid kr 2 800
    assert bot.choose(st, 1, LazyLegal(st, 1)) == Action(Kind.PASS)
    st.ext["marks"][1] = 0
    assert bot.choose(st, 1, LazyLegal(st, 1)) == Action(Kind.BID, 2881)


def test_heuristic_free_flight_marks_the_dearest_wonder_an_opponent_owns() -> None:
    from tycoon.editions.wonders import FLIGHT
    from tycoon.engine.actions import Action, Kind
    from tycoon.sim.driver import LazyLegal

    st = new_game("wonders", 3, 1)
    st.stack.append((FLIGHT, 0))
    bot = make_bot("heuristic", 0)
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.MARK, 39)  # none owned: dearest
    st.owner[11] = 1  # Petra (kr 2 800) and Alhambra (kr 3 200) belong to opponents
    st.owner[14] = 2
    st.owner[37] = 0  # its own Pyramids: landing there costs nothing
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.MARK, 14)
    st.ext["marks"][0] = 1 << 14
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.MARK, 11)


def test_heuristic_pays_the_wonders_jail_fine_early_and_rolls_later() -> None:
    from tycoon.engine import frames as F
    from tycoon.engine.actions import Action, Kind
    from tycoon.sim.driver import LazyLegal

    st = new_game("wonders", 3, 1)
    st.jail[0] = 0
    st.stack.append((F.JAIL, 0))
    bot = make_bot("heuristic", 0)
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.PAY_FINE)  # deeds unowned
    b = st.edition.board
    for i, s in enumerate(b.deeds):
        st.owner[s] = 1 + i % 2
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.PAY_FINE)  # no buildings yet
    st.level[37] = st.level[39] = 5  # an opponent's hotels: rent kr 30 000 and kr 40 000
    st.owner[37] = st.owner[39] = 1
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.ROLL)
    st.card_holder[b.card_code(0, 15)] = 0  # but a Get-out-of-Jail card is used early only
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.ROLL)
    for s in b.deeds[:12]:
        st.owner[s] = -1
    assert bot.choose(st, 0, LazyLegal(st, 0)) == Action(Kind.USE_CARD)


def test_games_are_played_with_fewer_collections_and_the_setting_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`fewer_collections` raises the youngest generation's threshold inside its block only
    (even when the block raises), never lowers it, and the runner plays under it."""
    import gc

    from tycoon.sim import runner
    from tycoon.sim.collector import SIM_GEN0, fewer_collections

    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (max(SIM_GEN0, before[0]), *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), fewer_collections(gen0=5):
        assert gc.get_threshold()[0] == before[0]  # never more often than before
        raise RuntimeError
    assert gc.get_threshold() == before
    seen: list[int] = []

    def spy(*args: object, **kwargs: object) -> GameResult:
        seen.append(gc.get_threshold()[0])
        return play_one(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_one", spy)
    simulate("classic", ["basic", "basic", "basic"], 2, seed=0, jobs=1)
    assert seen == [max(SIM_GEN0, before[0])] * 2 and gc.get_threshold() == before
