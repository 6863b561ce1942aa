"""`is_legal` agrees with `legal_actions` for every builder action that carries no free
amount (bids, exchanges with players and floor payments may use any allowed amount), for
every seat, over random and heuristic games."""

from __future__ import annotations

import pytest

from tycoon.bots import make_bot
from tycoon.engine import legal_actions, new_game
from tycoon.engine.actions import Action, Kind, pack
from tycoon.rules import flow
from tycoon.sim.driver import step

AMOUNT_KINDS = {Kind.BID, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH, Kind.TRADE, Kind.FLOOR}
BUILDER_CANDIDATES = [
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
]
CANDIDATES = [
    Action(k, x)
    for k in Kind
    if k not in AMOUNT_KINDS and k != Kind.DICE and k < 40
    for x in (0, 1, 2, 3, 5, 12, 13, 39)
] + BUILDER_CANDIDATES


@pytest.mark.parametrize("seed", range(6))
def test_builder_is_legal_matches_legal_actions(seed: int) -> None:
    n = 2 + seed % 3
    st = new_game("builder", n, seed=seed, options={"turn_limit": 8}, events=False)
    bots = [make_bot("random" if (seed + i) % 2 else "heuristic", seed * 7 + i) for i in range(n)]
    checked = 0
    while not st.termination:
        for seat in [-1, *range(n)]:
            legal = set(legal_actions(st, seat))
            for a in CANDIDATES + sorted(legal):
                if a.kind in AMOUNT_KINDS:
                    if a in legal:
                        assert flow.is_legal(st, a, seat), f"listed {a} rejected"
                    continue
                assert (a in legal) == flow.is_legal(st, a, seat), (st.stack[-1], seat, a)
                checked += 1
        step(st, bots)
    assert checked > 1000
