"""Run inside a network namespace of its own (only loopback): start a local Ray bound to
127.0.0.1 with 2 CPUs, run the same seeds on Ray and on the process pool, and print one
JSON object: both summaries and the addresses every process listens on."""

from __future__ import annotations

import json
import subprocess
import sys


def main() -> None:
    import ray

    from tycoon.sim.runner import simulate

    edition, games = sys.argv[1], int(sys.argv[2])
    seats = sys.argv[3].split(",")
    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False)
    try:
        on_ray = simulate(edition, seats, games, 5, backend="ray")
        listen = subprocess.run(["ss", "-ltnH"], capture_output=True, text=True).stdout
    finally:
        ray.shutdown()
    pool = simulate(edition, seats, games, 5, jobs=2)
    addrs = sorted({line.split()[3].rsplit(":", 1)[0] for line in listen.splitlines() if line})
    links = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout
    names = sorted(line.split(":")[1].strip() for line in links.splitlines() if line)
    result = {"ray": on_ray, "pool": pool, "listen": addrs, "interfaces": names}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
