"""Metropol reasons for refused actions: the rule id of each shared topic of
`tycoon.rules.why` (M-25: every raise is exactly 50,000), blocks (M-45 to M-56)."""

from __future__ import annotations

from typing import Final

from tycoon.editions.metropol import city
from tycoon.editions.metropol import turn as T
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.rules.why import Refusal

RULES: Final[dict[str, str]] = {
    "bid": "M-25",
    "debt": "M-62",
    "bankrupt": "M-63",
}


def _block(st: GameState, seat: int, b: int) -> Refusal | None:
    """M-45 to M-53: why block `b` cannot take a paid block now."""
    if not 0 <= b < 36:
        return Refusal("M-45", "city blocks are numbered 0 to 35")
    c = st.ext["city"]
    k = st.edition.board.constants
    if c[city.FINAL]:
        return Refusal("M-65", "the final phase has begun: no more blocks")
    if c[city.SUPPLY] <= 0:
        return Refusal("M-65", "the supply of blocks is used up")
    if c[city.TURN_MASK] >> b & 1:
        return Refusal("M-48", "at most one block a turn on the same city block")
    if c[city.TURN_COUNT] >= k["max_blocks_per_turn"]:
        return Refusal("M-48", f"at most {k['max_blocks_per_turn']} blocks a turn")
    if st.ext["roof"][b]:
        return Refusal("M-51", "that building has a roof (a skyscraper): it is finished")
    cap = city.cap(st, city.BLOCK_AREA[b])
    if st.ext["height"][b] + 1 > cap:
        return Refusal("M-53", f"buildings of that area may be at most {cap} floors high now")
    cost = k["block_cost"]
    if st.cash[seat] < cost:
        return Refusal("M-46", f"a block costs {cost:,} and you have {st.cash[seat]:,}")
    return None


def refusal(st: GameState, seat: int, a: Action) -> Refusal | None:
    top = st.stack[-1]
    if top[1] != seat or top[0] != T.BUILDING:
        return None
    if a.kind == Kind.BLOCK:
        return _block(st, seat, a.a)
    if a.kind == Kind.END_TURN and not T.may_end(st, seat):
        return Refusal("M-55", "after the fourth skyscraper a block is due every turn: place it")
    return None
