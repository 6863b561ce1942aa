"""Terminal view of the metropol city: the four areas with heights and roofs, the block
supply and phase, and every permit with its owner and rent (used by `terminal`)."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from tycoon.editions.metropol import city, turn
from tycoon.engine.state import GameState


def city_panel(st: GameState) -> Panel:
    height, roof, c = st.ext["height"], st.ext["roof"], st.ext["city"]
    lines = [
        Text(
            f"blocks left {c[city.SUPPLY]}, skyscrapers {c[city.SKY]}/4, "
            + ("FINAL PHASE" if c[city.FINAL] else "building phase open"),
            style="bold",
        )
    ]
    lines.append(Text("      x0  x1  x2  MS  x4  x5  x6"))
    for y in range(7):
        row = Text(f"  y{y} ")
        for x in range(7):
            if x == 3 or y == 3:
                row.append("  + " if x == 3 and y == 3 else ("  | " if x == 3 else "  = "))
                continue
            blk = city.BLOCK_IDS.index(f"x{x}y{y}")
            h = height[blk]
            cell = f"{h}^" if roof[blk] else (str(h) if h else ".")
            row.append(f"{cell:>3} ", style="bold yellow" if roof[blk] else "")
        lines.append(row)
    lines.append(Text("  (n = floors, n^ = skyscraper with its roof; MS Main Street, = Broadway)"))
    b = st.edition.board
    for g in range(len(city.DISTRICT_VALUES)):
        parts = []
        for s in b.groups[g]:
            o = st.owner[s]
            who = st.names[o] if o >= 0 else "free"
            parts.append(f"{b.name_en[s].replace(' Street', '')} {who} {city.street_rent(st, s)}")
        head = f"{b.group_name_en[g]} (base {st.ext['base'][g]}): "
        lines.append(Text(head + "; ".join(parts)))
    bridges = ", ".join(
        f"{b.name_en[s]} {st.names[st.owner[s]] if st.owner[s] >= 0 else 'free'}"
        for s in sorted(city.CROSSING)
    )
    lines.append(Text(f"Bridges: {bridges}"))
    left = [st.names[p] for p in range(st.n) if st.ext["left"][p]]
    if left:
        lines.append(Text(f"Left the game (final phase): {', '.join(left)}"))
    return Panel(Text("\n").join(lines), title="Metropol city (areas NW NE / SW SE)")


def frame_summary(st: GameState, f: tuple[Any, ...]) -> str | None:
    """What a metropol decision is about, or None for a shared frame."""
    if f[0] == turn.BUILDING:
        due = " (a block is due: 4 skyscrapers stand)" if turn.must_build(st, f[1]) else ""
        return f"building phase: place up to 2 blocks at 100000 each, then end the turn{due}"
    if f[0] != turn.CHOICE:
        return None
    sub = f[2]
    b = st.edition.board
    if sub == turn.TRIPLES:
        return f"triples ({f[3]}): go to any square, or the normal move"
    if sub == turn.HALL:
        return "City Hall: (a) go to a free permit and auction it, or (b) a free block"
    if sub == turn.FREE:
        return "place a free block" + (" (or pass)" if f[3] == turn.OWN else "")
    if sub == turn.VETO:
        who = st.names[f[5]]
        return f"veto: {who} won {b.name_en[f[3]]} for {f[4]}; take it for {f[4] + 50000}?"
    if sub == turn.CROSS:
        return f"cross the city from {b.name_en[f[3]]}?"
    if sub == turn.CALLOUT:
        return f"call out {st.names[f[3]]}'s missing block (you get 100000)?"
    return None
