"""Terminal panels of the builder edition: everyone's chips, blocks and points, the supply,
the piles on the track and the island grid with each player's buildings. Drawn from the
views only (`public_view` and the edition's `board_view`), never from edition internals."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

TYPE_STYLE = {"red": "red", "purple": "magenta", "green": "green", "yellow": "yellow"}


def _chips(counts: dict[str, int]) -> Text:
    out = Text()
    for name, c in counts.items():
        out.append(f"{c}{name[0]} ", style=TYPE_STYLE.get(name, ""))
    return out


def render_builder(v: dict[str, Any], board: dict[str, Any], colour: list[str]) -> Group:
    """Chips, blocks and points per player; supply and piles; the island: the panel of a
    public view `v` with a `builder` key and the edition's static `board`."""
    pub = v["builder"]
    players = v["players"]
    t = Table(title="Builders", title_justify="left")
    for col in ("Player", "Token", "Chips", "Blocks", "Bld", "Mono", "Bill", "Comm", "Points"):
        t.add_column(col, justify="left" if col in ("Player", "Token", "Chips") else "right")
    for p, row in enumerate(pub["players"]):
        pts = row["points"]
        alive = players[p]["alive"]
        name = Text(players[p]["name"], style=colour[p] + ("" if alive else " dim"))
        if not alive:
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
    piles = Text("Piles: ")
    if pub["piles"]:
        for s, counts in pub["piles"].items():
            piles.append(f"{board['squares'][int(s)]['name_en']} ")
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
                who = players[owner]["name"][:1]
                grid.append(f"  {who}{label} ", style=f"bold {colour[owner]}")
        grid.append("\n")
    head = "   " + "".join(f"  c{c} " for c in range(len(pub["grid"][0])))
    island = Panel(
        Text(head + "\n") + grid,
        title=f"Island (cell = row * {len(pub['grid'][0])} + column; letter = owner, "
        "digit = floors, P = penthouse)",
    )
    return Group(t, supply, piles, island)
