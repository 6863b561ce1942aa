"""`info S`: one square in full (group, price, rents, building costs, mortgage, owner and
buildings; where the layout gives them, a deed's dice number and the city blocks a permit
faces). Drawn from a public view and the edition's static board (`docs/views.md`)."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from tycoon.rules.property import HOTEL
from tycoon.rules.why import money

DEEDS = ("street", "railway", "utility")
"""The kinds of square a player may own."""


def info_panel(v: dict[str, Any], board: dict[str, Any], s: int) -> Panel:
    """Square `s` of the public view `v` on the static `board`."""
    cur = board["currency"]
    sq = board["squares"][s]
    layout = board["layout"]

    def m(n: int) -> str:
        return money(cur, n)

    def name(x: int) -> str:
        return str(board["squares"][x]["name_en"])

    kind = sq["kind"]
    lines = [kind.replace("_", " ")]
    g = sq["group"]
    group = board["groups"][g] if g is not None else None
    if group is not None:
        members = ", ".join(f"{x} {name(x)}" for x in group["squares"])
        lines.append(f"group {group['name_en']}: {members}")
    price = sq.get("price", 0)
    if price:
        lines.append(f"price {m(price)}, mortgage value {m(sq['mortgage'])}")
    rents = sq.get("rents") or []
    if kind == "street" and any(rents):
        if len(rents) > 1:
            names = ["no houses"] + [f"{k} h" for k in range(1, len(rents) - 1)] + ["hotel"]
            lines.append(
                "rent " + ", ".join(f"{n} {m(r)}" for n, r in zip(names, rents, strict=True))
            )
        else:
            lines.append(f"rent {m(rents[0])}")
    if kind == "street" and sq.get("house_cost"):
        lines.append(f"house {m(sq['house_cost'])}, hotel {m(sq['hotel_cost'])}")
    if group is not None and kind == "railway" and group.get("rent_by_count"):
        lines.append("rent by railways owned: " + ", ".join(m(r) for r in group["rent_by_count"]))
    if group is not None and kind == "utility" and group.get("dice_multiplier_by_count"):
        mults = group["dice_multiplier_by_count"]
        lines.append("rent: dice total x " + " or x ".join(str(x) for x in mults))
    if sq.get("amount"):
        lines.append(f"amount {m(sq['amount'])}")
    number = layout.get("squares", {}).get(str(s), {}).get("dice_number")
    if number:
        chips = layout.get("gather_chips", 0)
        lines.append(f"pays {chips} chips to its owner when the dice show {number}")
    if "city" in v:
        faces = [b for b, blk in enumerate(layout.get("blocks", [])) if s in blk["permits"]]
        if faces:
            h = v["city"]["height"]
            lines.append("faces " + ", ".join(f"block {x} ({h[x]} floors)" for x in faces))
    players = v["players"]
    o = v["owner"][s]
    if kind in DEEDS:
        if o < 0:
            lines.append("owner: the bank")
        else:
            lvl = v["level"][s]
            bld = "a hotel" if lvl == HOTEL else (f"{lvl} houses" if lvl else "no buildings")
            mort = ", mortgaged" if v["mortgaged"][s] else ""
            lines.append(f"owner: {players[o]['name']} ({bld}{mort})")
    here = [p["name"] for p in players if p["alive"] and p["position"] == s]
    if here:
        lines.append("here: " + ", ".join(here))
    return Panel(Text("\n".join(lines)), title=Text(f"{s} {sq['name_en']}"), expand=False)
