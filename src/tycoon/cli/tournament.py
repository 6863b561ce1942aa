"""`tycoon tournament EDITION --bots a,b,c,d [--games N] [--jobs J] [--json FILE]`: a
seat-rotated, seeded tournament of bots (see `tycoon.sim.tournament`)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def tournament(
    edition: Annotated[str, typer.Argument(help="Edition id or alias.")],
    bots: Annotated[
        str,
        typer.Option(help="Comma-separated bots, one per seat (random, basic, strong, strong:50)."),
    ] = "basic,basic,basic,basic",
    games: Annotated[
        int, typer.Option(min=1, help="Games (rounded up to a multiple of the seats).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Base seed.")] = 0,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Processes [default: one per CPU].")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="House rule key=value.")
    ] = None,
    json_path: Annotated[
        str | None, typer.Option("--json", help="Write the result JSON here ('-': stdout).")
    ] = None,
) -> None:
    """A tournament: every bot plays every seat equally often; win rates with 95% intervals
    and openskill ratings (turn_limit defaults to 500 rounds)."""
    from tycoon.cli.common import CliError, edition_of, options_of, out, seats_of, user_errors
    from tycoon.cli.outputs import check_file, written
    from tycoon.console.safe import plain
    from tycoon.sim.tournament import tournament as run

    console = out()
    with user_errors():
        ed = edition_of(edition)
        names = seats_of(bots, False)
        opts = options_of(ed, option)
        quiet = json_path == "-"
        check_file(json_path, "--json", stdout=True)
        start = time.perf_counter()
        progress = Progress(
            TextColumn("tournament"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True) if quiet else console,
            transient=True,
        )
        n = len(names)
        total = -(-games // n) * n
        try:
            with progress:
                task = progress.add_task("games", total=total)
                result = run(
                    ed.tag,
                    names,
                    games,
                    seed,
                    jobs=jobs,
                    options=opts,
                    progress=lambda k: progress.update(task, completed=k),
                )
        except ValueError as err:
            raise CliError(str(err)) from None
        text = json.dumps(result, indent=2)
        if quiet:
            sys.stdout.write(text + "\n")
            return
        t = Table(title=f"{result['games']} games of {result['edition']}, seats rotated")
        for col in ("Bot", "Wins", "Win rate  [95% CI]", "Rating mu", "sigma", "ordinal"):
            t.add_column(col, justify="left" if col == "Bot" else "right")
        ranked = sorted(result["entries"], key=lambda e: -e["rating"]["ordinal"])
        for row in ranked:
            w, r = row["win_rate"], row["rating"]
            t.add_row(
                plain(row["label"]),
                f"{row['wins']:g}",
                f"{100 * w['rate']:5.1f}%  [{100 * w['low']:.1f}-{100 * w['high']:.1f}]",
                f"{r['mu']:.2f}",
                f"{r['sigma']:.2f}",
                f"{r['ordinal']:.2f}",
            )
        console.print(t)
        terms = ", ".join(f"{k} {v}" for k, v in result["terminations"].items())
        tu = result["turns"]
        console.print(f"Terminations: {terms}")
        console.print(
            f"Player-turns: mean {tu['mean']:.1f}, median {tu['median']:g}, "
            f"p95 {tu['p95']:g}, max {tu['max']}"
        )
        console.print(f"[dim]{result['games']} games in {time.perf_counter() - start:.1f} s[/]")
        if json_path:
            Path(json_path).write_text(text + "\n", encoding="utf-8")
            written(console, "Result written to ", json_path)


def register(app: typer.Typer) -> None:
    """Add the `tournament` command to the `tycoon` app."""
    app.command()(tournament)
