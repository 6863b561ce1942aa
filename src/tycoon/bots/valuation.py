"""What the `learned` bot's network sees of a state (`features`, compiled: the hot path of
its search's leaves, `tycoon.bots.learned`), and the expected rent flow it and `strong`'s
leaves use (`rent_flow`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from tycoon.engine.board import SquareKind
from tycoon.engine.state import GameState

FEATURES_VERSION: Final = 1
"""The layout of `features`; a weights file records the version it was trained on."""
SLOTS: Final = 6
"""Seats described: the acting one, then up to five others (an absent one is all zeros)."""
PER_SEAT: Final = 12
"""Features of one seat (see `features`)."""
GLOBAL: Final = 4
"""Features of the whole game (see `features`)."""
SIZE: Final = SLOTS * PER_SEAT + GLOBAL
"""The length of a feature vector."""
FLOWS: Final = (10, 30, 60)
"""Rounds of expected net rent the prospect features add to a money score."""
OUTLOOKS: Final = (1, 2, 4)
"""Multiples of the edition's outlook the prospect features add to a points score."""


def rent_flow(st: GameState) -> list[float]:
    """Each live seat's expected net rent per round at today's rents (`Edition.rents`):
    every other live seat's turn lands on a given square about once in `board.size` (a
    utility's multiplier times the mean dice total), so a seat earns its rents from k - 1
    seats and pays each other seat's once."""
    b = st.edition.board
    per = [0.0] * st.n
    owner = st.owner
    mean_dice = 3.5 * max(2, st.edition.mechanics.dice)
    for s, r in enumerate(st.edition.rents(st)):
        if r is not None and owner[s] >= 0:
            per[owner[s]] += r * mean_dice if b.kind[s] == SquareKind.UTILITY else r
    live = [p for p in range(st.n) if st.alive[p]]
    total = sum(per[p] for p in live)
    k = len(live)
    out = [0.0] * st.n
    for p in live:
        out[p] = ((k - 1) * per[p] - (total - per[p])) / b.size
    return out


def _share(xs: Sequence[float]) -> list[float]:
    """Each value's share of the positive total (all equal when nothing is positive)."""
    total = sum(x for x in xs if x > 0)
    if total <= 0:
        return [1.0 / len(xs)] * len(xs)
    return [max(0.0, x) / total for x in xs]


def features(st: GameState, seat: int) -> list[float]:
    """The network's input for `seat` in `st` (`SIZE` values, `FEATURES_VERSION` 1).

    Per seat: alive; share of the scores (`Edition.scores`); share of the scores plus
    10, 30 and 60 rounds of expected net rent (`search.rent_flow`; money editions) or plus
    the edition's `outlook` once, twice and four times (points editions); share of the
    cash; net rent per round over the mean score; share of the outlook; deeds held,
    mortgaged and built on (fractions of the board's deeds); the score over the mean score.
    The acting seat comes first, then the others by their prospects (the 30-round share),
    best first. Then the game: seats alive and seats in all (over 6), rounds played (over
    100, at most 3), and how far the scores have grown (log scale). Nothing here depends
    on whose turn it is, so the afterstates of ending a turn and of acting in it compare."""
    ed = st.edition
    n = st.n
    scores = [float(x) for x in ed.scores(st)]
    more = ed.outlook(st)
    extra = more or [0.0] * n
    if ed.score_is_money:
        rents = rent_flow(st)
        horizons = [[x + k * f for x, f in zip(scores, rents, strict=True)] for k in FLOWS]
    else:
        rents = [0.0] * n
        horizons = [[x + k * y for x, y in zip(scores, extra, strict=True)] for k in OUTLOOKS]
    shares = [_share(h) for h in horizons]
    mean = max(1.0, sum(abs(x) for x in scores) / n)
    score_share = _share(scores)
    cash_share = _share([float(c) for c in st.cash])
    outlook_share = _share(more) if more is not None else [0.0] * n
    deeds = ed.board.deeds
    held = [0] * n
    mortgaged = [0] * n
    built = [0] * n
    owner = st.owner
    for s in deeds:
        o = owner[s]
        if o >= 0:
            held[o] += 1
            if st.mortgaged[s]:
                mortgaged[o] += 1
            if st.level[s]:
                built[o] += 1
    nd = max(1, len(deeds))
    key = shares[1]
    others = sorted((p for p in range(n) if p != seat), key=lambda p: -key[p])
    out: list[float] = []
    for p in [seat, *others][:SLOTS]:
        out += [
            1.0 if st.alive[p] else 0.0,
            score_share[p],
            shares[0][p],
            shares[1][p],
            shares[2][p],
            cash_share[p],
            max(-3.0, min(3.0, rents[p] / mean * 10.0)),
            outlook_share[p],
            held[p] / nd,
            mortgaged[p] / nd,
            built[p] / nd,
            max(-3.0, min(3.0, scores[p] / mean)),
        ]
    out += [0.0] * (SLOTS * PER_SEAT - len(out))
    total = sum(abs(x) for x in scores)
    out += [
        sum(st.alive) / 6.0,
        n / 6.0,
        min(3.0, st.rounds / 100.0),
        math.log1p(total) / 20.0,
    ]
    return out
