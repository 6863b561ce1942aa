"""Perft counts from fixed positions of every edition: write them, check them, time them.

A position is reached by a seeded game of heuristic bots advanced by a number of driver
steps, and stored as its record (so the stored position depends on the rules only, not on
the bots). `tests/test_perft.py` replays each record and recomputes the counts stored in
tests/perft/<edition>.json. Regenerate after an intended change of the rules:

    .venv/bin/python scripts/perft.py            # print counts and nodes per second
    .venv/bin/python scripts/perft.py --write    # rewrite tests/perft/<edition>.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, NamedTuple

import tycoon.engine  # noqa: F401  (loads the engine before the editions)
from tycoon.api import new_game
from tycoon.bots.base import make_bot
from tycoon.engine.state import GameState
from tycoon.records.record import replay, to_record
from tycoon.rules.perft import perft
from tycoon.sim.driver import step

FORMAT = "tycoon.perft/1"
OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "perft"


class Position(NamedTuple):
    """A fixed position: `steps` driver steps of a seeded game of heuristic bots."""

    edition: str
    players: int
    seed: int
    steps: int
    depth: int


POSITIONS = (
    Position("classic", 4, 5, 300, 4),
    Position("classic", 6, 9, 250, 3),
    Position("classic", 6, 9, 600, 3),
    Position("wonders", 2, 1, 0, 3),
    Position("wonders", 3, 2, 250, 3),
    Position("wonders", 4, 5, 300, 3),
    Position("wonders", 6, 9, 100, 3),
    Position("builder", 2, 1, 60, 3),
    Position("builder", 3, 2, 60, 3),
    Position("builder", 3, 2, 150, 3),
    Position("builder", 4, 5, 150, 4),
    Position("metropol", 3, 2, 400, 3),
    Position("metropol", 4, 5, 400, 3),
    Position("metropol", 4, 5, 250, 6),
)


def position_state(p: Position) -> GameState:
    st = new_game(p.edition, p.players, seed=p.seed, options={"turn_limit": 500}, events=False)
    bots = [make_bot("heuristic", p.seed * 31 + i) for i in range(p.players)]
    for _ in range(p.steps):
        if st.termination or not step(st, bots):
            break
    return st


def entry(p: Position) -> dict[str, Any]:
    """The stored form of a position: its record and its counts at depths 1 to `depth`."""
    st = position_state(p)
    return {
        "depth": p.depth,
        "counts": [perft(st, d) for d in range(1, p.depth + 1)],
        "record": to_record(st),
    }


def check(doc: dict[str, Any]) -> list[int]:
    """Recompute the counts of a stored position from its record."""
    st = replay(doc["record"])
    return [perft(st, d) for d in range(1, int(doc["depth"]) + 1)]


def dump(doc: Any, indent: str = "") -> str:
    """JSON with one line per list of scalars (an action, the counts), for readable diffs."""
    inner = indent + " "
    if isinstance(doc, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, inner).lstrip()}" for k, v in doc.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}" + ("" if indent else "\n")
    if isinstance(doc, list) and any(isinstance(v, (dict, list)) for v in doc):
        return "[\n" + ",\n".join(inner + dump(v, inner).lstrip() for v in doc) + f"\n{indent}]"
    return json.dumps(doc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help="rewrite tests/perft/<edition>.json")
    args = ap.parse_args()
    files: dict[str, list[dict[str, Any]]] = {}
    for p in POSITIONS:
        t = time.perf_counter()
        doc = entry(p)
        dt = time.perf_counter() - t
        found = doc["counts"]
        nodes = sum(found)
        print(f"{p.edition:9} {p.players}p seed {p.seed:2} steps {p.steps:4}: {found}")
        print(f"{'':9} {nodes} nodes in {dt:.2f} s ({nodes / max(dt, 1e-9):,.0f} nodes/s)")
        files.setdefault(p.edition, []).append(doc)
    if args.write:
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        for ed, positions in files.items():
            doc = {"format": FORMAT, "edition": ed, "positions": positions}
            (OUT_DIR / f"{ed}.json").write_text(dump(doc))


if __name__ == "__main__":
    main()
