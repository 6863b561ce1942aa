"""The builder edition's own decisions: its frames (discard, steal, Free Parking, a chosen
chip) and its own actions at the shared turn frames (bank trades, floors, FORCED TRADE!).

Each decision has three functions that must agree: `*_legal` lists the actions, `*_ok`
tests one, `*_apply` carries it out.
"""

from __future__ import annotations

from typing import Any, Final

from tycoon.editions.builder import chips, island
from tycoon.editions.builder.chips import T
from tycoon.editions.builder.data import BuilderData
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, pack, unpack
from tycoon.engine.board import Board
from tycoon.engine.state import GameState
from tycoon.engine.types import Termination
from tycoon.rules.common import emit, return_card

DISCARD: Final = F.EDITION_FRAMES
"""(DISCARD, seat): B-14, discard down to the hand limit."""
STEAL: Final = F.EDITION_FRAMES + 1
"""(STEAL, seat): B-34, take one chip from another active player."""
PARKING: Final = F.EDITION_FRAMES + 2
"""(PARKING, seat): B-35, the optional Free Parking exchange."""
CHOOSE: Final = F.EDITION_FRAMES + 3
"""(CHOOSE, seat, count): a card's chips of a type the drawer chooses (`gain_any_resource`)."""

FLOOR_BUILT: Final = "floor_built"
"""Event: seat built floor `amount` (5 = the penthouse) on cell `square`."""
FORCED: Final = "forced_trade"
"""Event: seat used a FORCED TRADE! card on seat `other`."""

_PASS: Final = Action(Kind.PASS)
_TRADE_FRAMES: Final = frozenset({F.ROLL_AGAIN, F.END_TURN})
"""Steps 5 and 6 of one's own turn: after the landing, before the extra turn or the end."""
_OWN_TURN: Final = frozenset({F.PRE_ROLL, F.ROLL_AGAIN, F.END_TURN, F.JAIL})
_FORCE_FRAMES: Final = _OWN_TURN | {F.BUY, F.DEBT, DISCARD, STEAL, PARKING, CHOOSE}
"""The decisions of one's own turn where FORCED TRADE! may be played (B-65)."""


def _data(st: GameState) -> BuilderData:
    return st.edition.data  # type: ignore[attr-defined, no-any-return]


def end_game(st: GameState, termination: str) -> None:
    """B-66, B-66a: the game ends at once; nothing more happens."""
    st.stack[:] = [(F.STEP_GAME_END, -1, termination)]


def check_safety_end(st: GameState) -> None:
    """B-66a: end when nobody active can ever place the penthouse, or nobody is active."""
    if not any(st.alive) or not island.anyone_can_finish(st, _data(st)):
        end_game(st, Termination.NO_PENTHOUSE.value)


# --- the shared turn frames: bank trades, floors, FORCED TRADE! ------------------------------


def forced_card(st: GameState, seat: int) -> int:
    """The lowest FORCED TRADE! card `seat` holds, -1 if none."""
    holder = st.card_holder
    if seat not in holder.values():
        return -1
    b = st.edition.board
    entry = _FORCED.get(id(b))
    if entry is None:
        entry = _FORCED[id(b)] = (b, {})
    forced = entry[1]
    best = -1
    for c, h in holder.items():
        if h == seat:
            is_forced = forced.get(c)
            if is_forced is None:
                is_forced = forced[c] = b.card(c).effect == "forced_trade"
            if is_forced and (best < 0 or c < best):
                best = c
    return best


_FORCED: Final[dict[int, tuple[Board, dict[int, bool]]]] = {}
"""Per board (by id, the board kept alive): card -> is it a FORCED TRADE! card?"""


def may_force_now(st: GameState, f: tuple[Any, ...]) -> bool:
    """May the seat of `f` play FORCED TRADE! now (as a turn action or, under the option,
    as an anytime one)? At its own turn frames, either way."""
    return f[0] in _OWN_TURN and f[1] == st.active


def _may_force(st: GameState, f: tuple[Any, ...]) -> bool:
    """B-65: at any decision of one's own turn (A-16: the turn frames, the buy decision, a
    debt, a discard, Steal, Free Parking and a card's chip); with the `forced_trade_any_time`
    option the card is one of the seat's actions in every window instead
    (`Builder.anytime_legal`)."""
    if getattr(st.options, "forced_trade_any_time", False):
        return False
    return f[0] in _FORCE_FRAMES and f[1] == st.active


def extra_legal(st: GameState, f: tuple[Any, ...]) -> list[Action]:
    seat = f[1]
    if seat != st.active or not st.alive[seat]:
        return []
    acts: list[Action] = []
    if _may_force(st, f) and forced_card(st, seat) >= 0:
        acts.extend(force_actions(st, seat))
    if f[0] in _TRADE_FRAMES:
        acts.extend(bank_trade_actions(st, seat))
        if st.jail[seat] < 0:  # B-42, B-50: no building in jail
            acts.extend(floor_actions(st, seat))
    return acts


def extra_ok(st: GameState, f: tuple[Any, ...], a: Action) -> bool:
    seat = f[1]
    if seat != st.active or not st.alive[seat] or a.d:
        return False
    k = a.kind
    if k == Kind.FORCE:
        return _may_force(st, f) and force_ok(st, seat, a)
    if f[0] not in _TRADE_FRAMES:
        return False
    if k == Kind.BANK_TRADE:
        return not a.c and _bank_trade_ok(st, seat, a.a, a.b)
    if k == Kind.FLOOR:
        return not a.c and st.jail[seat] < 0 and _floor_ok(st, seat, a.a, a.b)
    return False


def extra_apply(st: GameState, f: tuple[Any, ...], a: Action) -> None:
    seat = f[1]
    k = a.kind
    if k == Kind.FORCE:
        force(st, seat, a)
    elif k == Kind.BANK_TRADE:
        d = _data(st)
        give = [0] * T
        give[a.a] = d.bank_give
        chips.pay_supply(st, seat, give, "bank trade")
        chips.gain(st, seat, a.b, d.bank_get, "bank trade")
    elif k == Kind.FLOOR:
        build_floor(st, seat, a.a, unpack(a.b))
    else:
        raise AssertionError(f"unhandled action {a}")


def bank_trade_actions(st: GameState, seat: int) -> list[Action]:
    """B-41: four chips of one type for one of another type the supply holds."""
    have = chips.hand(st, seat)
    give = _data(st).bank_give
    if max(have) < give:
        return []
    return [
        Action(Kind.BANK_TRADE, t, u)
        for t in range(T)
        if have[t] >= give
        for u in range(T)
        if u != t and chips.in_supply(st, u)
    ]


def _bank_trade_ok(st: GameState, seat: int, t: int, u: int) -> bool:
    return (
        0 <= t < T
        and 0 <= u < T
        and t != u
        and chips.hand(st, seat)[t] >= _data(st).bank_give
        and chips.in_supply(st, u)
    )


_FLOORS: Final[dict[tuple[int, int], Action]] = {}
"""Floor actions by (payment, cell): each listing reuses the same few tuples."""


def floor_actions(st: GameState, seat: int) -> list[Action]:
    """B-43 to B-48: each cell where a floor may go, with the listed payment (any payment
    the cost allows is accepted)."""
    d = _data(st)
    ext = st.ext
    have = ext["res"][seat * T : seat * T + T]
    if sum(have) < 2:
        return []
    acts: list[Action] = []
    pays = island.listed_payments(d, have)  # per level (-1: cannot pay)
    owner, height = ext["cell_owner"], ext["height"]
    blocks = ext["blocks"][seat] > 0
    top = d.max_floors
    penthouse = island.penthouse_free(st)
    new = pays[0] if blocks else -1  # a first floor (any 2, payable with two chips)
    cache = _FLOORS
    for cell in d.cells:  # island.level_on, inlined (the hot path)
        o = owner[cell]
        if o < 0:
            if new < 0:
                continue
            p = new
        elif o != seat:
            continue
        else:
            h = height[cell]
            level = (h + 1 if blocks else 0) if h < top else (5 if h == top and penthouse else 0)
            if not level:
                continue
            p = pays[level - 1]
            if p < 0:
                continue
        key = (p, cell)
        act = cache.get(key)
        if act is None:
            act = cache[key] = Action(Kind.FLOOR, cell, p)
        acts.append(act)
    return acts


def _floor_ok(st: GameState, seat: int, cell: int, packed: int) -> bool:
    d = _data(st)
    if cell not in d.cell_set or packed >> (8 * T):
        return False
    pay, levels = island.payment_levels(d, packed)
    return bool(levels >> island.level_on(st, d, seat, cell) & 1) and chips.has(st, seat, pay)


def build_floor(st: GameState, seat: int, cell: int, pay: tuple[int, ...]) -> None:
    """B-43: pay the supply, place a block (or the penthouse, which ends the game, B-66);
    then the safety end (B-66a)."""
    d = _data(st)
    level = island.level_on(st, d, seat, cell)
    chips.pay_supply(st, seat, pay, "floor")
    ext = st.ext
    ext["height"][cell] = level
    emit(st, FLOOR_BUILT, seat, cell, level)
    if level == island.PENTHOUSE:
        end_game(st, Termination.PENTHOUSE.value)
        return
    ext["cell_owner"][cell] = seat
    ext["blocks"][seat] -= 1
    check_safety_end(st)


def force_actions(st: GameState, seat: int) -> list[Action]:
    """FORCED TRADE! (B-65): one chip of a type another active player holds for one of
    another type `seat` holds, every such swap."""
    mine = chips.hand(st, seat)
    acts: list[Action] = []
    for p in range(st.n):
        if p == seat or not st.alive[p]:
            continue
        theirs = chips.hand(st, p)
        for t in range(T):
            if theirs[t]:
                acts.extend(Action(Kind.FORCE, p, t, u) for u in range(T) if u != t and mine[u])
    return acts


def force_ok(st: GameState, seat: int, a: Action) -> bool:
    p, t, u = a.a, a.b, a.c
    return (
        forced_card(st, seat) >= 0
        and 0 <= p < st.n
        and p != seat
        and st.alive[p]
        and 0 <= t < T
        and 0 <= u < T
        and t != u
        and chips.hand(st, p)[t] > 0
        and chips.hand(st, seat)[u] > 0
    )


def force(st: GameState, seat: int, a: Action) -> None:
    """B-65: take one chip of type t from seat p, give one of type u; the card goes to the
    bottom of the deck."""
    card = forced_card(st, seat)
    p, t, u = a.a, a.b, a.c
    emit(st, FORCED, seat, -1, 0, p)
    take = [0] * T
    take[t] = 1
    give = [0] * T
    give[u] = 1
    chips.transfer(st, p, seat, take, "forced trade")
    chips.transfer(st, seat, p, give, "forced trade")
    return_card(st, card)


# --- the edition's own frames ------------------------------------------------------------------


def frame_legal(st: GameState, f: tuple[Any, ...]) -> list[Action]:
    """The builder frame's own actions, and FORCED TRADE! where the seat may play it."""
    acts = _frame_own_legal(st, f)
    if _may_force(st, f) and forced_card(st, f[1]) >= 0:
        acts.extend(force_actions(st, f[1]))
    return acts


def _frame_own_legal(st: GameState, f: tuple[Any, ...]) -> list[Action]:
    k, seat = f[0], f[1]
    if k == DISCARD:  # B-14: a deal may have brought the hand down to the limit already
        return discard_actions(st, seat) if _excess(st, seat) > 0 else [_PASS]
    if k == STEAL:  # B-34: nothing happens once nobody holds a chip (a deal took the last)
        return steal_actions(st, seat) or [_PASS]
    if k == PARKING:
        return [_PASS, *exchange_actions(st, seat)]
    if k == CHOOSE:
        return [Action(Kind.TAKE, t) for t in range(T) if chips.in_supply(st, t)]
    raise AssertionError(f"no decision on frame {f!r}")


def steal_actions(st: GameState, seat: int) -> list[Action]:
    """B-34: one chip of a type another active player holds."""
    return [
        Action(Kind.STEAL, p, t)
        for p in range(st.n)
        if p != seat and st.alive[p]
        for t in range(T)
        if chips.hand(st, p)[t]
    ]


def frame_ok(st: GameState, f: tuple[Any, ...], a: Action) -> bool:
    k, seat = f[0], f[1]
    ak = a.kind
    if a.d:
        return False
    if ak == Kind.FORCE:
        return _may_force(st, f) and force_ok(st, seat, a)
    if k == DISCARD:
        if ak == Kind.PASS:
            return not (a.a or a.b or a.c) and _excess(st, seat) <= 0
        return ak == Kind.DISCARD and not (a.b or a.c) and _discard_ok(st, seat, a.a)
    if k == STEAL:
        p, t = a.a, a.b
        if ak == Kind.PASS:
            return not (a.a or a.b or a.c) and not steal_actions(st, seat)
        return (
            ak == Kind.STEAL
            and not a.c
            and 0 <= p < st.n
            and p != seat
            and st.alive[p]
            and 0 <= t < T
            and _holds(st, p, t)
        )
    if k == PARKING:
        if ak == Kind.PASS:
            return not (a.a or a.b or a.c)
        return ak == Kind.PARKING_TRADE and not a.c and _exchange_ok(st, seat, a.a, a.b)
    if k == CHOOSE:
        return ak == Kind.TAKE and not (a.b or a.c) and 0 <= a.a < T and chips.in_supply(st, a.a)
    return False


def frame_apply(st: GameState, f: tuple[Any, ...], a: Action) -> bool:
    k, seat = f[0], f[1]
    d = _data(st)
    if a.kind == Kind.FORCE:  # the frame's own decision stays open
        force(st, seat, a)
    elif k == DISCARD:
        if a.kind == Kind.PASS:
            st.stack.pop()
            return True
        chips.discard(st, seat, unpack(a.a))
        if chips.held(st, seat) <= d.hand_limit:
            st.stack.pop()
    elif k == STEAL:
        st.stack.pop()
        if a.kind == Kind.PASS:
            return True
        take = [0] * T
        take[a.b] = d.steal_chips
        chips.transfer(st, a.a, seat, take, "steal")
    elif k == PARKING:
        st.stack.pop()
        if a.kind == Kind.PARKING_TRADE:
            chips.pay_supply(st, seat, unpack(a.a), "free parking")
            chips.gain(st, seat, a.b, d.parking_get, "free parking")
    elif k == CHOOSE:
        st.stack.pop()
        chips.gain(st, seat, a.a, f[2], "card")
    else:
        return False
    return True


def discard_actions(st: GameState, seat: int) -> list[Action]:
    """B-14: the listed discards: one chip of each type held, and (when more than one chip is
    over the limit) the whole excess at once, taken from the largest stacks; any chip list of
    held chips no larger than the excess is accepted (`discard 2r,1y` is one action)."""
    have = chips.hand(st, seat)
    acts = [Action(Kind.DISCARD, 1 << 8 * t) for t in range(T) if have[t]]
    excess = sum(have) - _data(st).hand_limit
    if excess > 1:
        left, out = have[:], [0] * T
        for _ in range(excess):
            t = max(range(T), key=lambda x: (left[x], -x))
            left[t] -= 1
            out[t] += 1
        acts.append(Action(Kind.DISCARD, pack(out)))
    return sorted(set(acts))


def _discard_ok(st: GameState, seat: int, packed: int) -> bool:
    """A discard of 1 to (hand - limit) chips, each of them held (B-14)."""
    if not 0 < packed < 1 << 8 * T:
        return False
    counts = unpack(packed)
    have = chips.hand(st, seat)
    total = sum(counts)
    excess = sum(have) - _data(st).hand_limit
    return 0 < total <= excess and all(c <= h for c, h in zip(counts, have, strict=True))


def _excess(st: GameState, seat: int) -> int:
    """Chips held over the hand limit (B-14)."""
    return chips.held(st, seat) - _data(st).hand_limit


def _holds(st: GameState, seat: int, t: int) -> bool:
    return st.ext["res"][seat * T + t] > 0


def exchange_actions(st: GameState, seat: int) -> list[Action]:
    """B-35: two of one's chips (any types) for one chip of a third type the supply holds."""
    have = chips.hand(st, seat)
    acts: list[Action] = []
    for t in range(T):
        for u in range(t, T):
            if (t == u and have[t] < 2) or (t != u and not (have[t] and have[u])):
                continue
            give = [0] * T
            give[t] += 1
            give[u] += 1
            packed = pack(give)
            acts.extend(
                Action(Kind.PARKING_TRADE, packed, r)
                for r in range(T)
                if r not in (t, u) and chips.in_supply(st, r)
            )
    return acts


def _exchange_ok(st: GameState, seat: int, packed: int, r: int) -> bool:
    d = _data(st)
    if packed >> (8 * T) or not 0 <= r < T:
        return False
    give = unpack(packed)
    return (
        sum(give) == d.parking_give
        and not give[r]
        and chips.has(st, seat, give)
        and chips.in_supply(st, r)
    )


def can_exchange(st: GameState, seat: int) -> bool:
    return bool(exchange_actions(st, seat))
