"""The generic invariant checker (tests/invariants.py) over the builder edition: more than
300 complete games over 2 to 4 players (heuristic games to the penthouse, mixed and random
games under short turn limits, the house-rule options, a few at full depth), with chip
conservation, block counts and growing buildings checked after every step."""

from __future__ import annotations

import pytest
from invariants import InvariantError, check_state, play_checked

from tycoon.api import new_game
from tycoon.engine.rng import Rng

PLAYER_COUNTS = (2, 3, 4)
HEURISTIC_CHUNKS, HEURISTIC_GAMES = 8, 8
MIXED_CHUNKS, MIXED_GAMES, MIXED_LIMIT = 4, 4, 15
RANDOM_CHUNKS, RANDOM_GAMES, RANDOM_LIMIT = 4, 3, 3
DEEP_EVERY = 10
ENDS = ("penthouse", "no_penthouse", "turn_limit")


def _play(kinds: list[str], seed: int, limit: int, **kw: object) -> None:
    st = play_checked(kinds, seed, turn_limit=limit, edition="builder", **kw)  # type: ignore[arg-type]
    assert st.termination in ENDS and st.winners


@pytest.mark.parametrize("chunk", range(HEURISTIC_CHUNKS))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_builder_heuristic_games(n: int, chunk: int) -> None:
    for i in range(HEURISTIC_GAMES):
        seed = 20_000 + 100 * n + chunk * HEURISTIC_GAMES + i
        _play(["heuristic"] * n, seed, 80, deep_every=4 * DEEP_EVERY)


@pytest.mark.parametrize("chunk", range(MIXED_CHUNKS))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_builder_mixed_games(n: int, chunk: int) -> None:
    for i in range(MIXED_GAMES):
        seed = 21_000 + 100 * n + chunk * MIXED_GAMES + i
        rng = Rng(seed)
        kinds = ["heuristic", "random"] + [
            ("random", "heuristic")[rng.below(2)] for _ in range(n - 2)
        ]
        rng.shuffle(kinds)
        _play(kinds, seed, MIXED_LIMIT, deep_every=DEEP_EVERY)


@pytest.mark.parametrize("chunk", range(RANDOM_CHUNKS))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_builder_random_games(n: int, chunk: int) -> None:
    for i in range(RANDOM_GAMES):
        seed = 22_000 + 100 * n + chunk * RANDOM_GAMES + i
        _play(["random"] * n, seed, RANDOM_LIMIT, deep_every=DEEP_EVERY)


OPTION_SETS = [
    {"bonus_tie": "all_tied"},
    {"community_metric": "adjacent_count"},
    {"unlimited_resources": True},
    {"jail_third_try_move": "failed_roll"},
    {"auto_claim_rent": True},
    {"bonus_tie": "all_tied", "unlimited_resources": True},
    {"forced_trade_any_time": True},
    {"mortgage_percent": 50, "unmortgage_percent": 55},
]


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_builder_option_games(which: int) -> None:
    opts = OPTION_SETS[which]
    for i in range(4):
        n = 2 + i % 3
        kinds = ["heuristic"] * n if i % 2 == 0 else ["heuristic", *["random"] * (n - 1)]
        _play(kinds, 23_000 + 10 * which + i, 15, deep_every=DEEP_EVERY, options=opts)


@pytest.mark.parametrize("seed", range(3))
def test_builder_full_depth_games(seed: int) -> None:
    """Every expensive check at every step, events on."""
    n = 2 + seed % 2
    _play(["heuristic", *["random"] * (n - 1)], 24_000 + seed, 4, deep_every=1, events=True)


def test_builder_enough_games() -> None:
    games = len(PLAYER_COUNTS) * (
        HEURISTIC_CHUNKS * HEURISTIC_GAMES
        + MIXED_CHUNKS * MIXED_GAMES
        + RANDOM_CHUNKS * RANDOM_GAMES
    )
    assert games + 4 * len(OPTION_SETS) + 3 >= 300


def test_builder_checker_catches_lost_chips_and_blocks() -> None:
    st = new_game("builder", 3, 1)
    check_state(st, "fresh")
    st.ext["supply"][2] -= 1
    with pytest.raises(InvariantError, match="not conserved"):
        check_state(st, "broken")
    st.ext["supply"][2] += 1
    st.ext["cell_owner"][7] = 1
    st.ext["height"][7] = 2  # two blocks from nowhere
    with pytest.raises(InvariantError, match="blocks left"):
        check_state(st, "broken")
    st.ext["blocks"][1] -= 2
    check_state(st, "two blocks placed")
    st.ext["cell_owner"][0] = 1  # water
    st.ext["height"][0] = 1
    st.ext["blocks"][1] -= 1
    with pytest.raises(InvariantError, match="water"):
        check_state(st, "broken")
