"""The turn clock (issue 11 item 6): chess-clock style, per-decision free time plus a
personal time bank per seat.

A decision starts when the game begins to wait on a human seat; it ends when that seat acts
or the game stops waiting on it. Time beyond the free time comes out of the seat's bank;
when the bank is empty too, the server plays the decision's safe default (`safe_default`).
Out-of-turn actions of other seats do not stop the running decision.
"""

from __future__ import annotations

import time
from typing import Any

from tycoon.engine.actions import Action, action_text

SAFE_DEFAULTS = ("roll", "pass", "reject", "auction", "serve", "end-turn")
"""The actions a timed-out seat plays, first legal one wins: roll the dice (also in jail
where the edition rolls for a double), pass a bid or a choice, reject an offer, decline to
buy (the deed goes to auction), serve a jail turn, end the turn. Where none of them is
legal (a debt to raise money for, a card's choice, a free flight, a discard), no default is
safe and the seat's stand-in bot chooses."""


def safe_default(legal: list[Action]) -> Action | None:
    """The safe default among `legal`, or None when the choice must be a bot's."""
    by_text = {action_text(a): a for a in legal}
    for text in SAFE_DEFAULTS:
        if text in by_text:
            return by_text[text]
    return None


class Clock:
    """The clock of one game: `decision_s` free seconds per decision, then the bank."""

    def __init__(self, decision_s: float, bank_s: float, n: int) -> None:
        self.decision_s = float(decision_s)
        self.bank = [float(bank_s)] * n
        self.seat: int | None = None
        self.started = 0.0
        self.started_wall = 0.0

    def update(self, waiting: int | None, acted: int | None, now: float | None = None) -> None:
        """After a change: `waiting` is the human seat the game waits on (None: nobody),
        `acted` the seat whose action caused the change (None: a bot, chance or presence)."""
        t = time.monotonic() if now is None else now
        if self.seat is not None and (waiting != self.seat or acted == self.seat):
            self._charge(t)
            self.seat = None
        if waiting is not None and self.seat is None:
            self.seat = waiting
            self.started = t
            self.started_wall = time.time() - (time.monotonic() - t)

    def _charge(self, t: float) -> None:
        assert self.seat is not None
        over = max(0.0, t - self.started - self.decision_s)
        self.bank[self.seat] = max(0.0, self.bank[self.seat] - over)

    def deadline(self) -> float | None:
        """The monotonic time the running decision times out (None: no decision runs)."""
        if self.seat is None:
            return None
        return self.started + self.decision_s + self.bank[self.seat]

    def expire(self) -> None:
        """The running decision timed out: its seat's bank is spent."""
        if self.seat is not None:
            self.bank[self.seat] = 0.0
            self.seat = None

    def view(self) -> dict[str, Any]:
        """`{seat, decision_deadline_ms, deadline_ms, decision_s, bank_ms}` (epoch ms)."""
        seat = self.seat
        out: dict[str, Any] = {
            "seat": seat,
            "decision_s": self.decision_s,
            "bank_ms": [int(b * 1000) for b in self.bank],
            "decision_deadline_ms": None,
            "deadline_ms": None,
        }
        if seat is not None:
            free_end = self.started_wall + self.decision_s
            out["decision_deadline_ms"] = int(free_end * 1000)
            out["deadline_ms"] = int((free_end + self.bank[seat]) * 1000)
        return out
