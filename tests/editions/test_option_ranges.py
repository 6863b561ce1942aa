"""Every int option of every edition has a documented range (its field's `range`), checked
by the edition's option parsing: values the records and the engine's amounts cannot hold
(`turn_limit` or `offer_limit` of 10**19, `starting_cash` of 10**20) are refused, naming
the option and its range."""

from __future__ import annotations

import dataclasses

import pytest

from tycoon.api import new_game
from tycoon.editions.registry import all_editions, find_edition
from tycoon.engine.bounds import AMOUNT_LIMIT
from tycoon.engine.errors import OptionError
from tycoon.records.record import MAX_DIGITS

EDITIONS = ("classic", "wonders", "builder", "metropol")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_int_option_has_a_range_within_the_records(edition: str) -> None:
    opts = find_edition(edition).options_type
    ints = {n for n, typ, _d, _doc in opts.describe() if typ == "int"}
    ranges = opts.ranges()
    assert set(ranges) == ints
    for f in dataclasses.fields(opts):
        if f.name in ranges:
            lo, hi = ranges[f.name]
            assert lo <= f.default <= hi, f.name
            assert 0 <= lo <= hi < AMOUNT_LIMIT and len(str(hi)) <= MAX_DIGITS, f.name


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_int_option_outside_its_range_is_refused_naming_it(edition: str) -> None:
    opts = find_edition(edition).options_type
    for name, (lo, hi) in opts.ranges().items():
        assert getattr(opts.parse({name: lo}), name) == lo
        assert getattr(opts.parse({name: str(hi)}), name) == hi
        for bad in (lo - 1, hi + 1, 10**19, 10**20, -(10**19), 10**5000):
            with pytest.raises(OptionError, match=f"option '{name}' must be {lo} to {hi}, got"):
                opts.parse({name: bad})


def test_issue_values_are_refused() -> None:
    with pytest.raises(OptionError, match="'turn_limit' must be 0 to 100000"):
        new_game("classic", 3, 1, {"turn_limit": 10**19})
    with pytest.raises(OptionError, match="'offer_limit' must be 0 to 1000"):
        new_game("wonders", 3, 1, {"offer_limit": 10**19})
    with pytest.raises(OptionError, match="'starting_cash' must be 0 to 1000000000000"):
        new_game("metropol", 3, 1, {"starting_cash": 10**20})
    with pytest.raises(OptionError, match="got a 5000-bit number"):
        new_game("builder", 3, 1, {"starting_cash": 2**4999})


def test_every_edition_is_covered() -> None:
    assert sorted(ed.id for ed in all_editions()) == sorted(EDITIONS)
