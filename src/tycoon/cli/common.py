"""What every `tycoon` command shares: the user errors (one red line, exit code 2), the
console, and the checked edition, options and seats of a command line. The command modules
(`app`, `analytics`, `tournament`) import this; none imports `app`, which builds the typer
app and registers every command (`tycoon.cli.app`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console

from tycoon.bots.base import bot_names, make_bot, shown_name
from tycoon.console.oneline import fail
from tycoon.console.safe import clean
from tycoon.editions.base import Edition
from tycoon.editions.registry import find_edition
from tycoon.engine.errors import TycoonError

HUMAN = "human"
"""The seat kind of a human player at the terminal."""


class CliError(Exception):
    """A user error: printed as one red line, exit code 2."""


def out() -> Console:
    """The console a command prints to."""
    return Console(highlight=False)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a user can cause into a one-line message and exit code 2."""
    try:
        yield
    except (CliError, TycoonError) as e:
        fail(str(e))
    except OSError as e:
        where = f" '{clean(e.filename)}'" if e.filename else ""
        fail(f"cannot access{where}: {e.strerror or e}")


def edition_of(name: str) -> Edition:
    """The edition named `name` (id or alias); an unknown one is a user error."""
    try:
        return find_edition(name)
    except TycoonError as e:
        raise CliError(str(e)) from None


def options_of(ed: Edition, pairs: list[str] | None) -> dict[str, Any]:
    """`--option k=v` pairs, checked against the edition's options."""
    raw: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, val = pair.partition("=")
        if not eq or not key.strip():
            raise CliError(f"option '{pair}' must be written key=value")
        raw[key.strip()] = val.strip()
    ed.options_type.parse(raw)  # raises OptionError naming the bad key
    return raw


def _lower_level(seat: str) -> str:
    """`Strong:50` -> `strong:50`; a level's argument (a weights file's path) keeps its case."""
    level, sep, arg = seat.partition(":")
    return level.lower() + sep + arg


def seats_of(text: str, allow_human: bool) -> list[str]:
    """The seat kinds of a comma-separated list (bots, with `human` where allowed), each by
    its one shown name; an unknown kind is a user error."""
    names = [_lower_level(s.strip()) for s in text.split(",")]
    known = bot_names()
    allowed = [*known, HUMAN] if allow_human else known
    if not names or any(not s for s in names):
        raise CliError(f"bad seats '{text}': write a comma-separated list of {', '.join(allowed)}")
    for s in names:
        if s not in allowed:
            try:  # a level with an argument: strong:50 (ms), strong:20i, learned:PATH
                make_bot(s, 0)
            except ValueError as e:
                if s.partition(":")[0] in known:  # a known level: what is wrong with its argument
                    raise CliError(f"bad seat '{s}': {e}") from None
                raise CliError(
                    f"unknown seat kind '{s}' in '{text}'; known: {', '.join(allowed)}"
                ) from None
    return [s if s == HUMAN else shown_name(s) for s in names]  # one name per level
