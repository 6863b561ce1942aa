"""Per-edition tables of the action codec: which action kinds an edition uses and the size
of its grid (builder's island, metropol's city blocks). Every other size is read from the
edition's data by `tycoon.rl.codec.Codec` (squares, seats, kept cards, shortage amounts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tycoon.editions.base import Edition
from tycoon.engine.actions import KIND_NAMES, Kind
from tycoon.rules.auction import LADDER

_COMMON: tuple[int, ...] = (Kind.ROLL, Kind.BID, Kind.PASS, Kind.PAY, Kind.ACCEPT, Kind.REJECT)
_COMMON += (Kind.BANKRUPT, Kind.END_TURN)
_TRACK: tuple[int, ...] = (Kind.BUY, Kind.AUCTION, Kind.CLAIM, Kind.PAY_FINE, Kind.USE_CARD)
"""The deed track of the Hasbro-style editions: buying, auctions, rent claims, jail."""
_HOUSES: tuple[int, ...] = (Kind.BUILD, Kind.SELL_BUILDING)
_MORTGAGES: tuple[int, ...] = (Kind.MORTGAGE, Kind.UNMORTGAGE)


def _no_grid(ed: Edition) -> int:
    return 0


def _island(ed: Edition) -> int:
    data = ed.data  # type: ignore[attr-defined]
    return int(data.rows * data.cols)


def _city(ed: Edition) -> int:
    from tycoon.editions.metropol.city import BLOCK_AREA

    return len(BLOCK_AREA)


@dataclass(frozen=True, slots=True)
class EditionTable:
    kinds: frozenset[int]
    grid: Callable[[Edition], int] = _no_grid
    kept_cards: tuple[str, ...] = ("get_out_of_jail",)
    bid_rungs: int = len(LADDER)


def _kinds(*parts: int | tuple[int, ...]) -> frozenset[int]:
    return frozenset(k for p in parts for k in (p if isinstance(p, tuple) else (p,)))


TABLES: dict[str, EditionTable] = {
    "classic": EditionTable(
        _kinds(_COMMON, _TRACK, _HOUSES, _MORTGAGES, Kind.KEEP_MORTGAGED, Kind.SERVE)
        | _kinds(Kind.DRAW, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH)
    ),
    "wonders": EditionTable(
        _kinds(_COMMON, _TRACK, _HOUSES, _MORTGAGES, Kind.KEEP_MORTGAGED, Kind.DRAW)
        | _kinds(Kind.TRADE, Kind.MARK, Kind.BUILD_HOTEL, Kind.WANT, Kind.PAY_WITH)
    ),
    "builder": EditionTable(
        _kinds(_COMMON, _TRACK, _MORTGAGES, Kind.TRADE, Kind.DISCARD, Kind.STEAL)
        | _kinds(Kind.PARKING_TRADE, Kind.BANK_TRADE, Kind.FLOOR, Kind.FORCE, Kind.TAKE),
        grid=_island,
    ),
    "metropol": EditionTable(
        _kinds(_COMMON, Kind.TRADE, Kind.GO, Kind.BLOCK, Kind.VETO, Kind.CROSS, Kind.PUT_UP)
        | _kinds(Kind.CALL_OUT),
        grid=_city,
    ),
}
"""The action kinds of each edition (see docs/rl.md for the resulting layouts)."""


def table_for(edition: Edition) -> EditionTable:
    """The edition's table; an edition without one gets every kind (a larger layout)."""
    t = TABLES.get(edition.id)
    if t is not None:
        return t
    return EditionTable(frozenset(k for k in KIND_NAMES if k != Kind.DICE))
