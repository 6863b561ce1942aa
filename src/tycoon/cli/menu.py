"""Action menus that fit: a short menu lists every action; a long one shows one line per
kind of action with its pattern and choices (`more` expands it). Numbers always refer to
the full list, so a number typed from an expanded menu stays valid."""

from __future__ import annotations

from collections.abc import Callable

from tycoon.engine.actions import Action, Kind, action_text

MENU_MAX = 12
"""Menus of more actions than this are grouped."""
GROUP_MIN = 3
"""A kind with at least this many actions becomes one line of a grouped menu."""

PATTERNS: dict[int, str] = {
    Kind.BID: "bid N",
    Kind.BUILD: "build S",
    Kind.BUILD_HOTEL: "build-hotel S",
    Kind.SELL_BUILDING: "sell-building S",
    Kind.MORTGAGE: "mortgage S",
    Kind.UNMORTGAGE: "unmortgage S",
    Kind.KEEP_MORTGAGED: "keep-mortgaged S",
    Kind.CLAIM: "claim P",
    Kind.SELL_DEED: "sell-deed D to P for N",
    Kind.SELL_CARD: "sell-card C to P for N",
    Kind.PAY_WITH: "pay-with D for N",
    Kind.MARK: "mark S",
    Kind.TRADE: "trade P give I get I cash N",
    Kind.WANT: "want N",
    Kind.PUT_UP: "put-up S",
    Kind.DISCARD: "discard R",
    Kind.STEAL: "steal P R",
    Kind.PARKING_TRADE: "exchange K for R",
    Kind.BANK_TRADE: "bank-trade R for R",
    Kind.FLOOR: "floor L pay K",
    Kind.FORCE: "force P take R give R",
    Kind.TAKE: "take R",
    Kind.GO: "go S",
    Kind.BLOCK: "block B",
    Kind.CALL_OUT: "call-out P",
}
_ONE_ARG = frozenset(
    {Kind.BUILD, Kind.BUILD_HOTEL, Kind.SELL_BUILDING, Kind.MORTGAGE, Kind.UNMORTGAGE}
    | {Kind.KEEP_MORTGAGED, Kind.CLAIM, Kind.MARK, Kind.PUT_UP, Kind.GO, Kind.BLOCK}
    | {Kind.CALL_OUT, Kind.WANT}
)
"""Kinds whose choices are one number, listed on the group's line."""


Row = tuple[str, str, str]
"""A menu line: number ('' for a group), action text or pattern, explanation."""


def menu_rows(
    acts: list[Action], explain: Callable[[Action], str], expand: bool = False
) -> list[Row]:
    """The lines of the menu of `acts` (see the module doc)."""
    if expand or len(acts) <= MENU_MAX:
        return [(str(k), action_text(a), explain(a)) for k, a in enumerate(acts, 1)]
    by_kind: dict[int, list[int]] = {}
    for i, a in enumerate(acts):
        by_kind.setdefault(a.kind, []).append(i)
    rows: list[Row] = []
    done: set[int] = set()
    for i, a in enumerate(acts):
        if a.kind in done:
            continue
        same = by_kind[a.kind]
        if len(same) < GROUP_MIN or a.kind not in PATTERNS:
            rows.append((str(i + 1), action_text(a), explain(a)))
            continue
        done.add(a.kind)
        rows.append(("", PATTERNS[a.kind], _choices(a.kind, [acts[j] for j in same])))
    return rows


def _choices(kind: int, acts: list[Action]) -> str:
    if kind in _ONE_ARG:
        letter = PATTERNS[kind].split()[-1]
        values = ", ".join(str(a.a) for a in acts)
        return f"{len(acts)} choices: {letter} = {values}"
    return f"{len(acts)} choices, e.g. {action_text(acts[0])}; 'more' lists them"
