"""Board data: the package's own board files (schema `tycoon.board/1`), validated at load.

Every edition's board file uses the same schema; tables are flattened into tuples indexed
by square so the hot path reads plain ints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, NamedTuple

from tycoon.engine.errors import RecordError
from tycoon.engine.types import constant_names

SCHEMA: Final = "tycoon.board/1"


class SquareKind:
    """Square kinds (plain ints, see `constant_names`)."""

    START: Final = 0
    STREET: Final = 1
    RAILWAY: Final = 2
    UTILITY: Final = 3
    CHANCE: Final = 4
    TAX: Final = 5
    JAIL: Final = 6
    FREE_PARKING: Final = 7
    GO_TO_JAIL: Final = 8
    COLLECT: Final = 9
    """Take chips of the square's resource type (builder B-30)."""
    ROLL_FOR_RESOURCES: Final = 10
    """Roll the dice, take chips of the type the square's chart names (builder B-31)."""
    STEAL: Final = 11
    """Take a chip from another player (builder B-34)."""


SQUARE_KIND_NAMES: Final = constant_names(SquareKind)
"""Every square kind -> its name (`STREET`)."""
SQUARE_KINDS: Final = {name: k for k, name in SQUARE_KIND_NAMES.items()}
"""Every square kind by name."""

DEED_KINDS: Final = frozenset({SquareKind.STREET, SquareKind.RAILWAY, SquareKind.UTILITY})

EFFECTS: Final = (
    "move_to",
    "move_by",
    "collect",
    "pay",
    "collect_from_each",
    "go_to_jail",
    "get_out_of_jail",
    "repairs",
    "pay_or_draw",
    "move_back_to",
    "move_to_nearest",
    "edition",
    "pay_each",
)
"""The effects the shared mechanics carry out (`rules/cards.py`). One style for every
edition: an effect only one edition knows is `{"edition": name, "x": n}` (x optional, `"kept":
true` when the drawer keeps the card until used, builder B-65), carried out by the edition
(`Edition.card_effect`; metropol's own deck, M-40). The schema never grows per edition, so
an edition brings its own effects without touching the shared code."""
KEPT_EFFECTS: Final = frozenset({"get_out_of_jail"})
"""Shared effects whose cards the drawer keeps until used (C-35); `Card.kept` says it for
every card, edition effects too."""

# Extra keys an effect object may carry besides its effect name, by effect.
EFFECT_MODIFIERS: Final = {
    "move_to_nearest": frozenset({"roll_for_rent"}),
    "edition": frozenset({"x", "kept"}),
}


class Card(NamedTuple):
    """A card: `effect` is one of EFFECTS; x, y its numbers (see the board file).

    move_to / move_back_to: x = target square; move_by: x = steps (negative = backward);
    move_to_nearest: x = target SquareKind, y = 1 if a utility's rent is set by a fresh roll;
    repairs: x, y = per house, per hotel; pay_or_draw: x = fee, y = deck index of the draw;
    collect, pay, collect_from_each, pay_each: x = amount.
    edition: an effect only one edition knows; `effect` is its name, x its number (builder:
    pay_per_block x per block, gain_own_resource / gain_any_resource x chips, forced_trade;
    metropol: its own deck, M-40 to M-44). `kept`: the drawer keeps the card until used.
    """

    id: str
    text: str
    text_en: str
    effect: str
    x: int = 0
    y: int = 0
    kept: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """Read-only tables of one edition's board, shared by every state."""

    size: int
    name: tuple[str, ...]
    name_en: tuple[str, ...]
    kind: tuple[int, ...]
    price: tuple[int, ...]
    rents: tuple[tuple[int, ...], ...]
    house_cost: tuple[int, ...]
    hotel_cost: tuple[int, ...]
    mortgage: tuple[int, ...]
    interest: tuple[int, ...]
    amount: tuple[int, ...]
    group: tuple[int, ...]
    deck_of: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    group_id: tuple[str, ...]
    group_name_en: tuple[str, ...]
    group_kind: tuple[int, ...]
    railway_rents: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    deeds: tuple[int, ...]
    streets: tuple[int, ...]
    decks: tuple[tuple[Card, ...], ...]
    deck_names: tuple[str, ...]
    constants: dict[str, int]
    currency: str
    deck_letters: tuple[str, ...] = ()
    card_mask: int = 0
    """Bit c is set for every card code c of the decks (bounds of the action notation)."""

    def deck_index(self, card: int) -> int:
        """The deck a card belongs to. A card is encoded as letter * 100 + position, with
        letter 0 for A ... 25 for Z (the deck's letter) and position 0-based."""
        return self.deck_letters.index(chr(65 + card // 100))

    def card_code(self, deck: int, position: int) -> int:
        """The code of the card at `position` (0-based) of deck `deck`'s list."""
        return (ord(self.deck_letters[deck]) - 65) * 100 + position

    def card(self, card: int) -> Card:
        """The card with code letter * 100 + position (see `deck_index`)."""
        return self.decks[self.deck_index(card)][card % 100]


def _need(obj: dict[str, Any], key: str, typ: type, where: str) -> Any:
    if key not in obj:
        raise RecordError(f"board data: {where}: missing field '{key}'")
    val = obj[key]
    if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
        raise RecordError(f"board data: {where}.{key}: expected {typ.__name__}, got {val!r}")
    return val


def _deck_letters(data: dict[str, Any], decks_raw: dict[str, Any]) -> tuple[str, ...]:
    """Per deck, the letter its card ids start with: the optional top-level `deck_letters`
    mapping (deck name -> letter), else the first letter of the deck's first card id."""
    names = list(decks_raw)
    if "deck_letters" in data:
        raw = _need(data, "deck_letters", dict, "board")
        if set(raw) != set(names):
            raise RecordError(
                f"board data: deck_letters: keys {sorted(raw)} must be the decks {sorted(names)}"
            )
        letters = [_need(raw, d, str, "deck_letters") for d in names]
    else:
        letters = []
        for d in names:
            cards = decks_raw[d]
            first = cards[0].get("id", "") if isinstance(cards, list) and cards else ""
            letters.append(first[:1] if isinstance(first, str) and first else d[:1].upper())
    for d, letter in zip(names, letters, strict=True):
        if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
            raise RecordError(f"board data: deck_letters.{d}: expected one capital letter")
    if len(set(letters)) != len(letters):
        raise RecordError(f"board data: deck_letters: letters must differ, got {letters}")
    return tuple(letters)


def _effect_int(eff: dict[str, Any], key: str, where: str) -> int:
    val = eff[key]
    if not isinstance(val, int) or isinstance(val, bool):
        raise RecordError(f"board data: {where}.{key}: expected int, got {val!r}")
    return val


def _effect_args(
    code: str,
    eff: dict[str, Any],
    where: str,
    size: int,
    kinds: set[int],
    deck_names: list[str],
) -> tuple[int, int]:
    """The (x, y) numbers of one card effect, validated."""
    arg = eff[code]
    if code == "repairs":
        if not isinstance(arg, dict):
            raise RecordError(f"board data: {where}.repairs: expected dict, got {arg!r}")
        return (
            _need(arg, "house", int, f"{where}.repairs"),
            _need(arg, "hotel", int, f"{where}.repairs"),
        )
    if code == "pay_or_draw":
        if not isinstance(arg, dict):
            raise RecordError(f"board data: {where}.pay_or_draw: expected dict, got {arg!r}")
        fee = _need(arg, "pay", int, f"{where}.pay_or_draw")
        deck = _need(arg, "deck", str, f"{where}.pay_or_draw")
        if deck not in deck_names:
            raise RecordError(f"board data: {where}.pay_or_draw.deck: unknown deck '{deck}'")
        return fee, deck_names.index(deck)
    if code == "move_to_nearest":
        if not isinstance(arg, str) or arg.upper() not in SQUARE_KINDS:
            raise RecordError(
                f"board data: {where}.move_to_nearest: unknown square kind {arg!r}"
                f" (expected one of {', '.join(n.lower() for n in SQUARE_KINDS)})"
            )
        target = SQUARE_KINDS[arg.upper()]
        if target not in kinds:
            raise RecordError(
                f"board data: {where}.move_to_nearest: no '{arg}' square on this board"
            )
        roll = eff.get("roll_for_rent", False)
        if not isinstance(roll, bool):
            raise RecordError(f"board data: {where}.roll_for_rent: expected bool, got {roll!r}")
        if roll and target != SquareKind.UTILITY:
            raise RecordError(
                f"board data: {where}.roll_for_rent: only applies to move_to_nearest 'utility'"
            )
        return int(target), int(roll)
    if code == "edition":
        if not isinstance(arg, str) or not arg.isidentifier():
            raise RecordError(f"board data: {where}.edition: expected an effect name")
        if not isinstance(eff.get("kept", False), bool):
            raise RecordError(f"board data: {where}.kept: expected bool, got {eff['kept']!r}")
        return (_effect_int(eff, "x", where) if "x" in eff else 0), 0
    if code in ("go_to_jail", "get_out_of_jail"):
        if arg is not True:
            raise RecordError(f"board data: {where}.{code}: expected true, got {arg!r}")
        return 0, 0
    x = _effect_int(eff, code, where)
    if code in ("move_to", "move_back_to") and not 0 <= x < size:
        raise RecordError(
            f"board data: {where}.{code}: square {x} is not on the board (0..{size - 1})"
        )
    return x, 0


def parse_board(data: dict[str, Any]) -> Board:
    """Validate a board document and flatten it into a Board."""
    if data.get("schema") != SCHEMA:
        raise RecordError(f"board data: field 'schema' must be '{SCHEMA}'")
    squares = _need(data, "squares", list, "board")
    groups_raw = _need(data, "groups", dict, "board")
    gids = list(groups_raw)
    size = len(squares)
    cols: dict[str, list[Any]] = {
        k: []
        for k in (
            "name",
            "name_en",
            "kind",
            "price",
            "rents",
            "house_cost",
            "hotel_cost",
            "mortgage",
            "interest",
            "amount",
            "group",
            "deck_of",
        )
    }
    deck_names = list(_need(data, "decks", dict, "board"))
    for i, sq in enumerate(squares):
        where = f"squares[{i}]"
        if _need(sq, "index", int, where) != i:
            raise RecordError(f"board data: {where}.index: expected {i}")
        kind_name = _need(sq, "kind", str, where)
        try:
            kind = SQUARE_KINDS[kind_name.upper()]
        except KeyError:
            raise RecordError(f"board data: {where}.kind: unknown kind '{kind_name}'") from None
        cols["name"].append(_need(sq, "name", str, where))
        cols["name_en"].append(_need(sq, "name_en", str, where))
        cols["kind"].append(int(kind))
        is_deed = kind in DEED_KINDS
        cols["price"].append(_need(sq, "price", int, where) if is_deed else 0)
        cols["mortgage"].append(_need(sq, "mortgage", int, where) if is_deed else 0)
        cols["interest"].append(_need(sq, "mortgage_interest", int, where) if is_deed else 0)
        street = kind == SquareKind.STREET
        rents = _need(sq, "rents", list, where) if street else []
        cols["rents"].append(tuple(int(r) for r in rents))
        cols["house_cost"].append(_need(sq, "house_cost", int, where) if street else 0)
        cols["hotel_cost"].append(_need(sq, "hotel_cost", int, where) if street else 0)
        has_amount = kind in (SquareKind.START, SquareKind.TAX)
        cols["amount"].append(_need(sq, "amount", int, where) if has_amount else 0)
        if is_deed:
            g = _need(sq, "group", str, where)
            if g not in groups_raw:
                raise RecordError(f"board data: {where}.group: unknown group '{g}'")
            cols["group"].append(gids.index(g))
        else:
            cols["group"].append(-1)
        if kind == SquareKind.CHANCE:
            d = _need(sq, "deck", str, where)
            if d not in deck_names:
                raise RecordError(f"board data: {where}.deck: unknown deck '{d}'")
            cols["deck_of"].append(deck_names.index(d))
        else:
            cols["deck_of"].append(-1)
    railway_rents: tuple[int, ...] = ()
    utility_multipliers: tuple[int, ...] = ()
    group_kind = []
    for gid in gids:
        g = groups_raw[gid]
        gk = SQUARE_KINDS[_need(g, "kind", str, f"groups.{gid}").upper()]
        group_kind.append(int(gk))
        if gk == SquareKind.RAILWAY:
            railway_rents = tuple(_need(g, "rent_by_count", list, f"groups.{gid}"))
        if gk == SquareKind.UTILITY:
            utility_multipliers = tuple(_need(g, "dice_multiplier_by_count", list, f"groups.{gid}"))
    decks_raw: dict[str, Any] = data["decks"]
    kinds_seen = set(cols["kind"])
    deck_letters = _deck_letters(data, decks_raw)
    decks = []
    for di, d in enumerate(deck_names):
        cards = []
        for j, c in enumerate(_need(decks_raw, d, list, "decks")):
            where = f"decks.{d}[{j}]"
            cid = _need(c, "id", str, where)
            if cid != f"{deck_letters[di]}{j + 1}":
                raise RecordError(
                    f"board data: {where}.id: expected '{deck_letters[di]}{j + 1}', got {cid!r}"
                )
            eff = _need(c, "effect", dict, where)
            codes = [k for k in eff if k in EFFECTS]
            if len(codes) != 1:
                raise RecordError(f"board data: {where}.effect: unknown effect {eff!r}")
            code = codes[0]
            extra = set(eff) - {code} - EFFECT_MODIFIERS.get(code, frozenset())
            if extra:
                raise RecordError(
                    f"board data: {where}.effect: unexpected field(s) {sorted(extra)} for '{code}'"
                )
            x, y = _effect_args(code, eff, f"{where}.effect", size, kinds_seen, deck_names)
            name = eff[code] if code == "edition" else code
            kept = code in KEPT_EFFECTS or bool(eff.get("kept", False))
            cards.append(Card(cid, c.get("text", ""), c.get("text_en", ""), name, x, y, kept))
        decks.append(tuple(cards))
    kinds = cols["kind"]
    return Board(
        size=size,
        name=tuple(cols["name"]),
        name_en=tuple(cols["name_en"]),
        kind=tuple(kinds),
        price=tuple(cols["price"]),
        rents=tuple(cols["rents"]),
        house_cost=tuple(cols["house_cost"]),
        hotel_cost=tuple(cols["hotel_cost"]),
        mortgage=tuple(cols["mortgage"]),
        interest=tuple(cols["interest"]),
        amount=tuple(cols["amount"]),
        group=tuple(cols["group"]),
        deck_of=tuple(cols["deck_of"]),
        groups=tuple(tuple(groups_raw[g]["squares"]) for g in gids),
        group_id=tuple(gids),
        group_name_en=tuple(groups_raw[g].get("name_en", g) for g in gids),
        group_kind=tuple(group_kind),
        railway_rents=railway_rents,
        utility_multipliers=utility_multipliers,
        deeds=tuple(i for i in range(size) if kinds[i] in DEED_KINDS),
        streets=tuple(i for i in range(size) if kinds[i] == SquareKind.STREET),
        decks=tuple(decks),
        deck_names=tuple(deck_names),
        constants=dict(_need(data, "constants", dict, "board")),
        currency=str(data.get("currency", "$")),
        deck_letters=deck_letters,
        card_mask=sum(
            1 << (ord(deck_letters[d]) - 65) * 100 + i
            for d in range(len(decks))
            for i in range(len(decks[d]))
        ),
    )


def load_board(package: str, name: str = "board.json") -> Board:
    """Load `<package>/data/<name>` from the installed package."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return parse_board(json.loads(text))


@cache
def shared_board(package: str) -> Board:
    """The board of `package`, loaded once and shared (read-only): what an edition's options
    check their values against without importing the edition."""
    return load_board(package)
