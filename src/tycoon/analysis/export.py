"""`simulate --games-out FILE`: one row per game, as CSV, or Parquet by the file's suffix
(`.parquet`, `.pq`; needs the optional extra `parquet`: pyarrow)."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tycoon.engine.errors import OptionError
from tycoon.sim.stats import GameResult

PARQUET = (".parquet", ".pq")
CSV = ".csv"


def rows(results: Sequence[GameResult], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Per game: seed, the bot of each seat, winner(s), termination, length, each score."""
    out = []
    for r in results:
        row: dict[str, Any] = {"seed": r.seed}
        for p, bot in enumerate(seats):
            row[f"seat{p}_bot"] = bot
        row["winner"] = r.winners[0] if len(r.winners) == 1 else -1
        row["winners"] = " ".join(str(w) for w in r.winners)
        row["termination"] = r.termination
        row["player_turns"] = r.turns
        row["rounds"] = r.rounds
        row["bankruptcies"] = r.bankruptcies
        for p in range(len(seats)):
            row[f"seat{p}_score"] = r.scores[p] if p < len(r.scores) else None
        out.append(row)
    return out


def check_target(path: str | Path) -> None:
    """Raise a clear error before any game is played if the file cannot be written."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix != CSV and suffix not in PARQUET:
        raise OptionError(
            f"cannot write games to '{p.name}': name a {CSV} file (CSV) or a "
            f"{' or '.join(PARQUET)} file (Parquet)"
        )
    if suffix in PARQUET:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise OptionError(
                f"writing {p.name} needs pyarrow: pip install 'tycoon[parquet]' "
                "(or write a .csv file)"
            ) from None
    if not p.parent.exists():
        raise OptionError(f"cannot write '{p}': the folder '{p.parent}' does not exist")


def write_games(path: str | Path, results: Sequence[GameResult], seats: Sequence[str]) -> int:
    """Write the rows; the number written."""
    check_target(path)
    p = Path(path)
    table = rows(results, seats)
    if p.suffix.lower() in PARQUET:
        import pyarrow as pa
        import pyarrow.parquet as pq

        cols = list(table[0]) if table else ["seed"]
        pq.write_table(pa.table({c: [r[c] for r in table] for c in cols}), p)
        return len(table)
    with p.open("w", newline="", encoding="utf-8") as fh:
        if table:
            w = csv.DictWriter(fh, fieldnames=list(table[0]))
            w.writeheader()
            w.writerows(table)
    return len(table)
