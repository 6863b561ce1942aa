"""Play many games of bots, in parallel, reproducibly.

Game `i` of a run with base seed `S` uses the game seed `S + i`; the bot in seat `p` of that
game is seeded by `bot_seed(S + i, p)`. Games run in a process pool in chunks of consecutive
seeds; the per-chunk statistics are exact and merged in seed order, so the summary is the
same whatever the number of processes.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from tycoon.api import new_game
from tycoon.bots.base import make_bot, shown_name
from tycoon.bots.mover import register as register_movers
from tycoon.editions.registry import find_edition
from tycoon.engine.rng import Rng
from tycoon.engine.types import CHANCE
from tycoon.sim.collector import fewer_collections
from tycoon.sim.driver import play
from tycoon.sim.stats import Accumulator, GameResult, Part, summary

register_movers()

DEFAULT_TURN_LIMIT = 500
"""`simulate` ends every game after this many rounds unless the options say otherwise."""
MAX_ACTIONS = 2_000_000
"""Safety cap on the actions of one game (a game without a turn limit may never end)."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game seeded `game_seed` (a 64-bit mix)."""
    return Rng((game_seed << 4) ^ (seat + 1) * 0x9E3779B97F4A7C15).next_u64()


def play_one(
    edition: str, seats: Sequence[str], seed: int, options: Mapping[str, Any] | None
) -> GameResult:
    """Play one game of the named bots (seat order) with events off."""
    bots = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(seats)]
    st = new_game(edition, list(seats), seed, options, events=False, count_landings=True)
    play(st, bots, MAX_ACTIONS)
    decisions = sum(1 for s, _ in st.history if s != CHANCE)
    return GameResult(
        seed=seed,
        winners=tuple(st.winners),
        termination=st.termination or "unfinished",
        turns=st.turn + 1,
        rounds=st.rounds,
        bankruptcies=st.alive.count(False),
        landings=list(st.landings or ()),
        decisions=decisions,
        scores=tuple(st.edition.scores(st)),
    )


def _run_chunk(
    edition: str,
    seats: list[str],
    first: int,
    count: int,
    options: dict[str, Any],
    keep: bool = False,
) -> Part:
    size = find_edition(edition).board.size
    acc = Accumulator(len(seats), size)
    kept: list[GameResult] = []
    with fewer_collections():
        for seed in range(first, first + count):
            r = play_one(edition, seats, seed, options)
            acc.add(r)
            if keep:
                kept.append(r)
    return acc, kept


def sim_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a simulation uses: the given ones, with `turn_limit` defaulting to 500."""
    opts = dict(options or {})
    opts.setdefault("turn_limit", DEFAULT_TURN_LIMIT)
    return opts


def chunk_size(games: int, jobs: int) -> int:
    """Games per task: about four tasks per process, at least one game."""
    return max(1, math.ceil(games / (jobs * 4)))


def simulate(
    edition: str,
    seats: Sequence[str],
    games: int,
    seed: int,
    jobs: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    results: list[GameResult] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> dict[str, Any]:
    """Play `games` games and return the summary (see `tycoon.sim.stats.summary`).

    `jobs` processes (default: one per CPU; 1 runs in this process). `progress(n_done)`
    is called with the number of games finished so far. `results`, if given, receives
    every game's `GameResult` in seed order. `backend="ray"` runs the chunks as Ray tasks
    (`tycoon.sim.ray_backend`; `address` of the cluster, default a local Ray). Unknown
    editions, options or bot names raise before any game starts.
    """
    ed = find_edition(edition)
    seats = [shown_name(s) for s in seats]  # `heuristic` plays and is shown as `basic`
    opts = ed.options_type.parse(sim_options(options)).to_dict()
    lo, hi = ed.player_range(ed.options_type.parse(opts))
    if not lo <= len(seats) <= hi:
        from tycoon.engine.errors import OptionError

        raise OptionError(f"{ed.id} is for {lo} to {hi} players, not {len(seats)}")
    for name in set(seats):
        make_bot(name, 0)
    if games < 0:
        raise ValueError("games must be >= 0")
    if backend not in ("process", "ray"):
        raise ValueError(f"unknown backend '{backend}'; known: process, ray")
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    keep = results is not None
    tag = ed.tag
    parts: list[Part] = []
    if backend == "ray":
        from tycoon.sim.ray_backend import run_ray

        parts = run_ray(_run_chunk, tag, seats, games, seed, opts, keep, address, progress)
    elif jobs == 1 or games <= 1:
        for i in range(games):
            parts.append(_run_chunk(tag, seats, seed + i, 1, opts, keep))
            if progress is not None:
                progress(i + 1)
    else:
        size = chunk_size(games, jobs)
        starts = list(range(0, games, size))
        slots: list[Part | None] = [None] * len(starts)
        done = 0
        with ProcessPoolExecutor(max_workers=min(jobs, len(starts))) as pool:
            pending: dict[Future[Part], int] = {
                pool.submit(_run_chunk, tag, seats, seed + s, min(size, games - s), opts, keep): k
                for k, s in enumerate(starts)
            }
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    k = pending.pop(fut)
                    part = fut.result()
                    slots[k] = part
                    done += part[0].games
                    if progress is not None:
                        progress(done)
        for chunk in slots:
            assert chunk is not None
            parts.append(chunk)
    total = Accumulator(len(seats), ed.board.size)
    for acc, kept in parts:
        total.merge(acc)
        if results is not None:
            results.extend(kept)
    return summary(total, edition=tag, seats=seats, seed=seed, options=opts)
