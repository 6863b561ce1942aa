"""`is_legal` (the fast test used by apply_action) agrees with `legal_actions` exactly for
every action that carries no free amount, for every seat, over random games of every
edition."""

from __future__ import annotations

import pytest

from tycoon.bots import make_bot
from tycoon.editions.registry import all_editions
from tycoon.engine import legal_actions, new_game
from tycoon.engine.actions import KIND_NAMES, Action, Kind, pack
from tycoon.rules import flow
from tycoon.sim.driver import step

AMOUNT_KINDS = {Kind.BID, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH, Kind.FLOOR, Kind.DISCARD}
"""Kinds whose amount is free: a listed one must be legal, an unlisted one may be too."""
CANDIDATES = [
    Action(k, x)
    for k in KIND_NAMES
    if k not in AMOUNT_KINDS and k != Kind.DICE
    for x in (0, 1, 2, 3, 5, 12, 13, 14, 28, 39, 40)
] + [Action(Kind.ROLL, 0, 1), Action(Kind.DICE, 7, 1), Action(Kind.DICE, 3, 4, 1)]
EDITIONS = [e.id for e in all_editions()]
EXTRA_CANDIDATES = {
    "builder": [
        *(Action(Kind.DISCARD, t) for t in range(5)),
        *(Action(Kind.TAKE, t) for t in range(4)),
        *(Action(Kind.STEAL, p, t) for p in range(4) for t in range(4)),
        *(Action(Kind.BANK_TRADE, t, u) for t in range(4) for u in range(4)),
        *(
            Action(Kind.PARKING_TRADE, pack(g), r)
            for g in ([2, 0, 0, 0], [1, 1, 0, 0])
            for r in range(4)
        ),
        *(Action(Kind.FORCE, p, t, u) for p in range(3) for t in range(4) for u in range(4)),
        Action(Kind.FLOOR, 0, pack([2, 0, 0, 0])),
        Action(Kind.FLOOR, 36, pack([2, 0, 0, 0])),
    ],
    "metropol": [Action(Kind.DICE, 3, 4, 5), Action(Kind.DICE, 3, 4, 7)],
}
"""Edition actions with several arguments, tried besides the one-argument candidates."""
TURN_LIMIT = {"builder": 8}
"""Rounds per game (default 40); random builder bots trade and counter-offer at length."""


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("edition", EDITIONS)
def test_is_legal_matches_legal_actions(edition: str, seed: int) -> None:
    ed = all_editions()[EDITIONS.index(edition)]
    lo, hi = ed.player_range(ed.options_type())
    n = lo + seed % (hi - lo + 1)
    st = new_game(
        edition, n, seed=seed, options={"turn_limit": TURN_LIMIT.get(edition, 40)}, events=False
    )
    bots = [
        make_bot("random" if (seed + i) % 2 else "heuristic", seed * 7 + i) for i in range(st.n)
    ]
    candidates = CANDIDATES + EXTRA_CANDIDATES.get(edition, [])
    checked = 0
    while not st.termination:
        for seat in [-1, *range(st.n)]:
            legal = set(legal_actions(st, seat))
            for a in candidates + sorted(legal):
                if a.kind in AMOUNT_KINDS:
                    if a in legal:
                        assert flow.is_legal(st, a, seat), f"listed {a} rejected"
                    continue
                assert (a in legal) == flow.is_legal(st, a, seat), (st.stack[-1], seat, a)
                checked += 1
        step(st, bots)
    assert checked > 1000
