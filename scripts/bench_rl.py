"""Environment steps per second per edition on one core, against the engine's own speed.

    .venv/bin/python scripts/bench_rl.py --seconds 5 [--editions classic,wonders] [--json f]

For each edition: the PettingZoo AEC env of 4 players stepped with random masked actions (no
policy), both reading the full observation each step (`env.last()`, what a learner does) and
reading only the mask (`env.action_mask()`); then `tycoon bench` (complete games, events off)
for the engine's decisions per second, with `basic` bots (which never list their actions) and
with `random` bots (which list every decision's actions, as the environment must, and play
the same kind of games as random masked actions). Games use the simulator's options (a
500-round turn limit) and run back to back until the time is up.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import tycoon.rl as rl
from tycoon.engine.rng import Rng
from tycoon.sim.bench import bench
from tycoon.sim.runner import sim_options


def env_steps_per_s(edition: str, seconds: float, observe: bool) -> dict[str, Any]:
    env = rl.env(edition, players=4, options=sim_options(None))
    rng = Rng(12345)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        games += 1
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            mask = env.last()[0]["action_mask"] if observe else env.action_mask()
            allowed = mask.nonzero()[0]
            env.step(int(allowed[rng.below(len(allowed))]))
            steps += 1
            if steps % 256 == 0 and time.perf_counter() - start >= seconds:
                break
    elapsed = time.perf_counter() - start
    return {"steps_per_s": round(steps / elapsed, 1), "steps": steps, "games": games}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    p.add_argument("--editions", default=",".join(rl.EDITIONS))
    p.add_argument("--json", default="")
    args = p.parse_args()
    rows = []
    for ed in args.editions.split(","):
        full = env_steps_per_s(ed, args.seconds, observe=True)
        mask_only = env_steps_per_s(ed, args.seconds, observe=False)
        engine = bench(ed, players=4, seconds=args.seconds)
        engine_random = bench(ed, players=4, seconds=args.seconds, bot="random")
        row = {
            "edition": ed,
            "env_steps_per_s": full["steps_per_s"],
            "env_steps_per_s_mask_only": mask_only["steps_per_s"],
            "engine_decisions_per_s": engine["decisions_per_s"],
            "engine_random_decisions_per_s": engine_random["decisions_per_s"],
            "ratio": round(full["steps_per_s"] / engine["decisions_per_s"], 3),
            "ratio_mask_only": round(mask_only["steps_per_s"] / engine["decisions_per_s"], 3),
            "ratio_to_random": round(full["steps_per_s"] / engine_random["decisions_per_s"], 3),
        }
        rows.append(row)
        print(
            f"{ed:9s} env {row['env_steps_per_s']:>9,.0f} steps/s "
            f"(mask only {row['env_steps_per_s_mask_only']:>9,.0f})  "
            f"engine basic {row['engine_decisions_per_s']:>9,.0f} "
            f"random {row['engine_random_decisions_per_s']:>9,.0f} decisions/s  "
            f"ratio {row['ratio']:.2f} ({row['ratio_mask_only']:.2f}; "
            f"to random {row['ratio_to_random']:.2f})",
            flush=True,
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
