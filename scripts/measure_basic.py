"""Four `basic` bots at each edition's default options: how many games end by the rules
before the simulator's turn cap (500 rounds), their lengths, and the seat fairness table
(every seat's win rate with its 95% Wilson interval against 1/n).

    .venv/bin/python scripts/measure_basic.py --games 1000 --jobs 2 [--editions classic,...]
"""

from __future__ import annotations

import argparse
import json
import time

from tycoon.sim.runner import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--editions", default="classic,wonders,builder,metropol")
    ap.add_argument("--json")
    args = ap.parse_args()
    out = {}
    for ed in args.editions.split(","):
        t0 = time.perf_counter()
        s = simulate(ed, ["basic"] * 4, args.games, args.seed, jobs=args.jobs)
        terms = s["terminations"]
        capped = terms.get("turn_limit", 0) + terms.get("unfinished", 0)
        n = s["games"]
        seats = [
            {"seat": p, **{k: round(100 * v, 1) for k, v in w.items()}}
            for p, w in enumerate(s["win_rate"])
        ]
        fair = all(w["low"] <= 25.0 <= w["high"] for w in seats)
        row = {
            "games": n,
            "ended_by_rules_pct": round(100 * (n - capped) / n, 1),
            "terminations": terms,
            "turns_median": s["turns"]["median"],
            "turns_p95": s["turns"]["p95"],
            "rounds_mean": s["rounds"]["mean"],
            "seats_pct": seats,
            "every_seat_interval_holds_25pct": fair,
            "seconds": round(time.perf_counter() - t0, 1),
        }
        out[ed] = row
        print(ed, json.dumps(row), flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=2)


if __name__ == "__main__":
    main()
