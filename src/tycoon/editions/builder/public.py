"""The public builder state as plain data (views, the terminal): chips, supply, piles, the
island and the points so far. Everything here is public (A-15)."""

from __future__ import annotations

from typing import Any

from tycoon.editions.builder import scoring
from tycoon.editions.builder.chips import T, hand, own_type
from tycoon.editions.builder.data import BuilderData
from tycoon.engine.state import GameState


def _data(st: GameState) -> BuilderData:
    return st.edition.data  # type: ignore[attr-defined, no-any-return]


def public(st: GameState) -> dict[str, Any]:
    """JSON-able: per seat chips, blocks and points; the supply; the piles; the grid."""
    d = _data(st)
    names = d.type_names
    points = scoring.breakdown(st, d)
    pile = st.ext["pile"]
    owner, height = st.ext["cell_owner"], st.ext["height"]
    cells = set(d.cells)
    grid = [
        [
            None if r * d.cols + c not in cells else [owner[r * d.cols + c], height[r * d.cols + c]]
            for c in range(d.cols)
        ]
        for r in range(d.rows)
    ]
    return {
        "types": list(names),
        "players": [
            {
                "token": d.token_names[own_type(st, p)],
                "own_type": names[own_type(st, p)],
                "resources": dict(zip(names, hand(st, p), strict=True)),
                "blocks_left": st.ext["blocks"][p],
                "points": points[p],
            }
            for p in range(st.n)
        ],
        "supply": dict(zip(names, st.ext["supply"], strict=True)),
        "piles": {
            str(s): dict(zip(names, pile[s * T : s * T + T], strict=True))
            for s in range(st.edition.board.size)
            if any(pile[s * T : s * T + T])
        },
        "grid": grid,
        "penthouse_placed": 5 in height,
    }
