"""Side by side with a public pure-Python Monopoly simulator, in one run on this machine:
gamescomputersplay/monopoly (its version 2; pass a checkout of it with `--peer`).

Each round times, one after the other (so that a slow phase of the machine hits every figure
alike):
- the bench's calibration loop (`tycoon.sim.bench.calibration`);
- the peer in one process, logs off, its own trading players: player-turns per second, a
  player's turn counted once (its outer `Player.make_a_move`; a double's extra roll is the
  same turn, as in `tycoon bench`);
- the peer as its own `simulate.py` runs it: a process pool of its `multi_process` workers;
- `tycoon bench classic` (one core, four `basic` bots, events off), in the build this runs
  in (the installed one: compiled where it was built with a C compiler; `TYCOON_BUILD=python`
  for pure Python);
- `tycoon simulate` of the same games over `--jobs` processes.

    .venv/bin/python scripts/compare_peer.py --peer /path/to/monopoly

The peer's code is only imported and run, never changed: its logs are switched off through
its own `LogSettings`, and its player's move is wrapped to count turns.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from tycoon.native import engine_build
from tycoon.sim.bench import bench, calibration
from tycoon.sim.runner import simulate
from tycoon.sim.stats import GameResult

_TURNS = [0]
"""Player-turns the peer played in this process (its outer moves)."""
_DEPTH = [0]


def _load_peer(path: Path) -> Any:
    """Import the peer's game module with its logs off and its moves counted."""
    sys.path.insert(0, str(path))
    from monopoly.core import game
    from monopoly.core.player import Player
    from monopoly.log_settings import LogSettings

    LogSettings.KEEP_GAME_LOG = False
    LogSettings.BANKRUPTCIES_PATH = str(Path(tempfile.gettempdir()) / "peer_bankruptcies.tsv")
    move = Player.make_a_move

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not _DEPTH[0]:
            _TURNS[0] += 1
        _DEPTH[0] += 1
        try:
            return move(self, *args, **kwargs)
        finally:
            _DEPTH[0] -= 1

    Player.make_a_move = counted
    return game


_GAME: Any = None


def _peer_game(i: int) -> int:
    """Play the peer's game i (its number i + 1, seed 1000 + i); the turns it took."""
    before = _TURNS[0]
    _GAME.monopoly_game((i + 1, 1000 + i))
    return _TURNS[0] - before


def peer_one_process(games: int) -> float:
    start = time.perf_counter()
    turns = sum(_peer_game(i) for i in range(games))
    return turns / (time.perf_counter() - start)


def peer_pool(games: int, workers: int) -> float:
    start = time.perf_counter()
    with Pool(workers) as pool:  # forked: the workers inherit the counting wrapper
        turns = sum(pool.map(_peer_game, range(games), chunksize=10))
    return turns / (time.perf_counter() - start)


def ours_jobs(games: int, jobs: int) -> float:
    results: list[GameResult] = []
    start = time.perf_counter()
    simulate("classic", ["basic"] * 4, games, 0, jobs=jobs, results=results)
    return sum(r.turns for r in results) / (time.perf_counter() - start)


def main() -> None:
    global _GAME
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", type=Path, required=True, help="a checkout of the peer")
    ap.add_argument("--games", type=int, default=300, help="games per figure")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2, help="processes of `tycoon simulate`")
    args = ap.parse_args()
    _GAME = _load_peer(args.peer)
    from settings import SimulationSettings  # the peer's own settings module

    workers = int(SimulationSettings.multi_process)
    rows = []
    for r in range(args.rounds):
        row = {
            "round": r,
            "calibration": calibration(),
            "peer_1_process": peer_one_process(args.games),
            f"peer_{workers}_processes": peer_pool(args.games, workers),
            "tycoon_bench_classic": bench("classic", games=args.games)["player_turns_per_s"],
            f"tycoon_simulate_{args.jobs}_jobs": ours_jobs(args.games, args.jobs),
        }
        rows.append(row)
        print(json.dumps({k: round(v) for k, v in row.items()}), flush=True)
    best = {k: max(row[k] for row in rows) for k in rows[0] if k != "round"}
    peer = best["peer_1_process"]
    print(f"build: {engine_build()}; best of {args.rounds} rounds, player-turns/s:")
    for k, v in best.items():
        extra = "" if k == "calibration" else f"  ratio {v / best['calibration']:.4f}"
        print(f"  {k:28} {v:12,.0f}  {v / peer:5.2f}x the peer's one process{extra}")


if __name__ == "__main__":
    main()
