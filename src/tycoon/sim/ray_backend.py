"""The Ray backend of `simulate`: the same chunks of consecutive seeds as the process pool,
run as Ray tasks on a local Ray or a cluster, merged in seed order (so the summary is the
same JSON as the process pool's for the same seeds).

The first games are played here, one by one, until about a quarter of a second has gone:
they time a game, and every task then gets a chunk of at least half a second of work. At
most two tasks per CPU of the cluster are in flight at any time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from tycoon.engine.errors import OptionError
from tycoon.sim.stats import Part

CHUNK_SECONDS = 0.5
"""The least work a task carries."""
CALIBRATE_SECONDS = 0.25
"""Local play that times a game before the tasks are sent."""
TASKS_PER_CPU = 2


def import_ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise OptionError(
            "the ray backend needs Ray: pip install 'tycoon[ray]' (or pip install ray)"
        ) from e
    return ray


def run_ray(
    run_chunk: Callable[..., Part],
    tag: str,
    seats: list[str],
    games: int,
    seed: int,
    opts: dict[str, Any],
    keep: bool,
    address: str | None,
    progress: Callable[[int], None] | None,
) -> list[Part]:
    """Play the games on Ray; the parts in seed order."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started and address is None:  # a local Ray of this machine, addressed on loopback
        ray.init(include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")
    elif started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        parts: list[Part] = []
        t0 = time.perf_counter()
        done = 0
        while done < games and (done == 0 or time.perf_counter() - t0 < CALIBRATE_SECONDS):
            parts.append(run_chunk(tag, seats, seed + done, 1, opts, keep))
            done += 1
            if progress is not None:
                progress(done)
        per_game = (time.perf_counter() - t0) / max(done, 1)
        size = max(1, math.ceil(CHUNK_SECONDS / max(per_game, 1e-6)))
        starts = list(range(done, games, size))
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        limit = max(1, TASKS_PER_CPU * cpus)
        task = ray.remote(run_chunk)
        slots: list[Part | None] = [None] * len(starts)
        pending: dict[Any, int] = {}
        nxt = 0
        while nxt < len(starts) or pending:
            while nxt < len(starts) and len(pending) < limit:
                s = starts[nxt]
                ref = task.remote(tag, seats, seed + s, min(size, games - s), opts, keep)
                pending[ref] = nxt
                nxt += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                k = pending.pop(ref)
                part = ray.get(ref)
                slots[k] = part
                done += part[0].games
                if progress is not None:
                    progress(done)
        for part in slots:
            assert part is not None
            parts.append(part)
        return parts
    finally:
        if started:
            ray.shutdown()
