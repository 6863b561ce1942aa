"""The heuristic bot: a sensible, fast player of the deed-trading editions.

- buys when it keeps a cash reserve (or when the deed completes or blocks a group);
- bids up to a valuation (price, more for a deed that completes or blocks a group);
- claims every rent at the first response window (C-28);
- builds evenly on complete groups while it keeps its reserve, and redeems mortgages when rich;
  when the bank has no house left (C-55) it moves houses from a cheaper group to a dearer one;
- raises cash by selling buildings first, then mortgaging the least useful deeds;
- in jail, leaves early while many deeds are still unowned, and serves later on;
- sells a lone deed when short of cash and the rules allow it, and buys deeds that
  complete its groups.
Money thresholds scale with the edition's starting cash (classic: $3 000). Where the edition
keeps passports (wonders, `wonders.marks`), it also bids more for a wonder it has not
marked (winning marks it) and for an airport (its square gives free flights), takes the free
flight to the dearest unmarked wonder that an opponent owns (else the dearest unmarked one),
jumps in auctions whose minimum raise is tiny (kr 1) and claims rent from jail (W-67).
It reads the state directly (no view is built); only builder's decisions draw from the bot's
own generator (ties between resource types, `heuristic_builder`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from tycoon.bots import trading
from tycoon.editions.wonders import FLIGHT, Wonders, marks
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, action_of, items_of
from tycoon.engine.board import Board, SquareKind
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState, shallow_copy
from tycoon.rules import flow
from tycoon.rules.auction import bid_unit, min_bid
from tycoon.rules.property import (
    HOTEL,
    can_build,
    can_sell_building,
    max_houses,
    raise_cash_options,
    redeem_cost,
)
from tycoon.rules.trade import sale_offers

_PAY: Final = Action(Kind.PAY)
_ROLL: Final = Action(Kind.ROLL)
_END: Final = Action(Kind.END_TURN)
_BUY: Final = Action(Kind.BUY)
_AUCTION: Final = Action(Kind.AUCTION)
_PASS: Final = Action(Kind.PASS)
_SERVE: Final = Action(Kind.SERVE)
_FINE: Final = Action(Kind.PAY_FINE)
_CARD: Final = Action(Kind.USE_CARD)
_ACCEPT: Final = Action(Kind.ACCEPT)
_REJECT: Final = Action(Kind.REJECT)
_DRAW: Final = Action(Kind.DRAW)
_BANKRUPT: Final = Action(Kind.BANKRUPT)


class EditionBrain(Protocol):
    """The decisions of an edition whose play lives in a module of its own."""

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action: ...

    def respond(self, st: GameState, seat: int) -> Action | None: ...


def _builder_brain(rng: Rng) -> EditionBrain:
    from tycoon.bots.heuristic_builder import BuilderBrain

    return BuilderBrain(rng)


def _metropol_brain(_rng: Rng) -> EditionBrain:
    from tycoon.bots.heuristic_metropol import MetropolBrain

    return MetropolBrain()


_BRAINS: Final[dict[str, Callable[[Rng], EditionBrain]]] = {
    "builder": _builder_brain,
    "metropol": _metropol_brain,
}
"""Editions whose play lives in a module of its own: edition id -> a new decision maker."""

CONCENTRATE_PER_TURN: Final = 3
"""Houses a seat moves to a dearer group in one turn when the bank has none (C-50: at most
three houses a build window in classic)."""

SALE_DEALS: Final = 2
"""Classic sales at the buyers' own prices offered to the search (`deals`), at most."""

CLASSIC_START_CASH: Final = 3000
"""The money thresholds below are in classic dollars; other editions scale them."""


_BUILD_ORDERS: Final[dict[int, tuple[Board, tuple[tuple[int, ...], ...], dict[int, int]]]] = {}
"""id(board) -> (the board, kept alive so that its id stays its own; `_build_order`)."""


def _build_order(b: Board) -> tuple[tuple[tuple[int, ...], ...], dict[int, int]]:
    """The street groups in the order `_build` tries them (each from its last street back,
    last group first; one street each where groups interleave) and each street's place in
    it (computed once per board: a bot is set up at every game)."""
    known = _BUILD_ORDERS.get(id(b))
    if known is not None:
        return known[1], known[2]
    groups = {b.group[s] for s in b.streets}
    desc = tuple(
        tuple(sorted(b.groups[g], reverse=True))
        for g in sorted(groups, key=lambda g: -max(b.groups[g]))
    )
    order = [s for members in desc for s in members]
    if order != sorted(b.streets, reverse=True):  # interleaved groups: one street each
        desc = tuple((s,) for s in sorted(b.streets, reverse=True))
    streets = [s for members in desc for s in members]
    rank = {s: i for i, s in enumerate(streets)}
    _BUILD_ORDERS[id(b)] = (b, desc, rank)
    return desc, rank


class HeuristicBot:
    """A rule-of-thumb player; see the module docstring."""

    name = "basic"

    def __init__(self, seed: int, reserve: int = 200) -> None:
        self.rng = Rng(seed)
        self.base_reserve = reserve
        self._offered_turn = -1
        self._edition: object = None
        self.scale = 1
        """Money scale of the edition being played (starting cash / $3 000)."""
        self.bid_step = 0
        """Jump size of an auction raise where the minimum raise is tiny (0: minimum raises)."""
        self.mark_value = 0
        """Extra bid for a wonder not yet in the passport (0: no passports)."""
        self._build_rank: dict[int, int] = {}
        """Street -> its place in the order `_build` tries streets in (dearest first)."""
        self._concentrated = (-1, 0)
        """(turn, houses moved by `_concentrate` in it)."""
        self._groups_desc: tuple[tuple[int, ...], ...] = ()
        """The street groups, each from its last street back, last group first."""
        self.brain: EditionBrain | None = None
        """The edition's own decision maker, where it has one (`_BRAINS`)."""

    def _setup(self, st: GameState) -> None:
        """Edition-dependent constants, computed once per edition."""
        ed = st.edition
        self._edition = ed
        factory = _BRAINS.get(ed.id)
        self.brain = factory(self.rng) if factory else None
        c = ed.board.constants
        self.scale = max(1, c["starting_cash"] // CLASSIC_START_CASH)
        unit = c["money_unit"]
        step = c.get("bid_ladder_step", unit)
        self.bid_step = step if step > unit else 0
        self._groups_desc, self._build_rank = _build_order(ed.board)
        if isinstance(ed, Wonders):  # passports (W-16)
            self.mark_value = c["completion_bonus"] // (2 * c["wonders_to_complete"])
        else:
            self.mark_value = 0

    # --- helpers ---------------------------------------------------------------------------

    def reserve(self, st: GameState, seat: int) -> int:
        """Cash to keep: more when opponents have built."""
        b = st.edition.board
        worst = 0
        owner, level, rents = st.owner, st.level, b.rents
        for s in b.streets:
            lvl = level[s]
            if lvl and owner[s] != seat:
                r = rents[s][lvl]
                if r > worst:
                    worst = r
        sc = self.scale
        return max(self.base_reserve * sc, min(worst // 2, 1000 * sc))

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

    responds_only_with_claims = True
    """`respond` returns None while no rent claim is open (the driver may skip asking)."""

    def respond(self, st: GameState, seat: int) -> Action | None:
        if self.brain is not None and st.edition is self._edition:
            return self.brain.respond(st, seat)
        if st.claims and (st.jail[seat] < 0 or st.edition.mechanics.jailed_owner_collects):
            for c in st.claims:
                if c[0] == seat:
                    return action_of(Kind.CLAIM, c[1])
        return None

    def deals(self, st: GameState, seat: int) -> list[Action]:
        """Offers its edition brain would make at a price of its own and the listing does not
        hold (builder: a needed chip bought for cash); the search tries them as candidates."""
        if st.edition is not self._edition:
            self._setup(st)
        make = getattr(self.brain, "deals", None)
        if make is not None:
            return list(make(st, seat))
        if st.edition.mechanics.trades == "sale":  # classic: deeds sold at what buyers pay
            return trading.sale_deals(st, seat, lambda p, s: self.best_price(st, p, s), SALE_DEALS)
        return []

    def best_price(self, st: GameState, buyer: int, s: int) -> int:
        """The most a bot like this one, as `buyer`, pays for deed `s` alone (`_good_offer`,
        classic): the completion value for the last deed of its group, half as much again
        as the price for a deed of a group it holds part of, else the price times its group
        value; never more than it can pay and keep its reserve. 0: nothing."""
        b = st.edition.board
        price = int(b.price[s] * self.group_gain(st, buyer, s))
        if trading.completes_for(st, s) == buyer:
            price = max(price, trading.completion_value(st, buyer, s))
        if trading.consolidates(st, buyer, s):
            price = max(price, int(b.price[s] * trading.CONSOLIDATE_PREMIUM))
        price = min(price, st.cash[buyer] - self.reserve(st, buyer))
        unit = b.constants["money_unit"]
        return max(0, price // unit * unit)

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        if st.edition is not self._edition:
            self._setup(st)
        if self.brain is not None:
            return self.brain.choose(st, seat, legal)
        f = st.stack[-1]
        k: int = f[0]
        if k == F.PRE_ROLL or k == F.ROLL_AGAIN:
            return self._pre_roll(st, seat, legal)
        if k == F.END_TURN:
            return self._claim(st, seat) or _END
        if k == F.BUY:
            return self._buy(st, seat, f[2], legal)
        if k == F.AUCTION:
            return self._bid(st, seat, f)
        if k == F.DEBT:
            if st.cash[seat] >= f[3]:
                return _PAY
            return self._raise(st, seat, legal, _PAY)
        if k == F.JAIL:
            return self._jail(st, seat, legal)
        if k == F.OFFER:
            return self._offer(st, seat, f, legal)
        if k == F.CARD_CHOICE:
            return _PAY if st.cash[seat] >= 100 * self.scale else _DRAW
        if k == FLIGHT and self.mark_value:
            return self._flight(st, seat)
        if k == F.ACQUIRED:
            return self._acquired(st, seat, f[2])
        if k == F.FINAL_CLAIM:
            return action_of(Kind.CLAIM, f[2])
        if k == F.DEMAND:
            return legal[-1]  # as many as it may place
        if k == F.PLACE:  # a building won at a shortage auction (W-77): where it builds
            return self._place(legal)
        return legal[0]

    # --- decisions ---------------------------------------------------------------------------

    def _acquired(self, st: GameState, seat: int, mask: int) -> Action:
        """C-68, deeds acquired mortgaged (the frame's `mask`): redeem the first one it can
        while keeping a large reserve, else keep the first one mortgaged (read from the
        frame: no legal list is built)."""
        keep = 500 * self.scale
        cash = st.cash[seat]
        first = -1
        for s in range(mask.bit_length()):
            if mask >> s & 1:
                if cash - redeem_cost(st, s) >= keep:
                    return action_of(Kind.UNMORTGAGE, s)
                if first < 0:
                    first = s
        return Action(Kind.KEEP_MORTGAGED, first)

    def _place(self, legal: Sequence[Action]) -> Action:
        """W-77.4: place a won building where `_build` would build first."""
        rank = self._build_rank
        return min(legal, key=lambda a: rank.get(a.a, len(rank)))

    def _claim(self, st: GameState, seat: int) -> Action | None:
        return self.respond(st, seat) if st.claims else None

    def _pre_roll(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        claim = self._claim(st, seat)
        if claim:
            return claim
        reserve = self.reserve(st, seat)  # one position: the same reserve for every step
        # classic sales of deeds are offered in the pre-roll phase only (C-59), not after a
        # double: elsewhere no sale is legal and none is looked for
        sales = st.edition.mechanics.trades == "sale" and st.stack[-1][0] == F.PRE_ROLL
        selling = False  # no building while a consolidating sale is on offer
        consolidation: Action | None = None  # that sale, once looked for (`looked`)
        looked = sales and st.rounds >= trading.DEADLOCK_ROUNDS
        if looked:
            built = trading.builders(st)  # one position: the same builders for both
            unlock = trading.unlocking_sale(st, seat, reserve, built)
            if unlock:
                return unlock
            consolidation = trading.consolidation_offer(st, seat, reserve, built)
            selling = consolidation is not None
        build = None if selling else self._build(st, seat, reserve)
        if build:
            return build
        if not selling and st.houses_left == 0:
            move = self._concentrate(st, seat, reserve)
            if move:
                turn, moved = self._concentrated
                self._concentrated = (st.turn, moved + 1 if turn == st.turn else 1)
                return move
        redeem = self._redeem(st, seat, legal)
        if redeem:
            return redeem
        deal = self._deal(st, seat, reserve, sales, consolidation, looked)
        if deal:
            return deal
        sale = self._sale(st, seat, legal)
        return sale or _ROLL

    def _deal(
        self,
        st: GameState,
        seat: int,
        reserve: int,
        sales: bool,
        consolidation: Action | None,
        looked: bool,
    ) -> Action | None:
        """Once a turn: a sale (classic, `sales`: in the pre-roll phase) or an exchange
        (wonders) that completes a group (`tycoon.bots.trading`). `looked`: the caller has
        already looked for the consolidating sale of this position (`consolidation`)."""
        if self._offered_turn == st.turn or not st.alive[seat]:
            return None
        if st.edition.mechanics.trades == "sale":
            if not sales:
                return None
            a = trading.sale_offer(st, seat, reserve)
            if a is None:
                a = consolidation if looked else trading.consolidation_offer(st, seat, reserve)
        else:
            a = trading.exchange_offer(st, seat, reserve)
        if a is not None:
            self._offered_turn = st.turn
        return a

    def _build(self, st: GameState, seat: int, reserve: int) -> Action | None:
        """The most expensive house or hotel that keeps the reserve (builds are even by rule)."""
        b = st.edition.board
        owner, level = st.owner, st.level
        house_cost, hotel_cost = b.house_cost, b.hotel_cost
        spare = st.cash[seat] - reserve
        per_hotel = st.edition.houses_per_hotel(st)
        for members in self._groups_desc:  # the streets from the last one back
            for s in members:
                if owner[s] != seat:
                    break
            else:
                for s in members:  # the cheap test of the reserve first, then the rules
                    cost = house_cost[s] if level[s] < per_hotel else hotel_cost[s]
                    if cost <= spare and can_build(st, seat, s):
                        return action_of(Kind.BUILD, s)
        return None

    def _concentrate(self, st: GameState, seat: int, reserve: int) -> Action | None:
        """The bank has no house (C-55): sell a house of a cheaper group (C-57, C-58) when
        the house would be built again on a dearer one in this build window (C-50). Houses
        move only up the board, so groups reach their hotels (which return their houses,
        C-53) instead of every group waiting at a few houses for ever. At most
        `CONCENTRATE_PER_TURN` houses a turn (a won shortage auction, W-77, is placed where
        `_build` would build, so the house does not come back either way)."""
        turn, moved = self._concentrated
        if turn == st.turn and moved >= CONCENTRATE_PER_TURN:
            return None
        trial = shallow_copy(st)  # would we build, with one house in the bank? (read only)
        trial.houses_left = 1
        want = self._build(trial, seat, reserve)  # the same deeds and buildings
        if want is None or want.kind != Kind.BUILD or st.level[want.a] >= max_houses(st):
            return None  # no build, or a hotel (which the bank's houses do not limit)
        b = st.edition.board
        cost = b.house_cost[want.a]
        owner, level = st.owner, st.level
        best, key = -1, (0, 0, 0)
        for s in b.streets:
            lvl = level[s]
            if (
                owner[s] == seat
                and 0 < lvl < HOTEL
                and b.group[s] != b.group[want.a]
                and (b.house_cost[s], s) < (cost, want.a)
                and (best < 0 or (b.house_cost[s], -lvl, s) < key)
                and can_sell_building(st, seat, s)
            ):
                best, key = s, (b.house_cost[s], -lvl, s)
        return action_of(Kind.SELL_BUILDING, best) if best >= 0 else None

    def _redeem(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        cash = st.cash[seat]
        sc = self.scale
        mortgaged = st.mortgaged
        if cash < 1000 * sc:
            return None
        owner = st.owner
        for s in st.edition.board.deeds:
            if mortgaged[s] and owner[s] == seat and cash - redeem_cost(st, s) >= 800 * sc:
                return action_of(Kind.UNMORTGAGE, s)
        return None

    def _sale(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
        """Short of cash: sell one deed that does not help our groups, once a turn, offered
        to the next buyer in turn order (not the lowest seat, which would favour seats)."""
        if st.cash[seat] >= 150 * self.scale or self._offered_turn == st.turn:
            return None
        if st.stack[-1][0] != F.PRE_ROLL or st.edition.mechanics.trades != "sale":
            return None  # the listing holds no sale of a deed (C-59: in the pre-roll phase)
        n = st.n
        best: Action | None = None
        for a in sale_offers(st, seat):  # the sales of the listing, without the rest of it
            if (
                a.kind == Kind.SELL_DEED
                and self.group_gain(st, seat, a.a.bit_length() - 1) <= 1.0
                and st.cash[a.b] >= a.c + 300 * self.scale
                and (
                    best is None
                    or a.a < best.a
                    or (a.a == best.a and (a.b - seat) % n < (best.b - seat) % n)
                )
            ):
                best = a
        if best is not None:
            self._offered_turn = st.turn
        return best

    def _buy(self, st: GameState, seat: int, square: int, legal: Sequence[Action]) -> Action:
        price = st.edition.board.price[square]
        cash = st.cash[seat]
        gain = self.group_gain(st, seat, square)
        reserve = self.reserve(st, seat)
        if cash >= price and (
            cash - price >= reserve or (gain >= 1.4 and cash - price >= 50 * self.scale)
        ):
            return _BUY
        if gain >= 1.8 and cash < price:
            for a in legal:  # raise cash for a deed that completes a group
                if a.kind == Kind.MORTGAGE and self.group_gain(st, seat, a.a) <= 1.0:
                    return a
        return _AUCTION

    def _bid(self, st: GameState, seat: int, f: tuple[int, ...]) -> Action:
        square = f[2]
        keep = st.cash[seat] - self.base_reserve * self.scale // 2
        if square < 0:  # a scarce building (W-77): worth up to twice its opening price
            return self._ladder(st, f, min(2 * f[3], keep), f[3], f[3])
        b = st.edition.board
        price = b.price[square]
        value = int(price * self.group_gain(st, seat, square))
        if self.mark_value:
            kind = b.kind[square]
            if kind == SquareKind.STREET and not marks(st, seat) >> square & 1:
                value += self.mark_value  # winning marks the passport (W-16)
            elif kind == SquareKind.RAILWAY:
                value += price // 10  # an airport: free flights for its visitors (W-52)
        return self._ladder(st, f, min(value, keep), price // 2, price)

    def _ladder(
        self, st: GameState, f: tuple[int, ...], limit: int, opening: int, worth: int
    ) -> Action:
        """Bid up to `limit`, else pass. Where the minimum raise is tiny (`bid_step`), open
        at `opening`, then raise by a tenth of `worth` (in whole steps): one bid of a dollar
        at a time would make an auction thousands of actions long."""
        lo = min_bid(st, f)
        if lo > limit:
            return _PASS
        step = self.bid_step
        if not step:
            return action_of(Kind.BID, lo)
        limit -= limit % bid_unit(st)  # a capped jump stays a legal amount
        if f[5] < 0:
            target = opening // step * step
        else:
            target = f[4] + max(step, worth // 10 // step * step)
        return action_of(Kind.BID, min(max(lo, target), limit))

    def _raise(self, st: GameState, seat: int, legal: Sequence[Action], done: Action) -> Action:
        """In a debt: pay when it can, else sell the highest building, else mortgage the
        least useful deed, else go bankrupt (the building sales and mortgages are read
        from the rules' list of them, not from the whole legal list)."""
        if flow.is_legal(st, done, seat):
            return done
        options = raise_cash_options(st, seat)
        level = st.level
        sell = trading.highest_building([s for k, s in options if k == Kind.SELL_BUILDING], level)
        if sell >= 0:
            return action_of(Kind.SELL_BUILDING, sell)
        mort, mort_helps = -1, True  # the first deed that helps no group, else the first
        for k, s in options:
            if k == Kind.MORTGAGE:
                helps = self.group_gain(st, seat, s) > 1.0
                if mort < 0 or (mort_helps and not helps) or (mort_helps == helps and s < mort):
                    mort, mort_helps = s, helps
        if mort >= 0:
            return action_of(Kind.MORTGAGE, mort)
        if flow.is_legal(st, _BANKRUPT, seat):
            return _BANKRUPT
        return legal[0]

    def _jail(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        b = st.edition.board
        unowned = sum(1 for s in b.deeds if st.owner[s] < 0)
        early = unowned * 3 >= len(b.deeds)
        if not early and self.mark_value:
            # passports: moving marks wonders, so leave while the rents out there are low
            early = self.reserve(st, seat) <= self.base_reserve * self.scale
        if early:  # the legal list is not built: the jail options are read from the state
            if seat in st.card_holder.values():
                return _CARD
            c = b.constants
            fee = c["jail_attempt_fee"] if "jail_attempt_fee" in c else c["jail_fine"]
            cash = st.cash[seat]
            if cash >= fee and cash >= 6 * c["start_bonus"] // 4:
                return _FINE
        return _SERVE if st.edition.mechanics.jail == "skip_turns" else _ROLL

    def _offer(
        self, st: GameState, seat: int, f: tuple[int, ...], legal: Sequence[Action]
    ) -> Action:
        """Accept a good offer if the rules let it (no legal list is built)."""
        good = self._good_offer(st, seat, f) and flow.is_legal(st, _ACCEPT, seat)
        return _ACCEPT if good else _REJECT

    def _good_offer(self, st: GameState, seat: int, f: tuple[Any, ...]) -> bool:
        _, _seat, kind, _frm, what, price = f[:6]
        b = st.edition.board
        if kind == F.OFFER_CARD:
            return bool(
                price <= 50 * self.scale and st.cash[seat] - price >= self.base_reserve * self.scale
            )
        if kind == F.OFFER_TRADE:
            return self._good_trade(st, seat, f)
        if kind == F.OFFER_SALE:
            reserve = self.reserve(st, seat)
            if trading.sale_acceptable(st, seat, what, price, reserve):
                return True
            if trading.consolidation_acceptable(st, seat, what, price, reserve):
                return True
        value = 0
        m, s = what, 0
        while m:
            if m & 1:
                value += int(b.price[s] * self.group_gain(st, seat, s))
            m >>= 1
            s += 1
        if kind == F.OFFER_IN_KIND:
            return bool(value + f[6] >= price)  # W-87: deeds and cash
        return bool(value >= price and st.cash[seat] - price >= self.reserve(st, seat))

    def _flight(self, st: GameState, seat: int) -> Action:
        """The free flight (W-52): mark the dearest unmarked wonder an opponent owns (landing
        there later would cost rent), else the dearest unowned one, else any."""
        b = st.edition.board
        m = marks(st, seat)
        owner, price = st.owner, b.price
        best, key = -1, -1
        for s in b.streets:
            if m >> s & 1:
                continue
            o = owner[s]
            k = (2 if o >= 0 and o != seat else 1 if o < 0 else 0) << 40 | price[s]  # (rank, price)
            if k > key:
                best, key = s, k
        return Action(Kind.MARK, best)

    def _good_trade(self, st: GameState, seat: int, f: tuple[Any, ...]) -> bool:
        """An exchange offered to `seat` (W-84): accept when what it gets (deeds at their
        group value, cards, cash) is worth at least what it gives, it keeps its reserve, and
        the other player does not complete a group by it."""
        _, _seat, _kind, frm, (give, get), cash = f
        b = st.edition.board
        card = 50 * self.scale
        got_squares, got_cards = items_of(give)
        lost_squares, lost_cards = items_of(get)
        gain: int = cash + card * (len(got_cards) - len(lost_cards))
        for s in got_squares:
            gain += int(b.price[s] * self.group_gain(st, seat, s))
        owner = st.owner
        for s in got_squares:
            if trading.completes_for(st, s) == seat:  # completes our group
                gain += trading.completion_value(st, seat, s) - int(
                    b.price[s] * self.group_gain(st, seat, s)
                )
        for s in lost_squares:
            g = b.group[s]
            mine = sum(1 for x in b.groups[g] if owner[x] == seat) if g >= 0 else 1
            gain -= b.price[s] * (2 if mine > 1 else 1)
        if cash < 0 and st.cash[seat] + cash < self.reserve(st, seat):
            return False
        if trading.hands_group(st, seat, frm, lost_squares):
            # it would complete the other player's group: only for the premium or a group
            return trading.fair_for_group(st, seat, lost_squares, got_squares, cash)
        return gain >= 0
