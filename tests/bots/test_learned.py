"""The `learned` bot level: registered everywhere a level is, its shipped weights load and
are small, its features do not depend on the player count, it plays whole games of every
edition legally and deterministically, it is `basic` where its values see no gain, and bad
weights files are refused with a message naming the file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tycoon.server.levels as server_levels
from tycoon.api import new_game
from tycoon.bots.base import bot_names, canonical, make_bot
from tycoon.bots.learned import (
    LearnedBot,
    LearnedWeightsError,
    has_weights,
    load_policy,
    shipped_path,
    shipped_policy,
)
from tycoon.bots.search import DEALS
from tycoon.bots.valuation import FEATURES_VERSION, PER_SEAT, SIZE, features
from tycoon.editions.registry import all_editions, find_edition
from tycoon.engine.state import GameState
from tycoon.server.levels import bot_for, levels, offered
from tycoon.sim.driver import play

EDITIONS = tuple(ed.id for ed in all_editions())
SHORT = {"turn_limit": 15}


def _range(edition: str) -> tuple[int, int]:
    ed = find_edition(edition)
    return ed.player_range(ed.options_type.parse({}))


def test_learned_is_a_level_everywhere() -> None:
    assert "learned" in bot_names()
    assert canonical("learned") == "learned"
    assert "learned" in levels()  # a room may ask for it
    assert offered("classic") == ["random", "basic", "strong", "learned"]  # the lobby's list
    assert isinstance(bot_for("learned", 3), LearnedBot)
    assert isinstance(make_bot("learned", 0), LearnedBot)


def test_the_lobby_offers_learned_only_where_weights_ship(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_levels, "has_weights", lambda edition: edition != "builder")
    assert offered("builder") == ["random", "basic", "strong"]
    assert offered("metropol") == ["random", "basic", "strong", "learned"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_ships_weights_that_load_once(edition: str) -> None:
    assert has_weights(edition)
    pol = shipped_policy(edition)
    assert shipped_policy(edition) is pol  # read once per process
    assert pol.edition == edition
    assert pol.net.layers[0][0].shape[0] == SIZE
    assert 0.0 <= pol.margin < 0.5


def test_the_shipped_weights_are_small() -> None:
    assert sum(shipped_path(e).stat().st_size for e in EDITIONS) <= 5 * 1024 * 1024


@pytest.mark.parametrize("edition", EDITIONS)
def test_features_have_one_size_for_every_player_count(edition: str) -> None:
    lo, hi = _range(edition)
    for n in range(lo, hi + 1):
        st = new_game(edition, n, n, events=False)
        for seat in range(n):
            f = features(st, seat)
            assert len(f) == SIZE
            assert all(np.isfinite(f))
            assert f[0] == 1.0  # the acting seat first: alive
        if edition != "metropol":  # metropol's seats start in different districts
            # at the start every seat looks alike, seat by seat
            assert features(st, 0)[:PER_SEAT] == features(st, n - 1)[:PER_SEAT]


def test_values_are_probabilities() -> None:
    st = new_game("classic", 4, 3, events=False)
    v = shipped_policy("classic").values([features(st, p) for p in range(4)])
    assert v.shape == (4,)
    assert ((v > 0) & (v < 1)).all()


def _game(edition: str, n: int, seed: int, learned: str = "learned") -> tuple[object, ...]:
    bots = [make_bot(learned, seed), *(make_bot("basic", seed + k) for k in range(1, n))]
    st = play(new_game(edition, n, seed, SHORT, events=False), bots)
    assert st.termination  # the game ends (the turn limit at the latest)
    return _summary(st)


def _summary(st: GameState) -> tuple[object, ...]:
    return (st.termination, st.winners, tuple(st.cash), st.turn, tuple(st.owner), st.history)


@pytest.mark.parametrize("edition", EDITIONS)
def test_plays_whole_games_legally_and_deterministically(edition: str) -> None:
    lo, hi = _range(edition)
    for n in (lo, hi):
        # the driver applies every action through the engine's legality check
        first = _game(edition, n, 7)
        assert _game(edition, n, 7) == first


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_table_of_learned_bots_finishes(edition: str) -> None:
    st = play(
        new_game(edition, 3, 1, SHORT, events=False), [make_bot("learned", s) for s in range(3)]
    )
    assert st.termination


def test_it_departs_from_basic_and_is_basic_without_a_margin_to_gain(tmp_path: Path) -> None:
    """With a margin no value can clear it plays exactly as `basic`; with its own it does not."""
    pol = load_policy(shipped_path("classic"))
    pol.margin = 1.0
    never = tmp_path / "never.npz"
    pol.save(never)
    basic = _game("classic", 4, 11, "basic")
    assert _game("classic", 4, 11, f"learned:{never}") == basic
    assert _game("classic", 4, 11) != basic


def test_own_weights_file_plays(tmp_path: Path) -> None:
    pol = load_policy(shipped_path("classic"))
    pol.margin = 0.0
    mine = tmp_path / "mine.npz"
    pol.save(mine, note="mine")
    assert _game("classic", 4, 2, f"learned:{mine}")[0]


def test_a_policy_sets_how_many_candidates_a_decision_plays(tmp_path: Path) -> None:
    assert shipped_policy("builder").candidates == 3  # builder's rounds are long
    assert shipped_policy("classic").candidates == 5
    pol = load_policy(shipped_path("classic"))
    pol.candidates = 2
    two = tmp_path / "two.npz"
    pol.save(two)
    assert load_policy(two).candidates == 2
    bot = make_bot(f"learned:{two}", 0)
    st = new_game("classic", 4, 5, SHORT, events=False)
    play(st, [bot] + [make_bot("basic", k) for k in (1, 2, 3)])
    assert isinstance(bot, LearnedBot) and bot.searched and bot.k == 2
    assert len(bot.last[0]) <= 2 + DEALS  # two listed candidates, and basic's offers


def test_missing_weights_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(LearnedWeightsError, match=r"nope\.npz"):
        make_bot(f"learned:{tmp_path / 'nope.npz'}", 0)


def test_corrupt_weights_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip at all")
    with pytest.raises(LearnedWeightsError, match=r"cannot read learned weights .*bad\.npz"):
        make_bot(f"learned:{bad}", 0)


def test_weights_of_another_layout_are_refused(tmp_path: Path) -> None:
    pol = load_policy(shipped_path("classic"))
    w0, b0 = pol.net.layers[0]
    old = tmp_path / "old.npz"
    np.savez(old, mean=pol.mean, scale=pol.scale, margin=[0.0], version=[0.0], edition=["x"])
    with pytest.raises(LearnedWeightsError, match="have no 'w0'"):
        load_policy(old)
    np.savez(old, mean=pol.mean, scale=pol.scale, margin=[0.0], version=[0.0], edition=["x"],
             w0=w0, b0=b0)  # fmt: skip
    with pytest.raises(LearnedWeightsError, match=f"features version 0, .* {FEATURES_VERSION}"):
        load_policy(old)
    pol.net.layers[0] = (w0[:-1], b0)
    short = tmp_path / "short.npz"
    pol.save(short)
    with pytest.raises(LearnedWeightsError, match=f"take {SIZE - 1} features, not {SIZE}"):
        load_policy(short)


def test_weights_of_another_edition_are_refused() -> None:
    bot = LearnedBot(0, weights=shipped_path("classic"))
    st = new_game("wonders", 4, 0, events=False)
    with pytest.raises(LearnedWeightsError, match="for classic, not wonders"):
        play(st, [bot, *(make_bot("basic", k) for k in range(1, 4))])
