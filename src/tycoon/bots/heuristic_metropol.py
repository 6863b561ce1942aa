"""The heuristic bot's metropol play (reached from `tycoon.bots.heuristic`).

- values a permit by its final value (its area's skyscraper, or an estimate), its rent now,
  the blocks it shares with the player's other permits and a district it would complete;
- bids and vetoes up to that valuation while keeping a cash reserve;
- builds where it holds both permits of a city block (or one, when rich), preferring blocks
  that raise its own rents and not its opponents';
- takes a triples free move to the Stock Exchange (500,000) or to a valuable free permit;
- accepts exchanges that bring more than they cost (permits at that valuation, and cash);
- in debt, puts up its least valuable permit first; calls out a missed block;
- in its building phase offers, once a turn, to buy the permit that completes one of its
  districts (doubled rent) for well over what its holder values it at; accepts a sale that
  completes the buyer's district only at such a premium;
- crosses the city from a bridge when the rents waiting beyond the opposite bridge are
  lower than those ahead of it.
It reads the state directly and draws no random numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tycoon.editions.metropol import city, turn
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, action_of, squares_of
from tycoon.engine.state import GameState
from tycoon.rules import debt, flow, trade
from tycoon.rules.auction import min_bid

_PASS: Final = Action(Kind.PASS)
_PAY: Final = Action(Kind.PAY)
_END: Final = Action(Kind.END_TURN)
_ROLL: Final = Action(Kind.ROLL)
RESERVE: Final = 400_000
_AUCTION: Final = F.AUCTION
_BID: Final = Kind.BID
_NEAR: Final[dict[int, tuple[int, ...]]] = {
    sq: tuple(p for blk in blocks for p in city.BLOCK_PERMITS[blk] if p != sq)
    for sq, blocks in city.PERMIT_BLOCKS.items()
}
"""Per street permit: the other permits of its city blocks (one entry per block, so a
permit sharing two blocks counts twice)."""


def permit_value(st: GameState, seat: int, sq: int) -> int:
    """What holding permit `sq` is worth to `seat`."""
    b = st.edition.board
    owner = st.owner
    if sq in city.CROSSING:
        mine = 1
        for s in city.CROSSING:
            if owner[s] == seat:
                mine += 1
        return 500_000 + 150_000 * mine
    sky = city.area_skyscraper(st, city.PERMIT_AREA[sq])
    final = 200_000 * sky if sky else 600_000
    g = b.group[sq]
    rent = city.base_values(st)[g] + city.permit_value(st, sq)
    if city.final_phase(st):
        return final + rent // 2
    cross = 0
    for p in _NEAR[sq]:
        if owner[p] == seat:
            cross += 1
    held = 0
    for s in b.groups[g]:
        if owner[s] == seat:
            held += 1
    bonus = 300_000 if held == 2 else 100_000 * held
    return final + rent + 120_000 * cross + bonus


def block_score(st: GameState, seat: int, blk: int) -> int:
    """+2 per permit of the block (its column and its row) `seat` holds, -1 per permit an
    opponent holds."""
    col, row = city.BLOCK_PERMITS[blk]
    return _points(st.owner[col], seat) + _points(st.owner[row], seat)


def _points(o: int, seat: int) -> int:
    """A permit's part of `block_score`, by its owner `o`: the seat 2, an opponent -1, the
    bank 0."""
    return 2 if o == seat else 0 if o < 0 else -1


def _top_block(st: GameState, seat: int, blocks: list[int]) -> tuple[int, int]:
    """(block, `block_score`) of the best-scoring of `blocks` (not empty, ascending), the
    lowest block on ties."""
    best, top = -1, -3  # below any score
    for blk in blocks:
        score = block_score(st, seat, blk)
        if score > top:  # the first of the best: blocks ascend
            best, top = blk, score
    return best, top


def _best_block(st: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
    blocks = [a for a in legal if a.kind == Kind.BLOCK]
    if not blocks:
        return None
    return max(blocks, key=lambda a: (block_score(st, seat, a.a), -a.a))


def choose(st: GameState, seat: int, legal: Sequence[Action]) -> Action:
    f = st.stack[-1]
    k: int = f[0]
    if k == F.PRE_ROLL:
        return _ROLL
    if k == F.AUCTION:
        return _bid(st, seat, f)
    if k == F.DEBT:
        if st.cash[seat] >= f[3]:
            return _PAY
        # what the debt rules list (the legal list adds every trade offer)
        ups = [a for a in debt.debt_legal(st, f) if a.kind == Kind.PUT_UP]
        if ups:
            return min(ups, key=lambda a: (permit_value(st, seat, a.a), a.a))
        return legal[0]
    if k == F.OFFER:
        good = f[2] == F.OFFER_TRADE and _good_trade(st, seat, f)
        return Action(Kind.ACCEPT) if good and Action(Kind.ACCEPT) in legal else legal[-1]
    if k == turn.BUILDING:
        return _deal(st, seat) or _build(st, seat)
    if k == turn.CHOICE:
        return _choice(st, seat, f, legal)
    if k == F.END_TURN and _END in legal:
        return _END
    return legal[0]


def _good_trade(st: GameState, seat: int, f: tuple[Any, ...]) -> bool:
    """Accept an exchange that brings more (permits at their value, and cash) than it costs,
    keeping the cash reserve; a permit that completes the offerer's district goes only for
    `DISTRICT_PREMIUM` times its value."""
    give, get = f[4]  # what the offerer gives, what he asks of us
    cash: int = f[5]  # > 0: the offerer pays us
    gain = cash + sum(permit_value(st, seat, s) for s in squares_of(give))
    lost = squares_of(get)
    loss = sum(permit_value(st, seat, s) for s in lost)
    if cash < 0 and st.cash[seat] + cash < RESERVE:
        return False
    if any(_completes(st, s, f[3]) for s in lost):
        loss = loss * DISTRICT_PREMIUM // 100
    return gain > loss


DISTRICT_PREMIUM: Final = 150
"""In percent: the price of a permit that completes the buyer's district, over its value."""
OFFER_PREMIUM: Final = 170
"""In percent: what the bot offers for a permit that completes its district."""


def _completes(st: GameState, sq: int, seat: int) -> bool:
    """Does permit `sq` complete a district of `seat` (who holds every other permit)?"""
    b = st.edition.board
    g = b.group[sq]
    if g < 0 or sq in city.CROSSING:
        return False
    return all(st.owner[x] == seat for x in b.groups[g] if x != sq) and st.owner[sq] != seat


def _deal(st: GameState, seat: int) -> Action | None:
    """M-12, M-58: once a turn, buy the permit that completes one of our districts from its
    holder for `OFFER_PREMIUM` percent of his valuation, if we keep the reserve."""
    if trade.offers_made(st, seat):
        return None
    b = st.edition.board
    unit = b.constants["money_unit"]
    owner = st.owner
    found: list[int] = []
    for squares in b.groups:  # `_completes`: a district the seat holds all of but one permit
        missing = -1
        for x in squares:
            if owner[x] != seat:
                if missing >= 0:
                    break
                missing = x
        else:
            if missing >= 0 and owner[missing] >= 0 and missing not in city.CROSSING:
                found.append(missing)
    for sq in sorted(found):  # in deed order (`Board.deeds` ascends)
        a = _deal_for(st, seat, owner[sq], sq, unit)
        if a is not None:
            return a
    return None


def _deal_for(st: GameState, seat: int, o: int, sq: int, unit: int) -> Action | None:
    """The offer to `o` for permit `sq`, if the price suits and the offer is legal."""
    price = -(-permit_value(st, o, sq) * OFFER_PREMIUM // 100 // unit) * unit
    if st.cash[seat] - price < RESERVE or price > 2 * permit_value(st, seat, sq):
        return None
    a = Action(Kind.TRADE, o, 0, 1 << sq, price)
    return a if flow.is_legal(st, a, seat) else None


def _ahead(st: GameState, seat: int, pos: int) -> int:
    """Rent owed to opponents on the squares 3 to 18 ahead of `pos` (three dice)."""
    b = st.edition.board
    size = b.size
    total = 0
    for d in range(3, 19):
        sq = (pos + d) % size
        o = st.owner[sq]
        if o >= 0 and o != seat and sq not in city.CROSSING and b.group[sq] >= 0:
            total += city.base_values(st)[b.group[sq]] + city.permit_value(st, sq)
    return total


def _bid(st: GameState, seat: int, f: tuple[int, ...]) -> Action:
    lo = min_bid(st, f)
    limit = min(permit_value(st, seat, f[2]), st.cash[seat] - RESERVE)
    return action_of(Kind.BID, lo) if lo <= limit else _PASS


def _build(st: GameState, seat: int) -> Action:
    """Reads the placements directly (the listed actions also hold every trade)."""
    paid = turn.paid_blocks(st, seat)
    end_ok = turn.may_end(st, seat, paid)
    if paid:
        b, score = _top_block(st, seat, paid)
        spare = st.cash[seat] - 100_000
        if not end_ok:
            return action_of(Kind.BLOCK, b)  # M-55: a block is due
        if (score >= 4 and spare >= RESERVE) or (score >= 1 and spare >= 3 * RESERVE):
            return action_of(Kind.BLOCK, b)
    return _END


def _choice(st: GameState, seat: int, f: tuple[int, ...], legal: Sequence[Action]) -> Action:
    sub = f[2]
    if sub == turn.TRIPLES:
        if Action(Kind.GO, 0) in legal and st.edition.board.size:
            return Action(Kind.GO, 0)  # 500,000 for ending on the Stock Exchange
        return legal[0]
    if sub == turn.HALL:
        gos = [a for a in legal if a.kind == Kind.GO]
        if gos and st.cash[seat] > 2 * RESERVE:
            return max(gos, key=lambda a: (permit_value(st, seat, a.a), -a.a))
        best = _best_block(st, seat, legal)
        return best if best is not None else legal[0]
    if sub == turn.FREE:
        best = _best_block(st, seat, legal)
        if best is not None and (block_score(st, seat, best.a) > 0 or _PASS not in legal):
            return best
        return _PASS if _PASS in legal else legal[0]
    if sub == turn.VETO:
        price = f[4] + st.edition.board.constants["veto_surcharge"]
        value = permit_value(st, seat, f[3])
        ok = price <= value and st.cash[seat] - price >= RESERVE
        return Action(Kind.VETO) if ok else _PASS
    if sub == turn.CALLOUT:
        return Action(Kind.CALL_OUT, f[3])
    if sub == turn.CROSS and Action(Kind.CROSS) in legal:  # M-38: cross to cheaper streets
        here, there = st.pos[seat], city.CROSSING[f[3]]
        return Action(Kind.CROSS) if _ahead(st, seat, there) < _ahead(st, seat, here) else _PASS
    return _PASS if _PASS in legal else legal[0]


class MetropolBrain:
    """The metropol decisions of one heuristic bot (the functions above), with the value of
    the permit under auction kept while nothing it depends on changes: an auction asks for
    a bid every 50,000 (M-25)."""

    def __init__(self) -> None:
        self._key: tuple[int, ...] = ()
        self._owner: list[int] = []
        self._base: list[int] = []
        """With `_key`: the state the kept value was worked out in."""
        self._value = 0

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        f = st.stack[-1]
        if f[0] != _AUCTION:
            return choose(st, seat, legal)
        key = (seat, f[2], st.turn, city.supply(st))
        base = city.base_values(st)
        if key != self._key or st.owner != self._owner or base != self._base:
            self._key, self._value = key, permit_value(st, seat, f[2])
            self._owner, self._base = st.owner[:], base[:]
        lo = min_bid(st, f)
        if lo > self._value or lo > st.cash[seat] - RESERVE:
            return _PASS
        return action_of(_BID, lo)  # an auction asks for a bid every 50,000 (M-25)

    def respond(self, st: GameState, seat: int) -> Action | None:
        """Nothing out of turn: metropol rent is paid at once, with no claims."""
        return None
