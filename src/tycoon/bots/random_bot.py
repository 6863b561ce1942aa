"""The random bot: uniform over the legal actions, with its own seeded generator."""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.engine.actions import Action
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.rules.flow import legal_actions


class RandomBot:
    """Picks uniformly among the listed legal actions; in a response window it acts with
    probability 1/2, uniformly among its out-of-turn actions."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]

    def respond(self, st: GameState, seat: int) -> Action | None:
        if self.rng.below(2):
            return None
        acts = legal_actions(st, seat)
        return acts[self.rng.below(len(acts))] if acts else None
