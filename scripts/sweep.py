"""No-turn-limit sweep: games of mixed bots (random and basic) with `turn_limit=0`, each one
played until the rules end it (or a safety cap of actions), in parallel.

    .venv/bin/python scripts/sweep.py classic --games 2000 --jobs 2 [--seed 0] [--json F]

Game i uses seed `seed + i` and the seat mix `MIXES[i % len(MIXES)]` (4 seats; builder too).
Prints how many games ended, their terminations, and the longest game (player-turns and
actions); a game that hits the cap is reported as unfinished.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from tycoon.api import new_game
from tycoon.bots import make_bot
from tycoon.engine.types import CHANCE
from tycoon.sim.driver import play
from tycoon.sim.runner import bot_seed

MIXES = (
    ("random", "basic", "random", "basic"),
    ("basic", "random", "random", "random"),
    ("random", "random", "random", "random"),
    ("basic", "basic", "basic", "random"),
    ("basic", "basic", "basic", "basic"),
)
CAP = 2_000_000
"""Actions before a game counts as unfinished."""


def one(edition: str, seed: int, i: int) -> tuple[int, str, int, int, int]:
    mix = MIXES[i % len(MIXES)]
    st = new_game(edition, list(mix), seed + i, {"turn_limit": 0}, events=False)
    play(st, [make_bot(b, bot_seed(seed + i, p)) for p, b in enumerate(mix)], CAP)
    acts = sum(1 for s, _ in st.history if s != CHANCE)
    return i, st.termination or "unfinished", st.turn + 1, st.rounds, acts


def chunk(edition: str, seed: int, lo: int, hi: int) -> list[tuple[int, str, int, int, int]]:
    return [one(edition, seed, i) for i in range(lo, hi)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("edition")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    args = ap.parse_args()
    t0 = time.perf_counter()
    size = max(1, args.games // (args.jobs * 8))
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futs = [
            pool.submit(chunk, args.edition, args.seed, lo, min(args.games, lo + size))
            for lo in range(0, args.games, size)
        ]
        for f in futs:
            rows.extend(f.result())
    terms: dict[str, int] = {}
    for r in rows:
        terms[r[1]] = terms.get(r[1], 0) + 1
    longest = max(rows, key=lambda r: r[2])
    most = max(rows, key=lambda r: r[4])
    out = {
        "edition": args.edition,
        "games": len(rows),
        "seed": args.seed,
        "terminations": terms,
        "unfinished": terms.get("unfinished", 0),
        "longest_turns": {"game": longest[0], "turns": longest[2], "rounds": longest[3]},
        "most_actions": {"game": most[0], "actions": most[4], "turns": most[2]},
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=2)


if __name__ == "__main__":
    main()
