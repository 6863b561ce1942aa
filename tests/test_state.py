"""Copies of a state: `shallow_copy` shares every field, `clone` copies every container."""

from __future__ import annotations

import pytest

from tycoon.api import clone, new_game
from tycoon.bots.base import make_bot
from tycoon.engine.state import STATE_FIELDS, GameState, shallow_copy
from tycoon.sim.driver import play

EDITIONS = ("classic", "wonders", "builder", "metropol")


def _midgame(edition: str) -> GameState:
    st = new_game(edition, 3, 7, events=True, count_landings=True)
    return play(st, [make_bot("basic", p) for p in range(3)], max_actions=400)


@pytest.mark.parametrize("edition", EDITIONS)
def test_shallow_copy_shares_every_field(edition: str) -> None:
    st = _midgame(edition)
    new = shallow_copy(st)
    assert new is not st
    for name in STATE_FIELDS:
        mine, its = getattr(new, name), getattr(st, name)
        assert mine == its if isinstance(its, int) else mine is its, name  # compiled: unboxed


@pytest.mark.parametrize("edition", EDITIONS)
def test_clone_copies_every_container_and_changes_nothing_back(edition: str) -> None:
    st = _midgame(edition)
    before = clone(st)
    c = clone(st)
    assert c == st and before == st
    for name in STATE_FIELDS:
        value = getattr(st, name)
        if isinstance(value, list | dict):
            assert getattr(c, name) is not value, name
    assert c.rng is not st.rng and c.edition is st.edition and c.options is st.options
    play(c, [make_bot("basic", 10 + p) for p in range(3)], max_actions=300)
    c.ext.setdefault("probe", []).append(1)
    c.decks[0].append(99)
    assert st == before and c != st
