"""The terminal game renders from the views only (issue 11 item 2): no module of
`tycoon.cli` imports an edition's package, reads a state's `ext` or compares an edition id
with an edition's name; the players table shows each seat's score from the view's `scores`
under the board's `score_name`, and the wonders passports from the view's `passport`."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from tycoon.api import new_game
from tycoon.bots.base import Bot, make_bot
from tycoon.cli.terminal import TerminalGame
from tycoon.editions.registry import all_editions
from tycoon.engine.state import GameState
from tycoon.records.view import public_view
from tycoon.rules.why import money

CLI = Path(__file__).resolve().parents[1] / "src" / "tycoon" / "cli"
EDITION_NAMES = frozenset(n for ed in all_editions() for n in (ed.id, *ed.aliases))


def _names_an_edition(node: ast.expr) -> bool:
    """A string constant naming an edition, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in EDITION_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_an_edition(e) for e in node.elts)
    return False


def _compares_an_edition(node: ast.Compare) -> bool:
    """`x == "metropol"`, `x in ("builder", ...)` and the like; `"builder" in view` (is
    there such a view key?) is no comparison with an edition's name."""
    left = node.left
    for op, right in zip(node.ops, node.comparators, strict=True):
        if isinstance(op, ast.In | ast.NotIn):
            if _names_an_edition(right):
                return True
        elif _names_an_edition(left) or _names_an_edition(right):
            return True
        left = right
    return False


def _edition_module(module: str) -> bool:
    parts = module.split(".")
    return parts[:2] == ["tycoon", "editions"] and len(parts) > 2 and parts[2] in EDITION_NAMES


def offences(source: str, filename: str = "<source>") -> list[str]:
    """Where `source` reads an edition's internals: imports of `tycoon.editions.<id>`,
    reads of `.ext`, comparisons with (and dict keys of) an edition's name."""
    out: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            out += [f"{where} imports {a.name}" for a in node.names if _edition_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if _edition_module(node.module):
                out.append(f"{where} imports from {node.module}")
            elif node.module == "tycoon.editions":
                out += [
                    f"{where} imports tycoon.editions.{a.name}"
                    for a in node.names
                    if a.name in EDITION_NAMES
                ]
        elif isinstance(node, ast.Attribute) and node.attr == "ext":
            out.append(f"{where} reads .ext")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "ext"
        ):
            out.append(f"{where} reads ext via {node.func.id}")
        elif isinstance(node, ast.Compare) and _compares_an_edition(node):
            out.append(f"{where} compares with an edition's name")
        elif isinstance(node, ast.Dict):
            if any(k is not None and _names_an_edition(k) for k in node.keys):
                out.append(f"{where} keys a dict by an edition's name")
        elif isinstance(node, ast.Match):
            for case in node.cases:
                pat = case.pattern
                if isinstance(pat, ast.MatchValue) and _names_an_edition(pat.value):
                    out.append(f"{where} matches an edition's name")
    return out


def test_the_checker_finds_each_kind_of_offence() -> None:
    bad = """
import tycoon.editions.metropol.city
from tycoon.editions.wonders import FLIGHT
from tycoon.editions import builder
h = st.ext["height"]
m = getattr(st, "ext")
if st.edition.id == "metropol": pass
if v["edition_id"] in ("builder", "classic"): pass
if "wonders" != v["edition_id"]: pass
HELP = {"wonders": "..."}
"""
    found = offences(bad)
    assert len(found) == 9, found
    ok = """
from tycoon.engine.board import SquareKind
from tycoon.editions.registry import find_edition
if "city" in v or "builder" in v: pass
edition: str = "classic"
name = f"{st.edition.id}-save"
"""
    assert offences(ok) == []


def test_no_cli_module_reads_edition_internals() -> None:
    files = sorted(CLI.glob("*.py"))
    assert {p.name for p in files} >= {"terminal.py", "info.py", "help.py"}
    found = [o for p in files for o in offences(p.read_text(encoding="utf-8"), p.name)]
    assert found == []


# --- the players table: the view's scores and passports --------------------------------


def _table(st: GameState, bots: list[Bot | None] | None = None) -> str:
    out = io.StringIO()
    seats = bots or [None] + [make_bot("random", p) for p in range(1, st.n)]
    game = TerminalGame(st, seats, Console(file=out, width=220), ask=lambda _p: None)
    game.console.print(game.players_table())
    return out.getvalue()


def _row(text: str, name: str) -> list[str]:
    """The cells of the players table's row of the player called `name`."""
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)]
        if len(cells) > 3 and cells[2].startswith(f"{name} ("):
            return cells[1:-1]
    raise AssertionError(f"no row for {name} in\n{text}")


def _header(text: str) -> list[str]:
    line = next(ln for ln in text.splitlines() if "Seat" in ln)
    return [c.strip() for c in re.split(r"[│┃]", line)][1:-1]


def test_metropol_table_shows_cash_and_permits_from_the_views_scores() -> None:
    from tycoon.editions.metropol import city

    st = new_game("metropol", ["Ann", "Bob", "Cy"], 4)
    for b in city.PERMIT_BLOCKS[next(s for s in st.edition.board.streets if st.owner[s] == 0)]:
        st.ext["height"][b] = 3  # a building beside one of Ann's permits
    v = public_view(st)
    worth = [st.cash[p] + city.permits_value(st, p) for p in range(st.n)]
    assert v["scores"] == worth and worth[0] > st.cash[0]  # M-70, M-72
    text = _table(st)
    head = _header(text)
    assert "Cash and permits" in head and "Worth" not in head
    col = head.index("Cash and permits")
    cur = st.edition.board.currency
    for p, name in enumerate(st.names):
        row = _row(text, name)
        assert row[col] == money(cur, worth[p]), row
        assert row[head.index("Cash")] == money(cur, st.cash[p])


def test_wonders_table_has_the_passports_of_the_view() -> None:
    st = new_game("wonders", ["Ann", "Bob", "Cy"], 7)
    st.ext["marks"][1] = 1 << 39 | 1 << 1  # Bob has marked two wonders
    v = public_view(st)
    assert v["players"][1]["passport"] == [1, 39]
    text = _table(st)
    head = _header(text)
    assert head.index("Passport") == head.index("Net worth") + 1
    col = head.index("Passport")
    assert [_row(text, n)[col] for n in st.names] == ["0/22", "2/22", "0/22"]
    worth = [money(st.edition.board.currency, s) for s in v["scores"]]
    assert [_row(text, n)[head.index("Net worth")] for n in st.names] == worth
    out = io.StringIO()
    game = TerminalGame(st, [None, None, None], Console(file=out, width=200), ask=lambda _p: None)
    game.console.print(game.passport_panel())
    names = [game.board["squares"][s]["name_en"] for s in (1, 39)]
    assert f"Bob 2/22: {', '.join(names)}" in out.getvalue()
    classic = _table(new_game("classic", ["Ann", "Bob", "Cy"], 1))
    assert "Passport" not in _header(classic) and "Net worth" in _header(classic)


def test_builder_table_shows_points_and_keeps_a_bankrupts_points() -> None:
    from tests.editions.builder.helpers import start

    st = start(3)
    st.ext["cell_owner"][7] = 1
    st.ext["height"][7] = 2
    st.alive[2] = False
    v = public_view(st)
    assert v["scores"][1] > 0
    bots: list[Bot | None] = [None, make_bot("random", 1), make_bot("random", 2)]
    text = _table(st, bots)
    head = _header(text)
    col = head.index("Points")
    assert _row(text, st.names[1])[col] == str(v["scores"][1])
    assert _row(text, st.names[2])[col] == f"{v['scores'][2]} (bankrupt)"


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_the_score_column_is_named_by_the_board(edition: str) -> None:
    st = new_game(edition, ["Ann", "Bob", "Cy"], 3)
    name = st.edition.board_view()["score_name"]
    assert name.capitalize() in _header(_table(st))
