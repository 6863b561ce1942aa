"""Actions: small immutable values (a kind and up to three ints) with a stable text form.

The vocabulary (see README, "Action vocabulary"); `S` is a square index, `P` a seat,
`N` an amount, `D` a list of squares joined by commas, `C` a card id such as `B14`:

    roll A B              chance outcome: the two dice          (A, B in 1..6)
    roll A B C            chance outcome: three dice (metropol)
    roll                  roll the dice (ends the pre-roll phase)
    buy | auction         buy the deed you stopped on, or send it to auction
    bid N | pass          raise the auction to N, or leave it for good
    build S               buy the next house (or the hotel, once S has the most houses) on S
    build-hotel S         buy the hotel on S while it could still take a house (QP2, A-21)
    sell-building S       sell one house, or the hotel, of S back to the bank
    mortgage S | unmortgage S
    keep-mortgaged S      take an acquired mortgaged deed paying only the interest
    claim P               claim the rent that seat P owes you
    serve | pay-fine | use-card     the three ways of a jailed turn
    pay | draw            pay what you owe (or the card's fee), or draw the other deck
    sell-deed D to P for N    offer deeds to seat P for cash
    sell-card C to P for N    offer a Get-out-of-Jail card to seat P
    pay-with D for N      offer deeds worth N to your creditor (payment in property)
    pay-with D cash C for N    deeds and C in cash, together settling N of the debt
    accept | reject       answer an offer
    bankrupt              give up when the debt cannot be raised
    end-turn
    mark S                wonders: mark wonder S in your passport (the airport's free flight)
    want N                in a building shortage: how many houses (or hotels) you want now
    trade P give I get I cash N   offer seat P an exchange; I lists squares, card ids and
                          resource chips (`1,3,C7,2r,1y`, or `-` for nothing); N > 0 you pay
                          P, N < 0 P pays you. A trade action answering an open offer from P
                          is a counter-offer where the edition allows them.
    builder (B-14 to B-65): `R` is a resource type letter (r, p, g, y), `K` a chip list such
    as `1r,1g,1y`, `L` a grid cell:
    discard K             put the chips K on your square (hand above the limit), e.g.
                          `discard 2r,1y` (one action; `discard 1r` is one red chip)
    steal P R             take one chip of type R from seat P (Steal 1 Resource)
    exchange K for R      Free Parking: give the chips K (two), take one chip of type R
    bank-trade R for R    give four chips of one type, take one of another
    floor L pay K         build the next floor on cell L, paying with the chips K
    force P take R give R use a FORCED TRADE! card on seat P
    take R                take a chip of type R (a card that lets you choose)
    metropol:
    go S                  move to square S (triples free move, City Hall)
    block B               place a block on city block B (0..35, row by row)
    veto | cross          take the auctioned permit at +50,000; cross the city
    put-up S              a debtor puts permit S up for forced auction
    call-out P            call out seat P's missed mandatory block
"""

from __future__ import annotations

from typing import Final, NamedTuple

from tycoon.engine.errors import echo
from tycoon.engine.types import constant_names


class Kind:
    """Action kinds (plain ints, see `constant_names`); the order is the order of
    `legal_actions`."""

    DICE: Final = 0
    ROLL: Final = 1
    BUY: Final = 2
    AUCTION: Final = 3
    BID: Final = 4
    PASS: Final = 5
    PAY: Final = 6
    DRAW: Final = 7
    SERVE: Final = 8
    PAY_FINE: Final = 9
    USE_CARD: Final = 10
    CLAIM: Final = 11
    BUILD: Final = 12
    SELL_BUILDING: Final = 13
    MORTGAGE: Final = 14
    UNMORTGAGE: Final = 15
    KEEP_MORTGAGED: Final = 16
    SELL_DEED: Final = 17
    SELL_CARD: Final = 18
    PAY_WITH: Final = 19
    ACCEPT: Final = 20
    REJECT: Final = 21
    BANKRUPT: Final = 22
    END_TURN: Final = 23
    MARK: Final = 24
    TRADE: Final = 25
    WANT: Final = 26
    BUILD_HOTEL: Final = 27
    PUT_UP: Final = 28  # a debtor's forced auction (Mechanics.debt "forced_auction", metropol M-62)
    # builder (values 40 to 59)
    DISCARD: Final = 40
    STEAL: Final = 41
    PARKING_TRADE: Final = 42
    BANK_TRADE: Final = 43
    FLOOR: Final = 44
    FORCE: Final = 45
    TAKE: Final = 46
    # metropol (values 60 to 79)
    GO: Final = 60
    BLOCK: Final = 61
    VETO: Final = 62
    CROSS: Final = 63
    CALL_OUT: Final = 65


KIND_NAMES: Final = constant_names(Kind)
"""Every action kind -> its name (`ROLL`)."""

FIRST_EDITION_KIND: Final = 40
"""Kinds from here on belong to one edition (builder 40 to 59, metropol 60 to 79); the
shared frames hand them to `Edition.extra_legal` / `extra_ok` / `extra_apply`."""


class Action(NamedTuple):
    """One action. Field meaning depends on the kind (see `Kind` and the module doc)."""

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0
    d: int = 0

    def __str__(self) -> str:
        return action_text(self)

    def __repr__(self) -> str:
        return f"Action({action_text(self)!r})"


_SHARED: Final[dict[int, Action]] = {}
_SHARED_KEPT: Final = 65536


def action_of(kind: int, a: int = 0) -> Action:
    """`Action(kind, a)`, one shared object per value while the table holds it (actions are
    immutable). For a bot's frequent answers (claims, builds, bids): compiled code builds a
    NamedTuple through its Python `__new__`, which costs several dictionary lookups."""
    if not 0 <= a < 1 << 32:
        return Action(kind, a)
    key = kind << 32 | a
    act = _SHARED.get(key)
    if act is None:
        if len(_SHARED) >= _SHARED_KEPT:
            _SHARED.clear()
        act = _SHARED[key] = Action(kind, a)
    return act


_WORDS: Final[dict[int, str]] = {
    Kind.DICE: "roll",
    Kind.ROLL: "roll",
    Kind.BUY: "buy",
    Kind.AUCTION: "auction",
    Kind.BID: "bid",
    Kind.PASS: "pass",
    Kind.PAY: "pay",
    Kind.DRAW: "draw",
    Kind.SERVE: "serve",
    Kind.PAY_FINE: "pay-fine",
    Kind.USE_CARD: "use-card",
    Kind.CLAIM: "claim",
    Kind.BUILD: "build",
    Kind.SELL_BUILDING: "sell-building",
    Kind.MORTGAGE: "mortgage",
    Kind.UNMORTGAGE: "unmortgage",
    Kind.KEEP_MORTGAGED: "keep-mortgaged",
    Kind.SELL_DEED: "sell-deed",
    Kind.SELL_CARD: "sell-card",
    Kind.PAY_WITH: "pay-with",
    Kind.ACCEPT: "accept",
    Kind.REJECT: "reject",
    Kind.BANKRUPT: "bankrupt",
    Kind.END_TURN: "end-turn",
    Kind.MARK: "mark",
    Kind.TRADE: "trade",
    Kind.WANT: "want",
    Kind.BUILD_HOTEL: "build-hotel",
    Kind.GO: "go",
    Kind.BLOCK: "block",
    Kind.VETO: "veto",
    Kind.CROSS: "cross",
    Kind.PUT_UP: "put-up",
    Kind.CALL_OUT: "call-out",
    Kind.DISCARD: "discard",
    Kind.STEAL: "steal",
    Kind.PARKING_TRADE: "exchange",
    Kind.BANK_TRADE: "bank-trade",
    Kind.FLOOR: "floor",
    Kind.FORCE: "force",
    Kind.TAKE: "take",
}
_BY_WORD: Final[dict[str, int]] = {w: k for k, w in _WORDS.items() if k != Kind.DICE}
_SQUARE_KINDS: Final = frozenset(
    {Kind.BUILD, Kind.SELL_BUILDING, Kind.MORTGAGE, Kind.UNMORTGAGE, Kind.KEEP_MORTGAGED}
    | {Kind.MARK, Kind.BUILD_HOTEL, Kind.GO, Kind.BLOCK, Kind.PUT_UP}
)
_AMOUNT_KINDS: Final = frozenset({Kind.BID, Kind.WANT})
_SEAT_KINDS: Final = frozenset({Kind.CLAIM, Kind.CALL_OUT})

CARD_PREFIXES: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Card ids in text: the deck's letter and the 1-based position (`B14`); a card is encoded
as (letter index) * 100 + position - 1, so `B14` is 113."""


def mask_of(squares: list[int] | tuple[int, ...]) -> int:
    """Bit mask of a set of squares (how deed lists are stored in an action)."""
    m = 0
    for s in squares:
        m |= 1 << s
    return m


CARD_BIT: Final = 64
"""In an item mask (trades), card c is bit CARD_BIT + c; squares use bits 0 to 63."""
RES_SHIFT: Final = 2700
"""Resource chips in an item mask: the count of type t sits in bits RES_SHIFT + 8t to
RES_SHIFT + 8t + 7 (above every card bit: card codes stay below 2600)."""
RES_LETTERS: Final = "rpgy"
"""Resource types in text: red, purple, green, yellow (builder, B-7)."""
_LOW: Final = (1 << RES_SHIFT) - 1


def items_of(mask: int) -> tuple[list[int], list[int]]:
    """(squares, cards) of a trade item mask (resource chips: `resources_of`)."""
    bits = squares_of(mask & _LOW)
    return [b for b in bits if b < CARD_BIT], [b - CARD_BIT for b in bits if b >= CARD_BIT]


def pack(counts: tuple[int, ...] | list[int]) -> int:
    """Chip counts per type (r, p, g, y; each 0 to 255) as one int: 8 bits per type."""
    return sum(c << (8 * t) for t, c in enumerate(counts))


def unpack(packed: int) -> tuple[int, int, int, int]:
    """The chip counts per type of a packed chip list."""
    return (packed & 255, packed >> 8 & 255, packed >> 16 & 255, packed >> 24 & 255)


def resources_of(mask: int) -> tuple[int, int, int, int]:
    """The chip counts per resource type (r, p, g, y) of a trade item mask."""
    return unpack(mask >> RES_SHIFT)


def chips(counts: tuple[int, ...] | list[int]) -> int:
    """The item-mask bits (for a trade) of chip counts per type."""
    return pack(counts) << RES_SHIFT


def chips_text(packed: int) -> str:
    """`1r,2y` for a packed chip list ('-' if none)."""
    if not 0 <= packed < 1 << 32:
        raise ValueError(f"not a packed chip list: {number_text(packed)}")
    return ",".join(f"{c}{RES_LETTERS[t]}" for t, c in enumerate(unpack(packed)) if c) or "-"


def _letter(t: int) -> str:
    if not 0 <= t < 4:
        raise ValueError(f"not a resource type: {number_text(t)}")
    return RES_LETTERS[t]


def _items_text(mask: int) -> str:
    if mask >> (RES_SHIFT + 32):
        raise ValueError("not a trade item mask")
    squares, cards = items_of(mask)
    res = [f"{c}{RES_LETTERS[t]}" for t, c in enumerate(resources_of(mask)) if c]
    return ",".join([*map(str, squares), *map(card_text, cards), *res]) or "-"


def squares_of(mask: int) -> list[int]:
    """Squares in a bit mask, ascending. A negative mask, or one wider than an item mask
    (`RES_SHIFT` bits), is no set of squares: ValueError (never an endless loop)."""
    if mask < 0 or mask >> RES_SHIFT:
        raise ValueError(f"not a square mask: {number_text(mask)}")
    out = []
    while mask:  # one step per square in the mask, not per bit below the highest
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_text(card: int) -> str:
    """Text id of a card encoded as letter index * 100 + position (0-based)."""
    if not 0 <= card < CARD_LIMIT:
        raise ValueError(f"not a card code: {number_text(card)}")
    return f"{CARD_PREFIXES[card // 100]}{card % 100 + 1}"


CARD_LIMIT: Final = len(CARD_PREFIXES) * 100
"""Card codes are 0 to CARD_LIMIT - 1 (`Z99` is 2598)."""
MAX_DIGITS: Final = 15
"""The longest number the notation reads (amounts stay below 10**15): a longer token is
refused before it is converted, so no text builds a huge integer."""


def number_text(v: object) -> str:
    """A number for an error message: digits, or its size when it is too long to show."""
    if isinstance(v, int) and not -(10**18) < v < 10**18:
        return f"<{v.bit_length()}-bit {'negative ' if v < 0 else ''}number>"
    return echo(repr(v), 30)


def word_of(kind: int) -> str:
    """The text word of an action kind (`sell-card`), or its number if unknown."""
    return _WORDS.get(kind) or str(int(kind))


def raw_text(a: tuple[object, ...]) -> str:
    """Any action-like tuple as text for an error message (also an unknown kind or values
    out of every range), never failing and never long."""
    k = a[0] if a else None
    word = _WORDS.get(k) if isinstance(k, int) else None
    head = word or f"kind {number_text(k)}"
    return echo(f"<{head} {' '.join(number_text(v) for v in a[1:])}>")


def action_text(a: Action) -> str:
    """The canonical text form; `parse_action(str(a)) == a`. An action outside the
    notation's ranges (a raw `Action` built by hand) gets `raw_text` instead."""
    try:
        return _action_text(a)
    except (KeyError, IndexError, ValueError, TypeError, OverflowError):
        return raw_text(tuple(a))


def _action_text(a: Action) -> str:
    k = a.kind
    word = _WORDS[k]
    if k == Kind.DICE:
        return f"roll {a.a} {a.b} {a.c}" if a.c else f"roll {a.a} {a.b}"
    if k in _SQUARE_KINDS or k in _AMOUNT_KINDS or k in _SEAT_KINDS:
        return f"{word} {a.a}"
    if k == Kind.SELL_DEED:
        return f"sell-deed {','.join(map(str, squares_of(a.a)))} to {a.b} for {a.c}"
    if k == Kind.SELL_CARD:
        return f"sell-card {card_text(a.a)} to {a.b} for {a.c}"
    if k == Kind.PAY_WITH:
        cash = f" cash {a.b}" if a.b else ""
        return f"pay-with {','.join(map(str, squares_of(a.a)))}{cash} for {a.c}"
    if k == Kind.TRADE:
        return f"trade {a.a} give {_items_text(a.b)} get {_items_text(a.c)} cash {a.d}"
    if k == Kind.DISCARD:
        return f"discard {chips_text(a.a)}"
    if k == Kind.TAKE:
        return f"take {_letter(a.a)}"
    if k == Kind.STEAL:
        return f"steal {a.a} {_letter(a.b)}"
    if k == Kind.PARKING_TRADE:
        return f"exchange {chips_text(a.a)} for {_letter(a.b)}"
    if k == Kind.BANK_TRADE:
        return f"bank-trade {_letter(a.a)} for {_letter(a.b)}"
    if k == Kind.FLOOR:
        return f"floor {a.a} pay {chips_text(a.b)}"
    if k == Kind.FORCE:
        return f"force {a.a} take {_letter(a.b)} give {_letter(a.c)}"
    return word


def _int(tok: str, text: str) -> int:
    from tycoon.engine.errors import ActionParseError

    if len(tok) > MAX_DIGITS + 1:  # no huge integers (a sign may lead)
        raise ActionParseError(f"'{echo(text)}': '{echo(tok, 30)}' is too long a number")
    try:
        v = int(tok)
    except ValueError:
        raise ActionParseError(
            f"'{echo(text)}': expected a number, got '{echo(tok, 30)}'"
        ) from None
    if v < 0:  # any other spelling of a number (`+5`, `05`) is refused by `parse_text`
        raise ActionParseError(
            f"'{echo(text)}': '{echo(tok, 30)}' is not a plain non-negative number"
        )
    return v


def _squares(tok: str, text: str) -> int:
    from tycoon.engine.errors import ActionParseError

    parts = [_int(t, text) for t in tok.split(",")]
    if len(set(parts)) != len(parts) or any(p >= 64 for p in parts):
        raise ActionParseError(f"'{echo(text)}': bad square list '{echo(tok, 30)}'")
    return mask_of(parts)


def _items(tok: str, text: str) -> int:
    """A trade item list: squares and card ids joined by commas, or '-'."""
    from tycoon.engine.errors import ActionParseError

    if tok == "-":
        return 0
    mask = 0
    for part in tok.split(","):
        if part[:1].isdigit() and part[-1:].isalpha():
            one = _chips(part, text)
            if any(a and b for a, b in zip(resources_of(mask), unpack(one), strict=True)):
                raise ActionParseError(f"'{echo(text)}': bad item list '{echo(tok, 30)}'")
            mask |= one << RES_SHIFT
            continue
        if part[:1].isalpha():
            bit = CARD_BIT + _card(part, text)
        else:
            bit = _int(part, text)
            if bit >= CARD_BIT:  # squares are 0 to 63; a larger number is no item
                raise ActionParseError(f"'{echo(text)}': bad item list '{echo(tok, 30)}'")
        if mask >> bit & 1:
            raise ActionParseError(f"'{echo(text)}': bad item list '{echo(tok, 30)}'")
        mask |= 1 << bit
    return mask


def _res(tok: str, text: str) -> int:
    from tycoon.engine.errors import ActionParseError

    if len(tok) != 1 or tok.lower() not in RES_LETTERS:
        raise ActionParseError(
            f"'{echo(text)}': '{echo(tok, 30)}' is not a resource type (r, p, g or y)"
        )
    return RES_LETTERS.index(tok.lower())


def _chips(tok: str, text: str) -> int:
    """One `2r` item (count then type letter), packed; counts 1 to 255."""
    from tycoon.engine.errors import ActionParseError

    count = _int(tok[:-1], text)
    if not 1 <= count <= 255:
        raise ActionParseError(f"'{echo(text)}': bad chip count in '{echo(tok, 30)}'")
    return count << (8 * _res(tok[-1], text))


def _chip_list(tok: str, text: str) -> int:
    """A chip list `1r,2y` (each type once), packed; `-` for none."""
    from tycoon.engine.errors import ActionParseError

    if tok == "-":
        return 0
    mask = 0
    for part in tok.split(","):
        one = _chips(part, text)
        if any(a and b for a, b in zip(unpack(mask), unpack(one), strict=True)):
            raise ActionParseError(
                f"'{echo(text)}': a resource type is listed twice in '{echo(tok, 30)}'"
            )
        mask |= one
    return mask


def _card(tok: str, text: str) -> int:
    from tycoon.engine.errors import ActionParseError

    if len(tok) < 2 or tok[0].upper() not in CARD_PREFIXES:
        raise ActionParseError(f"'{echo(text)}': '{echo(tok, 30)}' is not a card id like B14")
    pos = _int(tok[1:], text)
    if not 1 <= pos <= 99:
        raise ActionParseError(f"'{echo(text)}': '{echo(tok, 30)}' is not a card id like B14")
    return CARD_PREFIXES.index(tok[0].upper()) * 100 + pos - 1


def parse_text(text: str) -> Action:
    """Parse the text form of an action (edition-independent syntax only). Each action has
    exactly one text form, `action_text`: words and numbers joined by one ASCII space, lower
    case words (card ids upper case: `B14`), integers without sign or leading zeros (an
    exchange's negative cash with one `-`), lists in ascending order. A text that names an
    action in any other way (`ROLL 6 6`, a tab, `bid +5`, `cash -0`, `sell-deed 3,1 ...`)
    is refused with its one form in the message and in `ActionParseError.expected`."""
    from tycoon.engine.errors import ActionParseError

    a = _parse_words(text)
    form = action_text(a)
    if form != text:
        raise ActionParseError(
            f"'{echo(text)}' is not written in the one text form of the action: "
            f"write '{echo(form)}'",
            form,
        )
    return a


def _parse_words(text: str) -> Action:
    """The action a text names, its words in any case and spacing (`parse_text` then
    accepts only its one form)."""
    from tycoon.engine.errors import ActionParseError

    toks = text.strip().split()
    if not toks:
        raise ActionParseError("empty action")
    word = toks[0].lower()
    if word not in _BY_WORD:
        raise ActionParseError(
            f"'{echo(text)}': unknown action '{echo(word, 30)}';"
            f" known: {', '.join(sorted(_BY_WORD))}"
        )
    k = _BY_WORD[word]
    n = len(toks)
    if k == Kind.ROLL and n in (3, 4):
        dice = [_int(t, text) for t in toks[1:]]
        if not all(1 <= d <= 6 for d in dice):
            raise ActionParseError(f"'{echo(text)}': dice show 1 to 6")
        return Action(Kind.DICE, *dice)
    if k in _SQUARE_KINDS or k in _AMOUNT_KINDS or k in _SEAT_KINDS:
        if n != 2:
            raise ActionParseError(f"'{echo(text)}': expected '{word} <number>'")
        return Action(k, _int(toks[1], text))
    if k in (Kind.SELL_DEED, Kind.SELL_CARD):
        if n != 6 or toks[2].lower() != "to" or toks[4].lower() != "for":
            raise ActionParseError(
                f"'{echo(text)}': expected '{word} <what> to <seat> for <amount>'"
            )
        what = _squares(toks[1], text) if k == Kind.SELL_DEED else _card(toks[1], text)
        return Action(k, what, _int(toks[3], text), _int(toks[5], text))
    if k == Kind.TRADE:
        if n != 8 or [t.lower() for t in toks[2::2]] != ["give", "get", "cash"]:
            raise ActionParseError(
                f"'{echo(text)}': expected 'trade <seat> give <items> get <items> cash <n>'"
            )
        cash = toks[7]
        sign = -1 if cash.startswith("-") and len(cash) > 1 else 1
        return Action(
            k,
            _int(toks[1], text),
            _items(toks[3], text),
            _items(toks[5], text),
            sign * _int(cash[1:] if sign < 0 else cash, text),
        )
    if k in _BUILDER_KINDS:
        return _parse_builder(k, toks, text)
    if k == Kind.PAY_WITH:  # W-87: deeds, and cash C, together settling N of the debt
        if n == 6 and toks[2].lower() == "cash" and toks[4].lower() == "for":
            return Action(k, _squares(toks[1], text), _int(toks[3], text), _int(toks[5], text))
        if n != 4 or toks[2].lower() != "for":
            raise ActionParseError(
                f"'{echo(text)}': expected 'pay-with <squares> [cash <amount>] for <amount>'"
            )
        return Action(k, _squares(toks[1], text), 0, _int(toks[3], text))
    if n != 1:
        raise ActionParseError(f"'{echo(text)}': '{word}' takes no arguments")
    return Action(k)


_BUILDER_KINDS: Final = frozenset(
    {Kind.DISCARD, Kind.STEAL, Kind.PARKING_TRADE, Kind.BANK_TRADE, Kind.FLOOR, Kind.FORCE}
    | {Kind.TAKE}
)
_BUILDER_SHAPES: Final[dict[int, tuple[str, ...]]] = {
    Kind.DISCARD: ("D",),
    Kind.TAKE: ("R",),
    Kind.STEAL: ("N", "R"),
    Kind.PARKING_TRADE: ("K", "for", "R"),
    Kind.BANK_TRADE: ("R", "for", "R"),
    Kind.FLOOR: ("N", "pay", "K"),
    Kind.FORCE: ("N", "take", "R", "give", "R"),
}
_SHAPE_TEXT: Final = {
    "R": "<r|p|g|y>",
    "N": "<number>",
    "K": "<chips like 1r,2g>",
    "D": "<chips like 2r,1y>",
}


def _parse_builder(k: int, toks: list[str], text: str) -> Action:
    """The builder actions: fixed shapes of numbers, type letters, chip lists and words."""
    from tycoon.engine.errors import ActionParseError

    shape = _BUILDER_SHAPES[k]
    words = [_WORDS[k], *(_SHAPE_TEXT.get(x, x) for x in shape)]
    if len(toks) != len(shape) + 1:
        raise ActionParseError(f"'{echo(text)}': expected '{' '.join(words)}'")
    vals: list[int] = []
    for want, tok in zip(shape, toks[1:], strict=True):
        if want == "R":
            vals.append(_res(tok, text))
        elif want == "N":
            vals.append(_int(tok, text))
        elif want == "K":
            vals.append(_chip_list(tok, text))
        elif want == "D":  # a discard: a chip list, or one type letter for one chip
            vals.append(1 << 8 * _res(tok, text) if tok.isalpha() else _chip_list(tok, text))
        elif tok.lower() != want:
            raise ActionParseError(f"'{echo(text)}': expected '{' '.join(words)}'")
    return Action(k, *vals)
