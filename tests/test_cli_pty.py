"""The terminal game driven through a real pseudo-terminal (pexpect): markup typed at the
prompt, Ctrl-C and Ctrl-D ask whether to save, the autosave and `--resume` alone, `save`
asks before overwriting, a refused build explains itself."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

TYCOON = str(Path(sys.executable).with_name("tycoon"))
PLAY = ["play", "classic", "--seats", "human,random,random", "--seed", "3"]
PLAY += ["--names", "Ann,Bob,Cy"]


def _spawn(tmp_path: Path, args: list[str]) -> pexpect.spawn:
    env = dict(os.environ, TYCOON_SAVE_DIR=str(tmp_path / "saves"), COLUMNS="110", LINES="40")
    env["NO_COLOR"] = "1"
    return pexpect.spawn(
        TYCOON, args, cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60, echo=False
    )


def test_markup_ctrl_c_ctrl_d_and_autosave(tmp_path: Path) -> None:
    child = _spawn(tmp_path, PLAY)
    child.expect("Ann > ")
    child.sendline("[/]")
    child.expect("unknown action")
    child.expect("Ann > ")
    child.sendline("bid [/]")
    child.expect("expected a number")
    child.expect("Ann > ")
    child.sendline("build 1")
    child.expect("refused: C-48: you do not own Thessaloniki")
    child.expect("Ann > ")
    child.sendintr()  # Ctrl-C: asked, and goes on playing
    child.expect("Interrupted. The game is autosaved in")
    child.expect(r"\[c\]ontinue playing: ")
    child.sendline("c")
    child.expect("Ann > ")
    child.sendline("save game.json")
    child.expect("Saved to")
    child.expect("Ann > ")
    child.sendline("save game.json")
    child.expect("exists. Overwrite it")
    child.sendline("n")
    child.expect("Not saved.")
    child.expect("Ann > ")
    child.sendeof()  # Ctrl-D: asked too
    child.expect("End of input")
    child.expect(r"\[c\]ontinue playing: ")
    child.sendline("n")
    child.expect("Game left.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saves = list((tmp_path / "saves").glob("classic-*-seed3.json"))
    assert len(saves) == 1
    assert (tmp_path / "game.json").exists()

    again = _spawn(tmp_path, ["play", "--resume", "--seats", "human,random,random"])
    again.expect("Resumed")
    again.expect("Ann > ")
    again.sendline("quit")
    again.expect(r"\[c\]ontinue playing: ")
    again.sendline("n")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_closed_stdin_leaves_cleanly(tmp_path: Path) -> None:
    import subprocess

    env = dict(os.environ, TYCOON_SAVE_DIR=str(tmp_path / "saves"))
    r = subprocess.run(
        [TYCOON, *PLAY], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
        timeout=60, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "End of input" in r.stdout
    r = subprocess.run(
        f"{TYCOON} {' '.join(PLAY)} <&-", shell=True, capture_output=True, text=True, env=env,
        timeout=60, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "lost sys.stdin" not in r.stderr
