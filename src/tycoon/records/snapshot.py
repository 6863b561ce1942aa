"""Snapshot: the canonical JSON of a state (sorted keys, integer money).

`from_snapshot(snapshot(s)) == s`; a snapshot names its edition and options, so it can be
loaded on its own. The history is not part of a snapshot (a record carries it).
"""

from __future__ import annotations

import json
from typing import Any

from tycoon.editions.registry import find_edition
from tycoon.engine.errors import RecordError
from tycoon.engine.rng import Rng
from tycoon.engine.state import SNAPSHOT_FORMAT, GameState, snapshot

__all__ = ["FORMAT", "from_json", "from_snapshot", "snapshot", "to_json"]

FORMAT = SNAPSHOT_FORMAT
"""The format of a snapshot (the ground writes it: `tycoon.engine.state.snapshot`)."""


def to_json(st: GameState) -> str:
    return json.dumps(snapshot(st), sort_keys=True, separators=(",", ":"))


def _tuples(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuples(x) for x in v)
    return v


def from_snapshot(data: dict[str, Any]) -> GameState:
    """Rebuild a state from `snapshot` data; a missing or bad field raises RecordError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"snapshot: field 'format' must be '{FORMAT}'")
    try:
        ed = find_edition(str(data["edition"]))
        st = GameState()
        st.edition = ed
        st.options = ed.options_type.parse(data["options"])
        st.names = tuple(data["players"])
        st.n = len(st.names)
        st.seed = int(data["seed"])
        st.rng = Rng(int(data["rng"]))
        for key in ("cash", "pos", "alive", "jail", "owner", "mortgaged", "level"):
            setattr(st, key, list(data[key]))
        st.houses_left = int(data["houses_left"])
        st.hotels_left = int(data["hotels_left"])
        st.bank = int(data["bank"])
        st.decks = [list(d) for d in data["decks"]]
        st.card_holder = {int(k): int(v) for k, v in data["card_holder"].items()}
        st.active = int(data["active"])
        st.turn = int(data["turn"])
        st.rounds = int(data["rounds"])
        st.first = int(data.get("first", 0))
        st.last_dice = int(data["last_dice"])
        st.claims = [tuple(c) for c in data["claims"]]
        st.built_mask, st.houses_built, st.hotels_built = (int(x) for x in data["build_window"])
        st.stack = [_tuples(f) for f in data["stack"]]
        st.winners = tuple(data["winners"])
        st.termination = str(data["termination"])
        st.ext = {str(k): [int(x) for x in v] for k, v in data.get("ext", {}).items()}
    except KeyError as e:
        raise RecordError(f"snapshot: missing field {e}") from None
    except (TypeError, ValueError) as e:
        raise RecordError(f"snapshot: bad field value: {e}") from None
    st.history = []
    st.events = None
    st.landings = None
    return st


def from_json(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"snapshot: not valid JSON: {e}") from None
    return from_snapshot(data)
