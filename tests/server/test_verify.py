"""`tycoon verify RECORD` (issue 11 item 9): the commitment and the replay are checked."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.server.conftest import Server
from tycoon.cli.app import app

runner = CliRunner()


def test_verify_a_finished_server_game_and_catch_tampering(server: Server, tmp_dir: Path) -> None:
    bots = [{"kind": "bot", "level": "random"}] * 3
    room = server.create("classic", bots, options={"turn_limit": 3})
    assert server.room(room["room_id"])["commitment"] is None
    server.start(room)
    commit = server.room(room["room_id"])["commitment"]
    assert len(commit) == 64
    server.wait_status(room["room_id"], "finished")
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    path = tmp_dir / "game.json"
    path.write_text(json.dumps(rec))
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    assert "commitment OK" in r.output and commit in r.output
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0
    bad = dict(rec, seed=rec["seed"] + 1)
    path.write_text(json.dumps(bad))
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 2 and "commitment" in r.output
    other = dict(rec, fair={**rec["fair"], "final_sha256": "0" * 64})
    path.write_text(json.dumps(other))
    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 2 and "final state" in r.output
    path.write_text("{nope")
    assert runner.invoke(app, ["verify", str(path)]).exit_code == 2
    assert runner.invoke(app, ["verify", str(tmp_dir / "missing.json")]).exit_code == 2
