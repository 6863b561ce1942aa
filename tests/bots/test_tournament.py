"""`tycoon tournament`: seat rotation, reproducible JSON whatever the number of processes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from tycoon.cli.app import app
from tycoon.sim.tournament import labels, seat_entries, tournament


def test_seat_rotation_every_entry_plays_every_seat_equally_often() -> None:
    n = 4
    seen: Counter[tuple[int, int]] = Counter()
    for i in range(3 * n):
        entries = seat_entries(i, n)
        assert sorted(entries) == list(range(n))
        seen.update((p, e) for p, e in enumerate(entries))
    assert set(seen.values()) == {3} and len(seen) == n * n


def test_games_are_rounded_up_to_whole_rotations_and_wins_add_up() -> None:
    r = tournament("classic", ["basic", "random", "random"], 4, seed=3, jobs=1)
    assert r["games"] == 6
    assert abs(sum(e["wins"] for e in r["entries"]) - 6) < 1e-9
    assert [e["label"] for e in r["entries"]] == ["basic", "random#1", "random#2"]
    assert all(0 <= e["win_rate"]["low"] <= e["win_rate"]["high"] <= 1 for e in r["entries"])
    assert labels(["a", "a"]) == ["a#1", "a#2"]


def test_tournament_json_is_reproducible_and_independent_of_jobs(tmp_path: Path) -> None:
    runner = CliRunner()
    outs = []
    for jobs in (1, 2, 1):
        path = tmp_path / f"t{len(outs)}.json"
        res = runner.invoke(
            app,
            [
                *("tournament", "metropol", "--bots", "basic,random,random", "--games", "6"),
                *("--seed", "5", "--jobs", str(jobs), "--json", str(path)),
            ],
        )
        assert res.exit_code == 0, res.output
        assert "Rating" in res.output
        outs.append(json.loads(path.read_text()))
    assert outs[0] == outs[1] == outs[2]
    basic = outs[0]["entries"][0]
    assert basic["bot"] == "basic" and basic["rating"]["mu"] > outs[0]["entries"][1]["rating"]["mu"]


def test_tournament_bad_bot_is_a_clear_error() -> None:
    res = CliRunner().invoke(app, ["tournament", "classic", "--bots", "basic,wizard,basic"])
    assert res.exit_code == 2 and "wizard" in res.output
