"""Every change of cash or ownership is named by an event (issue 9, item 11), in every
edition: games with events on, each action checked by `invariants.check_named`; and the
checker itself catches an unnamed change."""

from __future__ import annotations

import pytest
from invariants import STATS, InvariantError, check_named, play_checked

from tycoon.api import new_game
from tycoon.engine import events as ev
from tycoon.records.describe import describe

CASES = [
    # (edition, seats, seed): games that reach bankruptcies (to the bank and to a player),
    # forced auctions and the final cash-in
    ("classic", ["heuristic", "random", "random"], 0),
    ("classic", ["random"] * 4, 0),
    ("classic", ["heuristic", "random", "random"], 3),
    ("wonders", ["heuristic", "random", "random"], 0),
    ("wonders", ["random"] * 4, 0),
    ("wonders", ["heuristic", "random", "random"], 3),
    ("builder", ["heuristic", "random", "random"], 1),
    ("builder", ["random"] * 4, 2),
    ("metropol", ["heuristic", "random", "random"], 0),
    ("metropol", ["random"] * 4, 0),
    ("metropol", ["heuristic"] * 3, 1),
]


@pytest.mark.parametrize(("edition", "kinds", "seed"), CASES)
def test_every_change_of_cash_or_property_is_named(
    edition: str, kinds: list[str], seed: int
) -> None:
    before = STATS.named_checks
    play_checked(
        kinds, seed, turn_limit=30, deep_every=1000, json_every=1000, events=True, edition=edition
    )
    assert STATS.named_checks - before > 100


def test_checker_catches_an_unnamed_change() -> None:
    st = new_game("classic", 3, 1)
    before = (st.cash[:], st.owner[:], st.mortgaged[:], st.level[:])
    st.cash[1] -= 100
    st.bank += 100
    with pytest.raises(InvariantError, match="seat 1's cash"):
        check_named(before, st, [], "probe")
    check_named(before, st, [ev.Event(ev.PAID, 1, -1, 100, -1, "tax")], "probe")
    st.owner[1] = 2
    with pytest.raises(InvariantError, match="square 1's owner"):
        check_named(before, st, [ev.Event(ev.PAID, 1, -1, 100, -1)], "probe")
    named = [ev.Event(ev.PAID, 1, -1, 100, -1), ev.Event(ev.TRANSFERRED, 0, 1, 0, 2)]
    check_named(before, st, named, "probe")
    st.level[1] = 1
    with pytest.raises(InvariantError, match="square 1's buildings"):
        check_named(before, st, named, "probe")
    st.mortgaged[3] = True
    with pytest.raises(InvariantError, match="square 3's mortgage"):
        check_named(before, st, [*named, ev.Event(ev.BUILT, 2, 1, 1)], "probe")


def test_bankruptcy_events_read_well() -> None:
    board = new_game("classic", 3, 0).edition.board
    names = ("Ann", "Bob", "Cy")
    assert describe(board, names, ev.Event(ev.TRANSFERRED, 0, 3, 0, -1)) == (
        "Athens went back from Ann to the bank"
    )
    assert describe(board, names, ev.Event(ev.SOLD_BUILDING, 0, 3, 0, -1, "bankruptcy")) == (
        "The buildings on Athens went back to the bank (Ann is bankrupt)"
    )
    assert describe(board, names, ev.Event(ev.PAID, 0, -1, 75, 1, "bankruptcy")) == (
        "Ann paid Bob $75 (bankruptcy)"
    )
