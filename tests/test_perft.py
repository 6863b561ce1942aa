"""Perft counts (python-chess perft files): from fixed positions stored as records in
tests/perft/<edition>.json, the number of action sequences of each depth must not change
unless the rules do. Regenerate after an intended change with `scripts/perft.py --write`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tycoon.api import new_game
from tycoon.editions.registry import edition_ids
from tycoon.records.record import replay
from tycoon.rules.perft import divide, perft

PERFT = Path(__file__).resolve().parent / "perft"
REGENERATE = "regenerate with `.venv/bin/python scripts/perft.py --write` if intended"


def _positions() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for path in sorted(PERFT.glob("*.json")):
        doc = json.loads(path.read_text())
        out.extend((doc["edition"], i, p) for i, p in enumerate(doc["positions"]))
    return out


POSITIONS = _positions()


def test_every_edition_has_perft_positions() -> None:
    assert sorted({ed for ed, _i, _p in POSITIONS}) == edition_ids()


@pytest.mark.parametrize(
    ("edition", "index", "doc"), POSITIONS, ids=[f"{e}-{i}" for e, i, _d in POSITIONS]
)
def test_perft_counts(edition: str, index: int, doc: dict[str, Any]) -> None:
    st = replay(doc["record"])
    found = [perft(st, d) for d in range(1, doc["depth"] + 1)]
    assert found == doc["counts"], f"{edition} position {index}: {REGENERATE}"


def test_perft_of_the_first_roll_counts_every_ordered_pair() -> None:
    st = new_game("classic", 3, seed=0, events=False)
    assert perft(st, 0) == 1 and perft(st, 1) == 36 and perft(st, 2) == 36 * 36
    parts = divide(st, 2)
    assert len(parts) == 36 and set(parts.values()) == {36}
    assert sum(parts.values()) == perft(st, 2)


def test_perft_of_a_terminal_state_is_one() -> None:
    st = new_game("classic", 3, seed=0, events=False)
    st.termination = "turn_limit"
    assert perft(st, 3) == 1 and divide(st, 2) == {}
