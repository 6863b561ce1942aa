"""Hostile record files (item 6): corrupted variants of a real record, deep nesting, huge
integers, bad names, huge files: always a RecordError with a short message, in bounded
time, and `tycoon replay` prints one error line and exits 2."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tycoon.api import new_game
from tycoon.bots import make_bot
from tycoon.cli.app import app
from tycoon.records.record import MAX_BYTES, RecordError, load_record, record_json, replay
from tycoon.sim.driver import play

MESSAGE_MAX = 600


def _text() -> str:
    st = new_game("classic", ["Ann", "Bob", "Cy"], 7, {"turn_limit": 8})
    play(st, [make_bot("random", seed=p) for p in range(3)])
    return record_json(st)


TEXT = _text()


def _refused(text: str) -> str:
    start = time.perf_counter()
    with pytest.raises(RecordError) as e:
        replay(text)
    assert time.perf_counter() - start < 5
    message = str(e.value)
    assert len(message) <= MESSAGE_MAX, message[:200]
    return message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"a":' * 1000 + "1" + "}" * 1000, "nested"),
        ("[" * 100_000, "nested"),
        (TEXT.replace('"seed": 7', '"seed": ' + "9" * 5000), "integer of 5000 digits"),
        (TEXT.replace('"seed": 7', '"seed": 7.5'), "fractional"),
        (TEXT.replace('"seed": 7', '"seed": NaN'), "fractional"),
        (TEXT.replace('"Ann"', '"\\ud800"'), "players[0]"),
        (TEXT.replace('"Ann"', '"\\u001b]0;pwned\\u0007"'), "players[0]"),
        (TEXT.replace('"Ann"', '"' + "A" * 1_000_000 + '"'), "players[0]"),
        (TEXT.replace('"Ann"', '""'), "players[0]"),
        (TEXT.replace('"roll"', '"roll' + " x" * 100_000 + '"', 1), "not a plain action"),
        (TEXT.replace('"classic@1"', '"' + "c" * 100_000 + '@1"'), "edition"),
    ],
)
def test_hostile_records_are_refused_in_bounded_time(text: str, words: str) -> None:
    assert words in _refused(text)


def test_a_name_with_markup_is_fine() -> None:
    st = replay(TEXT.replace('"Ann"', '"[/]"'))
    assert st.names[0] == "[/]"


def test_corrupted_variants_of_a_real_record() -> None:
    """A few hundred seeded corruptions: a clean replay or a RecordError, nothing else."""
    rng = random.Random(1268)
    raw = TEXT.encode()
    refused = 0
    for _ in range(300):
        data = bytearray(raw)
        how = rng.randrange(4)
        i = rng.randrange(len(data))
        if how == 0:
            data[i] = rng.randrange(256)
        elif how == 1:
            del data[i:]
        elif how == 2:
            data[i:i] = data[rng.randrange(len(data)) :][: rng.randrange(1, 40)]
        else:
            data[i : i + rng.randrange(1, 20)] = b""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        try:
            replay(text)
        except RecordError as e:
            refused += 1
            assert len(str(e)) <= MESSAGE_MAX
    assert refused > 100


def test_big_and_endless_files(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        load_record(big)
    with pytest.raises(RecordError, match="larger than"):
        load_record("/dev/zero")
    with pytest.raises(RecordError, match="not UTF-8"):
        bad = tmp_path / "bad.json"
        bad.write_bytes(b'{"format": "\xff"}')
        load_record(bad)


def test_replay_prints_one_line_for_a_hostile_record(tmp_path: Path) -> None:
    runner = CliRunner()
    for i, text in enumerate(
        (
            TEXT.replace('"Ann"', '"\\u001b[2J\\u001b]0;x\\u0007"'),
            '{"a":' * 3000 + "1" + "}" * 3000,
            json.dumps({"format": "tycoon.record/1", "actions": [0, 12345]}),
        )
    ):
        path = tmp_path / f"r{i}.json"
        path.write_text(text, encoding="utf-8")
        r = runner.invoke(app, ["replay", str(path)])
        assert r.exit_code == 2, r.output
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: record")
        assert "\x1b" not in r.stderr
