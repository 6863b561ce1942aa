"""The `help` text of the terminal game: the shared commands, then the actions of the
edition being played as its board gives them (`board_view` key `help`, action texts in
backquotes, shown in bold; the edition's text is escaped, never read as markup)."""

from __future__ import annotations

import re

from rich.markup import escape

COMMON = """\
Type the [bold]number[/] of a listed action, or any legal action as text. Amounts are
free: [bold]bid 255[/] is accepted whenever the rules allow it, listed or not.
Squares are board numbers (see [bold]board[/]); players are seat numbers.
Commands (the menu is shown again after each):
  [bold]help[/]       this text           [bold]board[/]  the board and the players
  [bold]info S[/]     square S in full    [bold]log[/]    the last 100 events
  [bold]more[/]       the whole menu      [bold]wait[/]   ask me at the next out-of-turn window
  [bold]save FILE[/]  save the record     [bold]quit[/]   leave (you are asked whether to save)
The game autosaves after every action; [bold]tycoon play --resume[/] goes on with the latest.
In an out-of-turn window press Enter (or type [bold]pass[/]) to let the game go on."""

_CODE = re.compile(r"`([^`]*)`")


def help_text(edition_help: str) -> str:
    """The help (Rich markup) with the edition's paragraph `edition_help` (`board_view`)."""
    own = _CODE.sub(lambda m: f"[bold]{m.group(1)}[/]", escape(edition_help))
    return f"{COMMON}\n{own}" if own else COMMON
