"""Simulated landings against the exact chain, per edition (README, "Landing analysis").

    .venv/bin/python scripts/landing_agreement.py --rolls 1500000 --jobs 2 [--json out.json]

For each edition: the chain of the default movement policy, then `simulate` with four
`mover` bots (the basic bot with that policy) until about `--rolls` rolls are counted;
prints the largest z-score over the squares (see `tycoon.analysis.agreement`).
"""

from __future__ import annotations

import argparse
import json
import time

from tycoon.analysis.agreement import agreement
from tycoon.analysis.chain import build_chain
from tycoon.sim.runner import simulate
from tycoon.sim.stats import GameResult

EDITIONS = ("classic", "wonders", "builder", "metropol")
SEATS = 4
OPTIONS: dict[str, dict[str, object]] = {"metropol": {"turn_limit": 8}}
"""Metropol games stop after 8 rounds: at most 2 blocks a turn (M-48) cannot reach the 80th
block, so the final phase (M-65 to M-69: pawns leave at the Highway), which the chain does
not describe, never starts."""


def run(edition: str, rolls: int, jobs: int, options: dict[str, object]) -> dict[str, object]:
    t0 = time.perf_counter()
    chain = build_chain(edition, options)
    t1 = time.perf_counter()
    seats = ["mover"] * SEATS
    results: list[GameResult] = []
    pilot = 8
    simulate(edition, seats, pilot, 0, jobs, options, results=results)
    per_game = max(
        1.0, sum(sum(r.landings) for r in results) / pilot / chain.landings_per_roll().sum()
    )
    games = max(pilot, round(1.05 * rolls / per_game))
    results = []
    simulate(edition, seats, games, 0, jobs, options, results=results)
    while agreement(chain, results, SEATS).rolls < rolls:
        more = max(pilot, games // 10)  # top up with the next seeds
        simulate(edition, seats, more, games, jobs, options, results=results)
        games += more
    t2 = time.perf_counter()
    ag = agreement(chain, results, SEATS)
    worst = max(range(len(ag.z)), key=lambda s: ag.z[s])
    return {
        "edition": edition,
        "games": games,
        "rolls": round(ag.rolls),
        "max_z": round(ag.max_z, 3),
        "worst_square": chain.names[worst],
        "chain_seconds": round(t1 - t0, 1),
        "simulate_seconds": round(t2 - t1, 1),
        "agreement": ag.to_dict(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=1_500_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--editions", default=",".join(EDITIONS))
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    out = []
    for ed in args.editions.split(","):
        r = run(ed, args.rolls, args.jobs, OPTIONS.get(ed, {}))
        out.append(r)
        print(
            f"{ed:9} {r['games']:6} games {r['rolls']:9} rolls  max z {r['max_z']:.2f} "
            f"({r['worst_square']})  chain {r['chain_seconds']} s  "
            f"simulate {r['simulate_seconds']} s",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
