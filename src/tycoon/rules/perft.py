"""Perft: the number of action sequences of a given depth from a state (after python-chess).

Each listed legal action of the seat the game waits on is a branch, and so is each outcome of
a chance node; a terminal state ends its branch early (it counts as one sequence). Every
branch is applied to a clone, so a count also proves that every listed action applies. The
counts are an oracle for the rules (a change in behaviour changes them) and a benchmark of
`legal_actions`, `clone` and `apply_action` together.
"""

from __future__ import annotations

from tycoon.engine.state import GameState, clone
from tycoon.rules import flow


def perft(st: GameState, depth: int) -> int:
    """Sequences of `depth` actions (chance outcomes included) from `st`."""
    if depth <= 0 or st.termination:
        return 1
    total = 0
    for a in flow.legal_actions(st):
        child = clone(st)
        flow.apply_action(child, a)
        total += perft(child, depth - 1)
    return total


def divide(st: GameState, depth: int) -> dict[str, int]:
    """`perft(child, depth - 1)` for each first action, keyed by its text (for finding where
    two counts part)."""
    out: dict[str, int] = {}
    for a in flow.legal_actions(st):
        child = clone(st)
        flow.apply_action(child, a)
        out[str(a)] = perft(child, depth - 1)
    return out
