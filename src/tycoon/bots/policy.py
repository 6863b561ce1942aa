"""Movement policies: every player choice that changes where a pawn goes, as a parameter.

The landing chain (`tycoon.analysis.chain`) and the `mover` bots (`tycoon.bots.mover`)
make these choices by the policy; every other decision is movement-neutral and is taken by
`neutral_choice` (the chain) or by the wrapped bot (the simulator).

- `jail`: `leave` (default) leaves jail at once, with a card if held, else the fine (C-42c,
  W-66 a/b); `stay` stays (serves, C-42.1; rolls for a double, W-66 c);
- `pay_or_draw`: `pay` (default) or `draw` at a card that offers both (C-37);
- `triples`: `roll` (default), the normal move on triples, or a square to go to (metropol
  M-14);
- `cross`: `never` (default) or `always` cross the city at a bridge (metropol M-38);
- `city_hall`: `block` (default) takes the free block (M-19 b), or a square to relocate to
  (M-19 a) when it is free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.errors import OptionError
from tycoon.engine.state import GameState

NEUTRAL_ORDER = (
    Kind.ROLL,
    Kind.END_TURN,
    Kind.PASS,
    Kind.AUCTION,
    Kind.PAY,
    Kind.REJECT,
    Kind.KEEP_MORTGAGED,
)
"""Movement-neutral answers, in order of preference, to decisions no policy covers."""

MOVEMENT_KINDS = frozenset({Kind.PAY_FINE, Kind.USE_CARD, Kind.SERVE, Kind.CROSS, Kind.GO})
"""Actions that change movement (taken only by the policy)."""


@dataclass(frozen=True)
class MovePolicy:
    """The movement choices of one pawn (see the module table)."""

    jail: str = "leave"
    pay_or_draw: str = "pay"
    triples: str = "roll"
    cross: str = "never"
    city_hall: str = "block"

    def __post_init__(self) -> None:
        checks = {
            "jail": ("leave", "stay"),
            "pay_or_draw": ("pay", "draw"),
            "cross": ("never", "always"),
        }
        for name, allowed in checks.items():
            if getattr(self, name) not in allowed:
                raise OptionError(f"policy '{name}' must be one of {', '.join(allowed)}")
        for name, word in (("triples", "roll"), ("city_hall", "block")):
            val = getattr(self, name)
            if val != word and not (val.isascii() and val.isdigit() and 0 <= int(val) < 64):
                raise OptionError(f"policy '{name}' must be '{word}' or a square number")

    @classmethod
    def parse(cls, items: Sequence[str] | Mapping[str, str] | None) -> MovePolicy:
        """From `k=v` strings (CLI) or a mapping; unknown keys raise OptionError."""
        raw: dict[str, str] = {}
        if isinstance(items, Mapping):
            raw = {str(k): str(v) for k, v in items.items()}
        else:
            for item in items or ():
                key, sep, val = item.partition("=")
                if not sep:
                    raise OptionError(f"policy '{item}' must be key=value")
                raw[key.strip()] = val.strip()
        known = {f.name for f in fields(cls)}
        for key in raw:
            if key not in known:
                raise OptionError(f"unknown policy '{key}'; known: {', '.join(sorted(known))}")
        return cls(**raw)

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """The policy's action for a movement decision, or None if this is not one."""
        top = st.stack[-1]
        k = top[0]
        if k == F.JAIL:
            if self.jail == "leave":
                for kind in (Kind.USE_CARD, Kind.PAY_FINE):
                    if Action(kind) in legal:
                        return Action(kind)
            for kind in (Kind.SERVE, Kind.ROLL):
                if Action(kind) in legal:
                    return Action(kind)
            return None
        if k == F.CARD_CHOICE:
            return Action(Kind.PAY if self.pay_or_draw == "pay" else Kind.DRAW)
        if st.edition.id == "metropol" and k == F.EDITION_FRAMES:
            return self._metropol(st, seat, top, legal)
        return None

    def _metropol(
        self, st: GameState, seat: int, top: tuple[Any, ...], legal: Sequence[Action]
    ) -> Action | None:
        from tycoon.editions.metropol import turn

        sub = top[2]
        if sub == turn.TRIPLES:
            size = st.edition.board.size
            normal = Action(Kind.GO, (st.pos[seat] + int(top[3])) % size)
            if self.triples == "roll":
                return normal
            target = Action(Kind.GO, int(self.triples))
            return target if target in legal else normal
        if sub == turn.CROSS:
            return Action(Kind.CROSS if self.cross == "always" else Kind.PASS)
        if sub == turn.HALL:
            if self.city_hall != "block" and Action(Kind.GO, int(self.city_hall)) in legal:
                return Action(Kind.GO, int(self.city_hall))
            blocks = [a for a in legal if a.kind == Kind.BLOCK]
            if blocks:
                return blocks[0]
            gos = [a for a in legal if a.kind == Kind.GO]
            return gos[0] if gos else None
        return None


def neutral_choice(legal: Sequence[Action]) -> Action:
    """A movement-neutral answer: the first of NEUTRAL_ORDER that is legal, else the first
    legal action that does not move (placing a free block, a discard, ...)."""
    present = set(legal)
    for kind in NEUTRAL_ORDER:
        if Action(kind) in present:
            return Action(kind)
    for a in legal:
        if a.kind not in MOVEMENT_KINDS:
            return a
    return legal[0]
