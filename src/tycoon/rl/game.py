"""What both environments share: the game, its codec and encoder, the turn cap, render."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np

from tycoon.api import new_game
from tycoon.bots.base import Bot
from tycoon.editions.base import Edition
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import Action
from tycoon.engine.errors import IllegalActionError
from tycoon.rl.codec import PASS_WINDOW, Codec
from tycoon.rl.observation import Encoder
from tycoon.rl.table import Decision, Table

DEFAULT_MAX_TURNS = 2000
"""Player-turns before an episode is truncated (the engine's `turn_limit` option, in
rounds, ends a game on the edition's scores instead)."""
DEFAULT_MAX_STEPS = 200_000
"""Decisions before an episode is truncated (a guard against endless out-of-turn play)."""

_CODECS: dict[str, Codec] = {}


def codec_for(edition: str | Edition) -> Codec:
    """The (cached) codec of an edition."""
    ed = find_edition(edition) if isinstance(edition, str) else edition
    c = _CODECS.get(ed.id)
    if c is None:
        c = _CODECS[ed.id] = Codec(ed)
    return c


class Game:
    """One episode: the state, the decision loop, the mask and the observation."""

    def __init__(
        self,
        edition: str,
        players: int,
        options: Mapping[str, Any] | None,
        windows: str,
        max_turns: int,
        max_steps: int,
    ) -> None:
        self.edition = find_edition(edition)
        self.players = players
        self.options = dict(options or {})
        self.windows = windows
        self.max_turns = max_turns
        self.max_steps = max_steps
        self.codec = codec_for(self.edition)
        probe = new_game(self.edition, players, 0, self.options, events=False)
        self.encoder = Encoder(self.codec, probe)
        self.table: Table | None = None
        self.steps = 0
        self._mask: np.ndarray | None = None
        self._acts: dict[int, Action] = {}

    def start(self, seed: int, bots: Mapping[int, Bot]) -> Decision | None:
        st = new_game(self.edition, self.players, seed, self.options, events=False)
        self.table = Table(st, bots, self.windows)
        self.steps = 0
        return self._next()

    def _next(self) -> Decision | None:
        assert self.table is not None
        d = self.table.advance()
        self._mask = None
        return d

    @property
    def decision(self) -> Decision | None:
        return self.table.decision if self.table is not None else None

    def mask(self) -> np.ndarray:
        """The int8 mask of the pending decision (all zeros once the game is over)."""
        if self._mask is None:
            d = self.decision
            if d is None:
                self._mask = np.zeros(self.codec.size, dtype=np.int8)
                self._acts = {}
            else:
                self._mask, self._acts = self.codec.legal_table(d.legal, d.window)
        return self._mask

    def action_of(self, index: int) -> Action | None:
        """The legal action of `index` (None: pass the window); IllegalActionError if the
        mask does not allow it."""
        mask = self.mask()
        if not 0 <= index < self.codec.size or not mask[index]:
            d = self.decision
            allowed = [int(i) for i in np.flatnonzero(mask)]
            who = f"seat {d.seat}" if d else "nobody (the game is over)"
            raise IllegalActionError(f"index {index}", allowed, f"not in the mask of {who}")
        return None if index == PASS_WINDOW and self.decision_window() else self._acts[index]

    def decision_window(self) -> bool:
        d = self.decision
        return d is not None and d.window

    def play(self, index: int) -> Decision | None:
        """Apply the action of `index` for the deciding seat and advance to the next
        decision of a seat without a bot."""
        act = self.action_of(index)
        assert self.table is not None
        self.table.act(act, listed=True)  # the mask allows only listed actions
        self.steps += 1
        return self._next()

    def observe(self, seat: int) -> np.ndarray:
        assert self.table is not None
        d = self.decision
        window = d is not None and d.window and d.seat == seat
        return self.encoder.encode(self.table.st, seat, window, self.max_turns)

    @property
    def over(self) -> bool:
        return self.table is not None and bool(self.table.st.termination)

    @property
    def truncated(self) -> bool:
        st = self.table.st if self.table is not None else None
        return (
            st is not None
            and not st.termination
            and (st.turn >= self.max_turns or self.steps >= self.max_steps)
        )

    def render_text(self) -> str:
        """The text board of the terminal game (board, players, the edition's panel)."""
        from rich.console import Console

        from tycoon.cli.terminal import TerminalGame

        assert self.table is not None
        st = self.table.st
        buf = io.StringIO()
        console = Console(file=buf, width=110, color_system=None, force_terminal=False)
        TerminalGame(st, [None] * st.n, console).show_table()
        return buf.getvalue()
