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

from tycoon.engine.state import GameState
from tycoon.rl.codec import Codec
from tycoon.rules import frames as F

OBS_VERSION = 0
OBS_BOUND = 1000.0
"""Every value is clipped to [-OBS_BOUND, OBS_BOUND] (the Box bounds)."""


def _bound(x: float) -> float:
    """`x` clipped to the Box bounds (only money, amounts and counts can leave them)."""
    return OBS_BOUND if x > OBS_BOUND else -OBS_BOUND if x < -OBS_BOUND else x


class Encoder:
    """Builds the observation vector of a seat for games of one edition and size."""

    def __init__(self, codec: Codec, st: GameState) -> None:
        ed = st.edition
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
        self.ext_keys = sorted(st.ext)
        self.ext_len = [len(st.ext[k]) for k in self.ext_keys]
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
        self.inv_money = 1.0 / self.money
        # the last inputs and outputs of the parts that seldom change from step to step
        self._last_owner: list[int] = []
        self._owner_ones: list[int] = []
        self._last_mortgaged: list[bool] = []
        self._mortgaged_part = np.zeros(s, dtype=np.float32)
        self._last_level: list[int] = []
        self._level_part = np.zeros(s, dtype=np.float32)
        self._last_ext: list[float] | None = None
        self._ext_part = np.zeros(sec["ext"][1], dtype=np.float32)

    def encode(self, st: GameState, seat: int, window: bool, turn_cap: int) -> np.ndarray:
        """The observation of `seat` (deciding out of turn if `window`). The ones and the
        single values are gathered in lists and written with one numpy call each: numpy
        costs about a microsecond a call, whatever its size."""
        n, s = self.n, self.s
        obs = np.zeros(self.size, dtype=np.float32)
        ones = [self._me + seat, self._active + st.active]
        at: list[int] = [self._window]
        val: list[float] = [float(window)]
        top = st.stack[-1] if st.stack and not st.termination else None
        if top is not None:
            fi = self.frame_index.get(top[0])
            if fi is not None:
                ones.append(self._frame + fi)
            if 0 <= top[1] < n:
                ones.append(self._frame_seat + top[1])
            self._pending(ones, at, val, st, top)
        inv = self.inv_money
        jail = st.jail
        o = self._cash  # cash, alive, in_jail, jail_turns: consecutive sections
        obs[o : o + 4 * n] = (
            [_bound(c * inv) for c in st.cash]
            + st.alive
            + [j >= 0 for j in jail]
            + [(j + 1) / 3.0 for j in jail]
        )
        base = self._pos_off
        ones += [base + p * s + sq for p, sq in enumerate(st.pos)]
        if st.owner != self._last_owner:  # deeds change hands seldom
            self._last_owner = st.owner[:]
            own = self._owner
            self._owner_ones = [own + sq * n + o for sq, o in enumerate(st.owner) if o >= 0]
        ones += self._owner_ones
        o = self._mortgaged  # mortgaged, level: consecutive; each is converted when it changes
        if st.mortgaged != self._last_mortgaged:
            self._last_mortgaged = st.mortgaged[:]
            self._mortgaged_part = np.array(st.mortgaged, dtype=np.float32)
        obs[o : o + s] = self._mortgaged_part
        if st.level != self._last_level:
            self._last_level = st.level[:]
            self._level_part = np.array(st.level, dtype=np.float32) * np.float32(0.2)
        obs[o + s : o + 2 * s] = self._level_part
        o = self._bank
        at += [o, o + 1]
        val += [st.houses_left / self.houses, st.hotels_left / self.hotels]
        for d, deck in enumerate(st.decks):
            at.append(o + 2 + d)
            val.append(len(deck) / self.deck_len[d])
        if st.card_holder:
            o = self._cards
            ci = self.codec.card_index
            for c, h in st.card_holder.items():
                i = ci.get(c)
                if i is not None:
                    ones.append(o + i * n + h)
        o = self._clock
        at += [o, o + 1, o + 2]
        val += [
            st.turn / turn_cap if turn_cap else 0.0,
            min(st.rounds / 100.0, OBS_BOUND),
            st.last_dice / self.dice_max,
        ]
        obs[ones] = 1.0
        obs[at] = val  # each within the bound (the pending amount is clipped where it is made)
        o = self._claims  # summed: a payer may owe one owner twice
        for owner, payer, amount, _t in st.claims:
            i = o + owner * n + payer
            obs[i] = _bound(float(obs[i]) + amount * inv)
        o, size = self._ext
        if size:
            ext = st.ext
            flat: list[float] = []
            for k, ln in zip(self.ext_keys, self.ext_len, strict=True):
                vals = ext[k][:ln]
                flat += vals
                if len(vals) < ln:
                    flat += [0] * (ln - len(vals))
            if flat != self._last_ext:  # converting is what costs; comparing is cheap
                self._last_ext = flat
                x = np.asarray(flat, dtype=np.float32)
                self._ext_part = np.sign(x) * np.log1p(np.abs(x))
            obs[o : o + size] = self._ext_part  # within the bound: log1p(3.4e38) < 89
        return obs

    def _pending(
        self, ones: list[int], at: list[int], val: list[float], st: GameState, f: tuple[Any, ...]
    ) -> None:
        """The public facts of the pending decision (as `records.view` shows them): indices
        of ones to `ones`, single values to `at` and `val`."""
        sec = self.sections
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
        s = self.s
        for off, mask in ((sec["pending_squares"][0], squares), (sec["pending_get"][0], get)):
            mask &= (1 << s) - 1
            while mask:
                low = mask & -mask
                ones.append(off + low.bit_length() - 1)
                mask ^= low
        if 0 <= other < self.n:
            ones.append(sec["pending_seat"][0] + other)
        at.append(sec["pending_amount"][0])
        val.append(_bound(amount / self.money))
