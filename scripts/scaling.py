"""Games per second of `simulate` for 1 and 2 local processes and for a local Ray with 2
workers, and each one's efficiency against one process (README, "Scaling").

    .venv/bin/python scripts/scaling.py --games 200 [--edition classic]

Ray is started on 127.0.0.1 with 2 CPUs; run the script inside a network namespace of its
own so that Ray's servers cannot be reached from outside:

    unshare -rn sh -c 'ip link set lo up && exec .venv/bin/python scripts/scaling.py'

The Ray start-up (about 10 s) is not timed. The load average of the machine is printed
with the numbers: on a shared machine they depend on what else runs.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from tycoon.sim.runner import simulate


def timed(**kw: object) -> tuple[float, dict[str, object]]:
    t = time.perf_counter()
    result = simulate(**kw)  # type: ignore[arg-type]
    return time.perf_counter() - t, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--seats", default="basic,basic,basic,basic")
    ap.add_argument("--no-ray", action="store_true")
    args = ap.parse_args()
    base = {"edition": args.edition, "seats": args.seats.split(","), "games": args.games}
    base["seed"] = 0
    rows = []
    ref: dict[str, object] | None = None
    for label, kw in (("1 process", {"jobs": 1}), ("2 processes", {"jobs": 2})):
        secs, res = timed(**base, **kw)
        ref = ref or res
        assert res == ref
        rows.append((label, 1 if kw["jobs"] == 1 else 2, secs))
    if not args.no_ray:
        import ray

        ray.init(
            num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False
        )
        try:
            simulate(**base | {"games": 4}, backend="ray")  # warm up
            secs, res = timed(**base, backend="ray")
            assert res == ref, "the Ray JSON differs from the process pool's"
            rows.append(("Ray, 2 workers", 2, secs))
        finally:
            ray.shutdown()
    one = args.games / rows[0][2]
    out = []
    print(f"{args.games} games of {args.edition} ({args.seats}); load average {os.getloadavg()}")
    for label, workers, secs in rows:
        rate = args.games / secs
        eff = rate / one / workers
        out.append({"run": label, "games_per_s": round(rate, 2), "efficiency": round(eff, 3)})
        print(f"{label:15} {rate:7.2f} games/s  speed-up {rate / one:4.2f}  efficiency {eff:.0%}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
