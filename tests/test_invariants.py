"""The generic invariant checker over many complete classic games (see tests/invariants.py).

Hundreds of games over 3 to 6 players: random bots, heuristic bots, mixed seats and the
house-rule options, split into small cases so pytest-xdist spreads them over the cores.
"""

from __future__ import annotations

import pytest
from invariants import STATS, InvariantError, check_state, play_checked

from tycoon.bots.base import bot_names, make_bot
from tycoon.engine.actions import Action, Kind
from tycoon.engine.api import apply_action, clone, legal_actions, new_game
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.rng import Rng
from tycoon.records.snapshot import snapshot
from tycoon.sim.driver import in_window, step

HAVE_HEURISTIC = "heuristic" in bot_names()
BOTS = ["random", "heuristic"] if HAVE_HEURISTIC else ["random"]
PLAYER_COUNTS = (3, 4, 5, 6)
GAMES_PER_CASE = 4
DEEP_EVERY = 10
TURN_LIMIT = 200


def _mixed(n: int, seed: int) -> list[str]:
    """A seat assignment holding every available bot kind, chosen by the seed."""
    rng = Rng(seed * 7919 + n)
    kinds = [
        BOTS[(i + rng.below(2)) % len(BOTS)] if i >= 2 else BOTS[i % len(BOTS)] for i in range(n)
    ]
    rng.shuffle(kinds)
    return kinds


def _play_case(kinds_of: list[list[str]], seeds: list[int]) -> None:
    for kinds, seed in zip(kinds_of, seeds, strict=True):
        st = play_checked(kinds, seed, turn_limit=TURN_LIMIT, deep_every=DEEP_EVERY)
        assert st.termination in ("last_player", "turn_limit")
        assert st.winners and all(st.alive[w] for w in st.winners)
        if st.termination == "last_player":
            assert sum(st.alive) == 1
        else:
            assert st.rounds == TURN_LIMIT


@pytest.mark.parametrize("chunk", range(8))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_games(n: int, chunk: int) -> None:
    seeds = [1000 * n + chunk * GAMES_PER_CASE + i for i in range(GAMES_PER_CASE)]
    _play_case([["random"] * n] * len(seeds), seeds)


@pytest.mark.skipif(not HAVE_HEURISTIC, reason="heuristic bot not available")
@pytest.mark.parametrize("chunk", range(6))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_heuristic_games(n: int, chunk: int) -> None:
    seeds = [2000 * n + chunk * 3 + i for i in range(3)]
    _play_case([["heuristic"] * n] * len(seeds), seeds)


@pytest.mark.parametrize("chunk", range(8))
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_mixed_games(n: int, chunk: int) -> None:
    seeds = [3000 * n + chunk * GAMES_PER_CASE + i for i in range(GAMES_PER_CASE)]
    kinds_of = [_mixed(n, s) for s in seeds]
    if HAVE_HEURISTIC:
        assert all({"random", "heuristic"} <= set(k) for k in kinds_of)
    _play_case(kinds_of, seeds)


OPTION_SETS = [
    {"auto_claim_rent": True},
    {"jail_release_moves": False},
    {"deal_two_deeds": True},
    {"one_build_step_per_city": True, "trade_requires_no_buildings_anywhere": False},
    {"in_kind_needs_unbuilt_group": False},
    {"allow_two_players": True},
]


@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_option_games(which: int) -> None:
    opts = OPTION_SETS[which]
    for i in range(4):
        n = 2 + i if opts.get("allow_two_players") else 3 + i
        seed = 5000 + which * 10 + i
        kinds = _mixed(n, seed) if n > 1 else ["random"] * n
        st = play_checked(kinds, seed, turn_limit=80, deep_every=DEEP_EVERY, options=opts)
        assert st.options.to_dict()[next(iter(opts))] == next(iter(opts.values()))


@pytest.mark.parametrize("seed", range(4))
def test_full_depth_games(seed: int) -> None:
    """A few games with the expensive checks at every single step, events on."""
    n = 3 + seed
    play_checked(_mixed(n, seed), 9000 + seed, turn_limit=40, deep_every=1, events=True)


def test_enough_games_and_steps() -> None:
    """The parametrization plays at least 300 complete games in total."""
    per_n = 8 * GAMES_PER_CASE + 8 * GAMES_PER_CASE + (6 * 3 if HAVE_HEURISTIC else 0)
    total = per_n * len(PLAYER_COUNTS) + 4 * len(OPTION_SETS) + 4
    assert total >= 300


@pytest.mark.parametrize("seed", range(6))
def test_out_of_turn_actions_apply(seed: int) -> None:
    """Every action `legal_actions(st, seat)` offers a non-current seat applies for it,
    keeps every invariant, and leaves the original untouched."""
    n = 3 + seed % 4
    st = new_game("classic", n, 7000 + seed, {"turn_limit": 60}, events=False)
    bots = [make_bot(k, seed * 13 + i) for i, k in enumerate(_mixed(n, seed))]
    tried = 0
    kinds_seen: set[int] = set()
    while not st.termination:
        cur = st.current_player
        if cur >= 0:
            before = snapshot(st)
            for seat in range(n):
                if seat == cur:
                    continue
                for a in legal_actions(st, seat):
                    c = clone(st)
                    apply_action(c, a, seat)
                    assert c.history[-1] == (seat, a)
                    check_state(c, f"seed {seed}: out-of-turn '{a}' of seat {seat}")
                    tried += 1
                    kinds_seen.add(a.kind)
            assert snapshot(st) == before
        step(st, bots)
    assert tried > 100
    assert len(kinds_seen) >= 2


def test_out_of_turn_claim_and_mortgage_exact() -> None:
    """Seat 2 claims the rent seat 0 owes it, and seat 1 mortgages a deed, out of turn."""
    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    for text in ("roll 6 6", "roll 1 2", "roll 1 2"):  # seat 0 starts (C-10)
        apply_action(st, text)
    b = st.edition.board
    st.owner[3] = 2  # Athens belongs to Cy
    st.owner[1] = 1  # Thessaloniki belongs to Bob
    apply_action(st, "roll")
    apply_action(st, "roll 1 2")  # Ann moves 3 squares to Athens
    assert st.pos[0] == 3
    rent = b.rents[3][0]
    assert st.claims == [(2, 0, rent, st.turn)]
    assert st.current_player == 0
    assert [str(a) for a in legal_actions(st, 2)] == ["claim 0", "mortgage 3"]
    assert "mortgage 1" in [str(a) for a in legal_actions(st, 1)]
    apply_action(st, "claim 0", seat=2)
    assert st.cash == [3000 - rent, 3000, 3000 + rent]
    apply_action(st, "mortgage 1", seat=1)
    assert st.cash[1] == 3000 + b.mortgage[1] == 3060
    assert st.mortgaged[1]
    assert st.claims == []
    assert st.current_player == 0 and in_window(st)
    with pytest.raises(IllegalActionError):
        apply_action(st, "claim 0", seat=2)  # already claimed
    with pytest.raises(IllegalActionError):
        apply_action(st, "mortgage 1", seat=1)  # already mortgaged
    assert st.history[-2:] == [(2, Action(Kind.CLAIM, 0)), (1, Action(Kind.MORTGAGE, 1))]


def test_checker_catches_a_broken_state() -> None:
    """The checker is not vacuous: a state with lost money or a doubled house fails."""
    st = new_game("classic", 3, 3)
    check_state(st, "fresh")
    st.cash[0] += 5
    with pytest.raises(InvariantError, match="money not conserved"):
        check_state(st, "broken")
    st.cash[0] -= 5
    st.owner[1] = 0
    st.level[1] = 1  # a house without the whole country, taken from nowhere
    with pytest.raises(InvariantError):
        check_state(st, "broken")
    st.level[1] = 0
    st.mortgaged[1] = True
    check_state(st, "mortgaged deed, no building")
    st.level[1] = 1
    with pytest.raises(InvariantError, match="mortgaged deed 1 has level 1"):
        check_state(st, "broken")


def test_stats_are_counted() -> None:
    before = STATS.games
    play_checked(["random"] * 3, 42, turn_limit=10, deep_every=1)
    assert STATS.games == before + 1
    assert STATS.deep_steps > 0 and STATS.clone_applies > 0
