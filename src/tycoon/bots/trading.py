"""Deal-making of the `basic` bot in the deed editions (classic sales, wonders exchanges).

A deed is valued by what it completes: the last deed of a group is worth its price plus the
price of the whole group to the player who holds the rest. Offers:
- classic (C-59 to C-62, sales for cash in the seller's pre-roll phase): a deed that
  completes one opponent's group is sold to him at a premium (`SALE_PREMIUM` times the
  price, less when the seller holds a group of his own), once the bank has no deed left for
  sale or the seller already has a group: the market is closed and only a deal builds;
- wonders (W-84, exchanges in the action windows): a swap of two deeds that complete a
  group for each side, or the purchase of the missing deed at that premium.
- classic, from round `STALE_ROUNDS` with the market closed: a deed of a split group goes
  to the holder who can complete it (`consolidation_offer`), so that groups split three
  ways, or held in part by a player with buildings (who may sell nothing, A-14), come
  together and the game does not run for ever on the Start bonus.
For the search (`strong`), not played by `basic`: classic sales of a deed at the most a
`basic` buyer pays for it (`sale_deals`).
Acceptance: a deed that completes the other player's group is handed over only for the
premium or for a deed that completes one's own group (never cheaply).
Every offer is checked with `is_legal`; a bot makes at most one a turn (and the engine's
`offer_limit` bounds every seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tycoon.engine.actions import Action, Kind
from tycoon.engine.board import Board
from tycoon.engine.state import GameState, shallow_copy
from tycoon.rules import flow
from tycoon.rules.property import can_sell_building, group_has_building
from tycoon.rules.trade import sellable_deeds

SALE_PREMIUM: Final = 3.0
"""The price of a deed that completes the buyer's group, in printed prices."""
SALE_PREMIUM_HOLDER: Final = 2.0
"""The same when the seller already holds a complete group of his own."""


_STREET_GROUPS: Final[dict[int, tuple[Board, frozenset[int]]]] = {}
"""id(board) -> (the board, kept alive so that its id stays its own; its street groups)."""


def street_groups(b: Board) -> frozenset[int]:
    """The groups of streets of a board (cached per board)."""
    known = _STREET_GROUPS.get(id(b))
    if known is None:
        known = _STREET_GROUPS[id(b)] = (b, frozenset(b.group[s] for s in b.streets))
    return known[1]


_STREET_MEMBERS: Final[dict[int, tuple[Board, tuple[tuple[int, ...], ...]]]] = {}
"""id(board) -> (the board, kept alive; the deeds of each of its street groups)."""


def _street_members(b: Board) -> tuple[tuple[int, ...], ...]:
    """The deeds of each street group of a board, by group number (cached per board)."""
    known = _STREET_MEMBERS.get(id(b))
    if known is None:
        members = tuple(b.groups[g] for g in sorted(street_groups(b)))
        known = _STREET_MEMBERS[id(b)] = (b, members)
    return known[1]


def _holders(owner: tuple[int, ...], members: tuple[int, ...]) -> dict[int, list[int]]:
    """Holder (the bank -1) -> its deeds of a group, holders in the order of the deeds."""
    holders: dict[int, list[int]] = {}
    for x in members:
        o = owner[x]
        if o in holders:
            holders[o].append(x)
        else:
            holders[o] = [x]
    return holders


class Holdings:
    """What the distribution of the deeds means for deals, computed once per distribution
    (deeds change hands seldom; the bots ask at every pre-roll and every offer); `closed`
    and `whole` at once, the rest on first ask."""

    __slots__ = ("_completes", "_mixed", "_owner", "_sales", "_split", "closed", "whole")

    def __init__(self, b: Board, owner: tuple[int, ...]) -> None:
        self.closed = all(owner[s] >= 0 for s in b.deeds)
        """No deed is left with the bank."""
        whole = set()
        mixed: list[tuple[int, ...]] = []
        for members in _street_members(b):
            first = owner[members[0]]
            for x in members:
                if owner[x] != first:
                    mixed.append(members)
                    break
            else:  # one holder: nothing is split
                if first >= 0:
                    whole.add(first)
        self.whole = frozenset(whole)
        """The seats that hold a whole street group."""
        self._owner = owner
        self._mixed = mixed
        """The street groups with more than one holder (the bank counts as one)."""
        self._completes: dict[int, int] | None = None
        self._sales: tuple[tuple[int, int], ...] = ()
        self._split: dict[int, list[tuple[list[int], dict[int, int]]]] | None = None

    @property
    def completes(self) -> dict[int, int]:
        """Street deed -> the seat that completes its group by getting it (it holds every
        other deed of the group, and someone else, or the bank, holds this one)."""
        completes = self._completes
        return completes if completes is not None else self._find_completes()

    @property
    def sales(self) -> tuple[tuple[int, int], ...]:
        """`completes` in deed order."""
        if self._completes is None:
            self._find_completes()
        return self._sales

    def _find_completes(self) -> dict[int, int]:
        """Compute `completes` and `sales`."""
        completes: dict[int, int] = {}
        owner = self._owner
        for members in self._mixed:
            holders = _holders(owner, members)
            if len(holders) == 2:  # one deed away from a seat, if held by one other
                (o1, xs1), (o2, xs2) = holders.items()
                if len(xs1) == 1 and o2 >= 0:
                    completes[xs1[0]] = o2
                if len(xs2) == 1 and o1 >= 0:
                    completes[xs2[0]] = o1
        self._sales = tuple(sorted(completes.items()))
        self._completes = completes
        return completes

    @property
    def split(self) -> dict[int, list[tuple[list[int], dict[int, int]]]]:
        """Seat -> (its deeds, {other holder: deeds held}) of each street group it holds
        part of, by group number, where another seat holds part too."""
        split = self._split
        if split is None:
            split = self._split = {}
            owner = self._owner
            for members in self._mixed:
                holders = _holders(owner, members)
                seats = sorted(o for o in holders if o >= 0)
                if len(seats) < 2:
                    continue  # one seat and the bank: nobody else holds part
                for o in seats:
                    split.setdefault(o, []).append(
                        (holders[o], {h: len(holders[h]) for h in seats if h != o})
                    )
        return split


_HOLDINGS: Final[dict[tuple[int, tuple[int, ...]], Holdings]] = {}
_HOLDINGS_KEPT: Final = 4096


class _Last:
    """The last distribution asked for and its `Holdings` (most asks repeat it): fields of
    one object, which compiled code reads directly."""

    __slots__ = ("board", "holdings", "owner")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.owner: list[int] = []
        self.holdings: Holdings | None = None


_LAST: Final = _Last()


def holdings(st: GameState) -> Holdings:
    """The `Holdings` of the state's distribution of deeds (cached)."""
    b = st.edition.board
    last = _LAST
    h = last.holdings
    if h is not None and last.board is b and last.owner == st.owner:
        return h
    key = (id(b), tuple(st.owner))
    h = _HOLDINGS.get(key)
    if h is None:
        if len(_HOLDINGS) >= _HOLDINGS_KEPT:
            _HOLDINGS.clear()
        h = _HOLDINGS[key] = Holdings(b, key[1])
    last.board, last.owner, last.holdings = b, list(st.owner), h
    return h


def completes_for(st: GameState, s: int) -> int:
    """The seat that would complete a group by getting deed `s` (it holds every other deed
    of the group, and someone else holds `s`), or -1."""
    return holdings(st).completes.get(s, -1)


def has_group(st: GameState, seat: int) -> bool:
    """Does `seat` hold a complete street group?"""
    return seat in holdings(st).whole


def market_closed(st: GameState) -> bool:
    """No deed is left with the bank."""
    return holdings(st).closed


def premium(st: GameState, seller: int, s: int) -> int:
    """What the seller asks for a deed that completes the buyer's group (money units)."""
    b = st.edition.board
    k = SALE_PREMIUM_HOLDER if has_group(st, seller) else SALE_PREMIUM
    unit = b.constants["money_unit"]
    return int(b.price[s] * k) // unit * unit


def completion_value(st: GameState, seat: int, s: int) -> int:
    """What deed `s` is worth to `seat` when it completes its group: the deed's price plus
    the price of the whole group."""
    b = st.edition.board
    return b.price[s] + sum(b.price[x] for x in b.groups[b.group[s]])


def sale_offer(st: GameState, seat: int, reserve: int) -> Action | None:
    """Classic: a deed of `seat` that completes another seat's group, offered to him at the
    premium when he can pay it and keep `reserve` (and the market is closed or the seller
    has a group of his own)."""
    h = holdings(st)
    if not (h.closed or seat in h.whole):
        return None
    owner = st.owner
    sellable: list[int] | None = None  # the rules' deeds on offer (C-61, C-62), on first need
    for s, buyer in h.sales:
        if owner[s] != seat:
            continue
        price = premium(st, seat, s)
        if st.cash[buyer] - price < reserve:
            continue
        if sellable is None:
            sellable = sellable_deeds(st, seat)
        if s not in sellable:
            continue  # not legal either (`is_legal` asks the same first)
        a = Action(Kind.SELL_DEED, 1 << s, buyer, price)
        if flow.is_legal(st, a, seat):
            return a
    return None


STALE_ROUNDS: Final = 40
"""From this round on, with the bank's deeds all sold, classic sellers also consolidate."""
CONSOLIDATE_PREMIUM: Final = 1.5
"""The price of a consolidating sale, in printed prices."""


def consolidation_offer(
    st: GameState, seat: int, reserve: int, built: set[int] | None = None
) -> Action | None:
    """Classic, once the market is closed and the game is `STALE_ROUNDS` old: sell a deed of
    a group we cannot complete to the holder who can: one who can never sell (he owns
    buildings, A-14), else one holding more of the group than we do (equal: the richer one),
    at `CONSOLIDATE_PREMIUM` times the price. Groups split three ways then come together,
    so a game with every deed owned and no group complete does not go on for ever.
    `built`: `builders(st)`, where the caller has it."""
    if st.rounds < STALE_ROUNDS or not market_closed(st):
        return None
    if built is None:
        built = builders(st)  # seats that may sell no deed
    if seat in built:
        return None  # C-61: no sale of ours is legal
    for a in _consolidations(st, seat, reserve, built):
        if flow.is_legal(st, a, seat):
            return a
    return None


def _consolidations(st: GameState, seat: int, reserve: int, built: set[int]) -> list[Action]:
    """The sales `consolidation_offer` tries, in order, before the rules' test (`built`:
    the seats that own buildings, `seat` not among them)."""
    b = st.edition.board
    unit = b.constants["money_unit"]
    cash = st.cash
    out: list[Action] = []
    for mine, held in holdings(st).split.get(seat, ()):
        # the buyer: ahead of us, and of every other holder, by (owns buildings, deeds
        # held, cash); the first in seat order on ties
        best = -1
        for o in held:  # in seat order
            built_o, held_o, cash_o = o in built, held[o], cash[o]
            if _ahead(built_o, held_o, cash_o, False, len(mine), cash[seat]) and (
                best < 0 or _ahead(built_o, held_o, cash_o, best in built, held[best], cash[best])
            ):
                best = o
        if best < 0:
            continue
        s = mine[0]
        price = int(b.price[s] * CONSOLIDATE_PREMIUM) // unit * unit
        if completes_for(st, s) == best:
            price = premium(st, seat, s)
        if cash[best] - price < reserve:
            continue
        out.append(Action(Kind.SELL_DEED, 1 << s, best, price))
    return out


def _ahead(built: bool, held: int, cash: int, built2: bool, held2: int, cash2: int) -> bool:
    """(built, held, cash) > (built2, held2, cash2), compared in that order."""
    if built != built2:
        return built
    if held != held2:
        return held > held2
    return cash > cash2


DEADLOCK_ROUNDS: Final = 100
"""From this round on, a classic seller whom A-14 keeps from a consolidating sale (he owns
buildings) sells his buildings first, and builds no more while that sale is on offer."""


def unlocking_sale(
    st: GameState, seat: int, reserve: int, built: set[int] | None = None
) -> Action | None:
    """Classic, from `DEADLOCK_ROUNDS` with the market closed: a building sale (C-57) that
    brings a consolidating sale within A-14 (C-61: a seller owns no building anywhere). Two
    players who both own buildings and split a group could otherwise sell each other
    nothing, and the game would run for ever on the Start bonus. `built`: `builders(st)`,
    where the caller has it."""
    if st.rounds < DEADLOCK_ROUNDS:
        return None
    if built is None:
        built = builders(st)
    if seat not in built or not market_closed(st):
        return None
    streets = st.edition.board.streets
    owner, level = st.owner, st.level
    sell = highest_building(
        [s for s in streets if owner[s] == seat and level[s] and can_sell_building(st, seat, s)],
        level,
    )
    if sell < 0:
        return None
    # the same position without our buildings: is a sale there? (the deeds, the cash and
    # the other builders are the same: only the rules' test needs the position itself)
    tries = _consolidations(st, seat, reserve, built - {seat})
    if not tries:
        return None
    bare = shallow_copy(st)  # read only: a copy of the levels, the rest shared
    bare.level = level[:]
    for s in streets:
        if owner[s] == seat:
            bare.level[s] = 0
    if not any(flow.is_legal(bare, a, seat) for a in tries):
        return None
    return Action(Kind.SELL_BUILDING, sell)


def highest_building(squares: list[int], level: list[int]) -> int:
    """Of `squares`, the one with the highest building (the last square of equals); -1 for
    none. The building a bot sells first."""
    best, top = -1, -1
    for s in squares:
        if level[s] > top or (level[s] == top and s > best):
            best, top = s, level[s]
    return best


def builders(st: GameState) -> set[int]:
    """The seats that own a building anywhere (and so may sell no deed, A-14)."""
    owner, level = st.owner, st.level
    return {owner[s] for s in st.edition.board.streets if level[s]}


def has_building(st: GameState, seat: int) -> bool:
    """Does `seat` own a building anywhere (so that it may sell no deed, A-14)?"""
    return seat in builders(st)


def consolidates(st: GameState, seat: int, s: int) -> bool:
    """Is `s` a deed of a street group `seat` holds part of?"""
    b = st.edition.board
    g = b.group[s]
    return g in street_groups(b) and any(st.owner[x] == seat for x in b.groups[g])


def consolidation_acceptable(st: GameState, seat: int, mask: int, price: int, reserve: int) -> bool:
    """Buy a deed of a group we already hold part of, up to `CONSOLIDATE_PREMIUM` times its
    price, keeping the reserve."""
    b = st.edition.board
    s = mask.bit_length() - 1
    if mask != 1 << s or not consolidates(st, seat, s):
        return False
    cap = int(b.price[s] * CONSOLIDATE_PREMIUM)
    return price <= cap and st.cash[seat] - price >= reserve


def sale_acceptable(st: GameState, seat: int, mask: int, price: int, reserve: int) -> bool:
    """A sale of deeds to `seat` that completes one of its groups: worth it up to the
    completion value while it keeps the reserve."""
    s = mask.bit_length() - 1
    if mask != 1 << s or completes_for(st, s) != seat:
        return False
    return price <= completion_value(st, seat, s) and st.cash[seat] - price >= reserve


def sale_deals(
    st: GameState, seat: int, best_price: Callable[[int, int], int], k: int
) -> list[Action]:
    """Classic (C-59 to C-62): sales of one deed of `seat`, each to the buyer who pays most
    for it (`best_price(buyer, deed)`, a multiple of the money unit), the `k` furthest over
    the printed price. Not offered by `basic` itself; the search (`strong`) tries them
    beside the listed actions."""
    b = st.edition.board
    owner = st.owner
    found: list[tuple[int, Action]] = []
    for s in b.deeds:
        if owner[s] != seat:
            continue
        best: tuple[int, Action] | None = None
        for p in range(st.n):
            if p == seat or not st.alive[p]:
                continue
            price = best_price(p, s)
            if price > b.price[s] and (best is None or price > best[1].c):
                best = (price - b.price[s], Action(Kind.SELL_DEED, 1 << s, p, price))
        if best is not None and flow.is_legal(st, best[1], seat):
            found.append(best)
    found.sort(key=lambda x: -x[0])
    return [a for _, a in found[:k]]


def missing_one(st: GameState, seat: int) -> list[tuple[int, int]]:
    """(deed, holder) for every street group `seat` lacks exactly one deed of, held by one
    opponent, in group order."""
    owner = st.owner
    out = []
    for members in _street_members(st.edition.board):
        lack = -1
        for x in members:
            if owner[x] != seat:
                if lack >= 0:
                    break
                lack = x
        else:
            if lack >= 0 and owner[lack] >= 0:
                out.append((lack, owner[lack]))
    return out


def exchange_offer(st: GameState, seat: int, reserve: int) -> Action | None:
    """Wonders: for a group `seat` lacks one deed of (held by one opponent, no buildings in
    it), a swap for a deed that completes the opponent's group, else the purchase of that
    deed at the premium."""
    wants = missing_one(st, seat)
    if not wants:
        return None
    b = st.edition.board
    for s, o in sorted(wants):
        g = b.group[s]
        if group_has_building(st, g):
            continue
        for y, holder in sorted(missing_one(st, o)):
            # a deed of ours that completes his group: a fair swap (not one of the same
            # group, a two-deed group split between us: that swap completes nothing, and the
            # two would hand the deeds back and forth every turn)
            if holder == seat and b.group[y] != g:
                a = Action(Kind.TRADE, o, 1 << y, 1 << s, 0)
                if flow.is_legal(st, a, seat):
                    return a
        price = premium(st, o, s)
        if st.cash[seat] - price >= reserve:
            a = Action(Kind.TRADE, o, 0, 1 << s, price)
            if flow.is_legal(st, a, seat):
                return a
    return None


def hands_group(st: GameState, seat: int, frm: int, lost: list[int]) -> bool:
    """Would the deeds `lost` complete a group of `frm`?"""
    b = st.edition.board
    owner = st.owner
    for s in lost:
        g = b.group[s]
        if g >= 0 and all(owner[x] == frm or x in lost for x in b.groups[g]):
            return True
    return False


def fair_for_group(st: GameState, seat: int, lost: list[int], got: list[int], cash: int) -> bool:
    """Hand over deeds that complete the other player's group only for the premium in
    cash or for a deed that completes one of our own groups."""
    if any(completes_for(st, s) == seat for s in got):
        return True
    return cash >= sum(premium(st, seat, s) for s in lost)


__all__ = [
    "completes_for",
    "completion_value",
    "consolidates",
    "consolidation_acceptable",
    "consolidation_offer",
    "exchange_offer",
    "fair_for_group",
    "hands_group",
    "market_closed",
    "missing_one",
    "premium",
    "sale_acceptable",
    "sale_deals",
    "sale_offer",
]
