"""The game loop behind the environments: chance, bots and response windows.

`Table.advance` runs the game until a seat that no bot plays must decide, and returns that
`Decision`. Chance nodes are drawn from the game's own generator. Response windows follow
`tycoon.sim.driver`: before each decision of the active player in a window frame (pre-roll,
jail, end of turn), every other live seat in turn order after the active one is asked once
for an out-of-turn action. A bot answers with `Bot.respond`; a seat without a bot gets a
decision of its own (`Decision.window`, which allows "pass"), if the `windows` policy offers
it one. Each other seat is offered a window once per decision of the active player: when an
answer opens a decision (an offer, a debt), that decision is settled first and the poll goes
on with the next seat when the game is back at the window (the driver polls every seat
again; for learners that could repeat without end). After the active player acts at the
window frame, a new poll starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tycoon.api import legal_actions
from tycoon.bots.base import Bot
from tycoon.engine.actions import Action
from tycoon.engine.state import Frame, GameState
from tycoon.engine.types import CHANCE
from tycoon.rules import flow
from tycoon.sim.driver import WINDOW_FRAMES, LazyLegal

WINDOWS = ("all", "claims", "none")
"""Which response windows a seat without a bot is offered: `all` (whenever it has an
out-of-turn action), `claims` (only while it has a rent claim open) or `none`."""


@dataclass(slots=True)
class Decision:
    """A seat must decide: its listed legal actions; `window`: out of turn (may pass)."""

    seat: int
    window: bool
    legal: list[Action]


class Table:
    """One game and the response-window bookkeeping of its current decision."""

    __slots__ = ("_queue", "_top", "bots", "decision", "st", "windows")

    def __init__(self, st: GameState, bots: Mapping[int, Bot], windows: str = "all") -> None:
        if windows not in WINDOWS:
            raise ValueError(f"windows must be one of {', '.join(WINDOWS)}, not {windows!r}")
        self.st = st
        self.bots = dict(bots)
        self.windows = windows
        self._queue: list[int] | None = None
        self._top: Frame | None = None
        self.decision: Decision | None = None

    def _offer_window(self, seat: int) -> list[Action]:
        """The out-of-turn actions `seat` is offered in this window (empty: skip it)."""
        w = self.windows
        if w == "none":
            return []
        if w == "claims" and not any(c[0] == seat for c in self.st.claims):
            return []
        return legal_actions(self.st, seat)

    def advance(self) -> Decision | None:
        """Play chance, bots and bot responses until a seat without a bot decides (the
        returned decision, also kept in `self.decision`) or the game ends (None)."""
        st = self.st
        bots = self.bots
        self.decision = None
        while not st.termination:
            cur = flow.current_player(st)
            if cur == CHANCE:
                flow.apply_sampled_chance(st)
                continue
            top = st.stack[-1]
            if top[0] in WINDOW_FRAMES:
                if self._queue is None or self._top is not top:
                    self._top = top
                    self._queue = [(cur + i) % st.n for i in range(1, st.n)]
                d = self._poll(top)
                if d is not None:
                    self.decision = d
                    return d
                if st.termination or st.stack[-1] is not top:
                    continue  # a response opened a decision: settle it, then poll on
            bot = bots.get(cur)
            if bot is None:
                self.decision = Decision(cur, False, legal_actions(st))
                return self.decision
            flow.apply_action(st, bot.choose(st, cur, LazyLegal(st, cur)), cur)
            if top is self._top:
                self._queue = None  # the active player acted at the window: a new poll
        return None

    def _poll(self, top: Frame) -> Decision | None:
        st = self.st
        queue = self._queue
        assert queue is not None
        while queue:
            seat = queue.pop(0)
            if not st.alive[seat]:
                continue
            bot = self.bots.get(seat)
            if bot is None:
                legal = self._offer_window(seat)
                if legal:
                    return Decision(seat, True, legal)
                continue
            act = bot.respond(st, seat)
            if act is not None:
                flow.apply_action(st, act, seat)
                if st.termination or st.stack[-1] is not top:
                    return None
        return None

    def act(self, action: Action | None, listed: bool = False) -> None:
        """The pending decision's seat takes `action` (None: pass a window); `listed`: it is
        one of `decision.legal` (no second legality test)."""
        d = self.decision
        if d is None:
            raise RuntimeError("no decision is pending")
        st = self.st
        if action is None:
            if not d.window:
                raise ValueError(f"seat {d.seat} must act: only a response window can be passed")
        else:
            top = st.stack[-1]
            flow.apply_action(st, action, d.seat, listed)
            if not d.window and top is self._top:
                self._queue = None  # the active player acted at the window: a new poll
        self.decision = None
