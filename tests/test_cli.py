"""The `tycoon` command line, run in-process with typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tycoon.cli.app import app
from tycoon.engine.api import apply_action, new_game
from tycoon.records.record import load_record, save_record

runner = CliRunner()

PLAY = ["play", "classic", "--seats", "human,random,random", "--seed", "5"]
PLAY += ["--names", "Ann,Bob,Cy"]


def _record(tmp_path: Path) -> Path:
    """A short scripted game: roll-off, Ann rolls 2+3 to Southern Railways and buys it."""
    st = new_game("classic", ["Ann", "Bob", "Cy"], 7)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "buy", "end-turn"):
        apply_action(st, t)
    path = tmp_path / "game.json"
    save_record(st, path)
    return path


def test_editions_lists_classic() -> None:
    r = runner.invoke(app, ["editions"])
    assert r.exit_code == 0, r.output
    assert "classic@1" in r.output
    assert "Eurobiznes" in r.output
    assert "auto_claim_rent" in r.output
    assert "turn_limit=0" in r.output


def test_simulate_writes_json_with_all_keys(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    args = ["simulate", "classic", "--games", "4", "--seats", "random,random,random"]
    args += ["--seed", "3", "--jobs", "1", "--option", "turn_limit=30", "--json", str(out)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    for key in (
        "games",
        "edition",
        "seats",
        "seed",
        "options",
        "wins",
        "win_rate",
        "terminations",
        "turns",
        "bankruptcies",
        "landings",
        "landing_share",
    ):
        assert key in data
    assert data["games"] == 4
    assert data["seed"] == 3
    assert data["seats"] == ["random", "random", "random"]
    assert data["options"]["turn_limit"] == 30
    assert set(data["turns"]) == {"mean", "median", "p95", "min", "max"}
    assert set(data["win_rate"][0]) == {"rate", "low", "high"}
    assert len(data["landings"]) == 40
    assert "Win rate" in r.output
    assert "Terminations:" in r.output


def test_simulate_json_to_stdout_matches_file_and_jobs(tmp_path: Path) -> None:
    base = ["simulate", "--games", "6", "--seats", "random,random,random", "--seed", "9"]
    base += ["--option", "turn_limit=20"]
    a = runner.invoke(app, [*base, "--jobs", "1", "--json", "-"])
    b = runner.invoke(app, [*base, "--jobs", "2", "--json", "-"])
    assert a.exit_code == 0 and b.exit_code == 0
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_bench_json_has_the_keys() -> None:
    r = runner.invoke(app, ["bench", "classic", "--games", "1", "--players", "3", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) == {
        "player_turns_per_s",
        "decisions_per_s",
        "games_per_s",
        "peak_rss_mb",
        "games",
        "seconds",
    }
    assert data["games"] == 1


def test_replay_prints_events_and_actions(tmp_path: Path) -> None:
    path = _record(tmp_path)
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    assert "Ann goes first" in r.output
    assert "Ann bought Southern Railways for $400" in r.output
    assert "Game in progress after 7 actions" in r.output
    r = runner.invoke(app, ["replay", str(path), "--actions"])
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()[:1].isdigit()]
    assert len(lines) == 7
    assert "buy" in lines[5]
    assert "chance" in lines[0]


def test_play_scripted_human_then_quit() -> None:
    r = runner.invoke(app, PLAY, input="nonsense\n1\n99\nquit\nn\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "unknown action 'nonsense'" in out
    assert "No action number 99" in out
    # After the roll, Ann is asked again (a new decision), then quits without saving.
    assert out.count("Ann to act") >= 2
    assert "Save the game before quitting? [y/N]" in out
    assert "Game left." in out


def test_play_save_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    r = runner.invoke(app, PLAY, input=f"1\nsave {path}\nquit\nn\n")
    assert r.exit_code == 0, r.output
    assert f"Saved to {path}" in r.output.replace("\n", "")
    st = load_record(path)
    assert st.names == ("Ann", "Bob", "Cy")
    assert st.seed == 5
    assert any(seat == 0 and str(a) == "roll" for seat, a in st.history)
    r = runner.invoke(
        app, ["play", "--resume", str(path), "--seats", "human,random,random"], input="quit\nn\n"
    )
    assert r.exit_code == 0, r.output
    assert "Resumed" in r.output
    assert "Ann to act" in r.output


def test_play_quit_with_save(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    r = runner.invoke(app, PLAY, input=f"quit\ny\n{path}\n")
    assert r.exit_code == 0, r.output
    assert load_record(path).seed == 5


def test_play_end_of_input_leaves_cleanly() -> None:
    r = runner.invoke(app, PLAY, input="")
    assert r.exit_code == 0, r.output
    assert "End of input" in r.output


def test_watch_bots_play_to_the_end() -> None:
    args = ["play", "--seats", "random,random,random", "--seed", "1"]
    r = runner.invoke(app, [*args, "--option", "turn_limit=10"])
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    assert "Winner:" in r.output


def test_unknown_option_exits_2() -> None:
    r = runner.invoke(app, ["simulate", "classic", "--option", "nope=1", "--games", "1"])
    assert r.exit_code == 2
    assert "unknown option 'nope'" in r.output
    assert "Traceback" not in r.output


def test_user_errors_exit_2(tmp_path: Path) -> None:
    cases = [
        (["simulate", "monopoly-nope"], "unknown edition"),
        (["simulate", "--seats", "random,robot,random"], "unknown seat kind 'robot'"),
        (["simulate", "--seats", "human,random,random"], "unknown seat kind 'human'"),
        (["simulate", "--option", "turn_limit"], "key=value"),
        (["simulate", "--option", "turn_limit=soon"], "turn_limit"),
        (["play", "--seats", "human,random"], "3 to 6 players"),
        (["play", "--names", "A,B", "--seats", "human,random,random"], "--names"),
        (["replay", str(tmp_path / "missing.json")], "cannot read"),
        (["bench", "--bot", "nobody"], "unknown seat kind"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases.append((["replay", str(bad)], "not valid JSON"))
    cases.append((["play", "--resume", str(bad)], "not valid JSON"))
    for args, message in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert message in r.output, (args, r.output)
        assert "Traceback" not in r.output


def test_human_claims_rent_in_a_response_window() -> None:
    import io

    from rich.console import Console

    from tycoon.bots.base import make_bot
    from tycoon.cli.terminal import TerminalGame

    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    st.owner[5] = 0  # Ann owns Southern Railways
    for t in ("roll 1 2", "roll 6 6", "roll 1 2", "roll", "roll 2 3"):
        apply_action(st, t)
    assert st.pos[1] == 5 and st.claims == [(0, 1, 50, st.turn)]
    prompts: list[str] = []
    answers = iter(["mortgage 7", "claim 1", "", "quit", "n"])

    def ask(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    bots = [None, make_bot("heuristic", 1), make_bot("heuristic", 2)]
    game = TerminalGame(st, bots, Console(file=out, width=120), ask=ask)
    assert game.run() is False
    text = out.getvalue()
    assert "Out-of-turn window for Ann: Bob is about to act (end of turn)" in text
    assert "claim 1" in text and "rent $50 from Bob" in text
    assert len(prompts) == 5
    assert "pass" in prompts[0] and "Save" in prompts[4]
    assert "'mortgage 7' is not legal now" in text
    assert "Out-of-turn window for Ann: Cy is about to act (pre-roll phase" in text
    assert st.cash[0] == 3000 + 50
    assert st.cash[1] == 3000 - 50
    assert st.claims == []
