"""The benchmark: complete games of bots on one core, events off.

`player_turns_per_s` counts player-turns (`st.turn + 1` per game), `decisions_per_s` the
actions players applied (chance outcomes excluded), both over the wall time of whole
games (setup included).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Mapping
from typing import Any

from tycoon.bots.base import make_bot
from tycoon.editions.registry import find_edition
from tycoon.engine.api import new_game
from tycoon.engine.types import CHANCE
from tycoon.sim.driver import play
from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options

DEFAULT_SECONDS = 10.0


def peak_rss_mb() -> float:
    """Peak resident memory of this process in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(
    edition: str,
    players: int = 4,
    games: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    bot: str = "basic",
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play games of `players` bots named `bot` until `games` games are done or `seconds`
    have passed (whichever comes first; at least one game; default 10 s without a game
    count). Game i uses seed `seed + i`; options default to a 500-round turn limit."""
    ed = find_edition(edition)
    opts = ed.options_type.parse(sim_options(options)).to_dict()
    if seconds is None and games is None:
        seconds = DEFAULT_SECONDS
    names = [f"{bot}{p}" for p in range(players)]
    n_games = turns = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while True:
        gseed = seed + n_games
        bots = [make_bot(bot, bot_seed(gseed, p)) for p in range(players)]
        st = new_game(ed, names, gseed, opts, events=False)
        play(st, bots, MAX_ACTIONS)
        n_games += 1
        turns += st.turn + 1
        decisions += sum(1 for s, _ in st.history if s != CHANCE)
        elapsed = time.perf_counter() - start
        if games is not None and n_games >= games:
            break
        if seconds is not None and elapsed >= seconds:
            break
    elapsed = max(elapsed, 1e-9)
    return {
        "player_turns_per_s": round(turns / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(n_games / elapsed, 3),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "games": n_games,
        "seconds": round(elapsed, 3),
    }
