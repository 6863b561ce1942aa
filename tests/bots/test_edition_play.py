"""Edition play of the `basic` bot: metropol trades and crossings, the builder penthouse."""

from __future__ import annotations

from collections import Counter

from tycoon.bots import make_bot
from tycoon.bots.heuristic_builder import ANYWAY_ROUNDS, SHARED_WIN_ROUNDS, BuilderBrain
from tycoon.engine.actions import Action, Kind
from tycoon.engine.api import new_game
from tycoon.sim.driver import play


def _kinds(edition: str, games: int) -> Counter[int]:
    c: Counter[int] = Counter()
    for g in range(games):
        st = new_game(edition, ["a", "b", "c", "d"], g, events=False)
        play(st, [make_bot("basic", 10 * g + p) for p in range(4)])
        c.update(a.kind for s, a in st.history if s >= 0)
    return c


def test_metropol_basic_bot_trades_permits_and_crosses_bridges() -> None:
    """M-12, M-58: permit trades in the building phase; M-38: crossing from a bridge."""
    c = _kinds("metropol", 10)
    assert c[Kind.TRADE] > 0 and c[Kind.ACCEPT] > 0
    assert c[Kind.CROSS] > 0


def test_classic_basic_bots_sell_deeds_that_complete_groups() -> None:
    """C-59: sales for cash between players, so that groups form and games end."""
    c = _kinds("classic", 6)
    assert c[Kind.SELL_DEED] > 0 and c[Kind.ACCEPT] > 0


def test_wonders_basic_bots_exchange_deeds() -> None:
    """W-84: exchanges that complete groups."""
    c = _kinds("wonders", 10)
    assert c[Kind.TRADE] > 0 and c[Kind.ACCEPT] > 0


def test_builder_penthouse_placed_when_the_game_could_otherwise_last_forever() -> None:
    """B-66: a listed penthouse is placed for a sole win, later for a shared one, and after
    `ANYWAY_ROUNDS` rounds in any case."""
    st = new_game("builder", ["a", "b", "c", "d"], 1, events=False)
    brain = BuilderBrain()
    a = Action(Kind.FLOOR, 14, 0)
    assert not brain._penthouse_wins(st, 0, a)  # nobody's building: a four-way tie
    st.rounds = SHARED_WIN_ROUNDS
    assert brain._penthouse_wins(st, 0, a)
    st.rounds = ANYWAY_ROUNDS
    assert brain._penthouse_wins(st, 0, a)
