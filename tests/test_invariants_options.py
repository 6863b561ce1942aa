"""Random games under random valid options, every edition, every int option also at both
ends of its range: every listed action is accepted (`is_legal` and `apply_action`), the
state facts hold, and the RL observation encoder runs through them with a constant shape.
This is the check that found dealt deeds starting players in the red, builder exchanges
listed for cash that is no whole unit, and metropol debts to several seats crashing the
encoder."""

from __future__ import annotations

import pytest

from tests.invariants import play_listed, random_options, str_choices
from tycoon.editions.registry import find_edition
from tycoon.engine.rng import Rng

EDITIONS = ("classic", "wonders", "builder", "metropol")
STEPS = 1000
RANDOM_GAMES = 3
TIGHT_GAMES = 8
"""Games with a twenty-fifth of the rulebook's starting cash: debts of every kind (a metropol
card owed to every other seat, exchanges asking all a buyer's cash) come early."""


def _cases(edition: str) -> list[dict[str, object]]:
    """Every int option at its low end and at its high end, then fully random options, then
    random options with tight cash."""
    ed = find_edition(edition)
    ranges = ed.options_type.ranges()
    ends: list[dict[str, object]] = [
        {name: end} for name, (lo, hi) in sorted(ranges.items()) for end in (lo, hi)
    ]
    tight: dict[str, object] = {"starting_cash": ed.board.constants["starting_cash"] // 25}
    return ends + [{} for _ in range(RANDOM_GAMES)] + [tight] * TIGHT_GAMES


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_listed_action_is_accepted_under_random_options(edition: str) -> None:
    rng = Rng(3400 + EDITIONS.index(edition))
    played = 0
    for i, fixed in enumerate(_cases(edition)):
        n, opts = random_options(edition, rng, fixed)
        assert all(opts[k] == v for k, v in fixed.items())
        played += play_listed(edition, n, opts, seed=i, steps=STEPS)
    assert played > 20 * len(_cases(edition))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_sweep_draws_every_str_option_from_accepted_values(edition: str) -> None:
    opts = find_edition(edition).options_type
    for name, typ, default, _doc in opts.describe():
        if typ == "str":
            assert default in str_choices(opts, name), name
            for value in str_choices(opts, name):
                assert getattr(opts.parse({name: value}), name) == value
