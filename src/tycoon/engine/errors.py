"""Errors raised by the engine, records and option parsing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class TycoonError(Exception):
    """Base class of every error tycoon raises on purpose."""


class IllegalActionError(TycoonError, ValueError):
    """An action that the rules do not allow now; the message lists the legal ones."""

    def __init__(self, action: Any, legal: Sequence[Any], reason: str = "", rule: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        self.reason = reason
        """Why the rules refuse it, in one line ('' if not known)."""
        self.rule = rule
        """The rule id that refuses it ('' if none in particular)."""
        if rule and reason:
            reason = f"{rule}: {reason}"
        shown = ", ".join(str(a) for a in self.legal[:40])
        more = f" (+{len(self.legal) - 40} more)" if len(self.legal) > 40 else ""
        why = f": {reason}" if reason else ""
        super().__init__(f"illegal action '{action}'{why}; legal actions: {shown or 'none'}{more}")


class ActionParseError(TycoonError, ValueError):
    """Text that is not an action of the vocabulary."""


class OptionError(TycoonError, ValueError):
    """An unknown or ill-typed edition option."""


class RecordError(TycoonError, ValueError):
    """A record or snapshot that cannot be read or replayed; names the field or step."""
