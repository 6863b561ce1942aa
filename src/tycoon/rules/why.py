"""Why an action is refused: the rule id and a one-line reason, for clients and errors.

`why_illegal(st, action, seat)` is None when the action is legal. Otherwise it names the
rule that refuses it (`Refusal.rule`, e.g. "C-51"; "" when no single rule does, as for
"not your turn") and says why in one line. The edition is asked first
(`Edition.why_illegal`: its own actions and reasons, e.g. metropol's exact raise, M-25);
then the shared mechanics below explain themselves, citing the edition's rule id for each
topic (`Edition.rule_of`). Only called when an action is refused: never on the hot path.
"""

from __future__ import annotations

from typing import Final

from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, parse_text, squares_of
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import ActionParseError, Refusal
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE, TERMINAL
from tycoon.rules import auction, debt, jail, trade
from tycoon.rules import flow as fl
from tycoon.rules.common import option
from tycoon.rules.property import (
    HOTEL,
    can_build,
    can_mortgage,
    can_sell_building,
    has_any_building,
    max_houses,
    redeem_cost,
)

__all__ = ["Refusal", "money", "why_illegal"]


_PHASES: Final = {
    F.PRE_ROLL: "the pre-roll phase",
    F.JAIL: "the jail decision",
    F.BUY: "the decision to buy or auction",
    F.AUCTION: "an auction",
    F.CARD_CHOICE: "a card's choice",
    F.DEBT: "a debt to settle",
    F.OFFER: "an offer to answer",
    F.ACQUIRED: "settling acquired mortgaged deeds",
    F.END_TURN: "the end of the turn",
    F.FINAL_CLAIM: "the last rent claim",
    F.ROLL_AGAIN: "a roll after a double",
    F.DEMAND: "a building shortage",
    F.PLACE: "placing a building",
}


def why_illegal(st: GameState, action: Action | str, seat: int | None = None) -> Refusal | None:
    """None if `action` is legal for `seat` (default: the seat the game waits on), else why
    not (see the module doc)."""
    if isinstance(action, str):
        try:
            action = parse_text(action)
        except ActionParseError as e:
            return Refusal("", str(e))
    cur = fl.current_player(st)
    if seat is None:
        seat = cur
    if cur != TERMINAL and fl.is_legal(st, action, seat):
        return None
    if cur == TERMINAL:
        return Refusal("", "the game is over")
    if seat == CHANCE or cur == CHANCE:
        if seat == cur:
            return Refusal("", "a dice outcome is two dice of 1 to 6 (three in metropol)")
        return Refusal("", "the dice are about to be rolled; wait for the roll")
    if not 0 <= seat < st.n:
        return Refusal("", f"there is no seat {seat}")
    if not st.alive[seat]:
        return Refusal("", "you are out of the game")
    return (
        st.edition.why_illegal(st, seat, action)
        or _shared(st, seat, action, cur)
        or _phase(st, seat, action, cur)
    )


def _rule(st: GameState, topic: str) -> str:
    return st.edition.rule_of(topic)


def money(currency: str, amount: int) -> str:
    """An amount the way the edition's rulebook writes it: classic $100, wonders kr 1 000,
    builder 200M, metropol 50,000."""
    sign = "-" if amount < 0 else ""
    n = abs(amount)
    if currency == "kr":
        return f"{sign}kr {n:,}".replace(",", " ")
    if currency == "M":
        return f"{sign}{n:,}M"
    if not currency:
        return f"{sign}{n:,}"
    return f"{sign}{currency}{n}"


def _money(st: GameState, amount: int) -> str:
    return money(st.edition.board.currency, amount)


def _name(st: GameState, s: int) -> str:
    b = st.edition.board
    return b.name_en[s] if 0 <= s < b.size else f"square {s}"


def _shared(st: GameState, seat: int, a: Action, cur: int) -> Refusal | None:
    """The reasons of the shared mechanics, by action kind."""
    k = a.kind
    top = st.stack[-1]
    b = st.edition.board
    if k in (Kind.BUILD, Kind.BUILD_HOTEL):
        return _why_build(st, seat, a.a, k == Kind.BUILD_HOTEL)
    if k in (Kind.MORTGAGE, Kind.UNMORTGAGE, Kind.SELL_BUILDING):
        return _why_deed_action(st, seat, a)
    if k == Kind.SELL_DEED:
        return _why_sale(st, seat, a)
    if k == Kind.PAY_FINE and ((top[0] == F.JAIL and top[1] == seat) or st.jail[seat] >= 0):
        fee = jail.jail_fee(st)
        if st.cash[seat] < fee:
            return Refusal(
                _rule(st, "jail_fee"),
                f"the jail fee is {_money(st, fee)} and you have {_money(st, st.cash[seat])}",
            )
        return None
    if k in (Kind.PAY_FINE, Kind.SERVE, Kind.USE_CARD) and st.jail[seat] < 0:
        return Refusal("", "you are not in jail")
    if k == Kind.USE_CARD and not jail.jail_cards_of(st, seat):
        return Refusal("", "you hold no Get-out-of-Jail card")
    if k == Kind.CLAIM:
        return _why_claim(st, seat, a.a)
    if seat != cur:
        return None
    if k == Kind.BID and top[0] == F.AUCTION:
        lo = auction.min_bid(st, top)
        unit = auction.bid_unit(st)
        if not option(st, "auction_jump_bids", True):
            if lo > st.cash[seat]:
                return Refusal(
                    _rule(st, "bid"),
                    f"the only bid now is {_money(st, lo)}, more than your cash: pass",
                )
            return Refusal(
                _rule(st, "bid"),
                f"each bid is exactly {_money(st, unit)} over the last: the only bid now is "
                f"{_money(st, lo)}",
            )
        if a.a < lo:
            return Refusal(_rule(st, "bid"), f"the lowest bid now is {_money(st, lo)}")
        if a.a > st.cash[seat]:
            return Refusal(
                _rule(st, "bid"), f"a bid may not exceed your cash ({_money(st, st.cash[seat])})"
            )
        if a.a % unit:
            return Refusal(_rule(st, "bid"), f"bids are multiples of {_money(st, unit)}")
    if k == Kind.BUY and top[0] == F.BUY and st.cash[seat] < b.price[top[2]]:
        return Refusal(
            _rule(st, "buy"),
            f"{_name(st, top[2])} costs {_money(st, b.price[top[2]])} and you have "
            f"{_money(st, st.cash[seat])}; mortgage or sell first, or auction it",
        )
    if top[0] == F.DEBT:
        owed = int(top[3])
        if k == Kind.PAY and st.cash[seat] < owed:
            return Refusal(
                _rule(st, "debt"),
                f"you owe {_money(st, owed)} and have {_money(st, st.cash[seat])}; "
                "raise cash first (mortgage, sell buildings)",
            )
        if k == Kind.BANKRUPT and not debt.may_go_bankrupt(st, seat, owed):
            return Refusal(
                _rule(st, "bankrupt"), "you can still raise the money: mortgage or sell first"
            )
    if k == Kind.ACCEPT and top[0] == F.OFFER:
        pays = top[5] if top[2] in (F.OFFER_SALE, F.OFFER_CARD) else 0
        if top[2] == F.OFFER_TRADE:
            pays = -top[5]
        if st.cash[seat] < pays:
            return Refusal(
                "", f"you would pay {_money(st, pays)} and have {_money(st, st.cash[seat])}"
            )
    return None


def _why_build(st: GameState, seat: int, s: int, hotel: bool) -> Refusal | None:
    b = st.edition.board
    if not 0 <= s < b.size:
        return Refusal("", f"there is no square {s}")
    if st.owner[s] != seat:
        return Refusal(_rule(st, "build_group"), f"you do not own {_name(st, s)}")
    if b.kind[s] != SquareKind.STREET:
        return Refusal(_rule(st, "build_group"), f"{_name(st, s)} takes no buildings")
    lvl = st.level[s]
    if lvl == HOTEL:
        return Refusal(_rule(st, "hotel"), f"{_name(st, s)} has a hotel already")
    group = b.groups[b.group[s]]
    missing = [g for g in group if st.owner[g] != seat]
    if missing:
        names = ", ".join(_name(st, g) for g in missing)
        return Refusal(_rule(st, "build_group"), f"you must own the whole group first ({names})")
    mortgaged = [g for g in group if st.mortgaged[g]]
    if mortgaged:
        names = ", ".join(_name(st, g) for g in mortgaged)
        return Refusal(_rule(st, "build_group"), f"no building while {names} is mortgaged")
    h = st.edition.houses_per_hotel(st)
    top = max_houses(st)
    makes_hotel = hotel or lvl >= top
    if hotel and not h <= lvl < top:
        return Refusal(_rule(st, "hotel"), f"a hotel needs {h} houses on {_name(st, s)} first")
    need = h if makes_hotel else lvl
    low = [g for g in group if st.level[g] < need]
    if low:
        g = low[0]
        what = "a hotel" if makes_hotel else f"house {lvl + 1}"
        return Refusal(
            _rule(st, "build_evenly"),
            f"build evenly: {what} on {_name(st, s)} needs {need} on every street of the "
            f"group, and {_name(st, g)} has {st.level[g]}",
        )
    cost = b.hotel_cost[s] if makes_hotel else b.house_cost[s]
    if (st.hotels_left if makes_hotel else st.houses_left) <= 0:
        what = "hotels" if makes_hotel else "houses"
        return Refusal(_rule(st, "shortage"), f"the bank has no {what} left")
    if st.cash[seat] < cost:
        return Refusal(
            _rule(st, "build_cost"),
            f"it costs {_money(st, cost)} and you have {_money(st, st.cash[seat])}",
        )
    c = b.constants
    if "max_houses_per_build_window" in c:
        if makes_hotel:
            if st.hotels_built >= c["max_hotels_per_build_window"]:
                return Refusal(
                    _rule(st, "hotel_window"),
                    f"at most {c['max_hotels_per_build_window']} hotels per build window",
                )
            if option(st, "one_build_step_per_city", False) and st.built_mask >> s & 1:
                return Refusal(
                    _rule(st, "one_step"), f"{_name(st, s)} was built on in this window already"
                )
        else:
            if st.houses_built >= c["max_houses_per_build_window"]:
                return Refusal(
                    _rule(st, "house_window"),
                    f"at most {c['max_houses_per_build_window']} houses per build window "
                    f"(you have built {st.houses_built})",
                )
            if st.built_mask >> s & 1:
                return Refusal(
                    _rule(st, "house_window"),
                    f"at most 1 house on {_name(st, s)} per build window",
                )
    if can_build(st, seat, s, hotel):
        return Refusal(_rule(st, "build_when"), _build_when(st))
    return None


def _build_when(st: GameState) -> str:
    if st.edition.mechanics.build_out_of_turn:
        return "building is allowed in your own turn and between turns, not now"
    return "building is allowed only in your own pre-roll phase, out of jail"


def _why_deed_action(st: GameState, seat: int, a: Action) -> Refusal | None:
    b = st.edition.board
    s = a.a
    if not 0 <= s < b.size:
        return Refusal("", f"there is no square {s}")
    if s not in b.deeds:
        return Refusal("", f"{_name(st, s)} is not a deed")
    if st.owner[s] != seat:
        return Refusal("", f"you do not own {_name(st, s)}")
    if a.kind == Kind.MORTGAGE:
        if st.mortgaged[s]:
            return Refusal("", f"{_name(st, s)} is mortgaged already")
        if st.level[s] or not can_mortgage(st, seat, s):
            return Refusal(
                _rule(st, "mortgage_buildings"),
                f"sell the buildings of {_name(st, s)}'s group to the bank first",
            )
    elif a.kind == Kind.UNMORTGAGE:
        if not st.mortgaged[s]:
            return Refusal("", f"{_name(st, s)} is not mortgaged")
        cost = redeem_cost(st, s)
        if st.cash[seat] < cost:
            return Refusal(
                _rule(st, "unmortgage"),
                f"lifting the mortgage costs {_money(st, cost)} and you have "
                f"{_money(st, st.cash[seat])}",
            )
    elif a.kind == Kind.SELL_BUILDING:
        if not st.level[s]:
            return Refusal("", f"{_name(st, s)} has no buildings")
        if not can_sell_building(st, seat, s):
            return Refusal(
                _rule(st, "sell_evenly"), "sell evenly: sell from the highest street of the group"
            )
    if fl.current_player(st) != seat and fl._blocked(st):
        return Refusal(_rule(st, "anytime"), "not during an auction or while a card is carried out")
    return None


def _why_sale(st: GameState, seat: int, a: Action) -> Refusal | None:
    """Deed sales between players (classic C-59 to C-62, A-14)."""
    if st.edition.mechanics.trades != "sale":
        return Refusal("", "this edition trades by exchange: use 'trade'")
    top = st.stack[-1]
    if top[0] != F.PRE_ROLL or top[1] != seat:
        return Refusal(_rule(st, "sale_when"), "deeds are sold only in your own pre-roll phase")
    if st.jail[seat] >= 0:
        return Refusal(_rule(st, "sale_jail"), "a player in jail may not sell deeds")
    squares = squares_of(a.a)
    if not squares:
        return Refusal("", "name at least one deed")
    for s in squares:
        if st.owner[s] != seat:
            return Refusal("", f"you do not own {_name(st, s)}")
    anywhere = option(st, "trade_requires_no_buildings_anywhere", True)
    if anywhere and has_any_building(st, seat):
        return Refusal(
            _rule(st, "sale_buildings"),
            "a seller may own no buildings at all; sell them to the bank first",
        )
    if not set(squares) <= set(trade.sellable_deeds(st, seat)):
        return Refusal(
            _rule(st, "sale_buildings"),
            "the group of a deed sold may hold no buildings; sell them to the bank first",
        )
    if not 0 <= a.b < st.n or a.b == seat or not st.alive[a.b]:
        return Refusal("", f"seat {a.b} cannot buy")
    if st.jail[a.b] >= 0:
        return Refusal(_rule(st, "sale_jail"), f"{st.names[a.b]} is in jail and may not buy")
    unit = st.edition.board.constants["money_unit"]
    if a.c % unit:
        return Refusal(_rule(st, "sale_price"), f"prices are multiples of {_money(st, unit)}")
    return None


def _why_claim(st: GameState, seat: int, payer: int) -> Refusal | None:
    if not any(c[0] == seat and c[1] == payer for c in st.claims):
        who = st.names[payer] if 0 <= payer < st.n else f"seat {payer}"
        return Refusal(_rule(st, "claim"), f"{who} owes you no rent now")
    if st.jail[seat] >= 0 and not st.edition.mechanics.jailed_owner_collects:
        return Refusal(_rule(st, "jailed_owner"), "an owner in jail collects no rent")
    return None


def _phase(st: GameState, seat: int, a: Action, cur: int) -> Refusal:
    """The general reason: someone else's turn, or a phase that does not take `a`."""
    top = st.stack[-1]
    if seat != cur:
        return Refusal(
            _rule(st, "anytime"),
            f"it is {st.names[cur]}'s decision; out of turn you may only claim rent, mortgage, "
            "redeem, sell buildings or offer a card",
        )
    if a.kind == Kind.DICE:
        return Refusal("", "type 'roll' to roll: the game throws the dice")
    phase = _PHASES.get(top[0], "this decision")
    return Refusal("", f"'{a}' is not one of the actions of {phase}")
