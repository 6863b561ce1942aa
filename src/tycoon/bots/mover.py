"""`mover` bots: the basic bot with its movement choices fixed by a `MovePolicy`, so that
simulated landings can be compared with the landing chain of the same policy.

`mover` leaves jail at once, `mover-stay` stays (the other policy parameters at their
defaults). Every other decision, and every out-of-turn action except an early release
from jail, is the basic bot's.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tycoon.bots.base import Bot, bot_names, make_bot, register_bot
from tycoon.bots.policy import MOVEMENT_KINDS, MovePolicy, neutral_choice
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState

MOVERS = {"mover": MovePolicy(), "mover-stay": MovePolicy(jail="stay")}


class MoverBot:
    """A bot whose movement decisions follow `policy` and whose others are `inner`'s."""

    def __init__(self, name: str, policy: MovePolicy, inner: Bot) -> None:
        self.name = name
        self.policy = policy
        self.inner = inner
        self.responds_only_with_claims = getattr(inner, "responds_only_with_claims", False)

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        a = self.policy.choose(st, seat, legal)
        if a is not None:
            return a
        a = self.inner.choose(st, seat, legal)
        if a.kind in MOVEMENT_KINDS:  # e.g. an early release from jail in another frame
            return neutral_choice([x for x in legal if x.kind not in MOVEMENT_KINDS] or legal)
        return a

    def respond(self, st: GameState, seat: int) -> Action | None:
        a = self.inner.respond(st, seat)
        return None if a is not None and a.kind in MOVEMENT_KINDS else a


def register() -> None:
    """Add the mover bots to the bot registry (after the built-in ones)."""
    names = bot_names()  # loads the built-in bots (the registry fills itself only when empty)
    for name, policy in MOVERS.items():
        if name not in names:
            register_bot(name, functools.partial(_mover, name, policy))


def _mover(name: str, policy: MovePolicy, seed: int) -> Bot:
    return MoverBot(name, policy, make_bot("basic", seed))
