"""The ranges of the action notation, per edition: the engine's boundary to text and values
from outside (a terminal, a record, the network).

`fault(st, a)` names the first value of `a` outside its edition's ranges: an unknown kind,
a field that is not a plain int, a square off the board, a seat not in the game, a card
not in the edition's decks, a chip type other than r, p, g, y, an amount of 10**15 or more,
an item mask with bits that are no square, card or chip. It costs a few comparisons per
field (no loop over a mask's bits), so any value, however large, is judged at once.
`parse_action` and `apply_action` (`tycoon.api`) refuse what it names; the
simulator applies only listed actions and never calls it.
"""

from __future__ import annotations

from tycoon.engine.actions import (
    CARD_BIT,
    CARD_LIMIT,
    KIND_NAMES,
    RES_SHIFT,
    Action,
    Kind,
    card_text,
    number_text,
    word_of,
)
from tycoon.engine.state import GameState

AMOUNT_LIMIT = 10**15
"""Amounts (bids, prices, cash in a trade, wanted buildings) are below this: far above all
the money of any game, far below any cost of arithmetic."""

GRID = 64
"""City blocks (metropol, 0 to 35) and island cells (builder) are below this; the edition
checks the exact cell."""

# Field shapes: "0" must be 0, "die" 1 to 6, "die0" 0 to 6, "sq" a square of the board,
# "seat" a seat of the game, "amt" 0 <= N < AMOUNT_LIMIT, "cash" |N| < AMOUNT_LIMIT, "deeds"
# a non-empty mask of squares, "card" a card of the decks, "items" a trade item mask, "res" a
# chip type, "chips" a packed chip list, "grid" a block or cell.
_NONE = ("0", "0", "0", "0")
_SHAPES: dict[int, tuple[str, str, str, str]] = {
    Kind.DICE: ("die", "die", "die0", "0"),
    Kind.BID: ("amt", "0", "0", "0"),
    Kind.WANT: ("amt", "0", "0", "0"),
    Kind.CLAIM: ("seat", "0", "0", "0"),
    Kind.CALL_OUT: ("seat", "0", "0", "0"),
    Kind.SELL_DEED: ("deeds", "seat", "amt", "0"),
    Kind.SELL_CARD: ("card", "seat", "amt", "0"),
    Kind.PAY_WITH: ("deeds", "amt", "amt", "0"),
    Kind.TRADE: ("seat", "items", "items", "cash"),
    Kind.BLOCK: ("grid", "0", "0", "0"),
    Kind.DISCARD: ("chips", "0", "0", "0"),
    Kind.TAKE: ("res", "0", "0", "0"),
    Kind.STEAL: ("seat", "res", "0", "0"),
    Kind.PARKING_TRADE: ("chips", "res", "0", "0"),
    Kind.BANK_TRADE: ("res", "res", "0", "0"),
    Kind.FLOOR: ("grid", "chips", "0", "0"),
    Kind.FORCE: ("seat", "res", "res", "0"),
}
for _k in (Kind.BUILD, Kind.SELL_BUILDING, Kind.MORTGAGE, Kind.UNMORTGAGE, Kind.KEEP_MORTGAGED):
    _SHAPES[_k] = ("sq", "0", "0", "0")
for _k in (Kind.MARK, Kind.BUILD_HOTEL, Kind.GO, Kind.PUT_UP):
    _SHAPES[_k] = ("sq", "0", "0", "0")
for _k in KIND_NAMES:
    _SHAPES.setdefault(_k, _NONE)
_FIELDS = "abcd"
_CARD_BITS = (1 << (RES_SHIFT - CARD_BIT)) - 1


def _field_fault(st: GameState, shape: str, v: int) -> str:
    b = st.edition.board
    if shape == "0":
        ok = v == 0
    elif shape == "sq":
        ok = 0 <= v < b.size
    elif shape == "seat":
        ok = 0 <= v < st.n
    elif shape == "amt":
        ok = 0 <= v < AMOUNT_LIMIT
    elif shape == "cash":
        ok = -AMOUNT_LIMIT < v < AMOUNT_LIMIT
    elif shape == "die":
        ok = 1 <= v <= 6
    elif shape == "die0":
        ok = 0 <= v <= 6
    elif shape == "deeds":
        ok = 0 < v < 1 << b.size
    elif shape == "card":
        ok = 0 <= v < RES_SHIFT - CARD_BIT and bool(b.card_mask >> v & 1)
    elif shape == "res":
        ok = 0 <= v < 4
    elif shape == "chips":
        ok = 0 <= v < 1 << 32
    elif shape == "grid":
        ok = 0 <= v < GRID
    else:  # "items": squares of the board, cards of the decks, four chip counts
        ok = (
            0 <= v < 1 << (RES_SHIFT + 32)
            and not (v & ((1 << CARD_BIT) - 1)) >> b.size
            and not (v >> CARD_BIT & _CARD_BITS) & ~b.card_mask
        )
    if ok:
        return ""
    if shape == "sq":
        return f"is not a square of the board (0 to {b.size - 1})"
    if shape == "seat":
        return f"is not a seat of the game (0 to {st.n - 1})"
    return _WHAT[shape]


_WHAT = {
    "0": "must be 0",
    "amt": f"is not an amount from 0 to {AMOUNT_LIMIT - 1}",
    "cash": f"is not an amount of at most {AMOUNT_LIMIT - 1} either way",
    "die": "is not a die (1 to 6)",
    "die0": "is not a die (1 to 6) or 0",
    "deeds": "is not a list of squares of the board",
    "card": "is not a card of this edition",
    "res": "is not a resource type (0 to 3: r, p, g, y)",
    "chips": "is not a chip list (four counts of 0 to 255)",
    "grid": f"is not a city block or cell (0 to {GRID - 1})",
    "items": "is not a list of squares, cards and chips of this edition",
}


def fault(st: GameState, a: object) -> str:
    """Why `a` is outside the notation's ranges for `st`'s edition and players, or ''."""
    if type(a) is not Action:
        return f"not an Action: {type(a).__name__}"
    k = a[0]
    if type(k) is not int or k not in KIND_NAMES:
        return f"unknown action kind {number_text(k)}"
    shape = _SHAPES[k]
    for i in range(4):
        v = a[i + 1]
        if type(v) is not int:
            return f"field {_FIELDS[i]} is not an int: {number_text(v)}"
        why = _field_fault(st, shape[i], v)
        if why:
            shown = card_text(v) if shape[i] == "card" and 0 <= v < CARD_LIMIT else number_text(v)
            return f"{shown} {why} (field {_FIELDS[i]} of '{word_of(k)}')"
    return ""
