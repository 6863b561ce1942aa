"""PettingZoo AEC environments: every seat is an agent (docs/rl.md).

`agent_selection` is the seat the game waits on. A response window (C-13) is offered to
each other live seat in turn order as a turn of its own, whose mask allows `PASS_WINDOW`
(index 0) beside its out-of-turn actions (see `tycoon.rl.table`). Chance is resolved
inside `step` by the game's own generator, so `reset(seed=s)` fixes the whole episode given
the actions. Rewards are the engine's `returns` when the game ends (0 before, and 0 at a
truncation by the turn or step cap).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tycoon.api import returns
from tycoon.rl.codec import CODEC_VERSION
from tycoon.rl.game import DEFAULT_MAX_STEPS, DEFAULT_MAX_TURNS, Game
from tycoon.rl.observation import OBS_BOUND, OBS_VERSION


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class TycoonAEC(AECEnv):  # type: ignore[misc]
    """One game of an edition for `players` agents (`player_0` ...)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        edition: str = "classic",
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        windows: str = "all",
        max_turns: int = DEFAULT_MAX_TURNS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        from tycoon.editions.registry import find_edition

        ed = find_edition(edition)
        if players is None:
            lo, hi = ed.player_range(ed.options_type.parse(options))
            players = min(max(4, lo), hi)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = Game(ed.id, players, options, windows, max_turns, max_steps)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tycoon_{ed.id}_v{CODEC_VERSION}"}
        self.possible_agents = [agent_name(p) for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -OBS_BOUND, OBS_BOUND, (self.game.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.game.codec.size,), dtype=np.int8),
            }
        )
        act_space = spaces.Discrete(self.game.codec.size)
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: act_space for a in self.possible_agents}
        self.observation_versions = (CODEC_VERSION, OBS_VERSION)
        self._started = False
        self._seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    @property
    def codec(self) -> Any:
        return self.game.codec

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:  # deterministic too: the seed after the last one
            seed = 0 if self._seed is None else self._seed + 1
        self._seed = int(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.game.start(int(seed), {})
        self._started = True
        self._select()

    def _select(self) -> None:
        """Point `agent_selection` at the deciding seat, or finish the episode."""
        g = self.game
        d = g.decision
        if d is not None and not g.truncated:
            self.agent_selection = self.possible_agents[d.seat]
            for a in self.agents:
                self.infos[a] = {}
            self.infos[self.agent_selection] = {"window": d.window}
            return
        if g.over:
            assert g.table is not None
            ret = returns(g.table.st)
            for a in self.agents:
                self.rewards[a] = float(ret[self._seat[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if d is None or d.seat >= len(self.possible_agents):
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[d.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        g = self.game
        d = g.decision
        ended = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        if d is not None and d.seat == seat and not ended:
            mask = g.mask().copy()
        else:
            mask = np.zeros(g.codec.size, dtype=np.int8)
        return {"observation": g.observe(seat), "action_mask": mask}

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The mask of `agent` (default: the selected one) without building the observation."""
        agent = agent or self.agent_selection
        d = self.game.decision
        if d is None or self.possible_agents[d.seat] != agent:
            return np.zeros(self.game.codec.size, dtype=np.int8)
        return self.game.mask()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is only for finished agents)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game.play(int(action))
        self._select()
        if self.render_mode == "human":
            self.render()

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

    def legal_action_texts(self) -> dict[int, str]:
        """The allowed indices of the pending decision and their actions as text."""
        mask = self.game.mask()
        return {
            int(i): ("pass" if i == 0 else str(self.game.action_of(int(i))))
            for i in np.flatnonzero(mask)
        }
