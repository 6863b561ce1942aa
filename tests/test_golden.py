"""Golden records (OpenSpiel playthroughs): replay each stored game and diff its final
snapshot; regenerate it with scripts/make_golden.py and diff the file byte for byte.
Files: tests/golden/<edition>/<name>.json (classic: 3, 4, 6 players; wonders: 2, 4, 6;
metropol: 3, 4, 6; builder: 2, 3, 4).

After an intended change of the rules, the bots or the driver, regenerate with
`.venv/bin/python scripts/make_golden.py` and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tycoon.records.describe import describe_events
from tycoon.records.record import replay
from tycoon.records.snapshot import snapshot

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
EDITIONS = ("builder", "classic", "metropol", "wonders")
REGENERATE = "regenerate with `.venv/bin/python scripts/make_golden.py` if the change is intended"


def _script() -> ModuleType:
    name = "make_golden"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


MG = _script()
NAMES = [f"{g.edition}/{g.name}" for g in MG.GAMES]
"""Each golden game as `edition/name` (its path under tests/golden, without `.json`)."""


def _path(name: str) -> Path:
    return GOLDEN / f"{name}.json"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_path(name).read_text(encoding="utf-8"))
    return data


def _game(name: str) -> Any:
    return next(g for g in MG.GAMES if f"{g.edition}/{g.name}" == name)


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    keys = sorted(set(a) | set(b))
    diffs = [k for k in keys if a.get(k) != b.get(k)]
    return ", ".join(f"{k}: {a.get(k)!r} != {b.get(k)!r}" for k in diffs[:5])


def test_golden_files_exist() -> None:
    files = sorted(f"{p.parent.name}/{p.stem}" for p in GOLDEN.glob("*/*.json"))
    assert files == sorted(NAMES)
    assert {p.name for p in GOLDEN.iterdir() if p.is_dir()} == set(EDITIONS)
    for edition, sizes in (
        ("classic", {3, 4, 6}),
        ("wonders", {2, 4, 6}),
        ("metropol", {3, 4, 6}),
    ):
        assert {len(g.bots) for g in MG.GAMES if g.edition == edition} == sizes


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_stored_snapshot(name: str) -> None:
    doc = _load(name)
    assert doc["format"] == "tycoon.golden/1" and f"{name.split('/')[0]}/{doc['name']}" == name
    st = replay(doc["record"])
    assert st.edition.id == name.split("/")[0]
    got = snapshot(st)
    assert got == doc["snapshot"], _first_difference(got, doc["snapshot"])
    assert st.termination == doc["snapshot"]["termination"] != ""
    lines = describe_events(st)[: MG.EVENT_LINES]
    assert lines == doc["events"]
    assert len(lines) == MG.EVENT_LINES


@pytest.mark.parametrize("name", NAMES)
def test_regenerating_gives_the_same_file(name: str) -> None:
    doc = MG.build(_game(name))
    stored = _load(name)
    assert doc["record"] == stored["record"], f"the game plays differently now; {REGENERATE}"
    assert doc == stored, REGENERATE
    text = _path(name).read_text(encoding="utf-8")
    assert MG.render(doc) == text, f"file format differs; {REGENERATE}"


def test_generation_is_deterministic(tmp_path: Path) -> None:
    assert MG.main(["--out", str(tmp_path)]) == 0
    first = {f"{p.parent.name}/{p.stem}": p.read_bytes() for p in tmp_path.glob("*/*.json")}
    assert MG.main(["--out", str(tmp_path), "--check"]) == 0
    again = {f"{p.parent.name}/{p.stem}": p.read_bytes() for p in tmp_path.glob("*/*.json")}
    assert first == again and sorted(first) == sorted(NAMES)
    for name, data in first.items():
        assert data == _path(name).read_bytes(), f"{name}: {REGENERATE}"


def test_a_changed_golden_is_caught(tmp_path: Path) -> None:
    doc = _load(NAMES[0])
    doc["record"]["actions"] = doc["record"]["actions"][:-40]
    st = replay(doc["record"])
    assert snapshot(st) != doc["snapshot"]
    (tmp_path / "classic").mkdir()
    (tmp_path / f"{NAMES[0]}.json").write_text("{}\n")
    assert MG.main(["--out", str(tmp_path), "--check"]) == 1


def test_wonders_golden_games_show_passports() -> None:
    """The wonders records end by a complete passport; marks and flights are described."""
    for name in (n for n in NAMES if n.startswith("wonders/")):
        doc = _load(name)
        snap = doc["snapshot"]
        assert snap["termination"] == "completed", name
        st = replay(doc["record"])
        full = st.edition.board.constants["wonders_to_complete"]
        assert max(m.bit_count() for m in st.ext["marks"]) == full
        lines = describe_events(st)
        assert any(" in the passport" in ln for ln in lines)
        assert any("visited every wonder and gets the bonus of kr 30 000" in ln for ln in lines)
