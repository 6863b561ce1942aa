"""The generic invariant checker over many complete games (see tests/invariants.py).

Classic: hundreds of games over 3 to 6 players; wonders: hundreds more over 2 to 6 players
(passports checked too). Random bots, heuristic bots, mixed seats and the house-rule options,
split into small cases so pytest-xdist spreads them over the cores.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from invariants import (
    STATS,
    InvariantError,
    check_marks_kept,
    check_passports,
    check_state,
    play_checked,
)

from tycoon.api import apply_action, clone, legal_actions, new_game
from tycoon.bots.base import bot_names, make_bot
from tycoon.engine.actions import Action, Kind
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
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


# --- wonders -------------------------------------------------------------------------------

W_PLAYER_COUNTS = (2, 3, 4, 5, 6)
W_RANDOM_CHUNKS, W_RANDOM_GAMES = 8, 4
W_HEURISTIC_CHUNKS, W_HEURISTIC_GAMES = 4, 3
W_MIXED_CHUNKS, W_MIXED_GAMES = 4, 3
W_DEEP_EVERY = 10
W_MIXED_DEEP_EVERY = 20
"""Mixed games are long in steps (random seats make many offers that are rejected)."""
W_TURN_LIMIT = 200
W_TERMINATIONS = ("last_player", "turn_limit", "completed")


def _w_mixed(n: int, seed: int) -> list[str]:
    """Seats holding both bot kinds (two players: one of each)."""
    if n == 2:
        return ["random", "heuristic"] if seed % 2 else ["heuristic", "random"]
    return _mixed(n, seed)


def _check_wonders_end(st: GameState, turn_limit: int) -> None:
    """How a wonders game ended agrees with the state (W-92, W-99, C-76)."""
    assert st.termination in W_TERMINATIONS
    assert st.winners and all(st.alive[w] for w in st.winners)
    counts = [m.bit_count() for m in st.ext["marks"]]
    full = st.edition.board.constants["wonders_to_complete"]
    if st.termination == "completed":
        assert counts.count(full) == 1
    else:
        assert max(counts) < full
    if st.termination == "last_player":
        assert sum(st.alive) == 1
    elif st.termination == "turn_limit":
        assert st.rounds == turn_limit


def _play_games(
    edition: str,
    kinds_of: list[list[str]],
    seeds: list[int],
    check_end: Callable[[GameState], None],
    turn_limit: int,
    deep_every: int,
    options: dict[str, object] | None = None,
) -> list[GameState]:
    """Play and check one game per seat assignment and seed; `check_end` checks each end."""
    games = []
    for kinds, seed in zip(kinds_of, seeds, strict=True):
        st = play_checked(
            kinds,
            seed,
            turn_limit=turn_limit,
            deep_every=deep_every,
            options=options,
            edition=edition,
        )
        check_end(st)
        games.append(st)
    return games


def _w_play(
    kinds_of: list[list[str]],
    seeds: list[int],
    deep_every: int = W_DEEP_EVERY,
    turn_limit: int = W_TURN_LIMIT,
    options: dict[str, object] | None = None,
) -> list[GameState]:
    return _play_games(
        "wonders",
        kinds_of,
        seeds,
        lambda st: _check_wonders_end(st, turn_limit),
        turn_limit,
        deep_every,
        options,
    )


@pytest.mark.parametrize("chunk", range(W_RANDOM_CHUNKS))
@pytest.mark.parametrize("n", W_PLAYER_COUNTS)
def test_wonders_random_games(n: int, chunk: int) -> None:
    seeds = [11000 * n + chunk * W_RANDOM_GAMES + i for i in range(W_RANDOM_GAMES)]
    _w_play([["random"] * n] * len(seeds), seeds)


@pytest.mark.skipif(not HAVE_HEURISTIC, reason="heuristic bot not available")
@pytest.mark.parametrize("chunk", range(W_HEURISTIC_CHUNKS))
@pytest.mark.parametrize("n", W_PLAYER_COUNTS)
def test_wonders_heuristic_games(n: int, chunk: int) -> None:
    seeds = [12000 * n + chunk * W_HEURISTIC_GAMES + i for i in range(W_HEURISTIC_GAMES)]
    games = _w_play([["heuristic"] * n] * len(seeds), seeds)
    assert any(m for st in games for m in st.ext["marks"])


@pytest.mark.parametrize("chunk", range(W_MIXED_CHUNKS))
@pytest.mark.parametrize("n", W_PLAYER_COUNTS)
def test_wonders_mixed_games(n: int, chunk: int) -> None:
    seeds = [13000 * n + chunk * W_MIXED_GAMES + i for i in range(W_MIXED_GAMES)]
    kinds_of = [_w_mixed(n, s) for s in seeds]
    if HAVE_HEURISTIC:
        assert all({"random", "heuristic"} <= set(k) for k in kinds_of)
    _w_play(kinds_of, seeds, deep_every=W_MIXED_DEEP_EVERY)


W_OPTION_SETS: list[dict[str, object]] = [
    {"quick_play": True},
    {"three_house_hotels": True},
    {"time_game": True, "turn_limit": 12},
    {"rent_collection": "auto"},
    {"tie_break_cash": True, "hotel_valuation_houses": "3"},
    {"deal_two_deeds": True},
]
W_OPTION_GAMES = 4


@pytest.mark.parametrize("which", range(len(W_OPTION_SETS)))
def test_wonders_option_games(which: int) -> None:
    opts = dict(W_OPTION_SETS[which])
    limit = int(str(opts.pop("turn_limit", 80)))
    games = []
    for i in range(W_OPTION_GAMES):
        n = 2 + i + which % 2
        seed = 15000 + which * 10 + i
        kinds = _w_mixed(n, seed) if i % 2 else ["heuristic"] * n
        games.extend(
            _w_play([kinds], [seed], deep_every=W_MIXED_DEEP_EVERY, turn_limit=limit, options=opts)
        )
    for st in games:
        for key, value in opts.items():
            assert st.options.to_dict()[key] == value
        if opts.get("rent_collection") == "auto":
            assert st.options.auto_claim_rent and not st.claims
    if "time_game" in opts:
        assert {st.termination for st in games} <= {"turn_limit", "last_player", "completed"}
        assert any(st.termination == "turn_limit" for st in games)
    if opts.get("quick_play") or opts.get("deal_two_deeds") or opts.get("time_game"):
        st = new_game("wonders", 4, 15000 + which, {**opts, "turn_limit": limit})
        owned = [sum(1 for o in st.owner if o == p) for p in range(4)]
        assert owned == [2, 2, 2, 2]  # W-96, W-100: two deeds each, dealt
        for p in range(4):
            dealt = sum(1 << s for s in st.edition.board.streets if st.owner[s] == p)
            assert st.ext["marks"][p] == dealt  # W-17: a dealt wonder is marked
        check_state(st, "dealt")


@pytest.mark.parametrize("seed", range(2))
def test_wonders_full_depth_games(seed: int) -> None:
    """Wonders games with the expensive checks at every step, events on."""
    n = 3 + 2 * seed
    st = play_checked(
        _w_mixed(n, seed),
        19000 + seed,
        turn_limit=25,
        deep_every=1,
        events=True,
        edition="wonders",
    )
    _check_wonders_end(st, 25)


def test_wonders_enough_games() -> None:
    """The wonders parametrization plays at least 300 complete games, 2 to 6 players."""
    per_n = W_RANDOM_CHUNKS * W_RANDOM_GAMES + W_MIXED_CHUNKS * W_MIXED_GAMES
    per_n += W_HEURISTIC_CHUNKS * W_HEURISTIC_GAMES if HAVE_HEURISTIC else 0
    total = per_n * len(W_PLAYER_COUNTS) + W_OPTION_GAMES * len(W_OPTION_SETS) + 2
    assert total >= 300
    assert W_PLAYER_COUNTS == (2, 3, 4, 5, 6)


def test_wonders_checker_catches_broken_passports() -> None:
    """Marks off the wonders, too many marks, a lost mark and a false completion all fail."""
    st = new_game("wonders", 3, 3)
    check_state(st, "fresh")
    assert st.ext["marks"] == [0, 0, 0]
    st.ext["marks"][0] = 1 << 5  # an airport
    with pytest.raises(InvariantError, match="marks off the wonders"):
        check_state(st, "broken")
    st.ext["marks"][0] = 1 << 1 | 1 << 3
    check_state(st, "two wonders")
    with pytest.raises(InvariantError, match="seat 0 lost passport marks 0x8"):
        check_marks_kept([1 << 1 | 1 << 3], _with_marks(st, [1 << 1, 0, 0]), "lost")
    streets = st.edition.board.streets
    assert len(streets) == 22
    st.ext["marks"][1] = sum(1 << s for s in streets)
    st.termination = "turn_limit"
    with pytest.raises(InvariantError, match="passport is complete but the game ended"):
        check_passports(st, "broken")
    st.ext["marks"][1] = 0
    st.termination = "completed"
    with pytest.raises(InvariantError, match="no passport is complete"):
        check_passports(st, "broken")


def _with_marks(st: GameState, marks: list[int]) -> GameState:
    c = clone(st)
    c.ext["marks"] = marks
    return c


def test_wonders_checker_uses_the_board_constants() -> None:
    """Money conservation against kr 30 000 a seat; failed jail attempts up to 3."""
    st = new_game("wonders", 2, 5)
    assert sum(st.cash) + st.bank == 2 * 30000
    check_state(st, "fresh")
    st.cash[1] += 1
    with pytest.raises(InvariantError, match="money not conserved"):
        check_state(st, "broken")
    st.cash[1] -= 1
    st.jail[0] = 2
    check_state(st, "two failed attempts")
    st.jail[0] = 3  # the third failed attempt releases at once (W-66 c)
    with pytest.raises(InvariantError, match="jail counters"):
        check_state(st, "broken")


# --- metropol ------------------------------------------------------------------------------

MP_COUNTS = (3, 4, 5, 6)
MP_HEURISTIC_CHUNKS, MP_RANDOM_CHUNKS, MP_MIXED_CHUNKS, MP_GAMES = 10, 3, 2, 5
MP_TURN_LIMIT = 60
MP_DEEP_EVERY = 20
MP_TERMINATIONS = ("last_player", "turn_limit", "completed")


def _check_metropol_end(st: GameState) -> None:
    assert st.termination in MP_TERMINATIONS
    assert st.winners and all(st.alive[w] for w in st.winners)
    if st.termination == "completed":  # M-69, M-70: everyone left, permits cashed in
        assert st.ext["city"][2] == 1 and all(o == -1 for o in st.owner)
        assert all(st.ext["left"][p] for p in range(st.n) if st.alive[p])


def _mp_play(
    kinds_of: list[list[str]], seeds: list[int], options: dict[str, object] | None = None
) -> list[GameState]:
    return _play_games(
        "metropol", kinds_of, seeds, _check_metropol_end, MP_TURN_LIMIT, MP_DEEP_EVERY, options
    )


@pytest.mark.skipif(not HAVE_HEURISTIC, reason="heuristic bot not available")
@pytest.mark.parametrize("chunk", range(MP_HEURISTIC_CHUNKS))
@pytest.mark.parametrize("n", MP_COUNTS)
def test_metropol_heuristic_games(n: int, chunk: int) -> None:
    seeds = [21000 * n + chunk * MP_GAMES + i for i in range(MP_GAMES)]
    games = _mp_play([["heuristic"] * n] * len(seeds), seeds)
    assert any(sum(st.ext["height"]) for st in games)


@pytest.mark.parametrize("chunk", range(MP_RANDOM_CHUNKS))
@pytest.mark.parametrize("n", MP_COUNTS)
def test_metropol_random_games(n: int, chunk: int) -> None:
    seeds = [22000 * n + chunk * MP_GAMES + i for i in range(MP_GAMES)]
    _mp_play([["random"] * n] * len(seeds), seeds)


@pytest.mark.parametrize("chunk", range(MP_MIXED_CHUNKS))
@pytest.mark.parametrize("n", MP_COUNTS)
def test_metropol_mixed_games(n: int, chunk: int) -> None:
    seeds = [23000 * n + chunk * MP_GAMES + i for i in range(MP_GAMES)]
    _mp_play([_mixed(n, s) for s in seeds], seeds)


MP_OPTION_SETS: list[dict[str, object]] = [
    {"mandatory_build_enforcement": "callout"},
    {"auction_jump_bids": True, "blocks_total": 40},
    {"crossing_counts_as_passing": True, "column10_trigger": "area_total"},
    {"free_blocks_count_toward_turn_limit": False, "tallest_scope": "city"},
    {"triples_free_move_exact_bonus": False, "city_hall_relocation": "before_stock_exchange"},
    {"final_value_area_without_skyscraper": "zero", "blocks_total": 20},
]


@pytest.mark.parametrize("which", range(len(MP_OPTION_SETS)))
def test_metropol_option_games(which: int) -> None:
    seeds = [24000 + 10 * which + i for i in range(3)]
    kinds = ["heuristic", "random", "heuristic", "random"] if HAVE_HEURISTIC else ["random"] * 4
    _mp_play([kinds] * 3, seeds, MP_OPTION_SETS[which])


def test_metropol_enough_games() -> None:
    """The metropol parametrization plays at least 300 complete games, 3 to 6 players."""
    per_n = (MP_HEURISTIC_CHUNKS + MP_RANDOM_CHUNKS + MP_MIXED_CHUNKS) * MP_GAMES
    assert per_n * len(MP_COUNTS) + 3 * len(MP_OPTION_SETS) >= 300
    assert set(MP_COUNTS) == {3, 4, 5, 6}


def test_metropol_checker_catches_broken_city() -> None:
    """Lost blocks, a building above its cap and a second skyscraper in an area all fail."""
    st = new_game("metropol", 3, 3)
    st.ext["height"][0] = 1
    with pytest.raises(InvariantError, match="blocks not conserved"):
        check_state(st, "lost block")
    st.ext["city"][0] -= 1
    check_state(st, "one block")
    st.ext["height"][0] = 3
    st.ext["city"][0] -= 2
    with pytest.raises(InvariantError, match="height cap"):
        check_state(st, "too tall")
    st = new_game("metropol", 3, 3)
    st.ext["height"][0] = st.ext["height"][1] = 2
    st.ext["roof"][0], st.ext["roof"][1] = 1, 2
    st.ext["city"][0] -= 4
    st.ext["city"][1] = 2
    with pytest.raises(InvariantError, match="skyscraper"):
        check_state(st, "two roofs")
