"""The tycoon engine: an OpenSpiel-style API over a flat, copyable game state.

Names are loaded on first use, so importing a submodule (`tycoon.engine.errors`) never
pulls in the whole engine (and editions may import engine types freely).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "Action": "actions",
    "Kind": "actions",
    "apply_action": "api",
    "chance_outcomes": "api",
    "clone": "api",
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
    "Refusal": "why",
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
    from tycoon.engine.actions import Action, Kind
    from tycoon.engine.api import (
        apply_action,
        chance_outcomes,
        clone,
        is_legal,
        is_terminal,
        legal_actions,
        new_game,
        outcome,
        parse_action,
        returns,
        sample_chance,
    )
    from tycoon.engine.errors import IllegalActionError, OptionError, RecordError, TycoonError
    from tycoon.engine.events import Event
    from tycoon.engine.state import GameState
    from tycoon.engine.types import BANK, CHANCE, TERMINAL, Outcome, Termination
    from tycoon.rules.why import Refusal, why_illegal


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        where = _EXPORTS[name]
        package = "tycoon.rules" if where == "why" else "tycoon.engine"
        value = getattr(importlib.import_module(f"{package}.{where}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tycoon.engine' has no attribute {name!r}")
