"""Records: the primary save format of a game (edition, options, players, seed, actions).

A record lists every applied action with its seat, chance outcomes included (seat -1), and
out-of-turn actions too, so `replay(to_record(st)) == st` (equal snapshots):

    {"format": "tycoon.record/1", "edition": "classic@1", "options": {...},
     "players": ["Ann", "Bob", "Cy"], "seed": 7,
     "actions": [[-1, "roll 3 4"], [-1, "roll 6 6"], [-1, "roll 1 2"], [0, "roll"], ...]}

Anything wrong with a record raises `RecordError` naming the field, or the step for an
action (`actions[k]` is step k + 1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tycoon.editions.registry import find_edition
from tycoon.engine.actions import action_text, parse_text
from tycoon.engine.api import apply_action, new_game
from tycoon.engine.errors import (
    ActionParseError,
    IllegalActionError,
    OptionError,
    RecordError,
    TycoonError,
)
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.snapshot import from_json, to_json

FORMAT = "tycoon.record/1"

__all__ = [
    "FORMAT",
    "RecordError",
    "load_record",
    "load_snapshot",
    "record_json",
    "replay",
    "save_record",
    "save_snapshot",
    "to_record",
]


def to_record(st: GameState) -> dict[str, Any]:
    """The record of a game: how it was set up and every action applied so far."""
    return {
        "format": FORMAT,
        "edition": st.edition.tag,
        "options": st.options.to_dict(),
        "players": list(st.names),
        "seed": st.seed,
        "actions": [[seat, action_text(a)] for seat, a in st.history],
    }


def record_json(st: GameState) -> str:
    """The record as JSON text: one action per line, so records diff well."""
    rec = to_record(st)
    head = {k: v for k, v in rec.items() if k != "actions"}
    lines = [json.dumps(a, ensure_ascii=False) for a in rec["actions"]]
    body = json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1]
    if not lines:
        return body + ', "actions": []}\n'
    return body + ', "actions": [\n  ' + ",\n  ".join(lines) + "\n]}\n"


def _field(rec: dict[str, Any], name: str, typ: type | tuple[type, ...], what: str) -> Any:
    if name not in rec:
        raise RecordError(f"record: missing field '{name}'")
    val = rec[name]
    if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
        raise RecordError(f"record: field '{name}' must be {what}, got {val!r}")
    return val


def _parse(record: dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"record: not valid JSON: {e}") from None
    if not isinstance(record, dict):
        raise RecordError(f"record: expected a JSON object, got {type(record).__name__}")
    return record


def replay(record: dict[str, Any] | str) -> GameState:
    """Rebuild a game from its record (a dict or JSON text), with events on.

    Raises RecordError for bad JSON, a missing or ill-typed field, an unknown edition or
    version, a bad option, or an action that cannot be parsed or is illegal at its step.
    """
    rec = _parse(record)
    fmt = _field(rec, "format", str, f"'{FORMAT}'")
    if fmt != FORMAT:
        raise RecordError(f"record: field 'format' must be '{FORMAT}', got '{fmt}'")
    tag = _field(rec, "edition", str, "a string 'id@version'")
    if "@" not in tag:
        raise RecordError(f"record: field 'edition' must be 'id@version', got '{tag}'")
    try:
        edition = find_edition(tag)
    except TycoonError as e:
        raise RecordError(f"record: field 'edition': {e}") from None
    options = _field(rec, "options", dict, "an object")
    players = _field(rec, "players", list, "a list of names")
    if not all(isinstance(p, str) for p in players):
        raise RecordError(f"record: field 'players' must be a list of names, got {players!r}")
    seed = _field(rec, "seed", int, "an integer")
    actions = _field(rec, "actions", list, "a list of [seat, action] pairs")
    try:
        st = new_game(edition, players, seed, options, events=True)
    except OptionError as e:
        raise RecordError(f"record: field 'options': {e}") from None
    n = st.n
    for k, item in enumerate(actions):
        where = f"record: actions[{k}] (step {k + 1})"
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or isinstance(item[0], bool)
            or not isinstance(item[1], str)
        ):
            raise RecordError(f'{where}: expected [seat, "action"], got {item!r}')
        seat, text = item
        if not CHANCE <= seat < n:
            raise RecordError(f"{where}: seat {seat} is not -1 (chance) or 0..{n - 1}")
        try:
            action = parse_text(text)
        except ActionParseError as e:
            raise RecordError(f"{where}: cannot parse action: {e}") from None
        try:
            apply_action(st, action, seat)
        except IllegalActionError as e:
            who = "chance" if seat == CHANCE else f"seat {seat}"
            raise RecordError(f"{where}: {who}: {e}") from None
        except Exception as e:  # an engine fault must still surface as a record error
            raise RecordError(
                f"{where}: applying '{text}' for seat {seat} failed: {type(e).__name__}: {e}"
            ) from e
    return st


def load_record(path: str | Path) -> GameState:
    """Read a record file and replay it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"record: cannot read '{path}': {e}") from None
    return replay(text)


def save_record(st: GameState, path: str | Path) -> None:
    """Write the record of `st` to `path` (JSON)."""
    Path(path).write_text(record_json(st), encoding="utf-8")


def save_snapshot(st: GameState, path: str | Path) -> None:
    """Write the canonical snapshot JSON of `st` to `path`."""
    Path(path).write_text(to_json(st) + "\n", encoding="utf-8")


def load_snapshot(path: str | Path) -> GameState:
    """Read a snapshot file (see `tycoon.records.snapshot`); errors are RecordError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"snapshot: cannot read '{path}': {e}") from None
    try:
        return from_json(text)
    except RecordError:
        raise
    except Exception as e:  # unknown edition, ill-typed fields: always a RecordError
        raise RecordError(f"snapshot: {type(e).__name__}: {e}") from None
