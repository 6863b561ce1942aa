"""The action codec: a fixed flat action index per edition (see docs/rl.md).

One shared codec; each edition plugs in a table (`tycoon.rl.tables`): the action kinds it
uses and the sizes of its dimensions (squares, seats, kept cards, resource types, grid
cells, bid rungs, shortage amounts), all read from the edition's data. The layout is a list
of blocks, one per kind, in the order of `Kind`; a block is the product of its dimensions
(mixed radix, first dimension slowest). Index 0 is `PASS_WINDOW`: "no out-of-turn action"
in a response window.

An action maps to its block by its structural fields (the square, the seat, the card, the
chips); an amount that other fields do not fix is bucketed: a bid by its rung on the
ladder `legal_actions` lists (rung r = the r-th listed bid, an unlisted amount falls to the
highest listed rung at or below it). Decoding goes through the listed legal actions of the
seat (`Codec.legal_table`), so every index the mask allows decodes to a legal action.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tycoon.editions.base import Edition
from tycoon.engine.actions import CARD_BIT, KIND_NAMES, RES_SHIFT, Action, Kind, unpack
from tycoon.rl.tables import EditionTable, table_for

CODEC_VERSION = 0
"""Bumped whenever the layout of any edition changes (the env names carry it: `_v0`)."""

PASS_WINDOW = 0
"""The index of "no out-of-turn action" (only in response-window decisions)."""

T = 4
"""Resource chip types (builder: r, p, g, y)."""

_PAIRS = tuple((t, u) for t in range(T) for u in range(t, T))
"""Two chips given at Free Parking: (t, u) with t <= u (10 pairs)."""
_PAIR_INDEX = {p: i for i, p in enumerate(_PAIRS)}


class UnencodableAction(ValueError):
    """The action has no index (e.g. a multi-item trade: not in the listed vocabulary)."""


@dataclass(frozen=True, slots=True)
class Block:
    """The indices of one action kind: `start`, then `size` = product of `dims`."""

    kind: int
    name: str
    dims: tuple[tuple[str, int], ...]
    start: int

    @property
    def size(self) -> int:
        n = 1
        for _, d in self.dims:
            n *= d
        return n


def _one(mask: int) -> int:
    """The single square of a one-deed mask (more than one: not encodable)."""
    if mask & (mask - 1):
        raise UnencodableAction("a multi-deed offer has no index (offer deeds one at a time)")
    return mask.bit_length() - 1


class Codec:
    """The flat action index of one edition (for a fixed player count of at most `seats`)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.table: EditionTable = table_for(edition)
        b = edition.board
        self.squares = b.size
        self.seats = edition.player_range(edition.options_type())[1]
        self.cards: tuple[int, ...] = tuple(
            b.card_code(d, i)
            for d, deck in enumerate(b.decks)
            for i, card in enumerate(deck)
            if card.effect in self.table.kept_cards
        )
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        dims = {
            "square": self.squares,
            "seat": self.seats,
            "card": max(1, len(self.cards)),
            "type": T,
            "discard": T + 1,
            "pair": len(_PAIRS),
            "cell": self.table.grid(edition),
            "rung": self.table.bid_rungs,
            "amount": max(b.constants["houses_in_bank"], b.constants["hotels_in_bank"]) + 1,
            "item": self.squares + len(self.cards) + T * T,
        }
        blocks: list[Block] = []
        start = 1  # index 0: PASS_WINDOW
        for k in sorted(self.table.kinds):
            shape = _SHAPES.get(k, ())
            blk = Block(int(k), KIND_NAMES[k].lower(), tuple((d, dims[d]) for d in shape), start)
            blocks.append(blk)
            start += blk.size
        self.blocks = tuple(blocks)
        self.size = start
        self._by_kind = {blk.kind: blk for blk in blocks}
        self._coords: dict[int, Callable[[Action], tuple[int, ...]]] = {
            k: _COORDS.get(k, _no_args) for k in self._by_kind
        }
        self._enc = {blk.kind: self._encoder(blk) for blk in blocks if blk.kind != Kind.BID}
        self._cache: dict[Action, int] = {}
        """Index of every action encoded so far (bids excepted); the index depends on the
        action alone, so the cache is exact."""

    # --- encoding -------------------------------------------------------------------------

    def _card(self, card: int) -> int:
        i = self.card_index.get(card)
        if i is None:
            raise UnencodableAction(f"card {card} is not a kept card of {self.edition.id}")
        return i

    def _trade_item(self, a: Action) -> int:
        """One deed or card given for cash, or one chip of type t for one of type u (bit
        tricks: item masks reach bit RES_SHIFT + 31)."""
        give, get = a.b, a.c
        if give and not give & (give - 1):
            bit = give.bit_length() - 1
            if get == 0 and bit < RES_SHIFT:
                if bit < 64:
                    return bit
                if bit >= CARD_BIT:
                    return self.squares + self._card(bit - CARD_BIT)
            elif bit >= RES_SHIFT and a.d == 0 and get and not get & (get - 1):
                gbit = get.bit_length() - 1
                if gbit >= RES_SHIFT and not (bit - RES_SHIFT) % 8 and not (gbit - RES_SHIFT) % 8:
                    t, u = (bit - RES_SHIFT) // 8, (gbit - RES_SHIFT) // 8
                    return self.squares + len(self.cards) + t * T + u
        raise UnencodableAction(f"'{a}' is not a listed one-item exchange")

    def _encoder(self, blk: Block) -> Callable[[Action], int]:
        """A closure: action -> index in `blk` (bounds checked)."""
        coords = self._coords[blk.kind]
        base = blk.start
        dims = tuple(d for _, d in blk.dims)
        if blk.kind == Kind.SELL_CARD:
            coords = lambda a: (self._card(a.a), a.b)  # noqa: E731
        elif blk.kind == Kind.TRADE:
            coords = lambda a: (a.a, self._trade_item(a))  # noqa: E731
        if not dims:
            return lambda a: base
        if len(dims) == 1 and coords is _first:
            (d0,) = dims

            def one(a: Action) -> int:
                v = a.a
                if not 0 <= v < d0:
                    raise UnencodableAction(f"'{a}': {v} out of range 0..{d0 - 1}")
                return base + v

            return one

        def many(a: Action) -> int:
            i = 0
            for dim, v in zip(dims, coords(a), strict=True):
                if not 0 <= v < dim:
                    raise UnencodableAction(f"'{a}': {v} out of range 0..{dim - 1}")
                i = i * dim + v
            return base + i

        return many

    def index(self, a: Action, listed: Sequence[Action] = ()) -> int:
        """The index of `a`. `listed` (the seat's listed legal actions) places a bid on its
        rung; other kinds ignore it. Raises UnencodableAction if `a` has no index."""
        if a.kind == Kind.BID:
            return self._bid_index(a.a, sorted(x.a for x in listed if x.kind == Kind.BID))
        return self._encode(a)

    def _encode(self, a: Action) -> int:
        i = self._cache.get(a)
        if i is None:
            enc = self._enc.get(a.kind)
            if enc is None:
                raise UnencodableAction(f"'{a}': kind {a.kind} is not used by {self.edition.id}")
            i = enc(a)
            if len(self._cache) >= 200_000:
                self._cache.clear()
            self._cache[a] = i
        return i

    def _bid_index(self, amount: int, bids: Sequence[int]) -> int:
        blk = self._by_kind[Kind.BID]
        rung = bisect_right(bids, amount) - 1  # `bids` ascending (listed actions are sorted)
        if rung < 0:
            raise UnencodableAction(f"bid {amount} is below the lowest listed bid")
        return blk.start + min(rung, blk.size - 1)

    def legal_table(
        self, legal: Sequence[Action], window: bool = False
    ) -> tuple[np.ndarray, dict[int, Action]]:
        """The int8 mask and index -> action of the listed legal actions (the first listed
        action of an index wins; tests check that listed actions never share one). In a
        window, `PASS_WINDOW` is allowed too."""
        get = self._cache.get
        idx = [get(a, -1) for a in legal]
        if -1 in idx:
            bids: list[int] | None = None
            for j, a in enumerate(legal):
                if idx[j] < 0:
                    if a.kind == Kind.BID:  # its rung depends on the listed ladder: not cached
                        if bids is None:
                            bids = [x.a for x in legal if x.kind == Kind.BID]
                        idx[j] = self._bid_index(a.a, bids)
                    else:
                        idx[j] = self._encode(a)
        acts = dict(zip(reversed(idx), reversed(legal), strict=True))  # the first listed wins
        mask = np.zeros(self.size, dtype=np.int8)
        if window:
            mask[PASS_WINDOW] = 1
        if len(idx) > 8:
            mask[idx] = 1
        else:  # a numpy call on a list costs more than a few single items
            for i in idx:
                mask[i] = 1
        return mask, acts

    def describe(self, i: int) -> str:
        """A readable name of index `i` (e.g. `trade[seat=2, item=14]`)."""
        if i == PASS_WINDOW:
            return "pass_window"
        for blk in self.blocks:
            if blk.start <= i < blk.start + blk.size:
                r = i - blk.start
                parts = []
                for name, dim in reversed(blk.dims):
                    parts.append(f"{name}={r % dim}")
                    r //= dim
                return f"{blk.name}[{', '.join(reversed(parts))}]" if parts else blk.name
        raise IndexError(f"index {i} outside 0..{self.size - 1}")


def _no_args(a: Action) -> tuple[int, ...]:
    return ()


def _first(a: Action) -> tuple[int, ...]:
    return (a.a,)


def _discard(chips: int) -> int:
    """One chip of type t: t; several chips (the listed whole excess, B-14): T."""
    c = unpack(chips)
    if sum(c) == 1:
        return c.index(1)
    return T


def _pair(a: Action) -> tuple[int, ...]:
    c = unpack(a.a)
    types = [t for t in range(T) for _ in range(c[t])]
    if len(types) != 2:
        raise UnencodableAction(f"'{a}': Free Parking takes two chips")
    return (_PAIR_INDEX[(types[0], types[1])], a.b)


_SHAPES: dict[int, tuple[str, ...]] = {
    Kind.BID: ("rung",),
    Kind.CLAIM: ("seat",),
    Kind.BUILD: ("square",),
    Kind.BUILD_HOTEL: ("square",),
    Kind.SELL_BUILDING: ("square",),
    Kind.MORTGAGE: ("square",),
    Kind.UNMORTGAGE: ("square",),
    Kind.KEEP_MORTGAGED: ("square",),
    Kind.SELL_DEED: ("square", "seat"),
    Kind.SELL_CARD: ("card", "seat"),
    Kind.PAY_WITH: ("square",),
    Kind.MARK: ("square",),
    Kind.TRADE: ("seat", "item"),
    Kind.WANT: ("amount",),
    Kind.PUT_UP: ("square",),
    Kind.DISCARD: ("discard",),
    Kind.STEAL: ("seat", "type"),
    Kind.PARKING_TRADE: ("pair", "type"),
    Kind.BANK_TRADE: ("type", "type"),
    Kind.FLOOR: ("cell",),
    Kind.FORCE: ("seat", "type", "type"),
    Kind.TAKE: ("type",),
    Kind.GO: ("square",),
    Kind.BLOCK: ("cell",),
    Kind.CALL_OUT: ("seat",),
}
"""The dimensions of each kind's block (kinds not listed take one index)."""

_COORDS: dict[int, Callable[[Action], tuple[int, ...]]] = {
    Kind.CLAIM: _first,
    Kind.BUILD: _first,
    Kind.BUILD_HOTEL: _first,
    Kind.SELL_BUILDING: _first,
    Kind.MORTGAGE: _first,
    Kind.UNMORTGAGE: _first,
    Kind.KEEP_MORTGAGED: _first,
    Kind.SELL_DEED: lambda a: (_one(a.a), a.b),
    Kind.PAY_WITH: lambda a: (_one(a.a),),
    Kind.MARK: _first,
    Kind.WANT: _first,
    Kind.PUT_UP: _first,
    Kind.DISCARD: lambda a: (_discard(a.a),),
    Kind.STEAL: lambda a: (a.a, a.b),
    Kind.PARKING_TRADE: _pair,
    Kind.BANK_TRADE: lambda a: (a.a, a.b),
    Kind.FLOOR: _first,  # the payment: the listed default of the floor's level
    Kind.FORCE: lambda a: (a.a, a.b, a.c),
    Kind.TAKE: _first,
    Kind.GO: _first,
    Kind.BLOCK: _first,
    Kind.CALL_OUT: _first,
}
"""The coordinates of an action in its block (SELL_CARD and TRADE: `Codec._encoder`)."""

__all__ = ["CODEC_VERSION", "PASS_WINDOW", "Block", "Codec", "UnencodableAction"]
