"""The static board of an edition as plain JSON (`Edition.board_view`): squares with their
names (English and the board's own language), kinds, groups with colours, prices and rents,
the decks' card texts (never their order) and the edition's own layout data.

Everything here is printed on the board or the cards; nothing depends on a game.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from tycoon.engine.board import DEED_KINDS, SQUARE_KIND_NAMES, SquareKind

if TYPE_CHECKING:
    from tycoon.engine.state import EditionHooks

COLOURS = {
    "brown": "#8b4513",
    "purple": "#7b3f98",
    "light blue": "#87ceeb",
    "pink": "#d93a96",
    "orange": "#f7941d",
    "red": "#ed1b24",
    "yellow": "#fef200",
    "green": "#1fb25a",
    "dark blue": "#0072bb",
    "black": "#222222",
    "grey": "#9e9e9e",
}
"""The RGB of each colour name a board file uses for its groups."""

_SQUARE_EXTRAS = ("wonder_no", "location", "role")
"""Square fields an edition's board file may carry besides the shared schema."""


@cache
def raw_board(package: str) -> dict[str, Any]:
    """The edition's board file as written (for the fields the flat `Board` leaves out)."""
    text = resources.files(package).joinpath("data", "board.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def board_view(ed: EditionHooks, lang: str = "en") -> dict[str, Any]:
    """The static board of `ed`; `name` fields are in `lang` ("en" or the board's own
    language, see `Edition.languages`), with `name_en` and `name_local` always given."""
    if lang not in ed.languages:
        raise ValueError(f"unknown language '{lang}' for {ed.id}; known: {', '.join(ed.languages)}")
    local = lang != "en"
    b = ed.board
    raw = raw_board(ed.data_package)
    raw_groups = list(raw["groups"].values())
    squares = []
    for s, sq in enumerate(raw["squares"]):
        kind = b.kind[s]
        g = b.group[s]
        out: dict[str, Any] = {
            "index": s,
            "name": b.name[s] if local else b.name_en[s],
            "name_en": b.name_en[s],
            "name_local": b.name[s],
            "kind": SQUARE_KIND_NAMES[kind].lower(),
            "group": g if g >= 0 else None,
        }
        if kind in DEED_KINDS:
            out.update(price=b.price[s], mortgage=b.mortgage[s])
        if kind == SquareKind.STREET:
            out.update(
                rents=list(b.rents[s]), house_cost=b.house_cost[s], hotel_cost=b.hotel_cost[s]
            )
        if kind in (SquareKind.START, SquareKind.TAX):
            out["amount"] = b.amount[s]
        if b.deck_of[s] >= 0:
            out["deck"] = b.deck_of[s]
        out.update({k: sq[k] for k in _SQUARE_EXTRAS if k in sq})
        squares.append(out)
    groups = []
    for g, gid in enumerate(b.group_id):
        rg = raw_groups[g]
        colour = rg.get("colour")
        gk = b.group_kind[g]
        row: dict[str, Any] = {
            "index": g,
            "id": gid,
            "name": rg.get("name", b.group_name_en[g]) if local else b.group_name_en[g],
            "name_en": b.group_name_en[g],
            "kind": SQUARE_KIND_NAMES[gk].lower(),
            "colour": colour,
            "rgb": COLOURS.get(colour) if isinstance(colour, str) else None,
            "squares": list(b.groups[g]),
        }
        if gk == SquareKind.RAILWAY:
            row["rent_by_count"] = list(b.railway_rents)
        if gk == SquareKind.UTILITY:
            row["dice_multiplier_by_count"] = list(b.utility_multipliers)
        groups.append(row)
    decks = [
        {
            "index": d,
            "name": name,
            "letter": b.deck_letters[d],
            "cards": [
                {"id": c.id, "text": (c.text if local else c.text_en) or c.text} for c in b.decks[d]
            ],
        }
        for d, name in enumerate(b.deck_names)
    ]
    c = b.constants
    return {
        "edition": ed.id,
        "tag": ed.tag,
        "title": ed.title,
        "lang": lang,
        "languages": list(ed.languages),
        "currency": b.currency,
        "size": b.size,
        "starting_cash": c["starting_cash"],
        "money_unit": c["money_unit"],
        "dice": ed.mechanics.dice,
        "score_name": ed.score_name,
        "score_is_money": ed.score_is_money,
        "terminations": dict(ed.terminations),
        "jail_rule": ed.mechanics.jail,
        "auction_pass_final": ed.mechanics.auction_pass_final,
        "help": ed.actions_help,
        "jail_square": c.get("jail_index"),
        "squares": squares,
        "groups": groups,
        "decks": decks,
        "layout": ed.layout_view(lang),
    }
