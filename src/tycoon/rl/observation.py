"""The observation encoder: a float32 vector of what one seat may see (docs/rl.md).

Only public facts go in, the ones `tycoon.records.view.view` shows: cash, pawns, deeds,
buildings, mortgages, jail, kept cards, open rent claims, the pending decision, the
edition's own public state (`st.ext`: passports, chips, the island, the city) and how many
cards each deck holds. Never the order of the decks or the random generator.

The vector is a fixed list of sections (`Encoder.sections`, name -> (start, size)) for one
edition and player count. Money is divided by the starting cash; the edition's own state
goes through sign(x) * log(1 + |x|).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tycoon.api import new_game
from tycoon.editions.base import Edition
from tycoon.engine import frames as F
from tycoon.engine.state import GameState
from tycoon.rl.codec import Codec
from tycoon.rules.debt import POT
from tycoon.rules.trade import OFFERS, offers_made

OBS_VERSION = 1
OBS_BOUND = 1000.0
"""Every value is clipped to [-OBS_BOUND, OBS_BOUND] (the Box bounds)."""


_SHARED_EXT = frozenset({OFFERS, POT})
"""Keys of `st.ext` that the shared mechanics create when first used: their own sections."""


def _bound(x: float) -> float:
    """`x` clipped to the Box bounds (only money, amounts and counts can leave them)."""
    return OBS_BOUND if x > OBS_BOUND else -OBS_BOUND if x < -OBS_BOUND else x


class Encoder:
    """Builds the observation vector of a seat for games of one edition and size."""

    def __init__(self, codec: Codec, st: GameState) -> None:
        ed = st.edition
        assert isinstance(ed, Edition), "a game of an edition (`tycoon.editions`)"
        b = ed.board
        n, s = st.n, b.size
        self.n, self.s = n, s
        self.codec = codec
        self.money = float(b.constants["starting_cash"])
        self.houses = max(1, b.constants["houses_in_bank"])
        self.hotels = max(1, b.constants["hotels_in_bank"])
        self.deck_len = [max(1, len(d)) for d in b.decks]
        self.dice_max = 6.0 * max(2, ed.mechanics.dice)
        kinds = sorted(F.DECISIONS | set(ed.frame_names))
        self.frame_index = {k: i for i, k in enumerate(kinds)}
        # the edition's own state as a new game of this size has it: the layout depends on
        # the edition and the player count only, never on what `st` has seen so far (the
        # offer counter and the pot, kept in `st.ext` from their first use, have sections
        # of their own)
        fresh = new_game(ed, n, 0, st.options.to_dict(), events=False).ext
        self.ext_keys = sorted(k for k in fresh if k not in _SHARED_EXT)
        self.ext_len = [len(fresh[k]) for k in self.ext_keys]
        cards = len(codec.cards)
        spec = [
            ("me", n),
            ("window", 1),
            ("frame", len(kinds)),
            ("frame_seat", n),
            ("cash", n),
            ("alive", n),
            ("in_jail", n),
            ("jail_turns", n),
            ("active", n),
            ("position", n * s),
            ("owner", s * n),
            ("mortgaged", s),
            ("level", s),
            ("bank", 2 + len(b.decks)),
            ("cards", cards * n),
            ("claims", n * n),
            ("pending_squares", s),
            ("pending_get", s),
            ("pending_seat", n),
            ("pending_amount", 1),
            ("clock", 3),
            ("pot", 1),
            ("offers", n),
            ("ext", sum(self.ext_len)),
        ]
        self.sections: dict[str, tuple[int, int]] = {}
        off = 0
        for name, size in spec:
            self.sections[name] = (off, size)
            off += size
        self.size = off
        sec = self.sections
        self._pos_off = sec["position"][0]
        self._me, self._active = sec["me"][0], sec["active"][0]
        self._window, self._frame, self._frame_seat = (
            sec["window"][0],
            sec["frame"][0],
            sec["frame_seat"][0],
        )
        self._cash, self._owner, self._mortgaged = (
            sec["cash"][0],
            sec["owner"][0],
            sec["mortgaged"][0],
        )
        self._bank, self._cards, self._clock = sec["bank"][0], sec["cards"][0], sec["clock"][0]
        self._claims, self._ext = sec["claims"][0], sec["ext"]
        self._pot, self._offers = sec["pot"][0], sec["offers"][0]
        self.inv_money = 1.0 / self.money
        self._pend = (
            sec["pending_squares"][0],
            sec["pending_get"][0],
            sec["pending_seat"][0],
            sec["pending_amount"][0],
        )
        # The parts that seldom change from step to step (deeds, mortgages, levels, the
        # edition's state) live in `_base`, rewritten only when their inputs change; each
        # observation starts as a copy of it.
        self._base = np.zeros(self.size, dtype=np.float32)
        self._last_owner: list[int] = []
        self._last_mortgaged: list[bool] = []
        self._last_level: list[int] = []
        self._last_ext: list[list[float]] | None = None
        self._last_cash: list[int] = []
        self._last_alive: list[bool] = []
        self._last_jail: list[int] = []
        self._last_pos: list[int] = []
        self._last_bank: tuple[int, ...] = ()
        self._last_cards: dict[Any, int] = {}
        self._last_claims: list[Any] = []
        self._bank_div = [float(self.houses), float(self.hotels), *map(float, self.deck_len)]
        self._cash_limit = OBS_BOUND * self.money

    def _refresh_base(self, st: GameState) -> None:
        """Rewrite the parts of `_base` whose inputs changed since the last observation
        (comparing a list costs a fraction of converting it)."""
        base = self._base
        n, s = self.n, self.s
        if st.owner != self._last_owner:  # deeds change hands seldom
            self._last_owner = st.owner[:]
            o = self._owner
            base[o : o + s * n] = 0.0
            ones = [o + sq * n + w for sq, w in enumerate(st.owner) if w >= 0]
            if ones:
                base[ones] = 1.0
        o = self._mortgaged  # mortgaged, level: consecutive sections
        if st.mortgaged != self._last_mortgaged:
            self._last_mortgaged = st.mortgaged[:]
            base[o : o + s] = st.mortgaged
        if st.level != self._last_level:
            self._last_level = st.level[:]
            base[o + s : o + 2 * s] = np.array(st.level, dtype=np.float32) * np.float32(0.2)
        cash, alive, jail = st.cash, st.alive, st.jail
        if cash != self._last_cash or alive != self._last_alive or jail != self._last_jail:
            self._last_cash, self._last_alive, self._last_jail = cash[:], alive[:], jail[:]
            inv = self.inv_money
            lim = self._cash_limit
            if -lim <= min(cash) and max(cash) <= lim:
                val: list[float] = [c * inv for c in cash]
            else:
                val = [_bound(c * inv) for c in cash]
            val += alive
            val += [j >= 0 for j in jail]
            val += [(j + 1) / 3.0 for j in jail]
            o = self._cash  # cash, alive, in_jail, jail_turns: consecutive sections
            base[o : o + 4 * n] = val
        if st.pos != self._last_pos:
            o = self._pos_off
            for p, sq in enumerate(self._last_pos):
                base[o + p * s + sq] = 0.0
            self._last_pos = st.pos[:]
            for p, sq in enumerate(st.pos):
                base[o + p * s + sq] = 1.0
        bank = (st.houses_left, st.hotels_left, *map(len, st.decks))
        if bank != self._last_bank:
            self._last_bank = bank
            o = self._bank
            base[o : o + len(bank)] = [b / d for b, d in zip(bank, self._bank_div, strict=True)]
        if st.card_holder != self._last_cards:
            self._last_cards = dict(st.card_holder)
            o = self._cards
            base[o : o + len(self.codec.cards) * n] = 0.0
            ci = self.codec.card_index
            for c, h in st.card_holder.items():
                i = ci.get(c)
                if i is not None:
                    base[o + i * n + h] = 1.0
        if st.claims != self._last_claims:  # summed: a payer may owe one owner twice
            self._last_claims = st.claims[:]
            o = self._claims
            base[o : o + n * n] = 0.0
            owed: dict[int, float] = {}
            for owner, payer, amount, _t in st.claims:
                i = o + owner * n + payer
                owed[i] = owed.get(i, 0.0) + amount * self.inv_money
            for i, v in owed.items():
                base[i] = _bound(v)
        o, size = self._ext
        if size:
            ext = st.ext
            now = [ext[k] for k in self.ext_keys]
            if now != self._last_ext:  # converting is what costs; comparing is cheap
                self._last_ext = [list(v) for v in now]
                flat: list[float] = []
                for vals, ln in zip(now, self.ext_len, strict=True):
                    flat += vals[:ln]
                    if len(vals) < ln:
                        flat += [0] * (ln - len(vals))
                x = np.asarray(flat, dtype=np.float32)
                base[o : o + size] = np.sign(x) * np.log1p(np.abs(x))  # log1p(3.4e38) < 89

    def encode(self, st: GameState, seat: int, window: bool, turn_cap: int) -> np.ndarray:
        """The observation of `seat` (deciding out of turn if `window`): a copy of the parts
        kept in `_base`, then the few values of this step, one by one (a numpy call on a
        list costs several microseconds whatever its size; setting one item, a tenth)."""
        self._refresh_base(st)
        obs = self._base.copy()
        obs[self._me + seat] = 1.0
        obs[self._active + st.active] = 1.0
        if window:
            obs[self._window] = 1.0
        top = st.stack[-1] if st.stack and not st.termination else None
        if top is not None:
            fi = self.frame_index.get(top[0])
            if fi is not None:
                obs[self._frame + fi] = 1.0
            if 0 <= top[1] < self.n:
                obs[self._frame_seat + top[1]] = 1.0
            self._pending(obs, top)
        o = self._clock
        if turn_cap:
            obs[o] = st.turn / turn_cap
        obs[o + 1] = min(st.rounds / 100.0, OBS_BOUND)
        obs[o + 2] = st.last_dice / self.dice_max
        ext = st.ext
        if POT in ext and ext[POT][0]:
            obs[self._pot] = _bound(ext[POT][0] * self.inv_money)
        if OFFERS in ext:
            o = self._offers
            for p in range(self.n):
                made = offers_made(st, p)
                if made:
                    obs[o + p] = _bound(float(made))
        return obs

    def _pending(self, obs: np.ndarray, f: tuple[Any, ...]) -> None:
        """Write the public facts of the pending decision `f` (as `records.view` shows
        them) into `obs`."""
        k = f[0]
        squares = 0
        get = 0
        other = -1
        amount = 0
        if k == F.BUY:
            squares = 1 << f[2]
        elif k == F.AUCTION:
            if f[2] >= 0:
                squares = 1 << f[2]
            amount, other = f[4], f[5]
        elif k == F.DEBT:
            other, amount = f[2], f[3]
            if isinstance(other, tuple):  # owed to several seats (a card, metropol)
                for c in other:
                    if 0 <= c < self.n:
                        obs[self._pend[2] + c] = 1.0
                other = -1
        elif k == F.OFFER:
            _, _resp, kind, frm, what, price = f[:6]
            other, amount = frm, price
            if kind == F.OFFER_TRADE:
                squares, get = what
            elif kind != F.OFFER_CARD:
                squares = what
        elif k == F.ACQUIRED:
            squares = f[2]
        elif k == F.FINAL_CLAIM:
            other = f[2]
        sq_off, get_off, seat_off, amount_off = self._pend
        if squares or get:
            full = (1 << self.s) - 1
            for off, mask in ((sq_off, squares & full), (get_off, get & full)):
                while mask:
                    low = mask & -mask
                    obs[off + low.bit_length() - 1] = 1.0
                    mask ^= low
        if 0 <= other < self.n:
            obs[seat_off + other] = 1.0
        if amount:
            obs[amount_off] = _bound(amount / self.money)
