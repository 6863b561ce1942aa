"""The metropol turn: three dice and triples (M-13, M-14), movement and the Stock Exchange
(M-15, M-16), the corners (M-18 to M-21), streets and auctions with the veto (M-22 to
M-36), bridges and crossings (M-37 to M-39), Metropol cards (M-40 to M-44), the building
phase (M-47 to M-56) and the final phase (M-65 to M-70).

Frames: (CHOICE, seat, sub, ...) for the one-off decisions, (BUILDING, seat) for the
building phase. Extra state in `st.ext`: left[p] = 1 once p has left in the final phase,
out[p] = order of bankruptcy (M-72), cashed[p] = what p got at the final valuation.
"""

from __future__ import annotations

from typing import Any, Final

from tycoon.editions.metropol import city
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK, Termination
from tycoon.rules import auction, debt, trade
from tycoon.rules.common import emit, give, move_cash, take

CHOICE: Final = F.EDITION_FRAMES
"""(CHOICE, seat, sub, *data): one decision; `sub` is one of the names below."""
BUILDING: Final = F.EDITION_FRAMES + 1
"""(BUILDING, seat): the building phase (M-47): `block B` (paid), `end-turn`, trades."""

TRIPLES: Final = 0  # (CHOICE, seat, TRIPLES, total): go to any square, or the normal move (M-14)
HALL: Final = 1  # (CHOICE, seat, HALL): City Hall (a) `go S` or (b) `block B` (M-19)
FREE: Final = 2  # (CHOICE, seat, FREE, mode, square): place a free block (M-36, M-43, M-56)
VETO: Final = 3  # (CHOICE, active, VETO, square, price, winner): veto or pass (M-27)
CROSS: Final = 4  # (CHOICE, seat, CROSS, bridge): cross the city or pass (M-38)
CALLOUT: Final = 5  # (CHOICE, seat, CALLOUT, offender, rest): call out a missed block (M-56)

OWN: Final = 0
CARD: Final = 1
HALL_BLOCK: Final = 2
CALLED: Final = 3
"""FREE modes: own street (optional), card M08 and City Hall (b) (mandatory), and the
block a called-out player must place, paying the caller (M-56)."""

ROLL_HIGHWAY: Final = 10
"""DICE purpose: the Highway's two dice, tens then units (M-20)."""
ROLL_COURT: Final = 11
"""DICE purpose: the Courthouse fine roll of a token that came without dice (M-21)."""

LEFT: Final = "left"
"""Event: seat reached the Highway in the final phase and left the game (M-67)."""
CROSSED: Final = "crossed"
"""Event: seat crossed the city from bridge `other` to bridge `square` (M-39)."""
VETOED: Final = "vetoed"
"""Event: the active seat vetoed and took `square` for `amount` (M-27)."""
CASHED: Final = "cashed"
"""Event: seat cashed in its permits for `amount` at the final valuation (M-70)."""
CALLED_OUT: Final = "called_out"
"""Event: seat called out `other`'s missed mandatory block (M-56)."""

# square roles (`ROLE`)
STREET: Final = 0
BRIDGE: Final = 1
METROPOL: Final = 2
START: Final = 3
CITY_HALL: Final = 4
HIGHWAY: Final = 5
COURTHOUSE: Final = 6
ROLE_NAMES: Final = {
    "street": STREET,
    "bridge": BRIDGE,
    "metropol": METROPOL,
    "stock_exchange": START,
    "city_hall": CITY_HALL,
    "highway": HIGHWAY,
    "courthouse": COURTHOUSE,
}
ROLE: tuple[int, ...] = ()
"""Per square: its role (set by the edition from its board file)."""


def opt(st: GameState, name: str) -> Any:
    return getattr(st.options, name)


def const(st: GameState, name: str) -> int:
    return int(st.edition.board.constants[name])


# --- who is in play ---------------------------------------------------------------------


def in_play(st: GameState, seat: int) -> bool:
    """Not bankrupt and not departed in the final phase (M-24, M-42, M-68)."""
    return bool(st.alive[seat]) and not st.ext["left"][seat]


def others_in_play(st: GameState, seat: int) -> list[int]:
    """Other seats in play, clockwise from `seat`'s left."""
    n = st.n
    return [(seat + i) % n for i in range(1, n) if in_play(st, (seat + i) % n)]


def next_mover(st: GameState, seat: int) -> int:
    n = st.n
    for i in range(1, n + 1):
        s = (seat + i) % n
        if in_play(st, s):
            return s
    return seat


# --- dice ---------------------------------------------------------------------------------


def on_dice(st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
    seat, purpose = f[1], f[2]
    if purpose == F.ROLL_FIRST:
        total = sum(dice)
        st.last_dice = total
        city.start_turn(st)
        if not city.final_phase(st):
            st.stack.append((BUILDING, seat))  # M-47: after the landing is resolved
        if dice[0] == dice[1] == dice[2]:
            st.stack.append((CHOICE, seat, TRIPLES, total))  # M-14
        else:
            forward(st, seat, total, total, exact=True)  # M-13
        return True
    if purpose == ROLL_HIGHWAY:
        square = city.HIGHWAY_EXITS[dice[0] * 10 + dice[1]]  # M-20: tens, then units
        jump(st, seat, square)
        st.stack.append((F.STEP_LAND, seat, -1))
        return True
    if purpose == ROLL_COURT:
        courthouse_fine(st, seat, sum(dice))
        return True
    return False


# --- movement (M-13 to M-17, M-67) -------------------------------------------------------


def forward(
    st: GameState, seat: int, steps: int, dice: int, exact: bool, income: bool = True
) -> None:
    """A forward move (M-16): Stock Exchange income for passing or reaching 0 (M-15; the
    exact-landing bonus for a dice move); in the final phase reaching or passing the
    Highway ends the player's game (M-67). Then the landing (STEP_LAND)."""
    size = st.edition.board.size
    p = st.pos[seat]
    q = (p + steps) % size
    to_zero = (size - p) % size or size
    if city.final_phase(st):
        to_highway = (20 - p) % size or size
        if to_highway <= steps:
            if income and to_zero < to_highway:
                _income(st, seat, const(st, "stock_exchange_pass_bonus"))
            st.pos[seat] = 20
            emit(st, ev.MOVED, seat, 20, to_highway)
            depart(st, seat)
            return
    if to_zero <= steps:
        if q == 0 and exact:
            _income(st, seat, const(st, "stock_exchange_exact_landing_bonus"))
        elif income or q == 0:
            _income(st, seat, const(st, "stock_exchange_pass_bonus"))
    st.pos[seat] = q
    emit(st, ev.MOVED, seat, q, steps)
    st.stack.append((F.STEP_LAND, seat, dice))


def _income(st: GameState, seat: int, amount: int) -> None:
    give(st, seat, amount)
    emit(st, ev.PASSED_START, seat, 0, amount)


def jump(st: GameState, seat: int, square: int) -> None:
    """A jump (M-16): nothing is passed."""
    st.pos[seat] = square
    emit(st, ev.MOVED, seat, square, 0)


def depart(st: GameState, seat: int) -> None:
    """M-67: the token leaves at once and the turn ends; M-69: when nobody is left
    moving, the final valuation (M-70) and the end."""
    st.ext["left"][seat] = 1
    emit(st, LEFT, seat, 20)
    debt.end_turn_now(st)
    if not any(in_play(st, p) for p in range(st.n)):
        finish(st)


def finish(st: GameState) -> None:
    """M-70: every permit is cashed in; then the richest player wins (M-71)."""
    b = st.edition.board
    for p in range(st.n):
        if not st.alive[p]:
            continue
        value = city.permits_value(st, p)
        give(st, p, value)
        st.ext["cashed"][p] = value
        emit(st, CASHED, p, -1, value)
        for s in b.deeds:
            if st.owner[s] == p:
                st.owner[s] = -1
                emit(st, ev.TRANSFERRED, p, s, 0, BANK, "cashed in")
    st.stack[:] = [(F.STEP_GAME_END, -1, Termination.COMPLETED.value)]


# --- landing (M-18 to M-44) ----------------------------------------------------------------


def resolve(st: GameState, seat: int, sq: int, dice: int) -> None:
    role = ROLE[sq]
    if role in (STREET, BRIDGE):
        owner = st.owner[sq]
        if owner < 0:
            landing_auction(st, sq)  # M-22, M-30, M-37
        elif owner != seat:
            if role == BRIDGE:
                st.stack.append((CHOICE, seat, CROSS, sq))  # M-38: after the toll
                debt.pay(st, seat, owner, city.toll(st, owner), "toll")
            else:
                debt.pay(st, seat, owner, city.street_rent(st, sq), "rent")  # M-31
        elif role == BRIDGE:
            st.stack.append((CHOICE, seat, CROSS, sq))
        else:
            own_street_block(st, seat, sq)  # M-36
    elif role == METROPOL:
        draw_card(st, seat)
    elif role == CITY_HALL:
        if hall_legal(st, seat):
            st.stack.append((CHOICE, seat, HALL))
    elif role == HIGHWAY:
        if not city.final_phase(st):
            st.stack.append((F.DICE, seat, ROLL_HIGHWAY, 0, 0))
    elif role == COURTHOUSE:
        if dice > 0:
            courthouse_fine(st, seat, dice)
        else:
            st.stack.append((F.DICE, seat, ROLL_COURT, 0, 0))  # M-21 [D]


def courthouse_fine(st: GameState, seat: int, total: int) -> None:
    """M-21: the dice total times 10,000, to the bank."""
    debt.pay(st, seat, BANK, total * const(st, "courthouse_fine_per_pip"), "fine")


def own_street_block(st: GameState, seat: int, street: int) -> None:
    if free_blocks(st, seat, city.PERMIT_BLOCKS[street]):
        st.stack.append((CHOICE, seat, FREE, OWN, street))


def free_ok(st: GameState, seat: int, b: int) -> bool:
    return city.can_place(
        st, seat, b, free=True, count_free=opt(st, "free_blocks_count_toward_turn_limit")
    )


def free_blocks(st: GameState, seat: int, among: tuple[int, ...] = city.ALL_BLOCKS) -> list[int]:
    count = opt(st, "free_blocks_count_toward_turn_limit")
    return city.placeable(st, seat, free=True, count_free=count, among=among)


# --- auctions and the veto (M-24 to M-30) ----------------------------------------------------


def landing_auction(st: GameState, square: int) -> None:
    """M-24, M-26: everyone in play bids, clockwise from the active player."""
    active = st.active
    order = [active, *others_in_play(st, active)] if in_play(st, active) else []
    auction.start_auction(st, square, order, (BANK,))


def close_auction(st: GameState, f: tuple[Any, ...], winner: int, price: int) -> bool:
    """M-27 to M-29, M-62. Nobody bid: False, so the shared auction records the one
    `auction_unsold` (an unsold permit stays with the bank, M-29, or the debtor, M-62)."""
    square = f[2]
    seller = f[9] if len(f) > 9 else BANK
    if winner < 0:
        if seller >= 0:
            st.ext[debt.TRIED][seller] |= 1 << square
        return False
    if seller >= 0:
        _close_forced(st, square, seller, winner, price)
        return True
    active = st.active
    surcharge = const(st, "veto_surcharge")
    if winner != active and in_play(st, active) and st.cash[active] >= price + surcharge:
        st.stack.append((CHOICE, active, VETO, square, price, winner))  # M-27
        return True
    sell(st, square, winner, price)
    return True


def sell(st: GameState, square: int, buyer: int, price: int) -> None:
    """M-28: the price goes to the bank, the permit to the buyer."""
    take(st, buyer, price)
    st.owner[square] = buyer
    emit(st, ev.AUCTION_WON, buyer, square, price)
    _after_landing_auction(st, square)


def _after_landing_auction(st: GameState, square: int) -> None:
    """M-38: after an auction on a bridge, the active player may cross if he owns it."""
    active = st.active
    if ROLE[square] == BRIDGE and st.owner[square] == active and st.pos[active] == square:
        st.stack.append((CHOICE, active, CROSS, square))


def _close_forced(st: GameState, square: int, seller: int, winner: int, price: int) -> None:
    """M-62: the money goes to the debtor; an unsold permit stays with him; as soon as his
    cash covers the debt it is paid."""
    move_cash(st, winner, seller, price)
    st.owner[square] = winner
    emit(st, ev.AUCTION_WON, winner, square, price, seller, "forced auction")
    top = st.stack[-1] if st.stack else None
    if top is not None and top[0] == F.DEBT and top[1] == seller and st.cash[seller] >= top[3]:
        st.stack.pop()
        st.ext[debt.TRIED][seller] = 0
        debt.settle(st, seller, top[2], top[3], top[4])


# --- Metropol cards (M-40 to M-44) -----------------------------------------------------------


def draw_card(st: GameState, seat: int) -> None:
    """M-40: the top card is carried out and goes to the bottom of the deck."""
    deck = st.decks[0]
    code = deck.pop(0)
    deck.append(code)
    card = st.edition.board.card(code)
    emit(st, ev.CARD_DRAWN, seat, st.pos[seat], 0, -1, card.id)
    eff, x = card.effect, card.x
    p = st.pos[seat]
    size = st.edition.board.size
    if eff == "collect_from_bank":
        give(st, seat, x)
        emit(st, ev.COLLECTED, seat, -1, x, BANK, "card")
    elif eff == "advance_to":
        forward(st, seat, (x - p) % size or size, -1, exact=False)
    elif eff == "jump_to":
        jump(st, seat, x)
        st.stack.append((F.STEP_LAND, seat, -1))
    elif eff == "advance_to_nearest":
        steps = min((s - p) % size or size for s in city.CROSSING)
        forward(st, seat, steps, -1, exact=False)
    elif eff == "move_back":
        jump(st, seat, (p - x) % size)
        st.stack.append((F.STEP_LAND, seat, -1))
    elif eff == "free_block":
        if free_blocks(st, seat):
            st.stack.append((CHOICE, seat, FREE, CARD, -1))
    elif eff == "collect_from_each_player":
        payers = tuple(others_in_play(st, seat))
        if payers:
            st.stack.append((F.STEP_COLLECT_EACH, seat, x, payers))
    elif eff == "pay_each_player":
        others = tuple(others_in_play(st, seat))
        if others:
            debt.pay(st, seat, others, x * len(others), "card", from_card=True)
    elif eff == "pay_bank_per_permit":
        count = sum(1 for s in st.edition.board.deeds if st.owner[s] == seat)
        debt.pay(st, seat, BANK, count * x, "card", from_card=True)
    elif eff == "pay_bank":
        debt.pay(st, seat, BANK, x, "card", from_card=True)
    elif eff == "pay_bank_percent_of_cash":
        unit = const(st, "money_unit")
        debt.pay(st, seat, BANK, st.cash[seat] * x // 100 // unit * unit, "card", True)
    elif eff == "pay_bank_per_floor_on_own_permits":
        n = sum(city.floors(st, s) for s in city.PERMIT_BLOCKS if st.owner[s] == seat)
        debt.pay(st, seat, BANK, n * x, "card", from_card=True)
    else:
        raise AssertionError(f"unknown card effect {eff}")


# --- City Hall (M-19) ---------------------------------------------------------------------


def hall_targets(st: GameState, seat: int) -> list[int]:
    """M-19 (a): free street and bridge squares (option: only 11..39)."""
    b = st.edition.board
    lo = 11 if opt(st, "city_hall_relocation") == "before_stock_exchange" else 0
    return [s for s in b.deeds if st.owner[s] < 0 and s >= lo and s != st.pos[seat]]


def hall_blocks(st: GameState, seat: int) -> list[int]:
    """M-19 (b): a free block on any city block (not in the final phase)."""
    return free_blocks(st, seat)


def hall_legal(st: GameState, seat: int) -> bool:
    return bool(hall_targets(st, seat) or hall_blocks(st, seat))


# --- the building phase (M-47 to M-56) --------------------------------------------------


def paid_blocks(st: GameState, seat: int) -> list[int]:
    """The city blocks `seat` may build on now for payment (M-47 to M-56)."""
    return city.placeable(st, seat, free=False)


def must_build(st: GameState, seat: int, paid: list[int] | None = None) -> bool:
    """M-55: after the fourth skyscraper a block is due this turn, unless one is placed
    already, the cash is short or no placement is legal."""
    c = st.ext["city"]
    if c[city.SKY] < 4 or c[city.TURN_MASK]:
        return False
    return bool(paid_blocks(st, seat) if paid is None else paid)


def may_end(st: GameState, seat: int, paid: list[int] | None = None) -> bool:
    """M-55, M-56: the turn may end (engine mode: only once the due block is placed)."""
    return opt(st, "mandatory_build_enforcement") == "callout" or not must_build(st, seat, paid)


def building_legal(st: GameState, seat: int) -> list[Action]:
    paid = paid_blocks(st, seat)
    acts = [Action(Kind.BLOCK, b) for b in paid]
    if may_end(st, seat, paid):
        acts.append(Action(Kind.END_TURN))
    acts.extend(trade.trade_offers(st, seat))  # M-12: trades during the building phase
    return acts


def end_building(st: GameState, seat: int) -> None:
    owes = must_build(st, seat)
    st.stack.pop()
    if st.stack and st.stack[-1][0] == F.END_TURN:
        st.stack.pop()
    st.stack.append((F.STEP_NEXT_TURN, -1))
    if owes:  # M-56, call-out mode: the others may call it out, clockwise
        callers = tuple(others_in_play(st, seat))
        if callers:
            st.stack.append((CHOICE, callers[0], CALLOUT, seat, callers[1:]))


def pay_block(st: GameState, seat: int, b: int) -> None:
    take(st, seat, const(st, "block_cost"))  # M-46
    city.place(st, seat, b, counts=True, how="paid")


# --- decision frames ---------------------------------------------------------------------


def frame_legal(st: GameState, f: tuple[Any, ...]) -> list[Action]:
    seat = f[1]
    if f[0] == BUILDING:
        return building_legal(st, seat)
    sub = f[2]
    if sub == TRIPLES:
        return [Action(Kind.GO, s) for s in range(st.edition.board.size) if s != st.pos[seat]]
    if sub == HALL:
        acts = [Action(Kind.GO, s) for s in hall_targets(st, seat)]
        return acts + [Action(Kind.BLOCK, b) for b in hall_blocks(st, seat)]
    if sub == FREE:
        return _free_legal(st, f)
    if sub == VETO:
        return [Action(Kind.PASS), Action(Kind.VETO)]
    if sub == CROSS:
        return [Action(Kind.PASS), Action(Kind.CROSS)]
    if sub == CALLOUT:
        return [Action(Kind.PASS), Action(Kind.CALL_OUT, f[3])]
    raise AssertionError(f"no decision on frame {f!r}")


def _free_legal(st: GameState, f: tuple[Any, ...]) -> list[Action]:
    seat, mode, square = f[1], f[3], f[4]
    if mode == OWN:
        acts = [Action(Kind.PASS)]
        acts += [Action(Kind.BLOCK, b) for b in free_blocks(st, seat, city.PERMIT_BLOCKS[square])]
        return acts
    if mode == CALLED:
        return [Action(Kind.BLOCK, b) for b in city.placeable(st, seat, free=True, exempt=True)]
    return [Action(Kind.BLOCK, b) for b in free_blocks(st, seat)]


_ARGLESS: Final = frozenset({Kind.PASS, Kind.VETO, Kind.CROSS, Kind.END_TURN})


def frame_ok(st: GameState, f: tuple[Any, ...], a: Action) -> bool:
    """Is `a` one of the frame's actions (agrees with `frame_legal`, without listing)?"""
    k, seat = a.kind, f[1]
    if k == Kind.TRADE:
        return f[0] == BUILDING and trade.trade_is_legal(st, seat, a)
    if a.b or a.c or a.d or (k in _ARGLESS and a.a):
        return False
    if k == Kind.BLOCK and not 0 <= a.a < 36:
        return False
    if f[0] == BUILDING:
        if k == Kind.BLOCK:
            return city.can_place(st, seat, a.a, free=False)
        return k == Kind.END_TURN and may_end(st, seat)
    sub = f[2]
    if sub == TRIPLES:
        return k == Kind.GO and 0 <= a.a < st.edition.board.size and a.a != st.pos[seat]
    if sub == HALL:
        if k == Kind.GO:
            return a.a in hall_targets(st, seat)
        return k == Kind.BLOCK and free_ok(st, seat, a.a)
    if sub == FREE:
        mode = f[3]
        if mode == OWN:
            return k == Kind.PASS or (
                k == Kind.BLOCK and a.a in city.PERMIT_BLOCKS[f[4]] and free_ok(st, seat, a.a)
            )
        if k != Kind.BLOCK:
            return False
        if mode == CALLED:
            return city.can_place(st, seat, a.a, free=True, exempt=True)
        return free_ok(st, seat, a.a)
    if sub == VETO:
        return k in (Kind.PASS, Kind.VETO)
    if sub == CROSS:
        return k in (Kind.PASS, Kind.CROSS)
    if sub == CALLOUT:
        return k == Kind.PASS or (k == Kind.CALL_OUT and a.a == f[3])
    return False


def frame_apply(st: GameState, f: tuple[Any, ...], a: Action) -> bool:
    seat, k = f[1], a.kind
    if k == Kind.TRADE:
        return False
    if f[0] == BUILDING:
        if k == Kind.BLOCK:
            pay_block(st, seat, a.a)
        else:
            end_building(st, seat)
        return True
    sub = f[2]
    st.stack.pop()
    if sub == TRIPLES:
        total = f[3]
        steps = (a.a - st.pos[seat]) % st.edition.board.size
        if steps == total:  # the normal move (M-14)
            forward(st, seat, steps, total, exact=True)
        else:
            forward(
                st,
                seat,
                steps,
                total,
                exact=opt(st, "triples_free_move_exact_bonus"),
                income=opt(st, "triples_free_move_passing"),
            )
    elif sub == HALL:
        if k == Kind.GO:  # (a): jump, then the auction and nothing else (M-19)
            jump(st, seat, a.a)
            landing_auction(st, a.a)
        else:  # (b): a free block, counted toward the turn limit
            city.place(
                st, seat, a.a, counts=opt(st, "free_blocks_count_toward_turn_limit"), how="hall"
            )
    elif sub == FREE:
        if k == Kind.BLOCK:
            mode = f[3]
            if mode == CALLED:
                move_cash(st, seat, f[4], const(st, "block_cost"))
                emit(st, ev.PAID, seat, -1, const(st, "block_cost"), f[4], "call-out")
                city.place(st, seat, a.a, counts=False, how="call-out")
            else:
                counts = opt(st, "free_blocks_count_toward_turn_limit")
                city.place(st, seat, a.a, counts=counts, how="free")
    elif sub == VETO:
        square, price, winner = f[3], f[4], f[5]
        if k == Kind.VETO:
            paid = price + const(st, "veto_surcharge")
            take(st, seat, paid)
            st.owner[square] = seat
            emit(st, VETOED, seat, square, paid, winner)
            _after_landing_auction(st, square)
        else:
            sell(st, square, winner, price)
    elif sub == CROSS:
        if k == Kind.CROSS:
            cross(st, seat, f[3])
    elif sub == CALLOUT:
        offender, rest = f[3], f[4]
        if k == Kind.CALL_OUT:
            emit(st, CALLED_OUT, seat, -1, 0, offender)
            if city.placeable(st, offender, free=True, exempt=True):
                st.stack.append((CHOICE, offender, FREE, CALLED, seat))
        elif rest:
            st.stack.append((CHOICE, rest[0], CALLOUT, offender, rest[1:]))
    return True


def cross(st: GameState, seat: int, bridge: int) -> None:
    """M-39: straight to the opposite bridge; nothing is resolved there. Option (OQ-5): a
    crossing counts as a forward move of 20 squares for the corners it passes."""
    to = city.CROSSING[bridge]
    if opt(st, "crossing_counts_as_passing"):
        p = st.pos[seat]
        if city.final_phase(st) and (20 - p) % 40 <= 20:
            if p > 20:
                _income(st, seat, const(st, "stock_exchange_pass_bonus"))
            st.pos[seat] = 20
            emit(st, CROSSED, seat, to, 0, bridge)
            depart(st, seat)
            return
        if p > 20:
            _income(st, seat, const(st, "stock_exchange_pass_bonus"))
    st.pos[seat] = to
    emit(st, CROSSED, seat, to, 0, bridge)
