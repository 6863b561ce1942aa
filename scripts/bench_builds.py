"""The compiled build against pure Python, side by side in one run: every edition's
`tycoon bench`, the server's load benchmark (scripts/load_server.py, short) and the strong
bot's time per searched decision (scripts/measure_strong.py, a fixed number of rounds so that
both builds do the same work). Each measurement runs in a subprocess of its own under
`TYCOON_BUILD=python`, then `TYCOON_BUILD=compiled`, alternating over `--rounds`; the best
round of each is kept (the slowest for the latency).

    .venv/bin/python scripts/bench_builds.py [--seconds 3] [--rounds 2] [--rooms 40]
        [--strong-games 8] [--strong-budget 8i] [--json F]

Needs a current compiled core (`make native`): `TYCOON_BUILD=compiled` refuses to run
without one.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = ("classic", "wonders", "builder", "metropol")
BUILDS = ("python", "compiled")


def run_json(build: str, cmd: list[str]) -> Any:
    """The last line of `cmd`'s output as JSON, run under TYCOON_BUILD=build."""
    env = {**os.environ, "TYCOON_BUILD": build}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed under TYCOON_BUILD={build}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def version(build: str) -> str:
    env = {**os.environ, "TYCOON_BUILD": build}
    cmd = [sys.executable, "-m", "tycoon.cli.app", "--version"]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout.strip()


def bench(build: str, edition: str, seconds: float) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "tycoon.cli.app", "bench", edition, "--seconds", str(seconds)]
    out: dict[str, Any] = run_json(build, [*cmd, "--json"])
    if out["build"] != build:
        raise SystemExit(f"bench ran {out['build']} under TYCOON_BUILD={build}")
    return out


def load(build: str, rooms: int, turn_limit: int) -> dict[str, Any]:
    cmd = [sys.executable, "scripts/load_server.py", "--rooms", str(rooms)]
    out: dict[str, Any] = run_json(build, [*cmd, "--turn-limit", str(turn_limit), "--json"])
    return out


def strong(build: str, games: int, budget: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tycoon-bench-") as d:
        path = Path(d) / "strong.json"
        cmd = [sys.executable, "scripts/measure_strong.py", "--games", str(games), "--jobs", "1"]
        cmd += ["--budget", budget, "--editions", "classic", "--json", str(path)]
        env = {**os.environ, "TYCOON_BUILD": build}
        subprocess.run(cmd, env=env, cwd=ROOT, check=True, capture_output=True)
        out: dict[str, Any] = json.loads(path.read_text())["classic"]
        return out


def best(
    rounds: int, measure: Callable[[str], dict[str, Any]], key: str, low: bool = False
) -> dict[str, dict[str, Any]]:
    """The best of `rounds` runs of `measure` per build, by `key` (lowest with `low`),
    the builds alternating."""
    kept: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for build in BUILDS:
            r = measure(build)
            old = kept.get(build)
            if old is None or (r[key] < old[key] if low else r[key] > old[key]):
                kept[build] = r
    return kept


def ratio(a: float, b: float) -> str:
    return f"{b / a:.1f}x" if a else "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="per edition bench")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--rooms", type=int, default=40, help="load benchmark rooms")
    ap.add_argument("--turn-limit", type=int, default=8)
    ap.add_argument("--strong-games", type=int, default=8)
    ap.add_argument("--strong-budget", default="8i", help="`strong:B`; 8i: 8 rounds, no cap")
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    for build in BUILDS:
        print(version(build), flush=True)
    t0 = time.perf_counter()
    out: dict[str, Any] = {"bench": {}, "args": vars(args)}
    lines = [
        "| what | python | compiled | compiled / python |",
        "|---|---|---|---|",
    ]
    for ed in EDITIONS:

        def one(build: str, ed: str = ed) -> dict[str, Any]:
            return bench(build, ed, args.seconds)

        r = best(args.rounds, one, "player_turns_per_s")
        out["bench"][ed] = r
        py, co = r["python"], r["compiled"]
        for key, what in (("player_turns_per_s", "player-turns/s"), ("games_per_s", "games/s")):
            cells = f"{py[key]:,.0f} | {co[key]:,.0f} | {ratio(py[key], co[key])}"
            lines.append(f"| `tycoon bench {ed}`, {what} | {cells} |")
        print(lines[-2], flush=True)
    r = best(args.rounds, lambda b: load(b, args.rooms, args.turn_limit), "accepted_actions_per_s")
    out["load"] = r
    py, co = r["python"], r["compiled"]
    a = "accepted_actions_per_s"
    lines.append(
        f"| server load, {args.rooms} rooms, accepted actions/s | {py[a]:,.0f} | {co[a]:,.0f} "
        f"| {ratio(py[a], co[a])} |"
    )
    for p in ("latency_ms_p50", "latency_ms_p99"):
        lines.append(
            f"| server load, action latency {p[-3:]} (ms) | {py[p]} | {co[p]} "
            f"| {ratio(co[p], py[p])} faster |"
        )
    print(lines[-3], flush=True)
    ms = "ms_per_searched_decision"
    r = best(args.rounds, lambda b: strong(b, args.strong_games, args.strong_budget), ms, low=True)
    out["strong"] = r
    py, co = r["python"], r["compiled"]
    lines.append(
        f"| `strong:{args.strong_budget}` (classic), ms per searched decision | {py[ms]} "
        f"| {co[ms]} | {ratio(co[ms], py[ms])} faster |"
    )
    print("\n".join(lines))
    print(f"({time.perf_counter() - t0:.0f} s)")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
