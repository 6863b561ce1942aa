"""The `strong` bot (or `--level learned`) against three `basic` bots, seats rotated (seat
p of game i is the measured bot when p == i mod 4; game i uses seed `seed + i // 4`): its
win rate with a 95% Wilson interval (chance: 25%) and the time it spends per searched
decision.

    .venv/bin/python scripts/measure_strong.py --games 40 --budget 50 --jobs 2 \
        [--editions classic,...] [--json F]
    .venv/bin/python scripts/measure_strong.py --level learned --games 20 --jobs 1

`--budget 50` is `strong:50` (a 50 ms cap per decision); `--budget 8i` fixes the rounds;
the learned bot takes no budget.
`--log F` appends a JSON line per finished game, so a long run's games survive an
interruption; `--resume` then plays only the games the log does not hold (same edition, seed
and budget) and counts the logged ones in the result.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from tycoon.api import new_game
from tycoon.bots import make_bot
from tycoon.bots.search import SearchBot
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.sim.driver import play
from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options
from tycoon.sim.stats import wilson


class Timed:
    """A bot that plays as `inner` and adds up the time of its searched decisions (those
    with more than one legal action)."""

    def __init__(self, inner: SearchBot) -> None:
        self.inner = inner
        self.name = inner.name
        self.spent = 0.0
        self.decisions = 0
        """Decisions with more than one legal action (searched or not)."""

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        a = self.inner.choose(st, seat, legal)
        if len(legal) > 1:
            self.spent += time.perf_counter() - start
            self.decisions += 1
        return a

    def respond(self, st: GameState, seat: int) -> Action | None:
        return self.inner.respond(st, seat)


def one(
    edition: str, level: str, budget: str, seed: int, i: int
) -> tuple[float, int, float, str, int]:
    gseed = seed + i // 4
    me = i % 4
    kinds = ["basic"] * 4
    kinds[me] = f"strong:{budget}" if level == "strong" else level
    bots = [make_bot(k, bot_seed(gseed, p)) for p, k in enumerate(kinds)]
    strong = bots[me]
    assert isinstance(strong, SearchBot)
    timed = Timed(strong)
    bots[me] = timed
    st = new_game(edition, kinds, gseed, sim_options(None), events=False)
    play(st, bots, MAX_ACTIONS)
    won = 1.0 / len(st.winners) if me in st.winners else 0.0
    return won, strong.searched, timed.spent, st.termination, timed.decisions


def logged(
    path: str, edition: str, seed: int, budget: str, games: int
) -> dict[int, tuple[float, int, float, str, int]]:
    """The games of `path` (a `--log` file) of this edition, seed and budget (lines written
    before the budget was logged count as this budget), by game index below `games`."""
    rows: dict[int, tuple[float, int, float, str, int]] = {}
    if not os.path.exists(path):
        return rows
    with open(path) as fh:
        for text in fh:
            r = json.loads(text)
            same = r["edition"] == edition and r["seed"] == seed
            if same and r.get("budget", budget) == budget and 0 <= r["game"] < games:
                rows[r["game"]] = (
                    r["won"],
                    r["searched"],
                    r["seconds"],
                    r["end"],
                    r.get("decisions", 0),
                )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--level", default="strong", choices=["strong", "learned"])
    ap.add_argument("--budget", default="50")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--editions", default="classic,wonders,builder,metropol")
    ap.add_argument("--json")
    ap.add_argument("--log", help="append a JSON line per finished game")
    ap.add_argument("--resume", action="store_true", help="skip the games --log holds")
    args = ap.parse_args()
    if args.resume and not args.log:
        ap.error("--resume needs --log")
    key = args.budget if args.level == "strong" else args.level  # a log line's "budget"
    out = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for ed in args.editions.split(","):
            t0 = time.perf_counter()
            n = args.games
            rows = logged(args.log, ed, args.seed, key, n) if args.resume else {}
            todo = [i for i in range(n) if i not in rows]
            jobs = {pool.submit(one, ed, args.level, args.budget, args.seed, i): i for i in todo}
            for job in as_completed(jobs):
                result = job.result()
                rows[jobs[job]] = result
                if args.log:
                    with open(args.log, "a") as fh:
                        won, searched, spent, end, decisions = result
                        line = {"edition": ed, "seed": args.seed, "game": jobs[job], "won": won}
                        line |= {"searched": searched, "seconds": round(spent, 2), "end": end}
                        line |= {"decisions": decisions}
                        line |= {"budget": key}
                        fh.write(json.dumps(line) + "\n")
            wins = sum(r[0] for r in rows.values())
            searched = sum(r[1] for r in rows.values())
            spent = sum(r[2] for r in rows.values())
            decisions = sum(r[4] for r in rows.values())
            rate, lo, hi = wilson(wins, len(rows))
            row = {
                "games": len(rows),
                "level": args.level,
                "budget": args.budget if args.level == "strong" else None,
                "win_pct": round(100 * rate, 1),
                "ci95_pct": [round(100 * lo, 1), round(100 * hi, 1)],
                "ms_per_searched_decision": round(1000 * spent / max(1, searched), 1),
                "searched_decisions": searched,
                "ms_per_decision": round(1000 * spent / max(1, decisions), 1),
                "decisions": decisions,
                "seconds": round(time.perf_counter() - t0, 1),
            }
            out[ed] = row
            print(ed, json.dumps(row), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=2)


if __name__ == "__main__":
    main()
