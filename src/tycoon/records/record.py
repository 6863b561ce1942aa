"""Records: the primary save format of a game (edition, options, players, seed, actions).

A record lists every applied action with its seat, chance outcomes included (seat -1), and
out-of-turn actions too, so `replay(to_record(st)) == st` (equal snapshots):

    {"format": "tycoon.record/1", "edition": "classic@1", "options": {...},
     "players": ["Ann", "Bob", "Cy"], "seed": 7,
     "actions": [[-1, "roll 3 4"], [-1, "roll 6 6"], [-1, "roll 1 2"], [0, "roll"], ...]}

Anything wrong with a record raises `RecordError` naming the field, or the step for an
action (`actions[k]` is step k + 1). Records are read defensively: at most `MAX_BYTES` are
read, nesting deeper than `MAX_DEPTH` and integers longer than `MAX_DIGITS` digits are
refused before they are built, names must be short printable text, and every error message
quotes at most `QUOTE` characters of the bad input.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from tycoon.api import apply_action, new_game
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import action_text, parse_text
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

MAX_BYTES = 16 * 1024 * 1024
"""The largest record file read (a long game is a few hundred kilobytes)."""
MAX_DEPTH = 4
"""Records nest at most 3 deep (the object, the action list, one [seat, action] pair)."""
MAX_DIGITS = 20
"""Integers of a record fit in 64 bits; longer digit strings are refused unparsed."""
MAX_NAME = 40
"""The longest player name."""
MAX_TEXT = 200
"""The longest string field (an action's text, an option value)."""
QUOTE = 60
"""At most this many characters of a bad value are quoted in an error."""

__all__ = [
    "FORMAT",
    "RecordError",
    "load_record",
    "load_snapshot",
    "parse_record",
    "read_bounded",
    "record_json",
    "replay",
    "save_record",
    "save_snapshot",
    "to_record",
    "valid_name",
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


def _quote(val: Any) -> str:
    """A bounded repr of a bad value for an error message."""
    try:
        text = repr(val) if not isinstance(val, (list, dict)) or len(val) < 50 else ""
    except (RecursionError, ValueError):
        text = ""
    if not text or len(text) > QUOTE:
        kind = type(val).__name__
        size = f" of length {len(val)}" if isinstance(val, (str, list, dict)) else ""
        text = (text[:QUOTE] + "...") if text else f"a {kind}{size}"
    return text.encode("ascii", "backslashreplace").decode("ascii")


def _field(rec: dict[str, Any], name: str, typ: type | tuple[type, ...], what: str) -> Any:
    if name not in rec:
        raise RecordError(f"record: missing field '{name}'")
    val = rec[name]
    if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
        raise RecordError(f"record: field '{name}' must be {what}, got {_quote(val)}")
    return val


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before the JSON parser recurses into it."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(f"record: nested more than {MAX_DEPTH} levels deep")
        elif c in "]}":
            depth -= 1


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"record: an integer of {len(digits)} digits (at most {MAX_DIGITS})")
    return int(digits)


class _Fraction(RecordError):
    """A fractional number in a record's JSON (a record holds none)."""


def _no_float(text: str) -> float:
    raise _Fraction(f"record: a record holds no fractional numbers, got {_quote(text)}")


SUMMARY_KEYS = frozenset({"games", "seats", "wins", "win_rate"})
"""Fields of a `tycoon simulate` summary (`tycoon.sim.stats.summary`) that no record has."""


def not_a_record(obj: object) -> str:
    """Why a JSON value is no game record at all, by what it is instead, or '' when it may
    be one (its fields are then checked one by one)."""
    if not isinstance(obj, dict) or "format" in obj or "actions" in obj:
        return ""
    if obj.keys() >= SUMMARY_KEYS:
        return (
            "this is the summary of `tycoon simulate` (games, seats, wins, win rates), not "
            "the record of a game; `tycoon replay` reads a game's record (the terminal's "
            "`save FILE`, an autosave, `save_record`)"
        )
    fields = ", ".join(_quote(k) for k in list(obj)[:8])
    return f"not the record of a game: no field 'format' ('{FORMAT}') and no 'actions' ({fields})"


def parse_record(record: dict[str, Any] | str) -> dict[str, Any]:
    """The JSON object of a record, read defensively (size, depth, integer length; no
    fractions); RecordError otherwise. A dict is only checked to be one."""
    if isinstance(record, str):
        text = record
        if len(text) > MAX_BYTES:
            raise RecordError(f"record: larger than {MAX_BYTES} characters")
        _check_depth(text)
        try:
            record = json.loads(
                text, parse_int=_bounded_int, parse_float=_no_float, parse_constant=_no_float
            )
        except _Fraction as e:  # what is the file, then? (size and depth are checked)
            try:
                other = not_a_record(json.loads(text, parse_int=_bounded_int))
            except (ValueError, RecursionError):
                other = ""
            raise RecordError(f"record: {other}" if other else str(e)) from None
        except json.JSONDecodeError as e:
            raise RecordError(f"record: not valid JSON: {e.msg} at line {e.lineno}") from None
        except RecursionError:
            raise RecordError("record: nested too deep") from None
    if not isinstance(record, dict):
        raise RecordError(f"record: expected a JSON object, got {type(record).__name__}")
    return record


def _printable(text: str) -> bool:
    """No control, format, private or surrogate characters (nothing that can steer a
    terminal or fail to encode)."""
    return not any(unicodedata.category(ch)[0] == "C" for ch in text)


def valid_name(text: str, limit: int = MAX_NAME) -> bool:
    """A name records accept: 1 to `limit` printable characters, not blank (the one rule
    for players here and for every name the server stores)."""
    return bool(text.strip()) and len(text) <= limit and _printable(text)


def _check_players(players: list[Any]) -> None:
    for i, p in enumerate(players):
        if not isinstance(p, str):
            raise RecordError(
                f"record: field 'players' must be a list of names, got players[{i}] = {_quote(p)}"
            )
        if not valid_name(p):
            raise RecordError(
                f"record: players[{i}] must be 1 to {MAX_NAME} printable characters, "
                f"got {_quote(p)}"
            )


def _check_options(options: dict[str, Any]) -> None:
    for key, val in options.items():
        if len(key) > MAX_TEXT or not _printable(key):
            raise RecordError(f"record: field 'options' has a bad key {_quote(key)}")
        if not isinstance(val, (bool, int, str)) or (
            isinstance(val, str) and (len(val) > MAX_TEXT or not _printable(val))
        ):
            raise RecordError(f"record: option '{key}' has a bad value {_quote(val)}")


def replay(record: dict[str, Any] | str) -> GameState:
    """Rebuild a game from its record (a dict or JSON text), with events on.

    Raises RecordError for bad JSON, a missing or ill-typed field, an unknown edition or
    version, a bad option, or an action that cannot be parsed or is illegal at its step.
    """
    rec = parse_record(record)
    other = not_a_record(rec)
    if other:
        raise RecordError(f"record: {other}")
    fmt = _field(rec, "format", str, f"'{FORMAT}'")
    if fmt != FORMAT:
        raise RecordError(f"record: field 'format' must be '{FORMAT}', got '{fmt}'")
    tag = _field(rec, "edition", str, "a string 'id@version'")
    if "@" not in tag or len(tag) > MAX_NAME or not _printable(tag):
        raise RecordError(f"record: field 'edition' must be 'id@version', got {_quote(tag)}")
    try:
        edition = find_edition(tag)
    except TycoonError as e:
        raise RecordError(f"record: field 'edition': {e}") from None
    options = _field(rec, "options", dict, "an object")
    _check_options(options)
    players = _field(rec, "players", list, "a list of names")
    _check_players(players)
    seed = _field(rec, "seed", int, "an integer")
    actions = _field(rec, "actions", list, "a list of [seat, action] pairs")
    try:
        st = new_game(edition, players, seed, options, events=True)
    except OptionError as e:
        raise RecordError(f"record: field 'options': {str(e)[: QUOTE * 4]}") from None
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
            raise RecordError(f'{where}: expected [seat, "action"], got {_quote(item)}')
        seat, text = item
        if len(text) > MAX_TEXT or not _printable(text):
            raise RecordError(f"{where}: the action text {_quote(text)} is not a plain action")
        if not CHANCE <= seat < n:
            raise RecordError(f"{where}: seat {seat} is not -1 (chance) or 0..{n - 1}")
        try:
            action = parse_text(text)
        except ActionParseError as e:
            raise RecordError(f"{where}: cannot parse action: {str(e)[: QUOTE * 4]}") from None
        try:
            apply_action(st, action, seat)
        except IllegalActionError as e:
            who = "chance" if seat == CHANCE else f"seat {seat}"
            raise RecordError(f"{where}: {who}: {str(e)[: QUOTE * 8]}") from None
        except Exception as e:  # an engine fault must still surface as a record error
            raise RecordError(
                f"{where}: applying {_quote(text)} for seat {seat} failed: "
                f"{type(e).__name__}: {str(e)[:QUOTE]}"
            ) from e
    return st


def read_bounded(path: str | Path, what: str = "record") -> str:
    """The text of a file of at most MAX_BYTES bytes (UTF-8); RecordError otherwise.
    Never reads more than MAX_BYTES + 1 bytes (`/dev/zero` fails at once)."""
    shown = _quote(str(path))
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError(f"{what}: cannot read {shown}: {e.strerror or e}") from None
    except ValueError:  # a NUL in the name
        raise RecordError(f"{what}: cannot read {shown}: not a file name") from None
    if len(data) > MAX_BYTES:
        raise RecordError(f"{what}: {shown} is larger than {MAX_BYTES // 1024 // 1024} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{what}: {shown} is not UTF-8 text (byte {e.start})") from None


def load_record(path: str | Path) -> GameState:
    """Read a record file and replay it."""
    return replay(read_bounded(path))


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
