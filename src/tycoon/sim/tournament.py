"""A tournament of bots: seats rotated, seeded, win rates with 95% intervals and ratings.

Game `i` uses the deal seed `seed + i // n` and the rotation `r = i % n` (n seats): seat `p`
is played by entry `(p + r) % n`, so over every block of n games each entry plays each seat
once on the same dice seed (duplicate play) and the number of games is rounded up to a
multiple of n. The bot in seat p is seeded by `bot_seed(seed + i // n, p)`. Ratings come from
openskill's Plackett-Luce model, updated game by game in game order (the winners first,
then the others by the edition's scores), so the result does not depend on the number of
processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tycoon.api import new_game
from tycoon.bots.base import make_bot
from tycoon.editions.registry import find_edition
from tycoon.sim.collector import fewer_collections
from tycoon.sim.driver import play
from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options
from tycoon.sim.stats import percentile, wilson

GameRow = tuple[int, tuple[int, ...], tuple[int, ...], str, int]
"""(game index, winners as entries, rank of each entry (0 best), termination, turns)."""


def seat_entries(i: int, n: int) -> list[int]:
    """The entry playing each seat in game `i` (seat p: entry (p + i) mod n)."""
    r = i % n
    return [(p + r) % n for p in range(n)]


def play_game(
    edition: str, bots: Sequence[str], i: int, seed: int, options: Mapping[str, Any]
) -> GameRow:
    """Play game `i` of the tournament and return its row."""
    n = len(bots)
    entries = seat_entries(i, n)
    gseed = seed + i // n
    players = [make_bot(bots[e], bot_seed(gseed, p)) for p, e in enumerate(entries)]
    st = new_game(edition, [bots[e] for e in entries], gseed, options, events=False)
    play(st, players, MAX_ACTIONS)
    won = set(st.winners)
    scores = st.edition.scores(st)
    key = [(0 if p in won else 1, -scores[p]) for p in range(n)]
    order = sorted(set(key))
    ranks = [0] * n
    for p in range(n):
        ranks[entries[p]] = order.index(key[p])
    winners = tuple(sorted(entries[p] for p in won))
    return i, winners, tuple(ranks), st.termination or "unfinished", st.turn + 1


def _chunk(
    edition: str, bots: list[str], lo: int, hi: int, seed: int, options: dict[str, Any]
) -> list[GameRow]:
    with fewer_collections():
        return [play_game(edition, bots, i, seed, options) for i in range(lo, hi)]


def labels(bots: Sequence[str]) -> list[str]:
    """Entry labels: the bot name, numbered where a name appears more than once."""
    out = []
    for k, b in enumerate(bots):
        same = [j for j, x in enumerate(bots) if x == b]
        out.append(b if len(same) == 1 else f"{b}#{same.index(k) + 1}")
    return out


def tournament(
    edition: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play the tournament and return its summary (see the module doc)."""
    from openskill.models import PlackettLuce

    ed = find_edition(edition)
    bots = list(bots)
    n = len(bots)
    opts = ed.options_type.parse(sim_options(options)).to_dict()
    lo, hi = ed.player_range(ed.options_type.parse(opts))
    if not lo <= n <= hi:
        from tycoon.engine.errors import OptionError

        raise OptionError(f"{ed.id} is for {lo} to {hi} players, not {n}")
    for b in set(bots):
        make_bot(b, 0)
    games = -(-max(0, games) // n) * n
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    rows: list[GameRow] = []
    if jobs == 1 or games <= n:
        for i in range(games):
            rows.append(play_game(ed.tag, bots, i, seed, opts))
            if progress:
                progress(len(rows))
    else:
        size = max(1, -(-games // (jobs * 4)))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futs = [
                pool.submit(_chunk, ed.tag, bots, s, min(games, s + size), seed, opts)
                for s in range(0, games, size)
            ]
            for fut in futs:
                rows.extend(fut.result())
                if progress:
                    progress(len(rows))
    rows.sort()
    model = PlackettLuce()
    names = labels(bots)
    ratings = [model.rating(name=nm) for nm in names]
    wins = [0.0] * n
    terms: dict[str, int] = {}
    turns = []
    for _i, winners, ranks, term, t in rows:
        for e in winners:
            wins[e] += 1.0 / len(winners)
        terms[term] = terms.get(term, 0) + 1
        turns.append(t)
        teams = model.rate([[r] for r in ratings], ranks=[float(x) for x in ranks])
        ratings = [team[0] for team in teams]
    entries = []
    for e in range(n):
        rate, low, high = wilson(wins[e], games)
        r = ratings[e]
        entries.append(
            {
                "bot": bots[e],
                "label": names[e],
                "wins": round(wins[e], 6),
                "win_rate": {"rate": round(rate, 6), "low": round(low, 6), "high": round(high, 6)},
                "rating": {
                    "mu": round(r.mu, 6),
                    "sigma": round(r.sigma, 6),
                    "ordinal": round(r.ordinal(), 6),
                },
            }
        )
    return {
        "edition": ed.tag,
        "bots": bots,
        "games": games,
        "seed": seed,
        "options": opts,
        "rotation": "seat p of game i is entry (p + i) mod n; game i uses seed + i // n",
        "entries": entries,
        "terminations": dict(sorted(terms.items())),
        "turns": {
            "mean": round(sum(turns) / len(turns), 6) if turns else 0.0,
            "median": percentile(turns, 0.5),
            "p95": percentile(turns, 0.95),
            "max": max(turns, default=0),
        },
    }


__all__ = ["labels", "play_game", "seat_entries", "tournament"]
