"""Terminal view of the metropol city: the four areas with heights and roofs, the block
supply and phase, and every permit with its owner and rent (used by `terminal`). Drawn
from the views only (`public_view` and the edition's `board_view`)."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text


def render_city(v: dict[str, Any], board: dict[str, Any]) -> Panel:
    """The city panel of a public view `v` with a `city` key and the edition's static
    `board` (its `layout` of kind `city`)."""
    c = v["city"]
    height, roof = c["height"], c["roof"]
    names = [p["name"] for p in v["players"]]
    squares = board["squares"]
    layout = board["layout"]
    at = {(b["x"], b["y"]): i for i, b in enumerate(layout["blocks"])}
    lines = [
        Text(
            f"blocks left {c['blocks_left']}, skyscrapers {c['skyscrapers']}/4, "
            + ("FINAL PHASE" if c["final_phase"] else "building phase open"),
            style="bold",
        )
    ]
    lines.append(Text("      x0  x1  x2  MS  x4  x5  x6"))
    for y in range(7):
        row = Text(f"  y{y} ")
        for x in range(7):
            if (x, y) not in at:
                row.append("  + " if x == 3 and y == 3 else ("  | " if x == 3 else "  = "))
                continue
            blk = at[(x, y)]
            h = height[blk]
            cell = f"{h}^" if roof[blk] else (str(h) if h else ".")
            row.append(f"{cell:>3} ", style="bold yellow" if roof[blk] else "")
        lines.append(row)
    lines.append(Text("  (n = floors, n^ = skyscraper with its roof; MS Main Street, = Broadway)"))
    owner = v["owner"]
    for g in board["groups"]:
        if g["kind"] != "street":
            continue
        parts = []
        for s in g["squares"]:
            who = names[owner[s]] if owner[s] >= 0 else "free"
            name = squares[s]["name_en"].replace(" Street", "")
            parts.append(f"{name} {who} {c['rent'][str(s)]}")
        head = f"{g['name_en']} (base {c['base'][g['index']]}): "
        lines.append(Text(head + "; ".join(parts)))
    bridges = ", ".join(
        f"{squares[s]['name_en']} {names[owner[s]] if owner[s] >= 0 else 'free'}"
        for s in sorted(int(k) for k in layout["bridge_crossings"])
    )
    lines.append(Text(f"Bridges: {bridges}"))
    left = [p["name"] for p in v["players"] if p.get("left")]
    if left:
        lines.append(Text(f"Left the game (final phase): {', '.join(left)}"))
    return Panel(Text("\n").join(lines), title="Metropol city (areas NW NE / SW SE)")
