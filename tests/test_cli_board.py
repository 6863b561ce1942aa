"""The terminal's board (issue 10 item 5): each edition's board fits 80x24 (one line per
square, rent now, owner and buildings), and a smaller terminal is told so."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tycoon.api import new_game
from tycoon.cli.terminal import TerminalGame
from tycoon.records.view import public_view

EDITIONS = ["classic", "wonders", "builder", "metropol"]


def _game(edition: str, width: int, height: int) -> tuple[TerminalGame, io.StringIO]:
    st = new_game(edition, 4, 1, events=True)
    buf = io.StringIO()
    console = Console(file=buf, width=width, height=height, color_system=None, force_terminal=False)
    return TerminalGame(st, [None] * 4, console), buf


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_board_fits_80x24_with_a_line_per_square(edition: str) -> None:
    game, buf = _game(edition, 80, 24)
    st = game.st
    deed = next(sq["index"] for sq in game.board["squares"] if sq["kind"] == "street")
    st.owner[deed] = 2  # a deed of seat 2: its owner and rent show on its line
    game.console.print(game.board_table(public_view(st)))
    lines = buf.getvalue().splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    name = game.board["squares"][deed]["name"]
    row = next(line for line in lines if name[:10] in line)
    rent = public_view(st)["rent"][deed]
    assert rent is not None and st.names[2] in row, row
    assert "too small" not in buf.getvalue() and "drawn for at least" not in buf.getvalue()


def test_a_terminal_below_80x24_is_told_so() -> None:
    game, buf = _game("classic", 60, 20)
    game.show_table()
    assert "The terminal is 60x20; the game is drawn for at least 80x24" in buf.getvalue()


def test_the_players_table_tags_houses_hotels_and_mortgages() -> None:
    """Issue 10: a hotel shows as "(hotel)" (it was eaten as markup), houses as "(2h)", a
    mortgaged deed as "(M)"."""
    game, buf = _game("classic", 120, 40)
    st = game.st
    for s in (1, 3):  # Thessaloniki and Athens, the brown group of seat 0
        st.owner[s] = 0
    st.level[1], st.level[3] = 5, 2
    st.owner[5] = 0
    st.mortgaged[5] = True
    game.console.print(game.players_table(public_view(st)))
    out = buf.getvalue()
    assert "(hotel)" in out and "(2h)" in out and "(M)" in out
