"""The tycoon engine: an OpenSpiel-style API over a flat, copyable game state.

The package's modules are the ground (docs/architecture.md): types, state, actions, board
schema, hooks, errors, events. The names below are the public API, re-exported from
`tycoon.api` and the ground on first use: loading this package (as importing any of its
modules does) imports nothing, so the ground never loads the editions above it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "Action": "actions",
    "Kind": "actions",
    "apply_action": "api",
    "chance_outcomes": "api",
    "clone": "state",
    "is_legal": "api",
    "is_terminal": "api",
    "legal_actions": "api",
    "new_game": "api",
    "outcome": "api",
    "parse_action": "api",
    "returns": "api",
    "sample_chance": "api",
    "IllegalActionError": "errors",
    "OptionError": "errors",
    "RecordError": "errors",
    "TycoonError": "errors",
    "Event": "events",
    "GameState": "state",
    "BANK": "types",
    "CHANCE": "types",
    "TERMINAL": "types",
    "Outcome": "types",
    "Termination": "types",
    "Refusal": "errors",
    "why_illegal": "why",
}

__all__ = [
    "BANK",
    "CHANCE",
    "TERMINAL",
    "Action",
    "Event",
    "GameState",
    "IllegalActionError",
    "Kind",
    "OptionError",
    "Outcome",
    "RecordError",
    "Refusal",
    "Termination",
    "TycoonError",
    "apply_action",
    "chance_outcomes",
    "clone",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "returns",
    "sample_chance",
    "why_illegal",
]

if TYPE_CHECKING:
    from tycoon.api import (
        apply_action,
        chance_outcomes,
        is_legal,
        is_terminal,
        legal_actions,
        new_game,
        outcome,
        parse_action,
        returns,
        sample_chance,
    )
    from tycoon.engine.actions import Action, Kind
    from tycoon.engine.errors import (
        IllegalActionError,
        OptionError,
        RecordError,
        Refusal,
        TycoonError,
    )
    from tycoon.engine.events import Event
    from tycoon.engine.state import GameState, clone
    from tycoon.engine.types import BANK, CHANCE, TERMINAL, Outcome, Termination
    from tycoon.rules.why import why_illegal


def __getattr__(name: str) -> Any:
    where = _EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module 'tycoon.engine' has no attribute {name!r}")
    if where == "api":
        from tycoon import api

        value = getattr(api, name)
    elif where == "why":
        from tycoon.rules import why

        value = getattr(why, name)
    else:
        value = getattr(importlib.import_module(f"tycoon.engine.{where}"), name)  # the ground
    globals()[name] = value
    return value
