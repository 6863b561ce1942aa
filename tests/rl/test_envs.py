"""The environments: PettingZoo's and Gymnasium's own checks on every edition, determinism,
response windows, truncation, rewards, the observation's secrecy and bad input."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tycoon.rl as rl
from tycoon.engine import IllegalActionError, new_game, returns
from tycoon.engine.rng import Rng
from tycoon.rl import PASS_WINDOW

from .conftest import EDITIONS, SHORT


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.simplefilter("ignore", UserWarning)  # the checkers' advice (Dict spaces, ...)


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_api_test(edition: str) -> None:
    api_test(rl.env(edition, options=SHORT[edition]), num_cycles=200)


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_seed_test(edition: str) -> None:
    seed_test(lambda: rl.env(edition, options=SHORT[edition]), num_cycles=200)


@pytest.mark.parametrize("edition", EDITIONS)
def test_gymnasium_check_env(edition: str) -> None:
    check_env(rl.gym_env(edition, options=SHORT[edition], opponents="random"))


def test_versioned_names() -> None:
    env = rl.classic_v0.env(players=3)
    assert env.metadata["name"] == "tycoon_classic_v0"
    assert repr(rl.metropol_v0) == "tycoon.rl.metropol_v0"
    assert rl.wonders_v0(players=2).possible_agents == ["player_0", "player_1"]
    assert isinstance(rl.builder_v0.gym_env(), rl.TycoonGym)


def _play_aec(env: rl.TycoonAEC, seed: int) -> list[int]:
    """Random masked play to the end; the indices chosen."""
    env.reset(seed=seed)
    rng = Rng(seed)
    chosen = []
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        allowed = np.flatnonzero(obs["action_mask"])
        i = int(allowed[rng.below(len(allowed))])
        chosen.append(i)
        env.step(i)
    return chosen


def test_reset_seed_fixes_the_episode() -> None:
    env = rl.env("wonders", players=3, options=SHORT["wonders"])
    a = _play_aec(env, 5)
    b = _play_aec(env, 5)
    c = _play_aec(env, 6)
    assert a == b and a != c


def test_rewards_are_the_engine_returns() -> None:
    env = rl.env("classic", players=3, options=SHORT["classic"])
    env.reset(seed=1)
    total = dict.fromkeys(env.possible_agents, 0.0)
    rng = Rng(1)
    st = None
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        total[agent] += r
        if term or trunc:
            assert term and not trunc
            st = env.game.table.st
            env.step(None)
            continue
        allowed = np.flatnonzero(obs["action_mask"])
        env.step(int(allowed[rng.below(len(allowed))]))
    assert st is not None and st.termination
    assert [total[a] for a in env.possible_agents] == returns(st)
    assert env.agents == []


def test_turn_cap_truncates_with_zero_reward() -> None:
    env = rl.env("classic", players=3, max_turns=6)
    env.reset(seed=2)
    rng = Rng(2)
    for _agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and r == 0.0
            env.step(None)
            continue
        allowed = np.flatnonzero(obs["action_mask"])
        env.step(int(allowed[rng.below(len(allowed))]))
    assert env.game.table.st.turn >= 6 and not env.game.table.st.termination


def test_windows_are_turns_of_their_own_with_a_pass() -> None:
    """C-13: an owner claims rent out of turn, in the window offered to him as his turn."""
    env = rl.env("classic", players=3)
    env.reset(seed=0)
    rng = Rng(0)
    windows = claims = 0
    for _ in range(3000):
        agent = env.agent_selection
        obs, _r, term, trunc, info = env.last()
        if term or trunc:
            break
        mask = obs["action_mask"]
        d = env.game.decision
        assert info["window"] == d.window
        if d.window:
            windows += 1
            st = env.game.table.st
            assert mask[PASS_WINDOW] == 1 and d.seat != st.current_player
            assert obs["observation"][env.game.encoder.sections["window"][0]] == 1.0
            names = env.legal_action_texts()
            claim = [i for i, t in names.items() if t.startswith("claim")]
            if claim:
                claims += 1
                env.step(claim[0])
                continue
            env.step(PASS_WINDOW)
            continue
        assert mask[PASS_WINDOW] == 0
        allowed = np.flatnonzero(mask)
        env.step(int(allowed[rng.below(len(allowed))]))
        assert agent  # every decision belongs to the selected agent
    assert windows > 20 and claims > 0


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = rl.env("classic", players=3)
    env.reset(seed=0)
    mask = env.action_mask()
    bad = int(np.flatnonzero(mask == 0)[1])
    before = len(env.game.table.st.history)
    with pytest.raises(IllegalActionError, match="not in the mask"):
        env.step(bad)
    with pytest.raises(ValueError, match="must choose"):
        env.step(None)
    assert len(env.game.table.st.history) == before
    assert np.array_equal(env.action_mask(), mask)


def test_observation_hides_deck_order_and_rng() -> None:
    env = rl.env("wonders", players=3)
    env.reset(seed=4)
    seat = env.possible_agents.index(env.agent_selection)
    obs = env.observe(env.agent_selection)["observation"]
    st = env.game.table.st
    st.decks = [d[::-1] for d in st.decks]
    st.rng = Rng(999)
    assert np.array_equal(obs, env.game.observe(seat))
    assert (
        obs.dtype == np.float32
        and obs.shape == env.observation_space("player_0")["observation"].shape
    )


def test_render_gives_the_text_board() -> None:
    env = rl.env("metropol", players=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "Turn 1" in text
    g = rl.gym_env("builder", opponents="random", render_mode="ansi")
    g.reset(seed=0)
    assert "Builders" in g.render()


def test_gym_plays_one_seat_against_named_bots() -> None:
    g = rl.gym_env("classic", opponents=["heuristic", "random"], seat=1, options=SHORT["classic"])
    _obs, info = g.reset(seed=3)
    assert g.action_masks().dtype == bool and np.array_equal(info["action_mask"], g.action_masks())
    rng = Rng(3)
    done = False
    steps = 0
    while not done:
        assert g.game.decision.seat == 1
        allowed = np.flatnonzero(g.action_masks())
        _obs, r, term, trunc, info = g.step(int(allowed[rng.below(len(allowed))]))
        done = term or trunc
        steps += 1
    assert term and r == returns(g.game.table.st)[1] and not g.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        g.step(0)


def test_gym_illegal_index_is_a_no_op() -> None:
    g = rl.gym_env("wonders", opponents="random", illegal_penalty=-0.5)
    obs, _ = g.reset(seed=0)
    bad = int(np.flatnonzero(~g.action_masks())[1])
    obs2, r, term, trunc, info = g.step(bad)
    assert info["illegal_action"] and r == -0.5 and not term and not trunc
    assert np.array_equal(obs, obs2)


def test_gym_rejects_unknown_bots_and_seats() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        rl.gym_env("classic", opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        rl.gym_env("classic", opponents=["random", "random"], seat=3)
    with pytest.raises(ValueError, match="windows"):
        rl.env("classic", windows="sometimes").reset(seed=0)


def test_vector_constructor() -> None:
    vec = rl.make_vec_env("metropol", 2, opponents="random", options=SHORT["metropol"])
    obs, _info = vec.reset(seed=10)
    assert obs.shape == (2, vec.single_observation_space.shape[0])
    masks = vec.call("action_masks")
    assert len(masks) == 2 and all(m.any() for m in masks)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    obs, _r, _term, _trunc, _info = vec.step(actions)
    assert obs.shape[0] == 2
    vec.close()


def test_observation_sections_read_the_state() -> None:
    env = rl.env("classic", players=3)
    env.reset(seed=9)
    st = env.game.table.st
    st.cash[1] = 1500
    st.owner[5] = 2
    st.level[3] = 5
    st.jail[2] = 1
    obs = env.game.observe(0)
    sec = env.game.encoder.sections

    def part(name: str) -> np.ndarray:
        o, size = sec[name]
        return obs[o : o + size]

    assert part("me").tolist() == [1.0, 0.0, 0.0]
    assert part("cash")[1] == 0.5  # of the 3000 starting cash
    assert part("owner").reshape(40, 3)[5].tolist() == [0.0, 0.0, 1.0]
    assert part("level")[3] == 1.0
    assert part("in_jail").tolist() == [0.0, 0.0, 1.0]
    assert part("position").reshape(3, 40)[:, 0].tolist() == [1.0, 1.0, 1.0]


def test_observation_follows_every_change_of_the_parts_it_keeps() -> None:
    """The encoder converts the board and edition parts only when they change: a change of
    a level, a mortgage or a builder chip pile shows in the next observation, and undoing
    it gives the first observation back; money beyond the Box bound is clipped."""
    env = rl.env("builder", players=3)
    env.reset(seed=2)
    g = env.game
    st = g.table.st
    first = g.observe(0)
    sec = g.encoder.sections
    square = st.edition.board.deeds[0]
    for change, section in (("level", "level"), ("mortgaged", "mortgaged"), ("pile", "ext")):
        if change == "pile":
            old = st.ext["pile"][0]
            st.ext["pile"][0] = old + 5
        else:
            old = getattr(st, change)[square]
            getattr(st, change)[square] = 3 if change == "level" else True
        changed = g.observe(0)
        o, size = sec[section]
        assert not np.array_equal(changed[o : o + size], first[o : o + size]), change
        if change == "pile":
            st.ext["pile"][0] = old
        else:
            getattr(st, change)[square] = old
        assert np.array_equal(g.observe(0), first), change
    st.cash[0] = 10**12
    o, _ = sec["cash"]
    assert g.observe(0)[o] == rl.observation.OBS_BOUND


@pytest.mark.parametrize("edition", EDITIONS)
def test_incremental_observation_equals_a_fresh_encoding(edition: str) -> None:
    """The encoder keeps the parts that did not change since its last observation: at every
    step of random masked games, for the deciding seat and another, its observation equals
    that of a new encoder that has seen nothing before."""
    env = rl.env(edition, players=4, options=SHORT[edition])
    g = env.game
    probe = new_game(edition, 4, 0, SHORT[edition], events=False)
    rng = Rng(7)
    steps = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            for who in (seat, (seat + 1) % 4):
                fresh = rl.observation.Encoder(g.codec, probe)
                window = who == seat and g.decision_window()
                want = fresh.encode(g.table.st, who, window, g.max_turns)
                assert np.array_equal(g.observe(who), want), (seed, steps, who)
            allowed = np.flatnonzero(env.action_mask())
            env.step(int(allowed[rng.below(len(allowed))]))
            steps += 1
    assert steps > 100
