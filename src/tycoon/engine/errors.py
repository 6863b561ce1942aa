"""Errors raised by the engine, records and option parsing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple


class TycoonError(Exception):
    """Base class of every error tycoon raises on purpose."""


ECHO: Final = 80
"""At most this many characters of a refused text are repeated in an error message."""


def echo(text: str, limit: int = ECHO) -> str:
    """`text` cut to `limit` characters (with '...'), unprintable characters as '?'."""
    cut = text[:limit]
    shown = "".join(ch if ch.isprintable() else "?" for ch in cut)
    return shown + "..." if len(text) > limit else shown


class Refusal(NamedTuple):
    """A refused action: the rule that refuses it ('' if none in particular) and why."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


SHOWN: Final = 30
"""At most this many legal actions are listed in the message (`legal` holds them all)."""


class IllegalActionError(TycoonError, ValueError):
    """An action that the rules do not allow now. The message repeats at most 80 characters
    of the action and lists at most `SHOWN` legal ones ("... and N more"); `legal` is the
    whole list.

    Most refusals are caught unread (`is_legal` probes, the invariant checker), so the
    message is built when first read (`str`, `repr`, a traceback, `args`), then kept."""

    def __init__(self, action: Any, legal: Sequence[Any], reason: str = "", rule: str = "") -> None:
        self.action = action
        self.legal = list(legal)
        self.reason = reason
        """Why the rules refuse it, in one line ('' if not known)."""
        self.rule = rule
        """The rule id that refuses it ('' if none in particular)."""
        self._message: str | None = None
        # pickling and copying rebuild the error from these (`args` reads the message)
        super().__init__(action, self.legal, reason, rule)

    def _text(self) -> str:
        if self._message is None:
            reason = f"{self.rule}: {self.reason}" if self.rule and self.reason else self.reason
            shown = ", ".join(str(a) for a in self.legal[:SHOWN])
            more = f" ... and {len(self.legal) - SHOWN} more" if len(self.legal) > SHOWN else ""
            why = f": {echo(reason, 200)}" if reason else ""
            text = echo(str(self.action))
            self._message = f"illegal action '{text}'{why}; legal actions: {shown or 'none'}{more}"
        return self._message

    @property
    def args(self) -> tuple[Any, ...]:
        return (self._text(),)

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        self._message = str(Exception(*value))  # the text an exception of these args has

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._text()!r})"


class ActionParseError(TycoonError, ValueError):
    """Text that is not an action of the vocabulary. Text that stands for an action but is
    not its one text form (`ROLL 6 6`, `bid +5`) names that form in `expected`."""

    def __init__(self, message: str, expected: str = "") -> None:
        super().__init__(message)
        self.expected = expected
        """The action's one text form, when the text stands for an action ('' otherwise)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.expected))


class OptionError(TycoonError, ValueError):
    """An unknown or ill-typed edition option."""


class RecordError(TycoonError, ValueError):
    """A record or snapshot that cannot be read or replayed; names the field or step."""
