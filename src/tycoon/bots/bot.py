"""What a bot is (`Bot`) and how a game advances by its bots and chance (`step`): the loop
every tool runs (`tycoon.sim.driver.play`, the terminal, the server's rooms) and the search
bot's rollouts.

Response windows: before a decision of the active player in the pre-roll phase, before his
roll after a double, in the jail procedure or at the end of a turn, every other seat (in turn
order after the active one) is asked once, by `Bot.respond`, for an out-of-turn action. The
engine decides what each seat may do there (`tycoon.rules.windows`, `Mechanics.others_act`):
in classic anything of C-13; in wonders rent claims at every window, the rest only in window
(b), the next player's pre-roll or jail decision (W-24, Q-7); in builder claims, mortgages and
deals at all four (OQ-2). Chance is drawn from the state's own generator, so a game is fixed
by its seed and its bots' seeds.

A bot is asked in two places:
- `choose(st, seat, legal)` when the game waits on its seat; it returns one action that
  is legal (usually from `legal`; amount-carrying actions may use any allowed amount);
- `respond(st, seat)` in a response window (before each roll, and after each landing
  when the active player is about to end the turn); it returns an out-of-turn action
  (claim rent, mortgage, ...) or None.
Bots read the state but never change it, and draw randomness only from their own
generator, seeded at construction.
A bot may set `responds_only_with_claims = True` when its `respond` returns None while
`st.claims` is empty; `play` then skips windows without open claims (same games, faster).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Protocol, overload

from tycoon.engine import frames as F
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.rules import flow


class Bot(Protocol):
    name: str

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action: ...

    def respond(self, st: GameState, seat: int) -> Action | None: ...


WINDOW_FRAMES: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.JAIL})
"""The decisions of the active player before which the others are asked; the union of every
edition's windows (rent claims are open at all of them)."""
_WINDOW_BITS: Final = sum(1 << k for k in WINDOW_FRAMES)
"""`WINDOW_FRAMES` as bits of one int (compiled code tests a bit, not a set)."""


class LazyLegal(Sequence[Action]):
    """The legal actions of a seat, built on first use (many bot decisions never look)."""

    __slots__ = ("_items", "_seat", "_st")

    def __init__(self, st: GameState, seat: int) -> None:
        self._st = st
        self._seat = seat
        self._items: list[Action] | None = None

    def _list(self) -> list[Action]:
        if self._items is None:
            self._items = flow.legal_actions(self._st, self._seat)
        return self._items

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __contains__(self, a: object) -> bool:
        return a in self._list()

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())


def in_window(st: GameState) -> bool:
    """Is the game at a response window (other seats may act out of turn)?"""
    if st.termination:
        return False
    k: int = st.stack[-1][0]
    return bool(_WINDOW_BITS >> k & 1)


def poll_window(st: GameState, bots: Sequence[Bot | None]) -> None:
    """Ask every other seat once for an out-of-turn action and apply what they return."""
    top = st.stack[-1]
    cur: int = top[1]
    n = st.n
    for i in range(1, n):
        seat = (cur + i) % n
        bot = bots[seat]
        if bot is None or not st.alive[seat]:
            continue
        if st.termination or st.stack[-1] is not top:
            return  # an action opened a decision (an offer, a debt): handle it first
        act = bot.respond(st, seat)
        if act is not None:
            flow.apply_action(st, act, seat)


def claims_only(bots: Sequence[Bot]) -> bool:
    """Does every bot answer a window only with rent claims (`responds_only_with_claims`),
    so `step` may skip windows without open claims?"""
    return all(getattr(b, "responds_only_with_claims", False) for b in bots)


def step(st: GameState, bots: Sequence[Bot | None], claims_only: bool = False) -> bool:
    """Advance by one action of a bot or chance; False if a human (None) must act.
    `claims_only`: every bot answers a window only with rent claims, so a window without
    open claims is skipped (the same game, faster)."""
    cur = flow.current_player(st)
    if cur == CHANCE:
        flow.apply_sampled_chance(st)
        return True
    bot = bots[cur]
    if bot is None:
        return False
    top = st.stack[-1]
    k: int = top[0]
    if _WINDOW_BITS >> k & 1 and (st.claims or not claims_only):
        poll_window(st, bots)
        if st.termination or st.stack[-1] is not top:
            return True
    flow.apply_at(st, bot.choose(st, cur, LazyLegal(st, cur)), cur, cur)
    return True


def play_until(
    st: GameState,
    bots: Sequence[Bot],
    stop_turn: int,
    limit: int,
    deadline: float,
    clock_every: int,
    claims_only: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> bool:
    """Step `st` by `bots` until it ends, its turn reaches `stop_turn` or `limit` actions
    are played (the search bot's rollout); False if `clock()` passed `deadline` first (it
    is read every `clock_every` actions)."""
    for i in range(limit):
        if st.termination or st.turn >= stop_turn:
            break
        if not i % clock_every and clock() >= deadline:
            return False
        step(st, bots, claims_only)
    return True
