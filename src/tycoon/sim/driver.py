"""Play one game with bots: the deterministic loop every tool uses (sim, CLI, server).

Response windows: before a decision of the active player in the pre-roll phase, the jail
procedure or the end of a turn, every other seat (in turn order after the active one) is
asked once, by `Bot.respond`, for an out-of-turn action (C-13). Chance is drawn from the
state's own generator, so a game is fixed by its seed and its bots' seeds.
"""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.bots.base import Bot
from tycoon.engine.api import sample_chance
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.rules import flow
from tycoon.rules import frames as F

WINDOW_FRAMES = frozenset({F.PRE_ROLL, F.END_TURN, F.JAIL})


def in_window(st: GameState) -> bool:
    """Is the game at a response window (other seats may act out of turn)?"""
    return not st.termination and st.stack[-1][0] in WINDOW_FRAMES


def poll_window(st: GameState, bots: Sequence[Bot | None]) -> None:
    """Ask every other seat once for an out-of-turn action and apply what they return."""
    cur = flow.current_player(st)
    n = st.n
    for i in range(1, n):
        seat = (cur + i) % n
        bot = bots[seat]
        if bot is None or not st.alive[seat] or flow.current_player(st) < 0:
            continue
        act = bot.respond(st, seat)
        if act is not None:
            flow.apply_action(st, act, seat)


def step(st: GameState, bots: Sequence[Bot | None]) -> bool:
    """Advance by one action of a bot or chance; False if a human (None) must act."""
    cur = flow.current_player(st)
    if cur == CHANCE:
        flow.apply_action(st, sample_chance(st), CHANCE)
        return True
    bot = bots[cur]
    if bot is None:
        return False
    if st.stack[-1][0] in WINDOW_FRAMES:
        poll_window(st, bots)
        if flow.current_player(st) != cur:
            return True
    legal = flow.legal_actions(st, cur)
    flow.apply_action(st, bot.choose(st, cur, legal), cur)
    return True


def play(st: GameState, bots: Sequence[Bot], max_actions: int = 1_000_000) -> GameState:
    """Play to the end (or `max_actions` actions) and return the state."""
    for _ in range(max_actions):
        if st.termination:
            break
        step(st, bots)
    return st
