"""The `strong` search bot: it never reads the hidden deck order or the game's generator."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest

from tycoon.api import clone, legal_actions, new_game
from tycoon.bots import make_bot
from tycoon.bots.heuristic import HeuristicBot
from tycoon.bots.search import SearchBot, ahead, candidates, determinise
from tycoon.engine.actions import Action, Kind
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.snapshot import snapshot
from tycoon.sim.driver import step


def _midgame(edition: str, seed: int) -> GameState:
    """A game of basic bots played until seat 0 has a decision with several actions."""
    st = new_game(edition, ["a", "b", "c", "d"], seed, events=False)
    bots = [make_bot("basic", p) for p in range(4)]
    for k in range(100_000):
        if st.termination:
            break
        cur = st.current_player
        if k > 60 and cur == 0 and len(legal_actions(st)) > 1 and any(st.decks):
            return st
        step(st, bots)
    pytest.skip("no decision found")


def _reshuffled(st: GameState, seed: int) -> GameState:
    other = clone(st)
    rng = Rng(seed)
    for d in other.decks:
        rng.shuffle(d)
    other.rng = Rng(seed * 7919 + 1)
    return other


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder"])
def test_search_never_reads_deck_order_or_rng(edition: str) -> None:
    st = _midgame(edition, 3)
    other = _reshuffled(st, 99)
    assert other.decks != st.decks or not any(len(d) > 1 for d in st.decks)
    assert other.rng.state != st.rng.state
    a, b = SearchBot(17, rounds=3), SearchBot(17, rounds=3)
    pa = a.choose(st, 0, legal_actions(st))
    pb = b.choose(other, 0, legal_actions(other))
    assert pa == pb
    assert a.last == b.last and a.last[2] == 3  # the same values, candidate by candidate
    assert st.current_player != CHANCE


def test_determinise_depends_only_on_public_contents() -> None:
    st = _midgame("classic", 5)
    other = _reshuffled(st, 4)
    w1, w2 = determinise(st, Rng(1)), determinise(other, Rng(1))
    assert w1.decks == w2.decks and w1.rng.state == w2.rng.state
    assert [sorted(d) for d in w1.decks] == [sorted(d) for d in st.decks]


def test_one_legal_action_costs_no_search() -> None:
    st = new_game("classic", ["a", "b", "c"], 0, events=False)
    while st.current_player == CHANCE:
        step(st, [make_bot("basic", 0)] * 3)
    bot = SearchBot(1, rounds=2)
    acts = legal_actions(st)
    if len(acts) == 1:
        bot.choose(st, st.current_player, acts)
        assert bot.searched == 0
    bot.choose(st, st.current_player, acts[:1])
    assert bot.searched == 0


def test_candidates_keep_the_basic_choice_and_a_few_amounts() -> None:
    legal = [Action(Kind.PASS)] + [Action(Kind.BID, 10 * k) for k in range(1, 30)]
    c = candidates(legal, Action(Kind.BID, 10), 5)
    assert c[0] == Action(Kind.BID, 10) and len(c) == 5 and Action(Kind.PASS) in c
    assert len({a.a for a in c if a.kind == Kind.BID}) == 4


def test_departure_needs_the_editions_lead_in_standard_errors() -> None:
    from tycoon.editions.registry import find_edition

    base = [0.5] * 6
    xs = [0.6, 0.45, 0.6, 0.55, 0.6, 0.45]  # a mean lead of 0.042, 1.4 standard errors
    assert ahead(xs, base, 0.01, 1.0) and not ahead(xs, base, 0.01, 2.0)
    assert not ahead(xs, base, 0.05, 1.0)  # the mean lead must pass the margin too
    assert not ahead(xs[:2], base[:2], 0.0, 0.0)  # fewer than 3 worlds never depart
    assert find_edition("builder").search_departure == (0.01, 1.0)
    assert find_edition("classic").search_departure == (0.02, 2.0)


def test_leaf_counts_expected_rent_where_scores_are_money() -> None:
    """`rent_flow`: a seat earns its rents from every other live seat and pays each of
    theirs, once in `board.size` turns each; the leaf adds `flow_rounds` rounds of it to
    net worth (C-77), so of two seats equal in net worth the one with rent ahead leads."""
    from tycoon.bots.search import leaf_value, rent_flow
    from tycoon.rules.property import rent

    st = new_game("classic", ["a", "b", "c", "d"], 3, events=False)
    street = st.edition.board.streets[-1]
    st.owner[street] = 0
    st.level[street] = 3
    st.cash[0] -= st.edition.board.price[street] + 3 * st.edition.board.house_cost[street]
    r = rent(st, street, 7)
    size = st.edition.board.size
    assert rent_flow(st) == [3 * r / size, -r / size, -r / size, -r / size]
    assert leaf_value(st, 0, flow_rounds=0) == pytest.approx(0.25)
    assert leaf_value(st, 0) > 0.25 > leaf_value(st, 1)
    st.alive[3] = False  # a bankrupt seat neither pays nor earns
    assert rent_flow(st)[0] == 2 * r / size and rent_flow(st)[3] == 0.0


def test_leaf_counts_chips_to_come_where_scores_are_points() -> None:
    """Builder's `outlook` (B-19, B-20, B-44, B-67): chips in hand and those the deeds and
    the 6-roll are expected to gather count `CHIP_POINTS` each at a search leaf; a
    mortgaged deed gathers nothing and a bankrupt seat counts nothing."""
    from tycoon.bots.search import leaf_value
    from tycoon.editions.builder import CHIP_POINTS, OUTLOOK_ROUNDS
    from tycoon.editions.builder.scoring import two_dice

    st = new_game("builder", ["a", "b", "c", "d"], 3, events=False)
    d = st.edition.data
    st.ext["res"][:] = [0] * len(st.ext["res"])
    st.ext["res"][0:4] = [2, 1, 0, 0]
    deed = next(s for s in st.edition.board.deeds if d.dice_number[s] == 8)
    st.owner[deed] = 1
    rolls = OUTLOOK_ROUNDS * 4
    six = rolls * d.six_chips * 5 / 36  # a 6 comes up 5 times in 36
    assert two_dice(8) == 5 / 36 and two_dice(6) == 5 / 36 and two_dice(1) == 0
    expected = [3 + six, six + rolls * d.gather_chips * 5 / 36, six, six]
    assert st.edition.outlook(st) == pytest.approx([CHIP_POINTS * x for x in expected])
    assert leaf_value(st, 0, flow_rounds=0) == pytest.approx(0.25)  # no points yet
    assert leaf_value(st, 0) > leaf_value(st, 1) > leaf_value(st, 2) > 0
    st.mortgaged[deed] = True
    assert st.edition.outlook(st)[1] == pytest.approx(CHIP_POINTS * six)
    st.alive[3] = False
    assert st.edition.outlook(st)[3] == 0.0
    assert st.edition.outlook(st)[0] == pytest.approx(CHIP_POINTS * (3 + six * 3 / 4))


def test_money_editions_have_no_outlook_beyond_rent() -> None:
    """The default `outlook` adds nothing: money editions count rent to come instead."""
    for edition in ("classic", "wonders", "metropol"):
        st = new_game(edition, ["a", "b", "c"], 1, events=False)
        assert st.edition.outlook(st) is None


def test_search_departs_from_basic_a_bounded_number_of_times_per_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A leaf that favours change (as a noisy search may): mortgaging a deed looks better
    than ending the turn, and redeeming it, the `basic` choice on the next decision, looks
    as good as anything. Without the per-turn guard the seat mortgages and redeems forever;
    with it, it never departs twice from one state to one action."""
    from tycoon.bots import search

    root: list[GameState] = []

    def changed(w: GameState, seat: int, flow_rounds: int) -> float:
        return sum(1.0 for s, m in enumerate(w.mortgaged) if m != root[0].mortgaged[s])

    monkeypatch.setattr(search, "ahead", lambda xs, base, margin, errors: sum(xs) > sum(base))
    monkeypatch.setattr(search, "leaf_value", changed)
    st = new_game("builder", ["a", "b", "c", "d"], 4, events=False)
    strong = SearchBot(5, rounds=1, horizon_rounds=0)
    bots = [strong, *(make_bot("basic", p) for p in (1, 2, 3))]
    per_turn: dict[int, list[tuple[str, Action]]] = {}
    inner = strong.choose

    def watched(s: GameState, seat: int, legal: Sequence[Action]) -> Action:
        root[:] = [s]
        strong.last = ([], [], 0)
        here = json.dumps(snapshot(s))
        a = inner(s, seat, legal)
        if strong.last[0] and a != strong.last[0][0]:
            per_turn.setdefault(s.turn, []).append((here, a))
        return a

    strong.choose = watched  # type: ignore[method-assign,assignment]
    for _ in range(20_000):
        if st.termination or st.turn >= 60:
            break
        step(st, bots)
    assert st.termination or st.turn >= 60, "the game stalled"
    assert any(a.kind == Kind.MORTGAGE for v in per_turn.values() for _, a in v)
    assert max(len(v) for v in per_turn.values()) <= search.MAX_DEPARTURES
    assert all(len(set(v)) == len(v) for v in per_turn.values())


def test_departure_margin_and_errors_can_be_set_per_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """`SearchBot(margin=..., errors=...)` replaces the edition's `search_departure` pair in
    the departure test; without them the edition's pair is used."""
    from tycoon.bots import search

    seen: list[tuple[float, float]] = []

    def record(xs: list[float], base: list[float], margin: float, errors: float) -> bool:
        seen.append((margin, errors))
        return False

    monkeypatch.setattr(search, "ahead", record)
    for bot, want in (
        (SearchBot(3, rounds=2, margin=0.5, errors=3.5), (0.5, 3.5)),
        (SearchBot(3, rounds=2, errors=1.5), (0.02, 1.5)),
        (SearchBot(3, rounds=2), (0.02, 2.0)),
    ):
        st = new_game("classic", ["a", "b", "c"], 3, events=False)
        bots = [bot, make_bot("basic", 1), make_bot("basic", 2)]
        seen.clear()
        for _ in range(2_000):
            if seen or st.termination:
                break
            step(st, bots)
        assert seen and set(seen) == {want}


def _searched_deals(
    edition: str, seed: int, legal_only: bool
) -> Iterator[tuple[list[Action], list[Action], list[Action]]]:
    """Along a game of four `basic` bots, the first three positions where `strong` has deals
    of its own (`HeuristicBot.deals`; `legal_only`: those the engine takes): (the deals,
    the listed actions, the candidates the search then played)."""
    from tycoon.api import is_legal

    st = new_game(edition, ["a", "b", "c", "d"], seed, events=False)
    bots = [make_bot("basic", p) for p in range(4)]
    strong = SearchBot(1, rounds=2)
    searched = 0
    for _ in range(20_000):
        if st.termination or searched >= 3:
            break
        me = st.current_player
        offers = strong.basic.deals(st, me) if me >= 0 else []
        if legal_only:
            offers = [a for a in offers if is_legal(st, a, me)]
        if offers:
            legal = legal_actions(st)
            strong.choose(clone(st), me, legal)
            yield offers, legal, list(strong.last[0])
            searched += 1
        step(st, bots)
    assert searched == 3


def test_b40_search_tries_the_chip_purchases_basic_prices() -> None:
    """Builder: a needed chip bought for cash is no listed action, but the search plays it
    as a candidate (`HeuristicBot.deals`) wherever the engine would take the offer."""
    for offers, legal, played in _searched_deals("builder", 5, legal_only=True):
        assert not set(offers) & set(legal)  # not in the listing
        assert offers[0] in played


def test_c59_search_tries_deed_sales_at_the_buyers_price() -> None:
    """Classic: a deed sold above its printed price is no listed action (the listing holds
    the printed price), but the search plays the best-paid sales as candidates."""
    for offers, legal, played in _searched_deals("classic", 3, legal_only=False):
        assert not set(offers) & set(legal)
        assert set(offers) <= set(played)


def test_a_long_rollout_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wall-clock cap holds inside a rollout: with a clock that moves 1 ms a reading, a
    50 ms decision plays a few hundred rollout actions, not a whole 1000-round rollout (the
    cap was once read only between rollouts, and wonders decisions overran it)."""
    import tycoon.bots.search as search

    class Clock:
        now = 0.0

        def perf_counter(self) -> float:
            self.now += 0.001
            return self.now

    played = 0

    class Counted:
        name = "counted"

        def __init__(self, seed: int) -> None:
            self.inner = HeuristicBot(seed)

        def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
            nonlocal played
            played += 1
            return self.inner.choose(st, seat, legal)

        def respond(self, st: GameState, seat: int) -> Action | None:
            return self.inner.respond(st, seat)

    st = _midgame("classic", 2)
    monkeypatch.setattr(search, "time", Clock())
    bot = SearchBot(1, rounds=1000, ms=50, horizon_rounds=1000)
    bot._policy = [Counted(k) for k in range(6)]
    bot.choose(st, 0, legal_actions(st))
    assert 0 < played <= 50 * search.CLOCK_EVERY
