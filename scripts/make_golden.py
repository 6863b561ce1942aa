"""Write the golden records of seeded games to tests/golden/<edition>/<name>.json.

Each file holds the record of one game played by bots, the final snapshot and the first
200 events as English lines (classic: 3, 4 and 6 players; wonders: 2, 4 and 6 players;
metropol: 3, 4 and 6 players; builder: 2, 3 and 4 players).
`tests/test_golden.py` replays every record and diffs the final snapshot, and checks that
this script still writes the same files byte for byte. Regenerate after an intended change
of the rules, the bots or the driver:

    .venv/bin/python scripts/make_golden.py            # writes tests/golden/<edition>/
    .venv/bin/python scripts/make_golden.py --check    # exit 1 if any file would change
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

import tycoon.engine  # noqa: F401  (loads the engine before the editions)
from tycoon.api import new_game
from tycoon.bots.base import bot_names, make_bot
from tycoon.engine.state import GameState
from tycoon.records.describe import describe_events
from tycoon.records.record import to_record
from tycoon.records.snapshot import snapshot
from tycoon.sim.driver import play

FORMAT = "tycoon.golden/1"
EVENT_LINES = 200
TURN_LIMIT = 60
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
"""Files go to OUT_DIR/<edition>/<name>.json."""


class Golden(NamedTuple):
    """One golden game: seats' bots (one kind per seat), the game seed and the edition."""

    name: str
    bots: tuple[str, ...]
    seed: int
    edition: str = "classic"


GAMES = (
    Golden("three_players", ("basic", "random", "basic"), 101),
    Golden("four_players", ("random", "basic", "random", "basic"), 202),
    Golden("six_players", ("basic", "random", "random", "basic", "random", "basic"), 303),
    Golden("two_players", ("basic", "random"), 400, "wonders"),
    Golden("four_players", ("basic", "basic", "random", "basic"), 506, "wonders"),
    Golden(
        "six_players",
        ("basic", "basic", "basic", "random", "basic", "basic"),
        600,
        "wonders",
    ),
    Golden("three_players", ("basic", "random", "basic"), 707, "metropol"),
    Golden("four_players", ("basic", "basic", "random", "basic"), 808, "metropol"),
    Golden(
        "six_players",
        ("basic", "random", "basic", "basic", "random", "basic"),
        909,
        "metropol",
    ),
    Golden("two_players", ("basic", "random"), 707, "builder"),
    Golden("three_players", ("basic", "basic", "random"), 808, "builder"),
    Golden("four_players", ("basic", "random", "basic", "basic"), 909, "builder"),
)


def _kinds(game: Golden) -> tuple[str, ...]:
    """The bots of the game; random ones stand in if the basic bot is not installed."""
    known = set(bot_names())
    return tuple(k if k in known else "random" for k in game.bots)


def play_game(game: Golden) -> GameState:
    """Play a golden game from its seed with its bots (events on)."""
    kinds = _kinds(game)
    st = new_game(game.edition, list(NAMES[: len(kinds)]), game.seed, {"turn_limit": TURN_LIMIT})
    bots = [make_bot(k, game.seed * 10 + i) for i, k in enumerate(kinds)]
    return play(st, bots)


def build(game: Golden) -> dict[str, Any]:
    """The golden document of one game."""
    st = play_game(game)
    return {
        "format": FORMAT,
        "name": game.name,
        "bots": list(_kinds(game)),
        "record": to_record(st),
        "snapshot": snapshot(st),
        "events": describe_events(st)[:EVENT_LINES],
    }


def _dump(value: Any, indent: int = 0) -> str:
    """Stable, diff-friendly JSON: objects one key a line, long lists one item a line."""
    pad = "  " * (indent + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(k)}: {_dump(value[k], indent + 1)}" for k in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    compact = json.dumps(value, ensure_ascii=False, sort_keys=True)
    if isinstance(value, list) and len(compact) > 90:
        items = [pad + json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return compact


def render(doc: dict[str, Any]) -> str:
    return _dump(doc) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=OUT_DIR, help="output root (one directory per edition)"
    )
    parser.add_argument("--check", action="store_true", help="only report files that differ")
    args = parser.parse_args(argv)
    out: Path = args.out
    changed = []
    for game in GAMES:
        path = out / game.edition / f"{game.name}.json"
        text = render(build(game))
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in changed:
        print(("differs: " if args.check else "wrote: ") + str(path))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
