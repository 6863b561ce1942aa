"""No input crashes the command line or the game: random text (Rich markup, control
characters, escape sequences, lone surrogates) as every command's arguments and as lines
typed at the game prompt gives a clean exit (0, or 2 with one readable error line) and no
traceback. Also the cases of the issue, one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tycoon.cli.app import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYCOON_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.chdir(tmp_path)


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


def _clean_exit(args: list[str], input: str | None = None) -> None:
    r = runner.invoke(app, args, input=input)
    assert r.exit_code in (0, 2), (args, r.exit_code, r.output, r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
    assert "Traceback" not in r.output
    if r.exit_code == 2:
        errors = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(errors) == 1 and errors[0].startswith("error: "), (args, r.stderr)
        assert "\x1b" not in errors[0] and "\x00" not in errors[0]


def _command_args(x: str) -> list[list[str]]:
    small = ["--games", "1", "--jobs", "1", "--option", "turn_limit=2"]
    return [
        ["replay", x],
        ["replay", x, "--actions"],
        ["play", x],
        ["play", "--resume", x],
        ["play", "--option", x],
        ["play", "--seats", x],
        ["play", "--names", x],
        ["play", "--windows", x],
        ["simulate", x, *small],
        ["simulate", "--option", x],
        ["simulate", "--seats", x],
        ["simulate", "--json", x, "--seats", "random,random,random", *small],
        ["bench", x],
        ["bench", "--bot", x],
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
