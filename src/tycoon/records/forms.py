"""Legal actions in a structured form a user interface can render (views: `actions`).

Each entry is `{text, kind, label, args, params, template}`:
- `text`: the action in the engine's notation, ready to send;
- `kind`: the action word (`bid`, `buy`, `trade`, `floor`, ...);
- `label`: one English line saying what it does;
- `args`: its fixed arguments, decoded (`square`, `seat`, `squares`, `to`, ...);
- `params`: each free parameter with its allowed range, `{"amount": {"min", "max", "step"}}`
  (`amount` for bids, sale prices, payments in property and shortage wants; `cash` for the
  cash of an exchange, negative when the partner pays); `{}` when nothing is free;
- `template`: `text` with the free parameter as `{amount}` or `{cash}` (absent without
  params).

Amount-carrying actions are listed by the engine at a few representative amounts; here the
bids (and the wants of a building shortage) of a decision are one entry with their range.
The ranges are the engine's own: both ends are checked with `is_legal`, and a range that
the engine would not accept end to end is narrowed to the listed amount.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tycoon.api import is_legal, legal_actions
from tycoon.engine import frames as F
from tycoon.engine.actions import (
    Action,
    Kind,
    action_text,
    card_text,
    chips_text,
    items_of,
    resources_of,
    squares_of,
)
from tycoon.engine.state import GameState
from tycoon.records.describe import describe_action
from tycoon.rules.auction import bid_unit, min_bid
from tycoon.rules.trade import trade_cash_step

__all__ = ["action_forms"]

_SQUARE_ARG = frozenset(
    {Kind.BUILD, Kind.SELL_BUILDING, Kind.MORTGAGE, Kind.UNMORTGAGE, Kind.KEEP_MORTGAGED}
    | {Kind.MARK, Kind.BUILD_HOTEL, Kind.GO, Kind.PUT_UP}
)
_SEAT_ARG = frozenset({Kind.CLAIM, Kind.CALL_OUT})
_RES = "rpgy"


def trade_items(mask: int) -> dict[str, Any]:
    """One side of a trade as data: `squares`, `cards`, and `chips` (builder) when any."""
    squares, cards = items_of(mask)
    res = resources_of(mask)
    out: dict[str, Any] = {"squares": squares, "cards": [card_text(c) for c in cards]}
    if any(res):
        out["chips"] = {_RES[t]: c for t, c in enumerate(res) if c}
    return out


def _args(a: Action) -> dict[str, Any]:
    """The fixed arguments of an action, decoded."""
    k = a.kind
    if k in _SQUARE_ARG:
        return {"square": a.a}
    if k in _SEAT_ARG:
        return {"seat": a.a}
    if k == Kind.BLOCK:
        return {"block": a.a}
    if k == Kind.SELL_DEED:
        return {"squares": squares_of(a.a), "to": a.b}
    if k == Kind.SELL_CARD:
        return {"card": card_text(a.a), "to": a.b}
    if k == Kind.PAY_WITH:
        return {"squares": squares_of(a.a)}
    if k == Kind.TRADE:
        return {"to": a.a, "give": trade_items(a.b), "get": trade_items(a.c)}
    if k == Kind.DISCARD:
        return {"chips": chips_text(a.a)}
    if k == Kind.TAKE:
        return {"type": _RES[a.a]}
    if k == Kind.STEAL:
        return {"seat": a.a, "type": _RES[a.b]}
    if k == Kind.PARKING_TRADE:
        return {"give": chips_text(a.a), "type": _RES[a.b]}
    if k == Kind.BANK_TRADE:
        return {"give": _RES[a.a], "type": _RES[a.b]}
    if k == Kind.FLOOR:
        return {"cell": a.a, "pay": chips_text(a.b)}
    if k == Kind.FORCE:
        return {"seat": a.a, "take": _RES[a.b], "give": _RES[a.c]}
    return {}


def _range(
    st: GameState, seat: int, make: Callable[[int], Action], lo: int, hi: int, step: int
) -> dict[str, int] | None:
    """{min, max, step} if the engine accepts `make(lo)`, `make(hi)` (hi rounded down to
    lo + k * step) and, when they differ, `make(lo + step)`; else None."""
    step = max(step, 1)
    if hi < lo:
        return None
    hi = lo + (hi - lo) // step * step
    if not (is_legal(st, make(lo), seat) and is_legal(st, make(hi), seat)):
        return None
    if hi > lo and not is_legal(st, make(lo + step), seat):
        hi = lo
    return {"min": lo, "max": hi, "step": step}


def _label(st: GameState, seat: int, a: Action) -> str:
    text = describe_action(st, seat, a)
    own = st.names[seat] + " "
    return text[len(own) :] if text.startswith(own) else text


def _entry(st: GameState, seat: int, a: Action) -> dict[str, Any]:
    text = action_text(a)
    return {
        "text": text,
        "kind": text.split(" ", 1)[0],
        "label": _label(st, seat, a),
        "args": _args(a),
        "params": {},
    }


def _amounts(
    st: GameState, seat: int, a: Action, e: dict[str, Any], memo: dict[tuple[int, int], Any]
) -> None:
    """Fill `params` and `template` of an amount-carrying action. The cash range of an
    exchange (a sale) with items depends only on the two seats' cash, so it is found once
    per partner (`memo`)."""
    k = a.kind
    unit = st.edition.board.constants["money_unit"]
    top = st.stack[-1] if st.stack else None
    rng: dict[str, int] | None = None
    name = "amount"
    if k == Kind.BID and top is not None and top[0] == F.AUCTION:
        rng = _range(
            st, seat, lambda n: Action(Kind.BID, n), min_bid(st, top), st.cash[seat], bid_unit(st)
        )
        e["template"] = "bid {amount}"
    elif k == Kind.WANT:
        wants = [x.a for x in legal_actions(st, seat) if x.kind == Kind.WANT]
        rng = _range(st, seat, lambda n: Action(Kind.WANT, n), min(wants), max(wants), 1)
        e["template"] = "want {amount}"
    elif k in (Kind.SELL_DEED, Kind.SELL_CARD):
        word = "sell-deed" if k == Kind.SELL_DEED else "sell-card"
        what = ",".join(map(str, squares_of(a.a))) if k == Kind.SELL_DEED else card_text(a.a)
        key = (k, a.b)
        if key not in memo:
            memo[key] = _range(st, seat, lambda n: a._replace(c=n), 0, st.cash[a.b], unit)
        rng = memo[key]
        e["template"] = f"{word} {what} to {a.b} for {{amount}}"
    elif k == Kind.PAY_WITH and top is not None and top[0] == F.DEBT:
        rng = _range(st, seat, lambda n: a._replace(c=n), 0, top[3], unit)
        e["template"] = f"pay-with {','.join(map(str, squares_of(a.a)))} for {{amount}}"
    elif k == Kind.TRADE:
        name = "cash"
        step = trade_cash_step(st)
        lo = -(st.cash[a.a] // step * step)
        key = (k, a.a)
        if not (a.b or a.c):
            rng = _range(st, seat, lambda n: a._replace(d=n), lo, st.cash[seat], step)
        else:
            if key not in memo:
                memo[key] = _range(st, seat, lambda n: a._replace(d=n), lo, st.cash[seat], step)
            rng = memo[key]
        head = action_text(a).rsplit(" ", 1)[0]
        e["template"] = f"{head} {{cash}}"
    if rng is None:
        e.pop("template", None)
        return
    e["params"] = {name: rng}


_AMOUNT = frozenset({Kind.BID, Kind.WANT, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH})


def action_forms(
    st: GameState, seat: int, legal: Sequence[Action] | None = None
) -> list[dict[str, Any]]:
    """The legal actions of `seat` (default: `legal_actions(st, seat)`) as form entries."""
    acts = legal_actions(st, seat) if legal is None else legal
    out: list[dict[str, Any]] = []
    once: set[int] = set()
    memo: dict[tuple[int, int], Any] = {}
    for a in acts:
        k = a.kind
        if k in (Kind.BID, Kind.WANT):
            if k in once:
                continue  # one entry for the bids (wants) of a decision, with their range
            once.add(k)
        e = _entry(st, seat, a)
        if k in _AMOUNT or k == Kind.TRADE:
            _amounts(st, seat, a, e, memo)
        out.append(e)
    return out
