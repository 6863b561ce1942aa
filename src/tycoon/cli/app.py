"""The `tycoon` command: editions, play, simulate, replay, bench.

Every expected failure (unknown edition, bad option, bad seats, unreadable file) prints
one red line and exits with code 2.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

import tycoon
from tycoon import native
from tycoon.api import new_game
from tycoon.bots.base import Bot, make_bot
from tycoon.cli.analytics import register_commands
from tycoon.cli.common import HUMAN, CliError, edition_of, options_of, out, seats_of, user_errors
from tycoon.cli.tournament import register as _register_tournament
from tycoon.console.oneline import OneLineGroup
from tycoon.console.safe import clean, esc, is_clean_name, plain, plain_line
from tycoon.editions.registry import all_editions
from tycoon.engine.types import CHANCE
from tycoon.server.cli import register as register_server_commands

app = typer.Typer(
    name="tycoon",
    help="Rules engine, simulator and terminal play for Monopoly-family board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=OneLineGroup,
)

PLAY_TURN_LIMIT = 200
"""`tycoon play`'s turn limit in rounds unless `--option turn_limit=N` sets one (0: none): a
classic game has no end of its own but bankruptcy, and rich or careful players may never go
bankrupt (two basic and two random seats with 15000 each ran past 6,000 rounds)."""
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
MAX_NAME = 40
"""The longest player name (records allow the same)."""


def _version(value: bool) -> None:
    if value:
        print(f"tycoon {tycoon.__version__} ({native.describe()})")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print the version and the build that runs (compiled or python), and exit.",
        ),
    ] = False,
) -> None:
    """Rules engine, simulator and terminal play for Monopoly-family board games."""


EditionArg = Annotated[str, typer.Argument(help="Edition id or alias (see `tycoon editions`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="House rule key=value (repeatable)."),
]


# --- editions ------------------------------------------------------------------------------


@app.command()
def editions() -> None:
    """List the editions with their house-rule options, defaults and ranges."""
    with user_errors():
        console = out()
        t = Table(title="Editions", title_justify="left", box=box.SIMPLE_HEAD)
        t.add_column("id@version", no_wrap=True)
        t.add_column("title")
        t.add_column("players", no_wrap=True)
        eds = all_editions()
        for ed in eds:
            lo, hi = ed.player_range(ed.options_type())
            t.add_row(ed.tag, ed.title, f"{lo}-{hi}")
        console.print(t)
        for ed in eds:
            console.print()
            console.print(Text(f"{ed.id} options (--option key=value)", style="bold"))
            ranges = ed.options_type.ranges()
            for name, typ, default, doc in ed.options_type.describe():
                kind = typ
                if name in ranges:
                    kind += f", {ranges[name][0]} to {ranges[name][1]}"
                console.print(
                    Padding(
                        Text.assemble((f"{name}={json.dumps(default)}", "bold"), f"  ({kind})"),
                        (0, 0, 0, 2),
                        expand=False,
                    )
                )
                console.print(Padding(Text(doc), (0, 0, 0, 6), expand=False))


# --- play ----------------------------------------------------------------------------------


def _names(text: str, seats: int) -> list[str]:
    """`--names`: one printable, distinct name per seat."""
    players = [n.strip() for n in text.split(",")]
    if len(players) != seats:
        raise CliError(f"--names lists {len(players)} names for {seats} seats")
    for i, n in enumerate(players, 1):
        if not n:
            raise CliError(f"--names: name {i} is empty")
        if len(n) > MAX_NAME or not is_clean_name(n):
            raise CliError(f"--names: name {i} must be at most {MAX_NAME} printable characters")
    if len(set(players)) != len(players):
        raise CliError("--names: the names must differ")
    return players


def _resume_conflicts(
    edition: str | None, seed: int | None, option: list[str] | None, names: str | None
) -> None:
    """--resume replays the record's own edition, seed, options and names."""
    flags = {"EDITION": edition, "--seed": seed, "--option": option, "--names": names}
    given = [flag for flag, val in flags.items() if val is not None and val != []]
    if given:
        raise CliError(
            f"--resume takes the edition, seed, options and names from the record; "
            f"do not give {', '.join(given)}"
        )


@app.command()
def play(
    edition: Annotated[
        str | None,
        typer.Argument(help="Edition id or alias (see `tycoon editions`) [default: classic]."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated seats: 'human' or a bot name "
            "[default: human,basic,basic; with --resume: human then basic]."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed [default: random].")] = None,
    option: OptionOpt = None,
    names: Annotated[str | None, typer.Option(help="Comma-separated player names.")] = None,
    resume: Annotated[
        str | None,
        typer.Option(
            help="Resume a saved record (from `save FILE` or an autosave); "
            "`--resume` alone resumes the latest autosave."
        ),
    ] = None,
    windows: Annotated[
        str,
        typer.Option(
            help="Out-of-turn windows for humans: 'claims' (only when you have rent to "
            "claim, or asked for with 'wait') or 'all' (every window where you can act)."
        ),
    ] = "claims",
    autosave: Annotated[
        bool,
        typer.Option(help="Save after every action to a file named at the start."),
    ] = True,
) -> None:
    """Play at the terminal, humans against bots."""
    from tycoon.cli.autosave import Autosave, latest_autosave
    from tycoon.cli.terminal import TerminalGame
    from tycoon.records.record import load_record
    from tycoon.sim.runner import bot_seed

    console = out()
    path: Path | None = None
    with user_errors():
        if windows not in ("all", "claims"):
            raise CliError(f"--windows must be 'all' or 'claims', not '{windows}'")
        if resume is not None:
            _resume_conflicts(edition, seed, option, names)
            path = Path(resume) if resume else latest_autosave()
            st = load_record(path)
            kinds = seats_of(seats, True) if seats else [HUMAN] + ["basic"] * (st.n - 1)
            if len(kinds) != st.n:
                raise CliError(f"the saved game has {st.n} players but --seats lists {len(kinds)}")
            console.print(
                Text.assemble(
                    "Resumed ", (clean(path), "bold"), f" ({len(st.history)} actions replayed)."
                )
            )
        else:
            ed = edition_of(edition or "classic")
            kinds = seats_of(seats or "human,basic,basic", True)
            opts = options_of(ed, option)
            limit = "turn_limit" not in opts
            if limit:
                opts["turn_limit"] = PLAY_TURN_LIMIT
            if names:
                players = _names(names, len(kinds))
            else:
                players = [DEFAULT_NAMES[i % len(DEFAULT_NAMES)] for i in range(len(kinds))]
            if seed is None:
                seed = int.from_bytes(os.urandom(4), "big") & 0x7FFFFFFF
            st = new_game(ed, players, seed, opts, events=True)
            console.print(
                f"[bold]{esc(ed.title)}[/], seed {seed}. Type [bold]help[/] at any prompt for help."
            )
            if limit:
                console.print(
                    f"The game ends after {PLAY_TURN_LIMIT} rounds at the latest, on the "
                    "edition's score (--option turn_limit=N to change it, 0 for no limit)."
                )
        bots: list[Bot | None] = [
            None if k == HUMAN else make_bot(k, bot_seed(st.seed, p)) for p, k in enumerate(kinds)
        ]
        saver = Autosave.start(st, path) if autosave and HUMAN in kinds else None
        if saver is not None:
            console.print(
                Text.assemble(
                    "Autosave: ",
                    (clean(saver.path), "bold"),
                    " (resume with: tycoon play --resume)",
                ),
                soft_wrap=True,
            )
        game = TerminalGame(st, bots, console, windows=windows, autosave=saver)
        if resume is not None:
            game.shown = max(0, len(st.events or ()) - 20)
        if HUMAN not in kinds:
            console.print("[dim]No human seat: watching the bots play.[/]")
        game.run()


# --- simulate ------------------------------------------------------------------------------


def _rate(r: dict[str, float]) -> str:
    return f"{r['rate'] * 100:5.1f}%  [{r['low'] * 100:.1f}-{r['high'] * 100:.1f}]"


def _print_summary(console: Console, s: dict[str, Any]) -> None:
    t = Table(
        title=f"{s['games']} games of {s['edition']}, seeds {s['seed']}..", title_justify="left"
    )
    t.add_column("Seat", justify="right")
    t.add_column("Bot")
    t.add_column("Wins", justify="right")
    t.add_column("Win rate  [95% CI]", justify="right")
    for p, bot in enumerate(s["seats"]):
        t.add_row(str(p), plain(bot), f"{s['wins'][p]:g}", _rate(s["win_rate"][p]))
    console.print(t)
    tu = s["turns"]
    console.print(
        f"Player-turns: mean {tu['mean']:.1f}, median {tu['median']:g}, p95 {tu['p95']:g}, "
        f"min {tu['min']}, max {tu['max']}"
    )
    terms = ", ".join(f"{k} {v}" for k, v in s["terminations"].items()) or "-"
    console.print(f"Terminations: {terms}")
    if s["shared_wins"]:
        console.print(f"Shared wins: {s['shared_wins']} games (each winner counted 1/k)")
    b = s["bankruptcies"]
    console.print(f"Bankruptcies: {b['total']} ({b['per_game']:.2f} per game)")


@app.command()
def simulate(
    edition: EditionArg = "classic",
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seats: Annotated[
        str, typer.Option(help="Comma-separated bot names, one per seat.")
    ] = "basic,basic,basic,basic",
    seed: Annotated[int, typer.Option(help="Base seed: game i uses seed + i.")] = 0,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Processes [default: one per CPU].")
    ] = None,
    option: OptionOpt = None,
    json_path: Annotated[
        str | None,
        typer.Option("--json", help="Write the summary JSON to this file ('-': stdout)."),
    ] = None,
    plot: Annotated[str | None, typer.Option(help="Write plots (PNG, SVG) into DIR.")] = None,
    games_out: Annotated[
        str | None, typer.Option(help="One row per game: FILE.csv, or .parquet (pyarrow).")
    ] = None,
    backend: Annotated[str, typer.Option(help="process (local pool) or ray.")] = "process",
    address: Annotated[str | None, typer.Option(help="Ray cluster address.")] = None,
) -> None:
    """Play many games of bots and summarise them (turn_limit defaults to 500 rounds)."""
    from tycoon.cli.analytics import after_simulation, check_outputs
    from tycoon.cli.outputs import check_file, check_folder, written
    from tycoon.sim.runner import simulate as run_simulation

    console = out()
    with user_errors():
        ed = edition_of(edition)
        kinds = seats_of(seats, False)
        opts = options_of(ed, option)
        quiet = json_path == "-"
        check_file(json_path, "--json", stdout=True)
        check_folder(plot, "--plot")
        check_outputs(games_out, backend)
        results: list[Any] | None = [] if (plot or games_out) else None
        start = time.perf_counter()
        progress = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True) if quiet else console,
            transient=True,
        )
        with progress:
            task = progress.add_task("games", total=games)
            result = run_simulation(
                ed.tag,
                kinds,
                games,
                seed,
                jobs=jobs,
                options=opts,
                progress=lambda n: progress.update(task, completed=n),
                results=results,
                backend=backend,
                address=address,
            )
        elapsed = time.perf_counter() - start
        text = json.dumps(result, indent=2)
        if quiet:
            after_simulation(console, result, results or [], games_out, plot, quiet)
            sys.stdout.write(text + "\n")
            return
        _print_summary(console, result)
        console.print(f"[dim]{games} games in {elapsed:.1f} s ({games / elapsed:.1f} games/s)[/]")
        after_simulation(console, result, results or [], games_out, plot, quiet)
        if json_path:
            Path(json_path).write_text(text + "\n", encoding="utf-8")
            written(console, "Summary written to ", json_path)


# --- replay --------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record file (JSON).")],
    events: Annotated[
        bool, typer.Option("--events/--actions", help="Describe events, or list the actions.")
    ] = True,
) -> None:
    """Print a readable log of a saved record."""
    from tycoon.records.describe import describe, describe_action
    from tycoon.records.record import load_record

    console = out()
    with user_errors():
        st = load_record(file)
        names = ", ".join(f"{p}: {clean(n)}" for p, n in enumerate(st.names))
        console.print(
            Text.assemble(
                (st.edition.title, "bold"), f" ({st.edition.tag}), seed {st.seed}, players {names}"
            )
        )
        if events:
            board = st.edition.board
            for e in st.events or ():
                style = "bold" if e.kind in ("turn_started", "game_over") else ""
                console.print(plain_line(describe(board, st.names, e)), style=style or None)
        else:
            for k, (seat, a) in enumerate(st.history, 1):
                who = "chance" if seat == CHANCE else st.names[seat]
                line = f"{k:5d}  {who:>8}  {a!s:<28} {describe_action(st, seat, a)}"
                console.print(plain_line(line))
        if st.termination:
            winners = " and ".join(st.names[w] for w in st.winners)
            console.print(
                Text.assemble(("Result:", "bold"), f" {st.termination}, winner {winners}")
            )
        else:
            console.print(f"[dim]Game in progress after {len(st.history)} actions.[/]")


# --- bench ---------------------------------------------------------------------------------


@app.command()
def bench(
    edition: EditionArg = "classic",
    games: Annotated[int | None, typer.Option(min=1, help="Stop after this many games.")] = None,
    seconds: Annotated[
        float | None, typer.Option(min=0.0, help="Stop after this long [default: 10 s].")
    ] = None,
    players: Annotated[int, typer.Option(min=1, help="Bots per game.")] = 4,
    bot: Annotated[str, typer.Option(help="Bot name.")] = "basic",
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    calibrate: Annotated[
        bool, typer.Option(help="Also time the calibration loop and print the ratio.")
    ] = True,
    split: Annotated[
        bool,
        typer.Option(help="Also replay the games through the engine alone: its share of the time."),
    ] = False,
) -> None:
    """Measure engine speed: complete bot games on one core, events off. The ratio is the
    player-turns per second over those of a tight pure-Python loop on the same core."""
    from tycoon.sim.bench import bench as run_bench

    console = out()
    with user_errors():
        ed = edition_of(edition)
        seats_of(bot, False)
        if not as_json:
            console.print(plain(f"Benchmarking {ed.tag} with {players} {bot} bots...", "dim"))
        r = run_bench(
            ed.tag,
            players=players,
            games=games,
            seconds=seconds,
            seed=seed,
            bot=bot,
            calibrate=calibrate,
            split=split,
        )
        if as_json:
            sys.stdout.write(json.dumps(r) + "\n")
            return
        t = Table(title=f"bench {ed.tag}", title_justify="left", show_header=False)
        t.add_column(justify="left")
        t.add_column(justify="right")
        t.add_row("player-turns/s", f"{r['player_turns_per_s']:,.0f}")
        t.add_row("decisions/s", f"{r['decisions_per_s']:,.0f}")
        t.add_row("games/s", f"{r['games_per_s']:.2f}")
        if r["ratio"] is not None:
            t.add_row("calibration turns/s", f"{r['calibration_turns_per_s']:,.0f}")
            t.add_row("ratio", f"{r['ratio']:.3f}")
        if split:
            t.add_row("engine alone, player-turns/s", f"{r['engine_player_turns_per_s']:,.0f}")
            t.add_row("engine share of the time", f"{100 * r['engine_share']:.0f}%")
        t.add_row("peak RSS", f"{r['peak_rss_mb']:.1f} MB")
        t.add_row("engine build", r["build"])
        t.add_row("games", str(r["games"]))
        t.add_row("seconds", f"{r['seconds']:.2f}")
        console.print(t)


_register_tournament(app)
register_server_commands(app)
register_commands(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
