"""The analytics commands: `tycoon analyze` (exact landing chains) and `tycoon impact`
(paired runs with and without house rules), and what `simulate --plot/--games-out` adds."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from tycoon.cli.common import CliError, edition_of, options_of, out, seats_of, user_errors
from tycoon.cli.outputs import check_file, check_folder, plots, written
from tycoon.console.safe import plain_line

if TYPE_CHECKING:
    from tycoon.sim.stats import GameResult

PolicyOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--policy",
        "-p",
        help="Movement choice key=value (repeatable): jail=leave|stay, pay_or_draw=pay|draw, "
        "triples=roll|SQUARE, cross=never|always, city_hall=block|SQUARE.",
    ),
]
PlotOpt = Annotated[
    str | None, typer.Option("--plot", help="Write plots (PNG and SVG) into this folder.")
]
JsonOpt = Annotated[
    str | None, typer.Option("--json", help="Write the result JSON to this file ('-': stdout).")
]


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.2f}%"


def _emit(console: Console, result: dict[str, Any], json_path: str | None) -> bool:
    """Write the JSON where asked; True if it went to stdout (print nothing else)."""
    text = json.dumps(result, indent=2)
    if json_path == "-":
        sys.stdout.write(text + "\n")
        return True
    if json_path:
        Path(json_path).write_text(text + "\n", encoding="utf-8")
    return False


def analyze(
    edition: Annotated[str, typer.Argument(help="Edition id or alias.")] = "classic",
    policy: PolicyOpt = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="House rule key=value.")
    ] = None,
    json_path: JsonOpt = None,
    plot: PlotOpt = None,
) -> None:
    """Exact long-run landing probabilities per roll and per turn (a Markov chain built by
    the engine from the edition's rules), and expected rent and payback per group."""
    from tycoon.analysis.report import analyze as run_analysis
    from tycoon.bots.policy import MovePolicy

    console = out()
    with user_errors():
        ed = edition_of(edition)
        opts = options_of(ed, option)
        pol = MovePolicy.parse(policy)
        check_file(json_path, "--json", stdout=True)
        check_folder(plot, "--plot")
        _chain, result = run_analysis(ed.tag, opts, pol)
        if plot:
            from tycoon.analysis.plots import plot_analysis

            paths = plot_analysis(result, plot)
        if _emit(console, result, json_path):
            return
        t = Table(title=f"{result['edition']}: landing per roll and per turn", box=box.SIMPLE)
        for col in ("Cell", "Square", "Per roll", "Per turn", "Landings/roll"):
            t.add_column(col, justify="left" if col == "Square" else "right")
        for c in result["cells"]:
            t.add_row(
                str(c["cell"]),
                c["name"],
                _pct(c["per_roll"]),
                _pct(c["per_turn"]),
                _pct(c["landings_per_roll"]),
            )
        console.print(t)
        pol_text = ", ".join(f"{k}={v}" for k, v in result["policy"].items())
        console.print(plain_line(f"policy: {pol_text}; {result['states']} chain states"))
        r = Table(title="Expected rent per opponent roll", box=box.SIMPLE)
        for col in ("Group", "Level", "Rent/roll", "Investment", "Payback (rolls)"):
            r.add_column(col, justify="left" if col == "Group" else "right")
        for row in result["rents"]:
            payback = row["payback_rolls"]
            r.add_row(
                row["name"],
                str(row["level"]),
                f"{row['rent_per_roll']:,.2f}",
                f"{row['investment']:,}",
                "-" if payback is None else f"{payback:,.1f}",
            )
        console.print(r)
        if json_path:
            written(console, "Result written to ", json_path)
        if plot:
            plots(console, paths)


def impact(
    edition: Annotated[str, typer.Argument(help="Edition id or alias.")] = "classic",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="The changed house rule key=value (repeatable)."),
    ] = None,
    base: Annotated[
        list[str] | None,
        typer.Option("--base", help="A house rule of both runs key=value (repeatable)."),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Games per run (the same seeds).")] = 200,
    seats: Annotated[
        str, typer.Option(help="Comma-separated bot names, one per seat.")
    ] = "basic,basic,basic,basic",
    seed: Annotated[int, typer.Option(help="Base seed: game i uses seed + i.")] = 0,
    jobs: Annotated[int | None, typer.Option(min=1, help="Processes.")] = None,
    json_path: JsonOpt = None,
    plot: PlotOpt = None,
) -> None:
    """Play the same seeds with and without the changed options: paired differences of game
    length, win rate per seat, bankruptcies and terminations, with 95% intervals."""
    from tycoon.analysis.impact import impact as run_impact

    console = out()
    with user_errors():
        ed = edition_of(edition)
        changes = options_of(ed, option)
        if not changes:
            raise CliError("give at least one changed option: --option key=value")
        base_opts = options_of(ed, base)
        options_of(ed, [f"{k}={v}" for k, v in {**base_opts, **changes}.items()])
        kinds = seats_of(seats, False)
        check_file(json_path, "--json", stdout=True)
        check_folder(plot, "--plot")
        result = run_impact(ed.tag, kinds, games, seed, changes, base_opts, jobs)
        if plot:
            from tycoon.analysis.plots import impact_plot

            paths = impact_plot(result, plot, f"{ed.id}-impact")
        if _emit(console, result, json_path):
            return
        changed = ", ".join(f"{k}={v}" for k, v in result["changed_options"].items())
        t = Table(
            title=plain_line(
                f"{result['edition']}: {changed}, {games} paired games, seeds {seed}.."
            ),
            box=box.SIMPLE,
        )
        for col in ("Measure", "Base", "Changed", "Difference  [95% CI]"):
            t.add_column(col, justify="left" if col == "Measure" else "right")
        for m in result["metrics"]:
            t.add_row(
                m["metric"],
                f"{m['base']:.3f}",
                f"{m['changed']:.3f}",
                f"{m['diff']:+.3f}  [{m['low']:+.3f} {m['high']:+.3f}]",
            )
        console.print(t)
        if json_path:
            written(console, "Result written to ", json_path)
        if plot:
            plots(console, paths)


def check_outputs(games_out: str | None, backend: str) -> None:
    """Before a simulation: a bad --games-out file or --backend fails at once."""
    from tycoon.engine.errors import OptionError

    if backend not in ("process", "ray"):
        raise OptionError(f"unknown backend '{backend}'; known: process, ray")
    if backend == "ray":
        from tycoon.sim.ray_backend import import_ray

        import_ray()
    if games_out:
        from tycoon.analysis.export import check_target

        check_target(games_out)
        check_file(games_out, "--games-out")


def after_simulation(
    console: Console,
    summary: dict[str, Any],
    results: list[GameResult],
    games_out: str | None,
    plot: str | None,
    quiet: bool,
) -> None:
    """`simulate --games-out FILE` and `--plot DIR`."""
    if games_out:
        from tycoon.analysis.export import write_games

        n = write_games(games_out, results, summary["seats"])
        if not quiet:
            written(console, f"{n} games written to ", games_out)
    if plot:
        from tycoon.analysis.plots import plot_simulation

        paths = plot_simulation(summary, [r.turns for r in results], plot)
        if not quiet:
            plots(console, paths)


def register_commands(app: typer.Typer) -> None:
    app.command()(analyze)
    app.command()(impact)
