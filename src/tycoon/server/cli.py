"""The `serve` and `verify` commands (registered on the typer app by `register`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


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
    ) -> None:
        """Run the game server (HTTP + WebSocket; protocol: docs/protocol.md)."""
        from tycoon.server.main import serve as run
        from tycoon.server.manager import Config

        try:
            run(
                Config(
                    db=db,
                    grace_s=grace,
                    bot_delay_ms=bot_delay,
                    origins=tuple(origin or ()),
                    rate=rate,
                    burst=max(60, int(3 * rate)),
                ),
                host,
                port,
            )
        except OSError as e:
            _fail(f"cannot serve on {host}:{port}: {e.strerror or e}")

    @app.command()
    def verify(
        record: Annotated[Path, typer.Argument(help="A finished game's record from the server.")],
    ) -> None:
        """Check a server record: the seed matches the commitment published at the start,
        and the actions replay to the recorded final state."""
        from tycoon.engine.errors import TycoonError
        from tycoon.server.fair import verify as check

        try:
            text = record.read_text(encoding="utf-8")
            summary = check(text)
        except (OSError, UnicodeDecodeError) as e:
            _fail(f"cannot read '{record}': {e}")
        except json.JSONDecodeError as e:
            _fail(f"record: not valid JSON: {e}")
        except TycoonError as e:
            _fail(str(e))
        out = Console()
        out.print(f"[green]commitment OK[/] {summary['commitment']}")
        out.print(
            f"replayed {summary['actions']} actions: {summary['termination'] or 'not over'}, "
            f"winners {summary['winners']}; final state {summary['final_sha256'][:16]}..."
        )


def _fail(message: str) -> None:
    Console(stderr=True).print(f"[red]{message}[/]")
    raise typer.Exit(2)
