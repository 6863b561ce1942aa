"""Simulated landings against the chain: a z-score per square.

Each game adds, for each of its pawns, a trajectory that starts on Start. The chain gives
the long-run landings per roll (`l`) and what a start on Start adds over a whole game
(`d`, `Chain.start_deviation`), so a game of `k` pawns whose squares got `L` landings
in all has about R = (L - k sum(d)) / sum(l) rolls and expects R l + k d. That is the
limit of a long game; a short one whose pawns all took the same known number of rolls T
(a turn-limited game nobody left early, in an edition of one roll per turn: metropol,
M-14) expects exactly k `Chain.landings_over(T)`, which is used instead. The residuals
of the games are independent, so their sum over the games divided by the root of their
sum of squares is a z-score.

Decks that cycle without reshuffling (C-34, W-48) keep the draws of every card at 1/n in
the long run, but a kept card (Get out of Jail) is out of its deck while held, and the
others are then drawn 1/(n - k) of the time: the landings that come from cards may be up
to k / (n - k) higher than the chain's. That bound is allowed for on every square, as the
`allowance` in landings, before the z-score is taken.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tycoon.analysis.chain import Chain
from tycoon.editions.registry import find_edition
from tycoon.engine.board import KEPT_EFFECTS
from tycoon.sim.stats import GameResult


@dataclass
class Agreement:
    rolls: float
    observed: list[int]
    expected: list[float]
    allowance: list[float]
    z: list[float]
    """Per square: (|observed - expected| - allowance, at least 0) / standard error."""

    @property
    def max_z(self) -> float:
        return max(self.z)

    def to_dict(self) -> dict[str, object]:
        return {
            "rolls": round(self.rolls),
            "max_z": round(self.max_z, 3),
            "observed": self.observed,
            "expected": [round(x, 1) for x in self.expected],
            "allowance": [round(x, 1) for x in self.allowance],
            "z": [round(x, 3) for x in self.z],
        }


def deck_excess(edition: str) -> float:
    """The largest k / (n - k) over the edition's decks (k kept cards of n)."""
    worst = 0.0
    for deck in find_edition(edition).board.decks:
        k = sum(1 for c in deck if c.effect in KEPT_EFFECTS)
        if deck and k < len(deck):
            worst = max(worst, k / (len(deck) - k))
    return worst


def pawn_rolls(game: GameResult, pawns: int) -> int | None:
    """The turns each pawn of `game` took, when every pawn took the same number: all
    `pawns` in play at the end and every round complete."""
    if game.bankruptcies or game.turns != game.rounds * pawns:
        return None
    return game.rounds


def agreement(chain: Chain, games: Sequence[GameResult], pawns: int) -> Agreement:
    """Compare the landings counted in `games` (each of `pawns` pawns) with `chain`."""
    lpr = chain.landings_per_roll()
    dev = chain.start_deviation()
    card = chain.card_landings_per_roll()
    obs = np.asarray([g.landings for g in games], dtype=float)
    rolls_g = (obs.sum(axis=1) - pawns * dev.sum()) / lpr.sum()
    exp_g = np.outer(rolls_g, lpr) + pawns * dev
    one_roll_per_turn = abs(chain.turns_per_roll() - 1.0) < 1e-9
    for i, g in enumerate(games):
        t = pawn_rolls(g, pawns) if one_roll_per_turn else None
        if t is not None:
            rolls_g[i] = pawns * t
            exp_g[i] = pawns * chain.landings_over(t)
    resid = obs - exp_g
    total = resid.sum(axis=0)
    se = np.sqrt((resid**2).sum(axis=0))
    rolls = float(rolls_g.sum())
    allow = rolls * card * deck_excess(chain.edition.split("@")[0])
    z = [
        max(0.0, abs(float(t)) - float(a)) / float(s) if s > 0 else (0.0 if t == 0 else math.inf)
        for t, a, s in zip(total, allow, se, strict=True)
    ]
    return Agreement(
        rolls=rolls,
        observed=[int(x) for x in obs.sum(axis=0)],
        expected=[float(x) for x in exp_g.sum(axis=0)],
        allowance=[float(x) for x in allow],
        z=z,
    )
