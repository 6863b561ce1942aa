"""The heuristic bot: a sensible, fast player of the deed-trading editions.

- buys when it keeps a cash reserve (or when the deed completes or blocks a group);
- bids up to a valuation (price, more for a deed that completes or blocks a group);
- claims every rent at the first response window (C-28);
- builds evenly on complete groups while it keeps its reserve, and redeems mortgages when rich;
- raises cash by selling buildings first, then mortgaging the least useful deeds;
- in jail, leaves early while many deeds are still unowned, and serves later on;
- sells a lone deed when short of cash and the rules allow it, and buys deeds that
  complete its groups.
It reads the state directly (no view is built) and draws no random numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.engine.actions import Action, Kind
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.rules import frames as F
from tycoon.rules.auction import min_bid
from tycoon.rules.property import can_build, redeem_cost

_PAY = Action(Kind.PAY)
_ROLL = Action(Kind.ROLL)
_END = Action(Kind.END_TURN)
_BUY = Action(Kind.BUY)
_AUCTION = Action(Kind.AUCTION)
_PASS = Action(Kind.PASS)
_SERVE = Action(Kind.SERVE)
_FINE = Action(Kind.PAY_FINE)
_CARD = Action(Kind.USE_CARD)
_ACCEPT = Action(Kind.ACCEPT)
_REJECT = Action(Kind.REJECT)
_DRAW = Action(Kind.DRAW)
_BANKRUPT = Action(Kind.BANKRUPT)


class HeuristicBot:
    """A rule-of-thumb player; see the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int, reserve: int = 200) -> None:
        self.rng = Rng(seed)
        self.base_reserve = reserve
        self._offered_turn = -1

    # --- helpers ---------------------------------------------------------------------------

    def reserve(self, st: GameState, seat: int) -> int:
        """Cash to keep: more when opponents have built."""
        b = st.edition.board
        worst = 0
        owner, level = st.owner, st.level
        for s in b.streets:
            lvl = level[s]
            if lvl and owner[s] != seat:
                r = b.rents[s][lvl]
                if r > worst:
                    worst = r
        return max(self.base_reserve, min(worst // 2, 1000))

    def group_gain(self, st: GameState, seat: int, square: int) -> float:
        """How much owning `square` is worth to `seat` relative to its price."""
        b = st.edition.board
        g = b.group[square]
        if g < 0:
            return 1.0
        members = b.groups[g]
        mine = others = 0
        holders = set()
        for s in members:
            o = st.owner[s]
            if o == seat:
                mine += 1
            elif o >= 0:
                others += 1
                holders.add(o)
        if others == 0 and mine == len(members) - 1:
            return 1.8  # completes the group
        if len(holders) == 1 and others == len(members) - 1:
            return 1.4  # blocks an opponent's group
        if others == 0:
            return 1.2 if mine else 1.1
        return 1.0

    # --- protocol ----------------------------------------------------------------------------

    def respond(self, st: GameState, seat: int) -> Action | None:
        if st.claims and st.jail[seat] < 0:
            for c in st.claims:
                if c[0] == seat:
                    return Action(Kind.CLAIM, c[1])
        return None

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        f = st.stack[-1]
        k = f[0]
        if k == F.PRE_ROLL or k == F.ROLL_AGAIN:
            return self._pre_roll(st, seat, legal)
        if k == F.END_TURN:
            return self._claim(st, seat) or _END
        if k == F.BUY:
            return self._buy(st, seat, f[2], legal)
        if k == F.AUCTION:
            return self._bid(st, seat, f)
        if k == F.DEBT:
            return self._raise(st, seat, legal, _PAY)
        if k == F.JAIL:
            return self._jail(st, seat, legal)
        if k == F.OFFER:
            return self._offer(st, seat, f, legal)
        if k == F.CARD_CHOICE:
            return _PAY if st.cash[seat] >= 100 else _DRAW
        if k == F.ACQUIRED:
            for a in legal:
                if a.kind == Kind.UNMORTGAGE and st.cash[seat] - redeem_cost(st, a.a) >= 500:
                    return a
            for a in legal:
                if a.kind == Kind.KEEP_MORTGAGED:
                    return a
        if k == F.FINAL_CLAIM:
            return Action(Kind.CLAIM, f[2])
        return legal[0]

    # --- decisions ---------------------------------------------------------------------------

    def _claim(self, st: GameState, seat: int) -> Action | None:
        return self.respond(st, seat) if st.claims else None

    def _pre_roll(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        claim = self._claim(st, seat)
        if claim:
            return claim
        build = self._build(st, seat)
        if build:
            return build
        redeem = self._redeem(st, seat, legal)
        if redeem:
            return redeem
        sale = self._sale(st, seat, legal)
        return sale or _ROLL

    def _build(self, st: GameState, seat: int) -> Action | None:
        """The most expensive house or hotel that keeps the reserve (builds are even by rule)."""
        b = st.edition.board
        owner = st.owner
        cash = st.cash[seat]
        reserve = -1
        for s in reversed(b.streets):
            if owner[s] != seat or not can_build(st, seat, s):
                continue
            if reserve < 0:
                reserve = self.reserve(st, seat)
            cost = b.house_cost[s] if st.level[s] < 4 else b.hotel_cost[s]
            if cash - cost >= reserve:
                return Action(Kind.BUILD, s)
        return None

    def _redeem(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        cash = st.cash[seat]
        if cash < 1000:
            return None
        for s in st.edition.board.deeds:
            if st.owner[s] == seat and st.mortgaged[s] and cash - redeem_cost(st, s) >= 800:
                return Action(Kind.UNMORTGAGE, s)
        return None

    def _sale(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Short of cash: sell one deed that does not help our groups, once a turn."""
        if st.cash[seat] >= 150 or self._offered_turn == st.turn:
            return None
        for a in legal:
            if (
                a.kind == Kind.SELL_DEED
                and self.group_gain(st, seat, a.a.bit_length() - 1) <= 1.0
                and st.cash[a.b] >= a.c + 300
            ):
                self._offered_turn = st.turn
                return a
        return None

    def _buy(self, st: GameState, seat: int, square: int, legal: Sequence[Action]) -> Action:
        price = st.edition.board.price[square]
        cash = st.cash[seat]
        gain = self.group_gain(st, seat, square)
        reserve = self.reserve(st, seat)
        if cash >= price and (cash - price >= reserve or (gain >= 1.4 and cash - price >= 50)):
            return _BUY
        if gain >= 1.8 and cash < price:
            for a in legal:  # raise cash for a deed that completes a group
                if a.kind == Kind.MORTGAGE and self.group_gain(st, seat, a.a) <= 1.0:
                    return a
        return _AUCTION

    def _bid(self, st: GameState, seat: int, f: tuple[int, ...]) -> Action:
        square = f[2]
        lo = min_bid(st, f)
        value = int(st.edition.board.price[square] * self.group_gain(st, seat, square))
        limit = min(value, st.cash[seat] - self.base_reserve // 2)
        if lo <= limit:
            return Action(Kind.BID, lo)
        return _PASS

    def _raise(self, st: GameState, seat: int, legal: Sequence[Action], done: Action) -> Action:
        if done in legal:
            return done
        sells = [a for a in legal if a.kind == Kind.SELL_BUILDING]
        if sells:
            return max(sells, key=lambda a: (st.level[a.a], a.a))
        morts = [a for a in legal if a.kind == Kind.MORTGAGE]
        if morts:
            return min(morts, key=lambda a: (self.group_gain(st, seat, a.a) > 1.0, a.a))
        if _BANKRUPT in legal:
            return _BANKRUPT
        return legal[0]

    def _jail(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        b = st.edition.board
        unowned = sum(1 for s in b.deeds if st.owner[s] < 0)
        if unowned * 3 >= len(b.deeds):
            if _CARD in legal:
                return _CARD
            if _FINE in legal and st.cash[seat] >= 6 * b.constants["start_bonus"] // 4:
                return _FINE
        return _SERVE if _SERVE in legal else _ROLL

    def _offer(
        self, st: GameState, seat: int, f: tuple[int, ...], legal: Sequence[Action]
    ) -> Action:
        _, _seat, kind, _frm, what, price = f
        if _ACCEPT not in legal:
            return _REJECT
        b = st.edition.board
        if kind == F.OFFER_CARD:
            ok = price <= 50 and st.cash[seat] - price >= self.base_reserve
            return _ACCEPT if ok else _REJECT
        value = 0
        m, s = what, 0
        while m:
            if m & 1:
                value += int(b.price[s] * self.group_gain(st, seat, s))
            m >>= 1
            s += 1
        if kind == F.OFFER_IN_KIND:
            return _ACCEPT if value >= price else _REJECT
        if value >= price and st.cash[seat] - price >= self.reserve(st, seat):
            return _ACCEPT
        return _REJECT
