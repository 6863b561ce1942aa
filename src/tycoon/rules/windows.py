"""When seats act out of turn (C-13, W-24, Q-7, builder OQ-2): `Mechanics.others_act` says
at which decisions of one seat the other seats may sell buildings, mortgage, lift a
mortgage, build, propose exchanges and leave jail early. Rent claims are open at every
decision but an auction or a card (C-28, W-39, B-29); that limit (`flow._blocked`) holds
for everything here too."""

from __future__ import annotations

from typing import Final

from tycoon.engine import frames as F
from tycoon.engine.state import Frame, GameState

OWN_WINDOWS: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.JAIL})
"""One's own turn, whenever nothing is being resolved (W-24 a, W-67)."""

OTHERS_FRAMES: Final[dict[str, frozenset[int] | None]] = {
    # W-24 b, Q-7: from the active player's `end-turn` to the next player's first roll
    "between_turns": frozenset({F.PRE_ROLL, F.JAIL}),
    # builder OQ-2: the priority windows before every roll and after every landing
    "around_rolls": OWN_WINDOWS,
    # C-13: at any decision point (auctions and cards aside)
    "any_decision": None,
}


def others_window(st: GameState, f: Frame | None = None) -> bool:
    """May seats other than the one frame `f` (default: the top one) waits on act now?"""
    frames = OTHERS_FRAMES[st.edition.mechanics.others_act]
    return frames is None or (f if f is not None else st.stack[-1])[0] in frames


def responder_may_raise(st: GameState, seat: int) -> bool:
    """May `seat`, answering an offer, sell buildings and mortgage first? Where he is in a
    window himself: the decision the offers were made at is his own turn frame or debt, or a
    window open to the others (C-13: always; W-24: window b)."""
    base = st.stack[-1]
    for f in reversed(st.stack):
        if f[0] != F.OFFER:
            base = f
            break
    if base[1] == seat:
        return base[0] in OWN_WINDOWS or base[0] == F.DEBT
    return others_window(st, base)
