"""A single-agent Gymnasium environment: one seat against bots (docs/rl.md).

The learner plays seat `seat`; every other seat is a bot made by `tycoon.bots.make_bot`
from its name (any level the registry knows). Bots answer response windows with
`Bot.respond`; the learner is offered its own window decisions (mask with `PASS_WINDOW`).
The observation is the flat float32 vector; the mask comes from `action_masks()` (what
sb3-contrib's MaskablePPO calls) and `info["action_mask"]`. An index the mask does not
allow changes nothing: the step returns the same observation, reward `illegal_penalty` and
`info["illegal_action"] = True` (it still counts toward the step cap).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tycoon.api import returns
from tycoon.bots.base import make_bot
from tycoon.engine.errors import IllegalActionError
from tycoon.rl.game import DEFAULT_MAX_STEPS, DEFAULT_MAX_TURNS, Game
from tycoon.rl.observation import OBS_BOUND


def opponent_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the episode of game seed `seed`."""
    return seed * 1_000 + 500 + seat


class TycoonGym(gym.Env):  # type: ignore[type-arg, unused-ignore]
    """One seat of an edition against bots."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium's convention)

    def __init__(
        self,
        edition: str = "classic",
        opponents: Sequence[str] | str = "basic",
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        windows: str = "all",
        max_turns: int = DEFAULT_MAX_TURNS,
        max_steps: int = DEFAULT_MAX_STEPS,
        illegal_penalty: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        from tycoon.editions.registry import find_edition

        ed = find_edition(edition)
        if isinstance(opponents, str):
            lo, hi = ed.player_range(ed.options_type.parse(options))
            n = players if players is not None else min(max(4, lo), hi)
            names = [opponents] * (n - 1)
        else:
            names = list(opponents)
            n = len(names) + 1
            if players is not None and players != n:
                raise ValueError(f"{len(names)} opponents make {n} players, not {players}")
        for name in names:
            make_bot(name, 0)  # unknown names fail here, with the known ones listed
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = Game(ed.id, n, options, windows, max_turns, max_steps)
        self.seat = seat
        self.opponents = names
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -OBS_BOUND, OBS_BOUND, (self.game.encoder.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.codec.size)
        self._seed: int | None = None
        self._started = False

    def _bots(self, seed: int) -> dict[int, Any]:
        others = [p for p in range(self.game.players) if p != self.seat]
        return {
            p: make_bot(name, opponent_seed(seed, p))
            for p, name in zip(others, self.opponents, strict=True)
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None and self._seed is None:
            seed = 0
        super().reset(seed=seed)
        if seed is None:  # the next game seed from the env's own generator (seeded above)
            seed = int(self.np_random.integers(2**31))
        self._seed = int(seed)
        self.game.start(self._seed, self._bots(self._seed))
        self._started = True
        return self._obs(), self._info()

    def _obs(self) -> np.ndarray:
        return self.game.observe(self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        d = self.game.decision
        return {"action_mask": self.action_masks(), "window": bool(d and d.window), **extra}

    def action_masks(self) -> np.ndarray:
        """The mask of the learner's pending decision, as a bool array (all False at the
        end)."""
        return self.game.mask().astype(bool)

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        g = self.game
        if g.decision is None:
            raise RuntimeError("the episode is over: call reset()")
        try:
            g.play(int(action))
        except IllegalActionError:
            g.steps += 1
            trunc = g.steps >= g.max_steps
            return self._obs(), self.illegal_penalty, False, trunc, self._info(illegal_action=True)
        over = g.over
        reward = 0.0
        if over:
            assert g.table is not None
            reward = float(returns(g.table.st)[self.seat])
        trunc = not over and g.truncated
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, over, trunc, self._info()

    def render(self) -> str | None:
        if not self._started:
            return None
        text = self.game.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    @property
    def codec(self) -> Any:
        return self.game.codec

    def winners(self) -> tuple[int, ...]:
        """The winning seats of the finished episode (empty while it runs)."""
        return self.game.table.st.winners if self.game.table is not None else ()


def make_vec_env(
    edition: str = "classic",
    num_envs: int = 4,
    *,
    asynchronous: bool = False,
    **kwargs: Any,
) -> gym.vector.VectorEnv:
    """`num_envs` copies of `TycoonGym(edition, **kwargs)` as one Gymnasium vector env
    (`SyncVectorEnv`, or `AsyncVectorEnv` in subprocesses). `reset(seed=s)` gives env i the
    seed s + i; the masks: `vec.call("action_masks")` or `info["action_mask"]`."""

    def factory() -> Callable[[], TycoonGym]:
        return lambda: TycoonGym(edition, **kwargs)

    fns = [factory() for _ in range(num_envs)]
    if asynchronous:
        return gym.vector.AsyncVectorEnv(fns)
    return gym.vector.SyncVectorEnv(fns)
