"""`tycoon impact`: what changing house rules does, from paired games.

The same seeds (and so the same bot seeds) are played with the base options and with the
changed ones; for each game the difference of a measure is taken, and the mean of the
differences gets a 95% interval (normal, mean +- 1.96 sd / sqrt(n)). Pairing removes the
game-to-game spread the two runs share, so the intervals are narrower than those of two
independent runs.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tycoon.sim.runner import sim_options, simulate
from tycoon.sim.stats import Z95, GameResult


def paired(diffs: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of paired differences with the 95% normal interval."""
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(diffs) / n
    if n == 1:
        return mean, mean, mean
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _seat_win(seat: int, r: GameResult) -> float:
    return 1.0 / len(r.winners) if seat in r.winners else 0.0


def _ended(termination: str, r: GameResult) -> float:
    return float(r.termination == termination)


def _metric(
    name: str, base: list[GameResult], new: list[GameResult], f: Callable[[GameResult], float]
) -> dict[str, Any]:
    a = [f(r) for r in base]
    b = [f(r) for r in new]
    mean, low, high = paired([y - x for x, y in zip(a, b, strict=True)])
    n = len(a) or 1
    return {
        "metric": name,
        "base": round(sum(a) / n, 6),
        "changed": round(sum(b) / n, 6),
        "diff": round(mean, 6),
        "low": round(low, 6),
        "high": round(high, 6),
    }


def impact(
    edition: str,
    seats: Sequence[str],
    games: int,
    seed: int,
    changes: Mapping[str, Any],
    base: Mapping[str, Any] | None = None,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play the seeds with `base` options and with `base` + `changes`; the paired result."""
    base_opts = dict(base or {})
    new_opts = {**base_opts, **changes}
    runs: list[list[GameResult]] = [[], []]
    summaries = []
    for k, opts in enumerate((base_opts, new_opts)):
        done = games * k

        def tick(n: int, done: int = done) -> None:
            if progress is not None:
                progress(done + n)

        summaries.append(
            simulate(edition, seats, games, seed, jobs, opts, progress=tick, results=runs[k])
        )
    a, b = runs
    metrics = [_metric("player_turns", a, b, lambda r: r.turns)]
    metrics.append(_metric("rounds", a, b, lambda r: r.rounds))
    for p, bot in enumerate(seats):
        metrics.append(_metric(f"win_rate seat {p} ({bot})", a, b, functools.partial(_seat_win, p)))
    metrics.append(_metric("bankruptcies", a, b, lambda r: r.bankruptcies))
    kinds = sorted({r.termination for r in a} | {r.termination for r in b})
    for t in kinds:
        metrics.append(_metric(f"termination {t}", a, b, functools.partial(_ended, t)))
    return {
        "edition": summaries[0]["edition"],
        "seats": list(seats),
        "games": games,
        "seed": seed,
        "base_options": summaries[0]["options"],
        "changed_options": {k: summaries[1]["options"][k] for k in changes},
        "options": summaries[1]["options"],
        "metrics": metrics,
        "summaries": {"base": summaries[0], "changed": summaries[1]},
        "turn_limit": sim_options(base_opts)["turn_limit"],
    }
