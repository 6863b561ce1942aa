"""The output paths of the long commands (`--json FILE`, `--games-out FILE`, `--plot DIR`).

Each is checked before the run starts (`check_file`, `check_folder`), so a missing folder
or an impossible name fails at once with one error line instead of after the whole run;
`written` prints a path afterwards as plain text (a name like `[/]x.json` is shown, never
read as Rich markup).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from tycoon.console.safe import clean
from tycoon.engine.errors import OptionError


def _check_name(path: str, flag: str) -> None:
    if "\x00" in path:
        raise OptionError(f"{flag}: '{path}' is not a file name")
    try:
        os.fsencode(path)
    except UnicodeError:
        raise OptionError(f"{flag}: '{path}' is not a file name") from None


def check_file(path: str | None, flag: str, stdout: bool = False) -> None:
    """A file that can be written: its folder exists, it is no folder itself, and both
    are writable. No path passes, and `-` if it means stdout (`stdout`)."""
    if not path or (stdout and path == "-"):
        return
    _check_name(path, flag)
    p = Path(path)
    parent = p.parent
    if not parent.is_dir():
        raise OptionError(f"{flag}: no such directory '{parent}'")
    if p.is_dir():
        raise OptionError(f"{flag}: '{p}' is a directory")
    if not os.access(parent, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise OptionError(f"{flag}: cannot write '{p}'")


def check_folder(path: str | None, flag: str) -> None:
    """A folder that exists or can be made (its nearest existing ancestor is a writable
    folder), and is writable. No path passes."""
    if not path:
        return
    _check_name(path, flag)
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise OptionError(f"{flag}: '{p}' is not a folder")
    top = p
    while not os.path.lexists(top) and top != top.parent:
        top = top.parent
    if not top.is_dir():
        raise OptionError(f"{flag}: cannot make '{p}': '{top}' is not a folder")
    if not os.access(top, os.W_OK | os.X_OK):
        raise OptionError(f"{flag}: cannot write into '{top}'")


def written(console: Console, what: str, path: object) -> None:
    """`what` then the path in bold, e.g. `Result written to [/]x.json`."""
    console.print(Text.assemble(what, (clean(path), "bold")), soft_wrap=True)


def plots(console: Console, paths: Iterable[object]) -> None:
    """The line naming the plot files."""
    console.print(Text("Plots: " + ", ".join(clean(p) for p in paths)), soft_wrap=True)
