"""Statistics of many simulated games: an exact accumulator and the summary dict.

The accumulator keeps exact values (win shares as fractions, integer sums, the list of
turn counts in seed order), so merging per-chunk accumulators in seed order gives the
same summary however the games were split between processes.

Wins: a game won by k seats together (a tie on net worth at the turn limit) counts 1/k
for each of them, so the wins of all seats add up to the number of games.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile used by the Wilson interval."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the statistics need from one finished game."""

    seed: int
    winners: tuple[int, ...]
    termination: str
    turns: int
    """Player-turns played (`st.turn + 1`)."""
    rounds: int
    bankruptcies: int
    """Seats out of the game at the end."""
    landings: list[int]
    """Per square: moves that ended there (card moves included, jail transfers not)."""
    decisions: int
    """Actions applied by players (chance outcomes excluded)."""
    scores: tuple[int, ...] = ()
    """Each seat's final score (`Edition.scores`: net worth, points, ...)."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): the observed rate and its Wilson score interval.

    `successes` may be fractional (shared wins). With n == 0 the result is (0, 0, 1).
    """
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(max(p * (1.0 - p) / n + z2 / (4.0 * n * n), 0.0))
    return p, max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[int] | list[float], q: float) -> float:
    """The q-quantile (0 <= q <= 1) by linear interpolation between closest ranks
    (numpy's default method); the median is `percentile(v, 0.5)`."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    frac = pos - lo
    return float(xs[lo] + (xs[hi] - xs[lo]) * frac)


def _r(x: float) -> float:
    return round(float(x), 6)


@dataclass
class Accumulator:
    """Exact partial statistics of a run of games for a fixed number of seats."""

    seats: int
    squares: int
    games: int = 0
    wins: list[Fraction] = field(default_factory=list)
    shared_games: int = 0
    terminations: Counter[str] = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    rounds: int = 0
    bankruptcies: int = 0
    decisions: int = 0
    landings: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [Fraction(0)] * self.seats
        if not self.landings:
            self.landings = [0] * self.squares

    def add(self, r: GameResult) -> None:
        """Count one finished game."""
        self.games += 1
        if r.winners:
            share = Fraction(1, len(r.winners))
            for w in r.winners:
                self.wins[w] += share
            if len(r.winners) > 1:
                self.shared_games += 1
        self.terminations[r.termination] += 1
        self.turns.append(r.turns)
        self.rounds += r.rounds
        self.bankruptcies += r.bankruptcies
        self.decisions += r.decisions
        for i, c in enumerate(r.landings):
            self.landings[i] += c

    def merge(self, other: Accumulator) -> None:
        """Append the games of `other` (which come after these in seed order)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.shared_games += other.shared_games
        self.terminations.update(other.terminations)
        self.turns.extend(other.turns)
        self.rounds += other.rounds
        self.bankruptcies += other.bankruptcies
        self.decisions += other.decisions
        self.landings = [a + b for a, b in zip(self.landings, other.landings, strict=True)]


def summary(
    acc: Accumulator,
    *,
    edition: str,
    seats: list[str],
    seed: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    """The JSON-ready summary of a run (see README, "Simulation output")."""
    n = acc.games
    rates = []
    for w in acc.wins:
        rate, low, high = wilson(float(w), n)
        rates.append({"rate": _r(rate), "low": _r(low), "high": _r(high)})
    total_landings = sum(acc.landings)
    turns = acc.turns
    return {
        "games": n,
        "edition": edition,
        "seats": list(seats),
        "seed": seed,
        "options": dict(options),
        "wins": [_r(float(w)) for w in acc.wins],
        "win_rate": rates,
        "shared_wins": acc.shared_games,
        "terminations": dict(sorted(acc.terminations.items())),
        "turns": {
            "mean": _r(sum(turns) / n) if n else 0.0,
            "median": _r(percentile(turns, 0.5)),
            "p95": _r(percentile(turns, 0.95)),
            "min": min(turns) if turns else 0,
            "max": max(turns) if turns else 0,
        },
        "rounds": {"mean": _r(acc.rounds / n) if n else 0.0},
        "bankruptcies": {
            "total": acc.bankruptcies,
            "per_game": _r(acc.bankruptcies / n) if n else 0.0,
        },
        "decisions": {
            "total": acc.decisions,
            "per_game": _r(acc.decisions / n) if n else 0.0,
        },
        "landings": list(acc.landings),
        "landing_share": [_r(c / total_landings) if total_landings else 0.0 for c in acc.landings],
    }


Part = tuple[Accumulator, list[GameResult]]
"""A chunk's statistics and, when asked for, its games in seed order."""
