"""`is_legal` (the fast test used by apply_action) agrees with `legal_actions` exactly for
every action that carries no free amount, for every seat, over random games of every
edition."""

from __future__ import annotations

import pytest

from tycoon.bots import make_bot
from tycoon.editions.registry import all_editions
from tycoon.engine import legal_actions, new_game
from tycoon.engine.actions import Action, Kind
from tycoon.rules import flow
from tycoon.sim.driver import step

AMOUNT_KINDS = {Kind.BID, Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH}
CANDIDATES = [
    Action(k, x)
    for k in Kind
    if k not in AMOUNT_KINDS and k != Kind.DICE
    for x in (0, 1, 2, 3, 5, 12, 13, 14, 28, 39, 40)
] + [Action(Kind.ROLL, 0, 1), Action(Kind.DICE, 7, 1), Action(Kind.DICE, 3, 4, 1)]
EDITIONS = [e.id for e in all_editions()]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("edition", EDITIONS)
def test_is_legal_matches_legal_actions(edition: str, seed: int) -> None:
    ed = all_editions()[EDITIONS.index(edition)]
    lo, hi = ed.player_range(ed.options_type())
    n = lo + seed % (hi - lo + 1)
    st = new_game(edition, n, seed=seed, options={"turn_limit": 40}, events=False)
    bots = [
        make_bot("random" if (seed + i) % 2 else "heuristic", seed * 7 + i) for i in range(st.n)
    ]
    checked = 0
    while not st.termination:
        for seat in [-1, *range(st.n)]:
            legal = set(legal_actions(st, seat))
            for a in CANDIDATES + sorted(legal):
                if a.kind in AMOUNT_KINDS:
                    assert flow.is_legal(st, a, seat), f"listed {a} rejected"
                    continue
                assert (a in legal) == flow.is_legal(st, a, seat), (st.stack[-1], seat, a)
                checked += 1
        step(st, bots)
    assert checked > 1000
