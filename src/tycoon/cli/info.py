"""`info S`: one square in full (group, price, rents, building costs, mortgage, owner and
buildings; builder: the deed's dice number; metropol: the city blocks facing the permit)."""

from __future__ import annotations

from rich.panel import Panel
from rich.text import Text

from tycoon.editions.board import SquareKind
from tycoon.engine.state import GameState
from tycoon.rules.property import HOTEL
from tycoon.rules.why import money

_KIND = {
    SquareKind.STREET: "street",
    SquareKind.RAILWAY: "railway",
    SquareKind.UTILITY: "utility",
}


def info_panel(st: GameState, s: int) -> Panel:
    b = st.edition.board
    cur = b.currency

    def m(n: int) -> str:
        return money(cur, n)

    kind = SquareKind(b.kind[s])
    lines = [f"{_KIND.get(kind, kind.name.lower().replace('_', ' '))}"]
    g = b.group[s]
    if g >= 0:
        members = ", ".join(f"{x} {b.name_en[x]}" for x in b.groups[g])
        lines.append(f"group {b.group_name_en[g]}: {members}")
    if b.price[s]:
        lines.append(f"price {m(b.price[s])}, mortgage value {m(b.mortgage[s])}")
    if kind == SquareKind.STREET and b.rents[s] and any(b.rents[s]):
        rents = b.rents[s]
        names = ["no houses"] + [f"{k} h" for k in range(1, len(rents) - 1)] + ["hotel"]
        if len(rents) > 1:
            lines.append(
                "rent " + ", ".join(f"{n} {m(r)}" for n, r in zip(names, rents, strict=True))
            )
        else:
            lines.append(f"rent {m(rents[0])}")
    if kind == SquareKind.STREET and b.house_cost[s]:
        lines.append(f"house {m(b.house_cost[s])}, hotel {m(b.hotel_cost[s])}")
    if kind == SquareKind.RAILWAY and b.railway_rents:
        lines.append("rent by railways owned: " + ", ".join(m(r) for r in b.railway_rents))
    if kind == SquareKind.UTILITY and b.utility_multipliers:
        lines.append("rent: dice total x " + " or x ".join(str(x) for x in b.utility_multipliers))
    if b.amount[s] and kind not in _KIND:
        lines.append(f"amount {m(b.amount[s])}")
    if st.edition.id == "builder" and b.price[s]:
        number = st.edition.data.dice_number[s]  # type: ignore[attr-defined]
        lines.append(f"pays 2 chips to its owner when the dice show {number}")
    if st.edition.id == "metropol":
        from tycoon.editions.metropol import city

        blocks = city.PERMIT_BLOCKS.get(s)
        if blocks:
            h = st.ext["height"]
            faces = ", ".join(f"block {x} ({h[x]} floors)" for x in blocks)
            lines.append(f"faces {faces}")
    o = st.owner[s] if s < len(st.owner) else -1
    if b.price[s]:
        if o < 0:
            lines.append("owner: the bank")
        else:
            lvl = st.level[s]
            bld = "a hotel" if lvl == HOTEL else (f"{lvl} houses" if lvl else "no buildings")
            mort = ", mortgaged" if st.mortgaged[s] else ""
            lines.append(f"owner: {st.names[o]} ({bld}{mort})")
    here = [st.names[p] for p in range(st.n) if st.alive[p] and st.pos[p] == s]
    if here:
        lines.append("here: " + ", ".join(here))
    return Panel(Text("\n".join(lines)), title=Text(f"{s} {b.name_en[s]}"), expand=False)
