"""Autosave: the terminal game writes its record after every action to a file it names at
the start, so a game is never lost (`tycoon play --resume` alone takes the latest).

The directory is `$TYCOON_SAVE_DIR`, else `$XDG_DATA_HOME/tycoon/saves`, else
`~/.local/share/tycoon/saves`. Each write goes to a temporary file first and then replaces
the save, so a crash mid-write never leaves a broken record.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from tycoon.engine.errors import TycoonError
from tycoon.engine.state import GameState
from tycoon.records.record import record_json


class NoAutosave(TycoonError):
    """`--resume` without a file, but no autosave exists."""


def save_dir() -> Path:
    env = os.environ.get("TYCOON_SAVE_DIR")
    if env:
        return Path(env)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "tycoon" / "saves"


def latest_autosave() -> Path:
    """The most recently written autosave."""
    d = save_dir()
    saves = sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime) if d.is_dir() else []
    if not saves:
        raise NoAutosave(f"no autosave in '{d}'; give the file: tycoon play --resume FILE")
    return saves[-1]


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


@dataclass
class Autosave:
    """Where one game is autosaved, and how far."""

    path: Path
    saved: int = -1
    """History length at the last write."""
    error: str = field(default="")
    """The last write error ('' if the last write worked)."""

    @classmethod
    def start(cls, st: GameState, resumed: Path | None = None) -> Autosave:
        """A new autosave file for `st`, or the resumed autosave itself."""
        d = save_dir()
        if resumed is not None and resumed.resolve().parent == d.resolve():
            return cls(resumed)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = f"{st.edition.id}-{stamp}-seed{st.seed}"
        path = d / f"{base}.json"
        k = 2
        while path.exists():
            path = d / f"{base}-{k}.json"
            k += 1
        return cls(path)

    def save(self, st: GameState) -> bool:
        """Write the record if it changed; False (and `error` set) if it cannot be written."""
        if len(st.history) == self.saved:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, record_json(st))
        except OSError as e:
            self.error = str(e.strerror or e)
            return False
        self.saved = len(st.history)
        self.error = ""
        return True
