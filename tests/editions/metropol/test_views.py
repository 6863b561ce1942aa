"""The city in views, records and the terminal: `tycoon play`, `simulate`, `replay` and
`bench` on metropol (issue items 1 and 6)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.editions.metropol.helpers import act, game, roll, turn
from tycoon.api import new_game
from tycoon.cli.app import app
from tycoon.records.record import replay, save_record, to_record
from tycoon.records.snapshot import from_json, to_json
from tycoon.records.view import view

runner = CliRunner()


def test_view_shows_city_permits_and_choices() -> None:
    st = game()
    st.ext["height"][0] = 1
    st.ext["city"][0] -= 1
    roll(st, 1, 1, 1)
    v = view(st, 0)
    assert v["city"]["height"][0] == 1 and v["city"]["blocks_left"] == 79
    assert v["pending"]["kind"] == "choice" and v["pending"]["choice"] == "triples"
    assert "go 5" in v["legal_actions"] and all(p["left"] is False for p in v["players"])
    act(st, "go 4")
    assert view(st, 0)["pending"]["kind"] == "auction"
    json.dumps(view(st))


def test_snapshot_and_record_keep_the_city() -> None:
    st = new_game("metropol", ["Ann", "Bob", "Cy"], 4)
    for t in ("roll 6 6 6", "roll 1 1 2", "roll 1 1 2", "roll", "roll 1 2 4"):
        act(st, t)
    while st.stack[-1][0] != turn.BUILDING:
        act(st, "pass")
    act(st, "block 7")
    again = from_json(to_json(st))
    assert again == st and again.ext["height"][7] == 1
    assert replay(to_record(st)) == st


def _record(tmp_path: Path) -> Path:
    st = new_game("metropol", ["Ann", "Bob", "Cy"], 4)
    for t in ("roll 6 6 6", "roll 1 1 2", "roll 1 1 2", "roll", "roll 1 2 4"):
        act(st, t)
    path = tmp_path / "metropol.json"
    save_record(st, path)
    return path


def test_replay_metropol_record(tmp_path: Path) -> None:
    r = runner.invoke(app, ["replay", str(_record(tmp_path))])
    assert r.exit_code == 0, r.output
    assert "Ann rolled 6+6+6 (for the first player)" in r.output
    assert "Ann rolled 1+2+4" in r.output and "was dealt" in r.output


def test_play_metropol_shows_the_city() -> None:
    args = ["play", "metropol", "--seats", "human,heuristic,heuristic", "--seed", "3"]
    r = runner.invoke(
        app,
        [*args, "--names", "Ann,Bob,Cy"],
        input="1\nboard\nquit\nn\n",
        env={"COLUMNS": "200"},
    )
    assert r.exit_code == 0, r.output
    assert "Metropol city" in r.output and "blocks left" in r.output
    assert "Bridges: South Bridge free" in r.output


def test_watch_metropol_to_a_winner() -> None:
    args = ["play", "metropol", "--seats", "heuristic,heuristic,heuristic", "--seed", "2"]
    r = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert r.exit_code == 0, r.output
    assert "Winner:" in r.output and "Final standings" in r.output


def test_simulate_and_bench_metropol() -> None:
    args = ["simulate", "metropol", "--games", "4", "--seats", "heuristic,random,random"]
    r = runner.invoke(app, [*args, "--jobs", "1", "--json", "-"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output[r.output.index("{") :])
    assert data["games"] == 4 and data["edition"] == "metropol@1"
    r = runner.invoke(app, ["bench", "metropol", "--games", "3", "--json"])
    assert r.exit_code == 0, r.output
    bench = json.loads(r.output)
    assert bench["games"] == 3 and bench["player_turns_per_s"] > 0
