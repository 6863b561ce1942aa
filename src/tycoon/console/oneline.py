"""One red line for every user error, also for the command line parser's own errors.

`fail(message)` prints `error: message` (the message cleaned: no markup, no control
characters, bounded length) and exits with code 2. `OneLineGroup` is the typer group of the
`tycoon` command: a parse error (unknown option, missing value) becomes the same one line
instead of a usage box, and a bare `--resume` (no file) means the latest autosave.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text
from typer import _click as click
from typer.core import TyperGroup

from tycoon.console.safe import clean

ERROR_LIMIT = 300
"""At most this many characters of an error message are printed."""


def error_line(message: str) -> Text:
    return Text.assemble(("error:", "bold red"), " ", clean(message, ERROR_LIMIT))


def fail(message: str) -> NoReturn:
    Console(stderr=True, highlight=False).print(error_line(message), soft_wrap=True)
    raise typer.Exit(2)


def _bare_resume(args: list[str]) -> list[str]:
    """`--resume` with no file after it: the empty name, which means the latest autosave."""
    out = []
    for i, a in enumerate(args):
        out.append(a)
        if a == "--resume" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append("")
    return out


class OneLineGroup(TyperGroup):
    """The `tycoon` group: parser errors as one line, exit code 2."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = _bare_resume(list(sys.argv[1:] if args is None else args))
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(argv, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            e.show()
            sys.exit(0)
        except click.exceptions.ClickException as e:
            Console(stderr=True, highlight=False).print(
                error_line(e.format_message()), soft_wrap=True
            )
            sys.exit(e.exit_code)
        except typer.Abort:
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)
