"""The `tycoon` command line, run in-process with typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tycoon.api import apply_action, new_game
from tycoon.cli.app import app
from tycoon.records.record import load_record, save_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def _save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves go to the test's own folder."""
    monkeypatch.setenv("TYCOON_SAVE_DIR", str(tmp_path / "saves"))


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
        "calibration_turns_per_s",
        "ratio",
        "decisions_per_s",
        "games_per_s",
        "peak_rss_mb",
        "build",
        "games",
        "seconds",
    }
    loop = data["calibration_turns_per_s"]
    assert loop > 0 and data["ratio"] == round(data["player_turns_per_s"] / loop, 4)
    assert data["games"] == 1


def test_bench_split_prints_the_engines_share() -> None:
    args = ["bench", "builder", "--games", "1", "--players", "3", "--no-calibrate", "--split"]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "engine alone, player-turns/s" in r.output and "engine share of the time" in r.output
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    # the share divides two separately timed runs of the same game, so on a loaded machine
    # a one-game bench can put it a little above 1; it is a measurement, not a bound
    assert data["engine_share"] > 0 and data["engine_player_turns_per_s"] > 0


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
    assert "Save to a file before leaving? [y]es, [n]o, or [c]ontinue playing" in out
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
        (["simulate", "--seats", "strong:soon,basic,basic"], "bad search budget 'soon'"),
        # a learned bot's weights file: its path keeps its case, its error is the reason
        (["simulate", "--seats", f"learned:{tmp_path}/No.npz,basic,basic"], "No.npz"),
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
    assert "'mortgage 7' is refused: Chance (red) is not a deed" in text
    assert "Out-of-turn window for Ann: Cy is about to act (pre-roll phase" in text
    assert st.cash[0] == 3000 + 50
    assert st.cash[1] == 3000 - 50
    assert st.claims == []


# --- wonders -------------------------------------------------------------------------------

W_PLAY = ["play", "wonders", "--seats", "human,heuristic,heuristic", "--seed", "7"]
W_PLAY += ["--names", "Ann,Bob,Cy"]


def _wonders_record(tmp_path: Path) -> Path:
    """Ann rolls 2+3 to London Heathrow Airport, buys it, and her free flight marks the
    Great Wall of China (W-52)."""
    st = new_game("wonders", ["Ann", "Bob", "Cy"], 7)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "buy", "mark 39"):
        apply_action(st, t)
    apply_action(st, "end-turn")
    assert st.ext["marks"] == [1 << 39, 0, 0]
    assert st.cash == [26000, 30000, 30000]
    path = tmp_path / "wonders.json"
    save_record(st, path)
    return path


def test_editions_lists_wonders_with_its_options() -> None:
    r = runner.invoke(app, ["editions"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "wonders@1" in r.output
    assert "Monopoly Wonders of the World" in r.output
    assert "2-6" in r.output
    for name in ("quick_play", "three_house_hotels", "time_game", "rent_collection"):
        assert name in r.output
    assert "tie_break_cash" in r.output and "hotel_valuation_houses" in r.output
    assert "wonders options (--option key=value)" in r.output


def test_editions_lists_the_house_rules_each_edition_offers() -> None:
    """Issue 9 (house rules): `tycoon editions` lists every house rule an edition offers,
    with its one-line explanation, in that edition's options table only."""
    from tycoon.editions.base import HOUSE_RULES
    from tycoon.editions.registry import all_editions

    r = runner.invoke(app, ["editions"], env={"COLUMNS": "400"})
    assert r.exit_code == 0, r.output
    for ed in all_editions():
        start = r.output.index(f"{ed.id} options (--option key=value)")
        end = r.output.find(" options (--option key=value)", start + len(ed.id) + 30)
        table = r.output[start : end if end > 0 else None]
        offered = {name for name, *_ in ed.options_type.describe()}
        for rule in HOUSE_RULES:
            assert (rule in table) == (rule in offered), (ed.id, rule)
        for name, _typ, _default, doc in ed.options_type.describe():
            if name in HOUSE_RULES:
                assert doc.startswith("house rule:") and doc[:40] in table, (ed.id, name)


def test_simulate_wonders_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "wonders.json"
    args = ["simulate", "wonders", "--games", "4", "--seats", "heuristic,random,heuristic"]
    args += ["--seed", "2", "--jobs", "1", "--option", "quick_play=true", "--json", str(out)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text())
    assert data["edition"] == "wonders@1"
    assert data["games"] == 4
    assert data["seats"] == ["basic", "random", "basic"]  # one name per level
    assert data["options"]["quick_play"] is True
    assert sum(data["wins"]) == 4
    assert sum(data["terminations"].values()) == 4
    assert set(data["terminations"]) <= {"completed", "last_player", "turn_limit"}
    assert len(data["landings"]) == 40
    assert "Win rate" in r.output


def test_simulate_wonders_two_players_and_bad_option() -> None:
    r = runner.invoke(app, ["simulate", "wonders", "--games", "1", "--seats", "random,random"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["simulate", "wonders", "--option", "rent_collection=never"])
    assert r.exit_code == 2
    assert "rent_collection" in r.output and "Traceback" not in r.output


def test_play_wonders_shows_passports_and_kroner() -> None:
    r = runner.invoke(app, W_PLAY, input="1\nboard\nquit\nn\n", env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Monopoly Wonders of the World, seed 7" in out
    assert "Passport" in out and "0/22" in out
    assert "Passports (marked wonders)" in out
    assert "Ann 0/22: no wonder yet" in out
    assert "kr 30 000" in out
    assert "$" not in out
    assert out.count("Ann to act") >= 2
    assert "Game left." in out


def test_replay_wonders_record(tmp_path: Path) -> None:
    path = _wonders_record(tmp_path)
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    assert "Monopoly Wonders of the World (wonders@1), seed 7" in r.output
    assert "Ann bought London Heathrow Airport for kr 4 000" in r.output
    assert "Ann marked Great Wall of China in the passport (free flight)" in r.output
    assert "Game in progress after 8 actions" in r.output
    r = runner.invoke(app, ["replay", str(path), "--actions"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()[:1].isdigit()]
    assert len(lines) == 8
    assert "mark 39" in lines[6] and "marks Great Wall of China in the passport" in lines[6]


def test_human_takes_the_free_flight_at_the_terminal() -> None:
    """The FLIGHT decision is shown with every unmarked wonder; the human marks one by text."""
    import io

    from rich.console import Console

    from tycoon.bots.base import make_bot
    from tycoon.cli.terminal import TerminalGame

    st = new_game("wonders", ["Ann", "Bob", "Cy"], 7)
    st.owner[39] = 1  # Bob owns the Great Wall of China
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "buy"):
        apply_action(st, t)
    answers = iter(["more", "mark 5", "mark 39", "board", "quit", "n"])
    out = io.StringIO()
    bots = [None, make_bot("heuristic", 1), make_bot("heuristic", 2)]
    game = TerminalGame(st, bots, Console(file=out, width=160), ask=lambda _p: next(answers))
    assert game.run() is False
    text = out.getvalue()
    assert "free flight: choose a wonder to mark in your passport (22 left)" in text
    assert "mark S  22 choices: S = 1, 3, 6" in text  # grouped until 'more
    assert "mark Great Wall of China (kr 8 000, owned by Bob)" in text
    assert "mark Stonehenge (kr 1 200, unowned)" in text
    assert "'mark 5' is refused" in text  # an airport is not a wonder
    assert "Ann marked Great Wall of China in the passport (free flight)" in text
    assert st.ext["marks"][0] == 1 << 39
    assert "Ann 1/22: Great Wall of China" in text


def test_view_has_passports_only_where_the_edition_keeps_them() -> None:
    from tycoon.records.view import view

    st = new_game("wonders", ["Ann", "Bob", "Cy"], 7)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "buy"):
        apply_action(st, t)
    v = view(st, 0)
    assert v["pending"] == {
        "kind": "flight",
        "seat": 0,
        "summary": "free flight: choose a wonder to mark in your passport (22 left)",
    }
    assert [p["passport"] for p in v["players"]] == [[], [], []]
    assert "mark 39" in v["legal_actions"] and "mark 5" not in v["legal_actions"]
    apply_action(st, "mark 39")
    v = view(st, 1)
    assert [p["passport"] for p in v["players"]] == [[39], [], []]
    json.dumps(v)
    classic = view(new_game("classic", 3, 1), 0)
    assert all("passport" not in p for p in classic["players"])


def test_record_errors_keep_their_brackets(tmp_path: Path) -> None:
    """Issue 10: a record error quotes the bad part as written (brackets are text, not
    markup that would eat them)."""
    data = json.loads(_record(tmp_path).read_text(encoding="utf-8"))
    data["players"] = [0, 12345]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2
    assert "field 'players' must be a list of names, got players[0] = 0" in r.output


def test_play_ends_by_default() -> None:
    """Without a turn limit a classic game may never end (two basic and two random seats
    with 15000 each ran past 6,000 rounds): `tycoon play` sets PLAY_TURN_LIMIT rounds
    unless told otherwise, and says so."""
    from tycoon.cli.app import PLAY_TURN_LIMIT

    seats = ["--seats", "random,random,random,random", "--seed", "3", "--no-autosave"]
    r = runner.invoke(app, ["play", *seats, "--option", "starting_cash=1000000000"])
    assert r.exit_code == 0, r.output
    assert f"ends after {PLAY_TURN_LIMIT} rounds at the latest" in r.output
    assert "Game over after 800 turns: the turn limit was reached" in r.output
    r = runner.invoke(app, ["play", *seats, "--option", "turn_limit=3"])
    assert r.exit_code == 0 and "rounds at the latest" not in r.output


def test_replay_of_a_simulate_summary_says_what_the_file_is(tmp_path: Path) -> None:
    """`tycoon replay sim.json` said only "a record holds no fractional numbers" (the
    summary's win rates); it now names the file as a simulate summary, exit code 2."""
    path = tmp_path / "sim.json"
    r = runner.invoke(
        app, ["simulate", "classic", "--games", "2", "--jobs", "1", "--json", str(path)]
    )
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2
    assert "the summary of `tycoon simulate`" in r.output and "not the record of a game" in r.output
    assert "fractional" not in r.output
    other = tmp_path / "other.json"
    other.write_text('{"name": "x", "score": 1.5}', encoding="utf-8")
    r = runner.invoke(app, ["replay", str(other)])
    assert r.exit_code == 2 and "not the record of a game: no field 'format'" in r.output


def test_bots_have_one_name_everywhere() -> None:
    """`impact` said "heuristic" where `simulate` said "basic": every command shows a bot by
    its level; `heuristic` stays an accepted alias of `basic` (`search` of `strong`)."""
    r = runner.invoke(
        app, ["impact", "classic", "-o", "auto_claim_rent=true", "--games", "1", "--jobs", "1"]
    )
    assert r.exit_code == 0, r.output
    assert "heuristic" not in r.output and "basic" in r.output
    args = ["simulate", "classic", "--games", "1", "--jobs", "1", "--json", "-"]
    r = runner.invoke(app, [*args, "--seats", "heuristic,search:2i,random"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["seats"] == ["basic", "strong:2i", "random"]


def test_editions_reads_at_80_columns() -> None:
    """`tycoon editions` folded every option name inside a narrow table column at 80
    columns; now each option is a line of its own (name=default, type and range) with its
    meaning below it, no line wider than the terminal."""
    from tycoon.editions.registry import all_editions

    r = runner.invoke(app, ["editions"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    for ed in all_editions():
        ranges = ed.options_type.ranges()
        for name, typ, default, _doc in ed.options_type.describe():
            head = f"  {name}={json.dumps(default)}  ({typ}"
            if name in ranges:
                head += f", {ranges[name][0]} to {ranges[name][1]}"
            assert any(line.startswith(head + ")") for line in lines), head


def test_readme_lists_every_termination() -> None:
    """The README's simulation output names every way a game ends (it missed completed,
    penthouse and no_penthouse)."""
    from tycoon.engine.types import Termination

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `terminations` |"))
    for t in Termination:
        assert f"`{t.value}`" in row, t
