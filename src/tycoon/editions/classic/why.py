"""Classic (Eurobiznes) reasons for refused actions: the rule id of each shared topic of
`tycoon.rules.why`, and the jail restrictions of C-43."""

from __future__ import annotations

from typing import Final

from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.rules.why import Refusal

RULES: Final[dict[str, str]] = {
    "anytime": "C-13",
    "buy": "C-21",
    "bid": "C-24",
    "claim": "C-28",
    "jailed_owner": "C-43",
    "jail_fee": "C-42",
    "build_group": "C-48",
    "build_when": "C-49",
    "house_window": "C-50",
    "build_evenly": "C-51",
    "hotel": "C-53",
    "hotel_window": "C-54",
    "shortage": "C-55",
    "build_cost": "C-48",
    "one_step": "Q-1",
    "sale_price": "C-59",
    "sale_when": "C-60",
    "sale_buildings": "A-14",
    "sale_jail": "C-62",
    "mortgage_buildings": "C-65",
    "unmortgage": "C-66",
    "debt": "C-69",
    "bankrupt": "C-71",
}

_IN_JAIL: Final = {Kind.BUILD: "buy houses or hotels", Kind.SELL_DEED: "sell deeds to players"}


def refusal(st: GameState, seat: int, a: Action) -> Refusal | None:
    """C-43: what a jailed player may not do."""
    what = _IN_JAIL.get(a.kind)
    if what and st.jail[seat] >= 0:
        return Refusal("C-43", f"a player in jail may not {what}")
    return None
