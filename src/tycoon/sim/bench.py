"""The benchmark: complete games of bots on one core, events off.

`player_turns_per_s` counts player-turns (`st.turn + 1` per game), `decisions_per_s` the
actions players applied (chance outcomes excluded), both over the wall time of whole
games (setup included). Machines differ, so `calibration` times a tight pure-Python
dice-move-rent loop on the same core, and `ratio` is the engine's player-turns per second
over the loop's: a figure that compares across machines.

With `split`, each game is then replayed from its history through the engine alone
(`apply_action` for every action and chance outcome, no bot asked; off the bench's clock, and
at once, so no history is kept): the engine's own player-turns per second and its share of
the bench's time, so the rest is the bots'.
"""

from __future__ import annotations

import math
import resource
import time
from collections.abc import Mapping
from typing import Any

from tycoon.api import new_game
from tycoon.bots.base import make_bot
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import Action
from tycoon.engine.types import CHANCE
from tycoon.native import engine_build
from tycoon.rules.flow import apply_action
from tycoon.sim.collector import fewer_collections
from tycoon.sim.driver import play
from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options

DEFAULT_SECONDS = 10.0


CALIBRATION_TURNS = 600_000
"""Player-turns of the calibration loop (best of three runs)."""


def calibration_loop(turns: int) -> int:
    """Four players on 40 squares: two dice from a linear congruential generator, the move
    (with the salary past the start), and the rent of the square paid to its owner.
    Returns the first player's cash: a fixed number for a fixed count."""
    rent = [(i * 7) % 50 for i in range(40)]
    owner = [i % 4 for i in range(40)]
    pos = [0, 0, 0, 0]
    cash = [1500, 1500, 1500, 1500]
    x = 12345
    for t in range(turns):
        p = t & 3
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        q = pos[p] + (x >> 16) % 6 + (x >> 8) % 6 + 2
        if q >= 40:  # past the start: the salary
            q -= 40
            cash[p] += 200
        pos[p] = q
        o = owner[q]
        if o != p:
            r = rent[q]
            cash[p] -= r
            cash[o] += r
    return cash[0]


def calibration(turns: int = CALIBRATION_TURNS, repeats: int = 3) -> float:
    """Player-turns per second of `calibration_loop`, the best of `repeats` runs."""
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        calibration_loop(turns)
        best = min(best, time.perf_counter() - start)
    return turns / max(best, 1e-9)


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
    calibrate: bool = False,
    split: bool = False,
) -> dict[str, Any]:
    """Play games of `players` bots named `bot` until `games` games are done or `seconds`
    have passed (whichever comes first; at least one game; default 10 s without a game
    count). Game i uses seed `seed + i`; options default to a 500-round turn limit. With
    `calibrate`, also the calibration loop and the ratio (else both None); with `split`, also
    the engine's own speed on the same games (`engine_player_turns_per_s`, `engine_share`)."""
    ed = find_edition(edition)
    opts = ed.options_type.parse(sim_options(options)).to_dict()
    if seconds is None and games is None:
        seconds = DEFAULT_SECONDS
    names = [f"{bot}{p}" for p in range(players)]
    n_games = turns = decisions = 0
    engine = 0.0  # seconds of the replays (`split`), kept out of the bench's own clock
    start = time.perf_counter()
    elapsed = 0.0
    with fewer_collections():  # as the simulator plays (`tycoon.sim.runner`)
        while True:
            gseed = seed + n_games
            bots = [make_bot(bot, bot_seed(gseed, p)) for p in range(players)]
            st = new_game(ed, names, gseed, opts, events=False)
            play(st, bots, MAX_ACTIONS)
            elapsed = time.perf_counter() - start
            n_games += 1
            turns += st.turn + 1
            decisions += sum(1 for s, _ in st.history if s != CHANCE)  # off the clock
            if split:  # replayed at once: no history is kept, so memory stays flat
                engine += replay_seconds(ed.tag, names, opts, [(gseed, st.history, st.turn)])
            start = time.perf_counter() - elapsed
            if games is not None and n_games >= games:
                break
            if seconds is not None and elapsed >= seconds:
                break
    elapsed = max(elapsed, 1e-9)
    loop = calibration() if calibrate else None
    return {
        "player_turns_per_s": round(turns / elapsed, 1),
        "calibration_turns_per_s": round(loop, 1) if loop else None,
        "ratio": round(turns / elapsed / loop, 4) if loop else None,
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(n_games / elapsed, 3),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "build": engine_build(),
        "games": n_games,
        "seconds": round(elapsed, 3),
        **(
            {
                "engine_player_turns_per_s": round(turns / max(engine, 1e-9), 1),
                "engine_share": round(engine / elapsed, 3),
            }
            if split
            else {}
        ),
    }


def replay_seconds(
    edition: str,
    names: list[str],
    options: Mapping[str, Any],
    games: list[tuple[int, list[tuple[int, Action]], int]],
) -> float:
    """Seconds the engine alone takes to replay `games` (seed, history, final turn): a new
    game, then `apply_action` for every recorded action and chance outcome, legality test
    included. Each replay must reach the recorded turn (the engine is deterministic)."""
    total = 0.0
    for gseed, history, turn in games:
        st = new_game(edition, names, gseed, options, events=False)
        start = time.perf_counter()
        for seat, a in history:
            apply_action(st, a, seat)
        total += time.perf_counter() - start
        if st.turn != turn or len(st.history) != len(history):
            raise AssertionError(f"replay of seed {gseed} left the recorded game")
    return total
