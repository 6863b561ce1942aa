"""The builder edition at the command line and in views: `tycoon play builder` shows the
island, everyone's chips and points; a human builds a floor by text; `simulate`, `replay` and
`bench` run; a view carries the chips, the supply, the piles and the grid."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from tests.editions.builder.helpers import land_on, roll, set_chips, set_pile, start
from tycoon.bots.base import make_bot
from tycoon.cli.app import app
from tycoon.cli.terminal import TerminalGame
from tycoon.records.record import save_record
from tycoon.records.view import view

runner = CliRunner()


def test_play_builder_bots_to_a_scored_winner() -> None:
    args = ["play", "builder", "--seats", "heuristic,heuristic,random", "--seed", "3"]
    r = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Game over" in out and "Winner:" in out and "points decide" in out
    assert "Builders" in out and "Island" in out and "Supply:" in out
    assert "Points" in out


def test_human_builds_a_floor_at_the_terminal() -> None:
    st = start(3)
    set_pile(st, 2, [0, 0, 1, 0])
    land_on(st, 5)  # 6 red + the green picked up on the way
    set_chips(st, 0, [6, 0, 1, 0])
    answers = iter(["board", "floor 7 pay 2r", "board", "quit", "n"])
    out = io.StringIO()
    bots = [None, make_bot("heuristic", 1), make_bot("heuristic", 2)]
    game = TerminalGame(st, bots, Console(file=out, width=160), ask=lambda _p: next(answers))
    assert game.run() is False
    text = out.getvalue()
    assert "P0 built floor 1 on cell 7" in text or "built floor 1 on cell 7" in text
    assert "P1" in text and "6r" in text  # the chips column
    assert st.ext["height"][7] == 1 and st.ext["cell_owner"][7] == 0


def test_simulate_replay_and_bench_builder(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    args = [
        "simulate",
        "builder",
        "--games",
        "4",
        "--seats",
        "heuristic,random",
        "--json",
        str(out),
    ]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["games"] == 4 and data["edition"] == "builder@1"
    assert set(data["terminations"]) <= {"penthouse", "no_penthouse", "turn_limit"}
    st = start(3)
    roll(st, 2, 3)  # from GO to Collect 2 Resources (red)
    path = tmp_path / "rec.json"
    save_record(st, path)
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    assert "took 2 red from the supply (collect)" in r.output
    r = runner.invoke(app, ["bench", "builder", "--games", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 2


def test_view_shows_chips_supply_piles_and_the_grid() -> None:
    st = start(3)
    set_pile(st, 9, [1, 0, 0, 2])
    land_on(st, 5)
    st.ext["cell_owner"][7] = 1
    st.ext["height"][7] = 2
    st.ext["blocks"][1] -= 2
    v = view(st, 0)
    b = v["builder"]
    assert b["players"][0]["resources"] == {"red": 6, "purple": 0, "green": 0, "yellow": 0}
    assert v["players"][1]["resources"]["purple"] == 4
    assert b["supply"]["red"] == 20 - 6 - 1 and b["piles"] == {
        "9": {"red": 1, "purple": 0, "green": 0, "yellow": 2}
    }
    assert b["grid"][1][1] == [1, 2] and b["grid"][0][0] is None and b["grid"][0][1] == [-1, 0]
    assert b["players"][1]["points"]["buildings"] == 3 and b["players"][1]["blocks_left"] == 10
    assert v["pending"]["kind"] == "end_turn"
    json.dumps(v)
