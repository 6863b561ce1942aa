"""Play one game with bots: the deterministic loop every tool uses (sim, CLI, server).

The loop's steps are `tycoon.bots.bot` (`step`, the response windows, `LazyLegal`), below
the simulator so that the search bot's rollouts run them too; they are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.bots.bot import WINDOW_FRAMES as WINDOW_FRAMES
from tycoon.bots.bot import Bot, claims_only, step
from tycoon.bots.bot import LazyLegal as LazyLegal
from tycoon.bots.bot import in_window as in_window
from tycoon.bots.bot import poll_window as poll_window
from tycoon.engine.state import GameState

__all__ = ["WINDOW_FRAMES", "LazyLegal", "in_window", "play", "poll_window", "step"]


def play(st: GameState, bots: Sequence[Bot], max_actions: int = 1_000_000) -> GameState:
    """Play to the end (or `max_actions` actions) and return the state."""
    only_claims = claims_only(bots)
    for _ in range(max_actions):
        if st.termination:
            break
        step(st, bots, only_claims)
    return st
