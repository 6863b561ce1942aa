"""No input crashes the command line or the game: random text (Rich markup, control
characters, escape sequences, lone surrogates) as every command's arguments and as lines
typed at the game prompt gives a clean exit (0, or 2 with one readable error line) and no
traceback. Also the cases of the issue, one by one."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from tycoon.api import (
    apply_action,
    is_terminal,
    legal_actions,
    new_game,
    sample_chance,
)
from tycoon.cli.app import app
from tycoon.console.safe import clean
from tycoon.editions.registry import find_edition
from tycoon.engine.types import CHANCE
from tycoon.records.record import replay, to_record
from tycoon.records.snapshot import to_json
from tycoon.server.fair import commitment, final_digest

runner = CliRunner()


@pytest.fixture(autouse=True)
def _save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYCOON_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "o").mkdir()  # the folder of the output paths (see _inside)


MARKUP = ["[/]", "[bold]", "[/x]", "[red", "]", "[", "\\", ":smile:", "[link=x]", "%s", "{}"]
CONTROL = ["\x1b[31m", "\x1b]0;title\x07", "\x00", "\r", "\t", "\x7f", "\u202e", "\x9b"]
TEXT = st.lists(
    st.one_of(
        st.sampled_from(MARKUP + CONTROL),
        st.text(st.characters(blacklist_categories=["Cs"]), max_size=6),
    ),
    max_size=5,
).map("".join)
"""Random text made of markup fragments, control characters and any other characters
(surrogates cannot be passed as process arguments, so they are tested in records)."""

FAST = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
"""Few examples: each one runs every command (the suite must stay fast on 2 cores)."""


def _clean_exit(args: list[str], input: str | None = None) -> Result:
    r = runner.invoke(app, args, input=input)
    assert r.exit_code in (0, 2), (args, r.exit_code, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert "Traceback" not in r.output
    if r.exit_code == 2:
        errors = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(errors) == 1 and errors[0].startswith("error: "), (args, r.stderr)
        assert "\x1b" not in errors[0] and "\x00" not in errors[0]
    return r


SMALL = ["--games", "1", "--jobs", "1", "--option", "turn_limit=2"]
TINY = ["--games", "2", "--jobs", "1", "--option", "turn_limit=2"]
BOTS = "random,random,random"


def _command_args(x: str) -> list[list[str]]:
    return [
        ["replay", x],
        ["replay", x, "--actions"],
        ["play", x],
        ["play", "--resume", x],
        ["play", "--option", x],
        ["play", "--seats", x],
        ["play", "--names", x],
        ["play", "--windows", x],
        ["simulate", x, *SMALL],
        ["simulate", "--option", x],
        ["simulate", "--seats", x],
        ["simulate", "--json", _inside(x), "--seats", BOTS, *SMALL],
        ["bench", x],
        ["bench", "--bot", x],
        ["analyze", x],
        ["analyze", "--policy", x],
        ["analyze", "--option", x],
        ["impact", x, *SMALL],
        ["impact", "--option", x, "--seats", BOTS, *SMALL[:4]],
        ["impact", "--base", x, "--seats", BOTS, *SMALL],
        ["impact", "--seats", x, *SMALL],
        ["tournament", x, "--bots", BOTS, *TINY],
        ["tournament", "classic", "--bots", x, *TINY],
        ["tournament", "classic", "--bots", BOTS, "--option", x, *TINY[:4]],
        ["verify", x],
        [x],
        ["play", f"--{x}"],
    ]


@FAST
@given(TEXT)
def test_random_text_in_every_argument_exits_cleanly(x: str) -> None:
    for args in _command_args(x):
        if args[0] == "play" and len(args) == 2 and not args[1].startswith("-"):
            args = [*args, "--seats", "random,random,random", "--option", "turn_limit=1"]
        _clean_exit(args, input="quit\nn\n")


def _inside(x: str) -> str:
    """`x` as an output path that stays in the test's folder: under `o/`, with no `..`
    (the tests may run as root, who may write anywhere)."""
    return "o/" + "/".join("_" if part == ".." else part for part in x.split("/"))


def _output_args(x: str) -> list[list[str]]:
    """Every output path option, named `x` (under `o/`): tiny runs that write their files."""
    path = _inside(x)
    sim = ["simulate", "--seats", BOTS, *TINY]
    imp = ["impact", "--seats", BOTS, *SMALL]
    return [
        ["analyze", "wonders", "--json", path],
        ["analyze", "wonders", "--plot", path],
        [*imp, "--json", path],
        [*imp, "--plot", path],
        ["tournament", "classic", "--bots", BOTS, *TINY, "--json", path],
        [*sim, "--games-out", f"{path}.csv"],  # games go only to .csv or Parquet
        [*sim, "--plot", path],
    ]


@FAST
@given(TEXT)
def test_random_text_as_every_output_path_exits_cleanly(x: str) -> None:
    for args in _output_args(x):
        _clean_exit(args)


HOSTILE = ["[/]x.json", "[bold]", "\x1b]0;t\x07"]
"""Names of the issue: markup that does not parse, markup that would, an escape sequence."""


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_output_paths_are_written_and_shown_as_given(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name that can be written is written and printed as it is (cleaned); a file that
    cannot ('[/]x.json': there is no folder '[') fails first with one error line (a plot
    folder is made with its parents)."""
    for k, args in enumerate(_output_args(name)):
        args = [a.removeprefix("o/") if name in a else a for a in args]
        out = args[-1]
        (tmp_path / str(k)).mkdir()
        monkeypatch.chdir(tmp_path / str(k))  # each command in a fresh folder
        r = _clean_exit(args)
        if "/" in name and args[-2] != "--plot":
            assert r.exit_code == 2 and "'['" in r.stderr, (args, r.stderr)  # no folder '['
            continue
        assert r.exit_code == 0, (args, r.output)
        shown = r.output.replace("\n", "")
        assert clean(out) in shown and "\x1b" not in r.output, (args, r.output)
        assert Path(out).exists(), args


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "classic", "--games", "100000", "--json", "no/such/dir/t.json"],
        ["impact", "--option", "turn_limit=5", "--games", "100000", "--json", "no/dir/i.json"],
        ["impact", "--option", "turn_limit=5", "--games", "100000", "--plot", "a-file/plots"],
        ["simulate", "--games", "100000", "--games-out", "no/such/dir/g.csv"],
        ["simulate", "--games", "100000", "--plot", "a-file/plots"],
        ["simulate", "--games", "100000", "--json", "."],
        ["analyze", "--json", "no/such/dir/a.json"],
        ["analyze", "--plot", "a-file"],
        ["tournament", "classic", "--games", "100000", "--json", "a\x00b"],
    ],
)
def test_bad_output_paths_fail_before_the_run(args: list[str]) -> None:
    Path("a-file").write_text("x")
    start = time.perf_counter()
    r = _clean_exit(args)
    assert r.exit_code == 2, r.output
    assert time.perf_counter() - start < 5, "the run started"


def _server_record(**change: object) -> dict[str, Any]:
    """A finished game's record as the server writes it (a two-round game, its dice drawn
    from the seed's own generator), with `change` applied."""
    st = new_game(find_edition("classic"), ["Ann", "Bob", "Cy"], 7, {"turn_limit": 2})
    while not is_terminal(st):
        if st.current_player == CHANCE:
            apply_action(st, sample_chance(st))
        else:
            apply_action(st, legal_actions(st)[-1])
    rec: dict[str, Any] = to_record(st)
    rec["fair"] = {
        "commitment": commitment(7, "ab" * 16),
        "nonce": "ab" * 16,
        "final_sha256": final_digest(to_json(replay(rec))),
    }
    rec.update(change)
    return rec


def test_verify_dev_zero_fails_at_once() -> None:
    start = time.perf_counter()
    r = _clean_exit(["verify", "/dev/zero"])
    assert time.perf_counter() - start < 5
    assert r.exit_code == 2 and "larger than 16 MB" in r.stderr


@pytest.mark.parametrize(
    "text",
    [
        json.dumps(_server_record(fair={"commitment": "[/]", "nonce": "\ud800"})),  # encode
        json.dumps(_server_record(fair={"commitment": "[/]", "nonce": "[bold]"})),
        json.dumps(_server_record(seed=10**40)),  # 41 digits
        json.dumps(_server_record(players=["[/]", "\x1b]0;t\x07", "Cy"])),
        "[" * 100_000,  # the JSON parser's recursion
        '{"fair": ' * 50_000,
        "\ufeff{}",
        "",
    ],
)
def test_verify_hostile_records_give_one_error_line(text: str) -> None:
    Path("r.json").write_text(text, encoding="utf-8")
    assert _clean_exit(["verify", "r.json"]).exit_code == 2


def test_verify_prints_a_good_record_and_a_hostile_name() -> None:
    name = "[/]\x1b]0;t\x07.json"
    Path("[").mkdir()
    Path(name).write_text(json.dumps(_server_record()), encoding="utf-8")
    r = runner.invoke(app, ["verify", name])
    assert r.exit_code == 0, r.output
    assert "commitment OK" in r.output and "turn_limit" in r.output
    r = _clean_exit(["verify", f"{name}x"])
    assert r.exit_code == 2 and clean(f"{name}x") in r.stderr


PLAY = ["play", "classic", "--seats", "human,random,random", "--seed", "3"]
PLAY += ["--option", "turn_limit=3"]


@FAST
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_random_lines_at_the_game_prompt(lines: list[str]) -> None:
    typed = [ln.replace("\n", " ").replace("\r", " ") for ln in lines]
    text = "\n".join(typed) + "\nquit\nn\n"
    _clean_exit(PLAY, input=text)


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "[/].json"],
        ["play", "--resume", "[/].json"],
        ["play", "classic", "--option", "[/x]=1"],
        ["play", "cla[/]ssic"],
        ["simulate", "cla[/]ssic"],
        ["bench", "cla[/]ssic"],
        ["play", "--seats", "heuristic,[/],random"],
        ["simulate", "--json", "[/]/x.json", "--games", "1"],
        ["play", "--names", "[/],Bob,Cy\x1b[2J"],
    ],
)
def test_issue_inputs_give_one_error_line(args: list[str]) -> None:
    r = runner.invoke(app, args, input="")
    assert r.exit_code == 2, r.output
    assert "[/" in r.stderr or "--names" in r.stderr
    _clean_exit(args, input="")


def test_markup_typed_in_a_game_is_shown_not_parsed(tmp_path: Path) -> None:
    names = ["--names", "[/],Bob,Cy"]
    lines = "[/]\nbid [/]\nsave [/].json\ninfo [/]\nquit\nn\n"
    r = runner.invoke(app, [*PLAY, *names], input=lines)
    assert r.exit_code == 0, r.output
    assert "unknown action '[/]'" in r.output
    assert "'bid [/]': expected a number" in r.output
    assert "Cannot save to '[/].json'" in r.output  # there is no folder '['
    assert "Usage: info S" in r.output


def test_names_are_checked() -> None:
    for names, message in (
        (",,", "name 1 is empty"),
        ("Ann,Ann,Cy", "must differ"),
        ("Ann,B\x1bob,Cy", "printable"),
        ("A,B", "lists 2 names for 3 seats"),
    ):
        r = runner.invoke(app, ["play", "--names", names], input="")
        assert r.exit_code == 2 and message in r.stderr, (names, r.output)


def test_resume_refuses_conflicting_flags(tmp_path: Path) -> None:
    r = runner.invoke(app, ["play", "--names", "Ann,Bob,Cy", "--seed", "1"], input="quit\nn\n")
    assert r.exit_code == 0
    for extra, flag in (
        (["--seed", "2"], "--seed"),
        (["--option", "turn_limit=3"], "--option"),
        (["--names", "A,B,C"], "--names"),
        (["wonders"], "EDITION"),
    ):
        r = runner.invoke(app, ["play", *extra, "--resume"], input="quit\nn\n")
        assert r.exit_code == 2, r.output
        assert flag in r.stderr


def test_resume_alone_takes_the_latest_autosave() -> None:
    r = runner.invoke(app, ["play", "--names", "Ann,Bob,Cy", "--seed", "1"], input="1\nquit\nn\n")
    assert r.exit_code == 0
    r = runner.invoke(app, ["play", "--resume"], input="quit\nn\n")
    assert r.exit_code == 0, r.output
    assert "Resumed" in r.output and "seed1.json" in r.output.replace("\n", "")
    assert "Ann to act" in r.output


def test_resume_without_any_autosave() -> None:
    r = runner.invoke(app, ["play", "--resume"], input="")
    assert r.exit_code == 2 and "no autosave" in r.stderr


def test_simulate_json_into_a_missing_folder_fails_first() -> None:
    r = runner.invoke(app, ["simulate", "--games", "100000", "--json", "/no/such/dir/x.json"])
    assert r.exit_code == 2
    assert "no such directory" in r.stderr


def test_parse_errors_are_one_line() -> None:
    r = runner.invoke(app, ["play", "--no-such-flag"])
    assert r.exit_code == 2
    assert r.stderr.strip().count("\n") == 0 and r.stderr.startswith("error: ")
    r = runner.invoke(app, ["simulate", "--games", "many"])
    assert r.exit_code == 2 and r.stderr.startswith("error: ")


def test_help_keeps_its_brackets() -> None:
    r = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    assert "[default: random]" in r.output


def test_metropol_auto_claim_rent_is_fixed() -> None:
    r = runner.invoke(app, ["play", "metropol", "--option", "auto_claim_rent=false"])
    assert r.exit_code == 2 and "M-31" in r.stderr
