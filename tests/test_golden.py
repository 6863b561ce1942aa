"""Golden records (OpenSpiel playthroughs): replay each stored game and diff its final
snapshot; regenerate it with scripts/make_golden.py and diff the file byte for byte.

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
GOLDEN = ROOT / "tests" / "golden" / "classic"
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
NAMES = [g.name for g in MG.GAMES]


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    keys = sorted(set(a) | set(b))
    diffs = [k for k in keys if a.get(k) != b.get(k)]
    return ", ".join(f"{k}: {a.get(k)!r} != {b.get(k)!r}" for k in diffs[:5])


def test_golden_files_exist() -> None:
    files = sorted(p.stem for p in GOLDEN.glob("*.json"))
    assert files == sorted(NAMES)
    sizes = {len(g.bots) for g in MG.GAMES}
    assert sizes == {3, 4, 6}


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_stored_snapshot(name: str) -> None:
    doc = _load(name)
    assert doc["format"] == "tycoon.golden/1" and doc["name"] == name
    st = replay(doc["record"])
    got = snapshot(st)
    assert got == doc["snapshot"], _first_difference(got, doc["snapshot"])
    assert st.termination == doc["snapshot"]["termination"] != ""
    lines = describe_events(st)[: MG.EVENT_LINES]
    assert lines == doc["events"]
    assert len(lines) == MG.EVENT_LINES


@pytest.mark.parametrize("name", NAMES)
def test_regenerating_gives_the_same_file(name: str) -> None:
    game = next(g for g in MG.GAMES if g.name == name)
    doc = MG.build(game)
    stored = _load(name)
    assert doc["record"] == stored["record"], f"the game plays differently now; {REGENERATE}"
    assert doc == stored, REGENERATE
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert MG.render(doc) == text, f"file format differs; {REGENERATE}"


def test_generation_is_deterministic(tmp_path: Path) -> None:
    assert MG.main(["--out", str(tmp_path)]) == 0
    first = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert MG.main(["--out", str(tmp_path), "--check"]) == 0
    again = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert first == again and len(first) == len(NAMES)
    for name, data in first.items():
        assert data == (GOLDEN / name).read_bytes(), f"{name}: {REGENERATE}"


def test_a_changed_golden_is_caught(tmp_path: Path) -> None:
    doc = _load(NAMES[0])
    doc["record"]["actions"] = doc["record"]["actions"][:-40]
    st = replay(doc["record"])
    assert snapshot(st) != doc["snapshot"]
    (tmp_path / f"{NAMES[0]}.json").write_text("{}\n")
    assert MG.main(["--out", str(tmp_path), "--check"]) == 1
