"""The tycoon engine: an OpenSpiel-style API over a flat, copyable game state."""

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
]
