"""The heuristic bot's play of the builder edition (Monopoly Builder, B-1 to B-71).

- buys deeds while it keeps a small reserve (deeds pay chips and monopoly points), bids up
  to a deed's value in auctions, claims every rent;
- aims each turn at one target floor: the next floor of its tallest unfinished building (or
  a new building next to its own, for the Community Builder card), and counts the chips that
  floor still needs;
- discards, steals, exchanges at Free Parking, trades 4:1 with the bank and offers 1:1 chip
  swaps to other players toward that floor; accepts a swap or deal that brings a needed chip
  for a spare one;
- builds the floor worth the most points per chip, higher floors first, and places the
  penthouse when that makes it the sole winner (later also a shared winner, and after
  `ANYWAY_ROUNDS` rounds whenever it can, so that its games end);
- discards the whole excess of its hand in one action (B-14);
- in debt mortgages the deeds that help it least; leaves jail early while deeds are unowned.
It reads the state directly. Ties between seats go by turn order after its own seat (B-13),
ties between resource types by its own generator, so no seat or type is favoured by its
number (B-7: the own type is the token's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tycoon.editions.builder import BUILDER, ONE_CHIP, chip_swaps, island, scoring, turn
from tycoon.editions.builder.chips import T, count, hand
from tycoon.editions.builder.turn import CHOOSE, DISCARD, PARKING, STEAL
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, items_of, pack, resources_of, unpack
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.rules import trade
from tycoon.rules.auction import min_bid

_ROLL: Final = Action(Kind.ROLL)
_END: Final = Action(Kind.END_TURN)
_BUY: Final = Action(Kind.BUY)
_AUCTION: Final = Action(Kind.AUCTION)
_PASS: Final = Action(Kind.PASS)
_PAY: Final = Action(Kind.PAY)
_ACCEPT: Final = Action(Kind.ACCEPT)
_REJECT: Final = Action(Kind.REJECT)
_BANKRUPT: Final = Action(Kind.BANKRUPT)
_FINE: Final = Action(Kind.PAY_FINE)
_CARD: Final = Action(Kind.USE_CARD)
_TURN_FRAMES: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.JAIL})
_STEP_FRAMES: Final = frozenset({F.ROLL_AGAIN, F.END_TURN})
"""After the landing: floors, bank trades and swaps."""

RESERVE: Final = 60
"""Cash (M) kept after a purchase."""
SHARED_WIN_ROUNDS: Final = 60
"""From this round on the bot also places a penthouse that gives it a shared win."""
ANYWAY_ROUNDS: Final = 120
"""From this round on the bot places a listed penthouse whatever the score (games end)."""
CHIP_CASH: Final = 200
"""Cash (M) a chip its target floor does not need is worth to the bot in a deal. Chips
become floors and points (B-44, B-67): a seat that bought one chip a turn for 20 M from
bots that sold at 20 won 89.6% of 2,000 games against three of them, at 100 M 57.8%, at
200 M 26.2% (chance 25%); against bots that sell at this price, buying at 210 M won
25.1%."""


def target(st: GameState, seat: int) -> tuple[int, int]:
    """(cell, level) of the floor the seat works toward: the penthouse on its 4-floor
    building if free, the next floor of its tallest unfinished building, else a first floor
    (cell -1 if it can build nothing)."""
    d = BUILDER.data
    owner, height = island.cell_owners(st), island.heights(st)
    blocks = island.blocks_left(st, seat)
    top = d.max_floors
    best, best_h = -1, 0
    for c in [c for c in d.cells if owner[c] == seat]:
        h = height[c]
        if h == top:
            if island.penthouse_free(st):
                return c, island.PENTHOUSE
            continue
        if h > best_h and blocks >= top - h:
            best, best_h = c, h
    if best >= 0:
        return best, best_h + 1
    if blocks >= 1:
        return -1, 1
    return -1, 0


def needs(st: GameState, seat: int) -> tuple[list[int], list[int]]:
    """(`deficit`, `spare`) from one look at the target floor."""
    _cell, level = target(st, seat)
    have = hand(st, seat)
    if not level:
        return [0] * T, have
    named = BUILDER.data.floor_named[level - 1]
    short = [0] * T
    extra = [0] * T
    for t in range(T):
        x = have[t] - named[t]
        if x < 0:
            short[t] = -x
        else:
            extra[t] = x
    return short, extra


def deficit(st: GameState, seat: int) -> list[int]:
    """Chips per type the target floor still needs (wild slots aside)."""
    return needs(st, seat)[0]


def spare(st: GameState, seat: int) -> list[int]:
    """Chips per type beyond what the target floor names."""
    return needs(st, seat)[1]


def after(st: GameState, seat: int) -> list[int]:
    """The other seats in turn order after `seat` (B-13): seat-free tie-breaks."""
    n = st.n
    return [(seat + i) % n for i in range(1, n)]


def chip_value(st: GameState, seat: int, counts: Sequence[int]) -> int:
    """What `counts` chips are worth to `seat` in a deal, in tens of M (the unit `_good`
    counts cash in): `CHIP_CASH` for a chip the target floor does not need, three times
    that for one it needs."""
    return _chip_value(deficit(st, seat), counts)


def _chip_value(need: list[int], counts: Sequence[int]) -> int:
    """`chip_value` with the seat's `deficit` known."""
    total = 0
    for t in range(T):
        c = counts[t]
        useful = min(c, need[t])
        total += 3 * useful + (c - useful)
    return total * CHIP_CASH // 10


def _swap_count(st: GameState, seat: int, partners: list[int]) -> int:
    """How many offers `chip_swaps` lists: per partner, a type `seat` holds for another
    type the partner holds."""
    have = hand(st, seat)
    mine = [t for t in range(T) if have[t]]
    if not mine:
        return 0
    total = 0
    for p in partners:
        theirs = [u for u, k in enumerate(hand(st, p)) if k]
        total += len(mine) * len(theirs) - sum(1 for u in theirs if have[u])
    return total


class BuilderBrain:
    """The builder decisions of one heuristic bot (see the module doc)."""

    def __init__(self, rng: Rng | None = None) -> None:
        self._offered = (-1, -1)
        """(turn, rounds) of the last chip swap it offered (one a turn)."""
        self.rng = rng if rng is not None else Rng(0)
        """The bot's own generator: ties between resource types are broken at random."""

    def _rank(self) -> list[int]:
        """A random preference per resource type (higher wins a tie)."""
        rank = list(range(T))
        self.rng.shuffle(rank)
        return rank

    def respond(self, st: GameState, seat: int) -> Action | None:
        for c in st.claims:
            if c[0] == seat:
                return Action(Kind.CLAIM, c[1])
        return None

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        f = st.stack[-1]
        k: int = f[0]
        if k == DISCARD:
            return self._discard(st, seat)
        if k in _TURN_FRAMES:
            claim = self.respond(st, seat)
            if claim:
                return claim
            act = self._own_turn(st, seat, f, legal)
            if act is not None:
                return act
            if k == F.JAIL:
                return self._jail(st, seat, legal)
            return _END if k == F.END_TURN else _ROLL
        if k == F.BUY:
            price = st.edition.board.price[f[2]]
            return _BUY if st.cash[seat] - price >= RESERVE else _AUCTION
        if k == F.AUCTION:
            return self._bid(st, seat, f)
        if k == F.DEBT:
            return self._debt(st, seat, f, legal)
        if k == F.OFFER:
            # `trade.accept_is_legal` is what lists ACCEPT (`trade.offer_legal`): the legal
            # list, with every exchange in it, is not built
            good = self._good(st, seat, f) and trade.accept_is_legal(st, f)
            return _ACCEPT if good else _REJECT
        if k == STEAL:
            return self._steal(st, seat, legal)
        if k == PARKING:
            return self._parking(st, seat, legal)
        if k == CHOOSE:
            need = deficit(st, seat)
            r = self._rank()
            return max((a for a in legal if a.kind == Kind.TAKE), key=lambda a: (need[a.a], r[a.a]))
        return legal[0]

    # --- own turn: floors, bank trades, swaps, FORCED TRADE! --------------------------------

    def _own_turn(
        self, st: GameState, seat: int, f: tuple[Any, ...], legal: Sequence[Action]
    ) -> Action | None:
        """Its own options are built from the rules' helpers, not from the whole legal list
        (which also lists every exchange with every player)."""
        step = f[0] in _STEP_FRAMES
        if step and st.jail[seat] < 0:
            act = self._floor(st, seat)
            if act is not None:
                return act
        wants: tuple[list[int], list[int]] | None = None  # `needs`, looked up once
        if turn.forced_card(st, seat) >= 0 and turn.may_force_now(st, f):
            forces = turn.force_actions(st, seat)
            if forces:
                need, extra = wants = needs(st, seat)
                n, r = st.n, self._rank()
                best = max(
                    forces,
                    key=lambda a: (need[a.b], extra[a.c], -((a.a - seat) % n), r[a.b], r[a.c]),
                )
                if need[best.b] and extra[best.c]:
                    return best
        if step:
            trades = turn.bank_trade_actions(st, seat)
            if trades:
                need, extra = wants = wants or needs(st, seat)
                give = BUILDER.data.bank_give
                self.rng.shuffle(trades)
                for a in trades:
                    if need[a.b] and extra[a.a] >= give:
                        return a
            swap = self._swap(st, seat, wants)
            if swap is not None:
                return swap
        cash = st.cash[seat]
        if cash >= 500 and True in st.mortgaged:
            ed = st.edition
            owner, mortgaged = st.owner, st.mortgaged
            for s in ed.board.deeds:
                if owner[s] == seat and mortgaged[s] and cash - ed.redeem_cost(st, s) > 300:
                    return Action(Kind.UNMORTGAGE, s)
        return None

    def _floor(self, st: GameState, seat: int) -> Action | None:
        """The floor to build now, if any (with the listed payment, `island.default_payment`):
        a higher floor on its own buildings, the highest first (the penthouse only when
        `_penthouse_wins`), else a new building next to its own ones. It asks the rules for
        its own buildings and the empty cells only, not for the whole floor listing."""
        d = BUILDER.data
        have = hand(st, seat)
        if sum(have) < 2:
            return None
        owner, height = island.cell_owners(st), island.heights(st)
        blocks = island.blocks_left(st, seat) > 0
        top = d.max_floors
        mine = [c for c in d.cells if owner[c] == seat]
        best, best_level, best_pay = -1, 0, 0
        free: bool | None = None  # `island.penthouse_free`, looked up once
        pays = island.listed_payments(d, have)  # per level
        for cell in mine:  # higher floors first: any of them is worth more than a new one
            h = height[cell]  # the level: `island.level_on`, inlined
            if h < top:  # the highest level, the lowest cell on ties
                if not blocks or h + 1 <= best_level:
                    continue
                pay = pays[h]
                if pay >= 0:
                    best, best_level, best_pay = cell, h + 1, pay
            elif h == top:
                if free is None:
                    free = island.penthouse_free(st)
                pay = pays[island.PENTHOUSE - 1] if free else -1
                if pay >= 0:
                    a = Action(Kind.FLOOR, cell, pay)
                    if self._penthouse_wins(st, seat, a):
                        return a
        if best >= 0:
            return Action(Kind.FLOOR, best, best_pay)
        if len(mine) >= 4 or not blocks:
            return None  # 12 blocks: at most three 4-floor buildings and a spare
        pay = pays[0]
        if pay < 0:
            return None
        # a new building, next to the most of its own ones, the lowest cell on ties
        # (Community Builder, B-70); with three buildings only next to one of them.
        # Its own buildings' empty neighbours, counted from its buildings (neighbours are
        # mutual: orthogonal cells of the grid)
        near: dict[int, int] = {}
        for c in mine:
            for x in d.neighbours[c]:
                if owner[x] < 0:
                    near[x] = near.get(x, 0) + 1
        if near:
            most = 0
            for cell, k in near.items():
                if k > most or (k == most and cell < best):
                    best, most = cell, k
            return Action(Kind.FLOOR, best, pay)
        if len(mine) >= 3:
            return None
        for cell in d.cells:  # next to none of them: the first empty cell
            if owner[cell] < 0:
                return Action(Kind.FLOOR, cell, pay)
        return None

    def _penthouse_wins(self, st: GameState, seat: int, a: Action) -> bool:
        """Place the penthouse if the game then ends with this seat the sole winner, after
        `SHARED_WIN_ROUNDS` rounds also if it shares the win, and after `ANYWAY_ROUNDS`
        in any case (a game whose others can no longer build would otherwise never end).
        The scores are read from a what-if copy with the penthouse on it (the game's own
        state is never written)."""
        if st.rounds >= ANYWAY_ROUNDS:
            return True
        trial = island.with_floor(st, a.a, island.PENTHOUSE)  # read only
        won = scoring.winners(trial, BUILDER.data)
        return won == (seat,) or (st.rounds >= SHARED_WIN_ROUNDS and seat in won)

    def _swap(
        self, st: GameState, seat: int, wants: tuple[list[int], list[int]] | None
    ) -> Action | None:
        """Offer one chip swap a turn: a spare chip for one the target floor needs, to the
        first partner in turn order that has one, in the order of its own shuffle of the
        listed offers (`Builder.chip_offers`)."""
        stamp = (st.turn, st.rounds)
        if self._offered == stamp or not trade.may_offer(st, seat):
            return None
        need, extra = wants or needs(st, seat)
        if not any(need):
            return None
        n = st.n
        alive = st.alive
        partners = [p for p in after(st, seat) if alive[p]]
        # a swap it would offer gives a spare type (held, so among its own) and gets a needed
        # one (never the same type); without one, only the shuffle's draws are made, which
        # depend on the number of listed offers alone
        wanted = [u for u in range(T) if need[u]]
        if not any(extra) or not any(count(st, p, u) for p in partners for u in wanted):
            self.rng.shuffle([None] * _swap_count(st, seat, partners))
            return None
        swaps = chip_swaps(st, seat, partners)  # partners in turn order after it
        self.rng.shuffle(swaps)
        best: tuple[int, int, int] | None = None
        first = n  # the partner's place after this seat
        for s in swaps:
            p, t, u = s
            if need[u] and extra[t] and (p - seat) % n < first:
                best, first = s, (p - seat) % n
        if best is None:
            return None
        self._offered = stamp
        p, t, u = best
        return Action(Kind.TRADE, p, ONE_CHIP[t], ONE_CHIP[u], 0)

    def deals(self, st: GameState, seat: int) -> list[Action]:
        """Cash offers for a chip the target floor needs, one per type: to the first other
        seat in turn order that holds it and does not need it, at the price a bot like this
        one sells it for (just above `CHIP_CASH`). Not played by the bot itself; the search
        (`strong`) tries them (B-40: deals with cash)."""
        price = CHIP_CASH + 10  # `_good` counts cash in tens
        if st.cash[seat] < price + RESERVE or not trade.may_offer(st, seat):
            return []
        need = deficit(st, seat)
        out: list[Action] = []
        for u in range(T):
            if not need[u]:
                continue
            for p in after(st, seat):
                if st.alive[p] and count(st, p, u) and not deficit(st, p)[u]:
                    out.append(Action(Kind.TRADE, p, 0, ONE_CHIP[u], price))
                    break
        return out

    def _discard(self, st: GameState, seat: int) -> Action:
        """B-14: the whole excess in one action, the chips the target floor needs least."""
        extra = spare(st, seat)
        have = hand(st, seat)
        if sum(have) <= BUILDER.data.hand_limit:  # a deal brought the hand to the limit
            return Action(Kind.PASS)
        out = [0] * T
        r = self._rank()
        for _ in range(sum(have) - BUILDER.data.hand_limit):
            t = max(range(T), key=lambda x: (extra[x], have[x], r[x]))
            if not have[t]:
                t = max(range(T), key=lambda x: (have[x], r[x]))
            have[t] -= 1
            extra[t] = max(0, extra[t] - 1)
            out[t] += 1
        return Action(Kind.DISCARD, pack(out))

    def _steal(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        need = deficit(st, seat)
        scores = BUILDER.scores(st)
        steals = turn.steal_actions(st, seat)  # not the legal list: OQ-2 lists more at Steal
        if not steals:  # B-34: a deal took the last chip; nothing to steal
            return Action(Kind.PASS)
        n, r = st.n, self._rank()
        return max(steals, key=lambda a: (need[a.b], scores[a.a], -((a.a - seat) % n), r[a.b]))

    def _parking(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        need = deficit(st, seat)
        extra = spare(st, seat)
        trades = sorted(turn.exchange_actions(st, seat))  # as listed (legal lists more)
        self.rng.shuffle(trades)
        for a in trades:
            if need[a.b]:
                give = unpack(a.a)
                if all(give[t] <= extra[t] for t in range(T)):
                    return a
        return _PASS

    # --- money ---------------------------------------------------------------------------------

    def _bid(self, st: GameState, seat: int, f: tuple[Any, ...]) -> Action:
        b = st.edition.board
        square = f[2]
        lo = min_bid(st, f)
        g = b.group[square]
        value = b.price[square]
        if g >= 0:
            others = [st.owner[s] for s in b.groups[g] if s != square]
            if all(o == seat for o in others):
                value = value * 3 // 2  # completes a monopoly (B-68)
        limit = min(value, st.cash[seat] - RESERVE // 2)
        return Action(Kind.BID, lo) if lo <= limit else _PASS

    def _debt(
        self, st: GameState, seat: int, f: tuple[Any, ...], legal: Sequence[Action]
    ) -> Action:
        if _PAY in legal:
            return _PAY
        b = st.edition.board
        morts = [a for a in legal if a.kind == Kind.MORTGAGE]
        if morts:

            def useful(a: Action) -> tuple[bool, int]:
                g = b.group[a.a]
                whole = g >= 0 and all(st.owner[s] == seat for s in b.groups[g])
                return (whole, b.price[a.a])

            return min(morts, key=useful)
        if _BANKRUPT in legal:
            return _BANKRUPT
        return legal[0]

    def _jail(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        b = st.edition.board
        unowned = sum(1 for s in b.deeds if st.owner[s] < 0)
        if unowned * 3 >= len(b.deeds):
            if _CARD in legal:
                return _CARD
            if _FINE in legal and st.cash[seat] >= 200:
                return _FINE
        return _ROLL

    def _good(self, st: GameState, seat: int, f: tuple[Any, ...]) -> bool:
        """An exchange offered to `seat`: accept when chips, deeds and cash it gets are worth
        more than what it gives (chips by need, deeds at their price, never completing the
        other player's monopoly)."""
        if f[2] != F.OFFER_TRADE:
            return False
        _, _seat, _kind, frm, what, cash = f
        give, get = what  # `give`: what the offerer gives (this seat gets)
        b = st.edition.board
        got_sq, got_cards = items_of(give)
        lost_sq, lost_cards = items_of(get)
        for s in lost_sq:
            g = b.group[s]
            if all(st.owner[x] == frm or x == s for x in b.groups[g]):
                return False
        gain: int = cash // 10 + 5 * (len(got_cards) - len(lost_cards))
        gain += sum(b.price[s] // 10 for s in got_sq) - sum(b.price[s] // 8 for s in lost_sq)
        need = deficit(st, seat)
        gain += _chip_value(need, resources_of(give))
        lost = resources_of(get)
        if any(lost):
            if any(lost[t] and need[t] for t in range(T)):
                return False
            gain -= _chip_value(need, lost)
        if cash < 0 and st.cash[seat] + cash < RESERVE:
            return False
        return gain > 0


__all__ = ["BuilderBrain", "chip_value", "deficit", "needs", "spare", "target"]
