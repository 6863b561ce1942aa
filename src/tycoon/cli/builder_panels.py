"""Terminal panels of the builder edition: everyone's chips, blocks and points, the supply,
the piles on the track and the island grid with each player's buildings."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tycoon.editions.builder import CHOOSE, DISCARD, PARKING, STEAL
from tycoon.editions.builder.public import public
from tycoon.engine.state import GameState

TYPE_STYLE = {"red": "red", "purple": "magenta", "green": "green", "yellow": "yellow"}


def _chips(counts: dict[str, int]) -> Text:
    out = Text()
    for name, c in counts.items():
        out.append(f"{c}{name[0]} ", style=TYPE_STYLE.get(name, ""))
    return out


def builder_panel(st: GameState, colour: list[str]) -> Group:
    """Chips, blocks and points per player; supply and piles; the island."""
    pub = public(st)
    t = Table(title="Builders", title_justify="left")
    for col in ("Player", "Token", "Chips", "Blocks", "Bld", "Mono", "Bill", "Comm", "Points"):
        t.add_column(col, justify="left" if col in ("Player", "Token", "Chips") else "right")
    for p, row in enumerate(pub["players"]):
        pts = row["points"]
        name = Text(st.names[p], style=colour[p] + ("" if st.alive[p] else " dim"))
        if not st.alive[p]:
            name.append(" (bankrupt)")
        t.add_row(
            name,
            f"{row['token']} ({row['own_type']})",
            _chips(row["resources"]),
            str(row["blocks_left"]),
            str(pts["buildings"]),
            str(pts["monopolies"]),
            str(pts["billionaire"]),
            str(pts["community"]),
            Text(str(pts["total"]), style="bold"),
        )
    supply = Text("Supply: ") + _chips(pub["supply"])
    b = st.edition.board
    piles = Text("Piles: ")
    if pub["piles"]:
        for s, counts in pub["piles"].items():
            piles.append(f"{b.name_en[int(s)]} ")
            piles.append_text(_chips(counts))
            piles.append("; ")
    else:
        piles.append("none")
    grid = Text()
    for r, row in enumerate(pub["grid"]):
        grid.append(f"r{r} ")
        for cell in row:
            if cell is None:
                grid.append("  ~~ ", style="blue")
            elif cell[0] < 0 and cell[1] == 0:
                grid.append("  .. ", style="dim")
            else:
                owner, h = cell
                label = "P" if h == 5 else str(h)
                grid.append(f"  {st.names[owner][:1]}{label} ", style=f"bold {colour[owner]}")
        grid.append("\n")
    head = "   " + "".join(f"  c{c} " for c in range(len(pub["grid"][0])))
    island = Panel(
        Text(head + "\n") + grid,
        title="Island (cell = row * 6 + column; letter = owner, digit = floors, P = penthouse)",
    )
    return Group(t, supply, piles, island)


def frame_summary(st: GameState) -> str | None:
    """The builder decision on top of the stack, in a few words (None: not a builder one)."""
    f = st.stack[-1]
    k = f[0]
    if k == DISCARD:
        return "discard: you hold more than 6 chips; discard one at a time onto your square"
    if k == STEAL:
        return "Steal 1 Resource: take one chip from another player"
    if k == PARKING:
        return "Free Parking: exchange two of your chips for one of a third type, or pass"
    if k == CHOOSE:
        return "choose the type of chip to take from the supply"
    return None
