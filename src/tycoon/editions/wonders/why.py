"""Wonders reasons for refused actions: the rule id of each shared topic of
`tycoon.rules.why`, and the free flight's mark (W-52)."""

from __future__ import annotations

from typing import Final

from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.rules.why import Refusal

RULES: Final[dict[str, str]] = {
    "anytime": "W-24",
    "buy": "W-34",
    "bid": "W-36",
    "claim": "W-39",
    "jail_fee": "W-66",
    "build_group": "W-69",
    "build_cost": "W-70",
    "build_when": "W-71",
    "build_evenly": "W-72",
    "shortage": "W-74",
    "hotel": "W-75",
    "sell_evenly": "W-78",
    "mortgage_buildings": "W-81",
    "unmortgage": "W-83",
    "debt": "W-86",
    "bankrupt": "W-86",
}


def refusal(st: GameState, seat: int, a: Action) -> Refusal | None:
    """A wonder marked already cannot be marked again."""
    marks = st.ext.get("marks")
    if a.kind == Kind.MARK and marks and 0 <= a.a < 64 and marks[seat] >> a.a & 1:
        return Refusal("", "that wonder is marked in your passport already")
    return None
