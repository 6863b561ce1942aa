"""The `serve` and `verify` commands (registered on the typer app by `register`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from tycoon.console.oneline import error_line, fail
from tycoon.console.safe import clean, plain_line

UNFINISHED = 3
"""`tycoon verify`'s exit code for the record of a game that is not over."""


def register(app: typer.Typer) -> None:
    """Add `tycoon serve` and `tycoon verify` to the command-line app."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: a free one).")] = 8000,
        db: Annotated[
            str, typer.Option(help="Store: a SQLite file, or postgresql://user@host/db.")
        ] = "tycoon.db",
        grace: Annotated[
            float, typer.Option(min=0.0, help="Seconds a disconnected seat waits for its player.")
        ] = 30.0,
        bot_delay: Annotated[
            int, typer.Option(min=0, help="Default milliseconds before each bot action.")
        ] = 800,
        origin: Annotated[
            list[str] | None, typer.Option(help="Another allowed WebSocket Origin (repeatable).")
        ] = None,
        rate: Annotated[
            float, typer.Option(min=0.1, help="Messages a second per connection (burst 3x).")
        ] = 20.0,
        header_timeout: Annotated[
            float,
            typer.Option(min=0.1, help="Seconds a connection has to send a whole request."),
        ] = 10.0,
        conns_per_address: Annotated[
            int, typer.Option(min=1, help="Open connections per client address.")
        ] = 64,
        rooms_per_address: Annotated[
            int, typer.Option(min=1, help="Unfinished rooms one client address may create.")
        ] = 20,
        open_ttl: Annotated[
            float, typer.Option(min=1.0, help="Seconds an open room nobody is in lasts.")
        ] = 3600.0,
        finished_ttl: Annotated[
            float,
            typer.Option(min=1.0, help="Seconds a finished room stays (its record is kept)."),
        ] = 6 * 3600.0,
        seed: Annotated[
            int | None,
            typer.Option(
                min=0,
                max=2**64 - 1,
                help="Deal games from this seed upward (reproducible, so not secret: "
                "for tests and demonstrations).",
            ),
        ] = None,
        advertise: Annotated[
            str | None,
            typer.Option(
                help="The address other instances send this one's clients to "
                "(default: the address it listens on)."
            ),
        ] = None,
        lease: Annotated[
            float,
            typer.Option(
                min=0.5, help="PostgreSQL: seconds a room's lease lasts (takeover after it)."
            ),
        ] = 3.0,
        max_conns: Annotated[int, typer.Option(min=1, help="Open connections at most.")] = 2000,
        hold_commit: Annotated[float, typer.Option(min=0.0, hidden=True)] = 0.0,
    ) -> None:
        """Run the game server (HTTP + WebSocket; protocol: docs/protocol.md)."""
        from tycoon.server.config import Config
        from tycoon.server.main import serve as run

        try:
            run(
                Config(
                    db=db,
                    grace_s=grace,
                    bot_delay_ms=bot_delay,
                    origins=tuple(origin or ()),
                    rate=rate,
                    burst=max(60, int(3 * rate)),
                    seed=seed,
                    header_timeout_s=header_timeout,
                    conns_per_address=conns_per_address,
                    rooms_per_address=rooms_per_address,
                    open_ttl_s=open_ttl,
                    finished_ttl_s=finished_ttl,
                    sweep_s=min(30.0, open_ttl / 4, finished_ttl / 4),
                    advertise=advertise.rstrip("/") if advertise else None,
                    lease_s=lease,
                    max_conns=max_conns,
                    hold_commit_s=hold_commit,
                ),
                host,
                port,
            )
        except OSError as e:
            fail(f"cannot serve on {host}:{port}: {e.strerror or e}")

    @app.command()
    def verify(
        record: Annotated[Path, typer.Argument(help="A finished game's record from the server.")],
    ) -> None:
        """Check a server record: the seed matches the commitment published at the start,
        every dice roll is the seed's own, and the actions replay to the recorded final
        state. Exit 0: verified; 2: it is not (the message names the step); 3: the game
        is not over."""
        from tycoon.engine.errors import TycoonError
        from tycoon.records.record import read_bounded
        from tycoon.server.fair import Unfinished
        from tycoon.server.fair import verify as check

        try:  # read as `tycoon replay` reads: at most 16 MB, bounded depth and integers
            summary = check(read_bounded(record))
        except Unfinished as e:  # its own exit code: nothing is wrong, nothing is proven
            Console(stderr=True, highlight=False).print(error_line(str(e)), soft_wrap=True)
            raise typer.Exit(UNFINISHED) from None
        except TycoonError as e:
            fail(str(e))
        out = Console(highlight=False)
        out.print(Text.assemble(("commitment OK", "green"), " ", clean(summary["commitment"])))
        out.print(
            plain_line(
                f"replayed {summary['actions']} actions: {summary['termination'] or 'not over'}, "
                f"winners {summary['winners']}; final state {summary['final_sha256'][:16]}..."
            )
        )
