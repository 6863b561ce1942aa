"""The game's generator (`tycoon.engine.rng`): SplitMix64, the same draws in both forms.

Interpreted, a draw is the textbook formula on big integers; compiled, it is computed in
32-bit halves. Every record and golden game depends on the two agreeing bit for bit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tycoon.engine import rng
from tycoon.engine.rng import Rng
from tycoon.native import is_compiled

SEEDS = st.integers(min_value=-(2**80), max_value=2**80)
MASK = (1 << 64) - 1


def reference(seed: int, draws: int) -> list[int]:
    """SplitMix64 as published, on Python's integers."""
    s, out = seed & MASK, []
    for _ in range(draws):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def test_the_generator_is_splitmix64() -> None:
    """The published first outputs of seed 0."""
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_dice_of_a_known_seed() -> None:
    r = Rng(2026)
    assert [r.below(6) for _ in range(12)] == [1, 5, 2, 0, 3, 3, 0, 1, 2, 2, 1, 4]
    assert r.state == 0x6A99B4B1F77DD8E6


def test_the_halves_form_runs_exactly_when_compiled() -> None:
    assert is_compiled("tycoon.engine.rng") == rng.HALVES


@settings(max_examples=300)
@given(SEEDS)
def test_both_forms_give_the_reference_draws(seed: int) -> None:
    big, halves = Rng(seed), Rng(seed)
    expected = reference(seed, 40)
    for want in expected:
        hi, lo = halves.next_halves()
        assert big.next_big() == want == (hi << 32) | lo
        assert big.state == halves.state
    assert Rng(seed).state == seed & MASK
    fresh = Rng(seed)
    assert [fresh.next_u64() for _ in expected] == expected


@settings(max_examples=300)
@given(SEEDS, st.lists(st.integers(min_value=1, max_value=2**63), min_size=1, max_size=30))
def test_below_takes_unbiased_draws_from_the_reference(seed: int, bounds: list[int]) -> None:
    """A draw above the largest multiple of n is rejected and the next one taken."""
    r, draws = Rng(seed), iter(reference(seed, 10 * len(bounds) + 10))
    for n in bounds:
        limit = MASK - (MASK + 1) % n
        x = next(draws)
        while x > limit:
            x = next(draws)
        assert r.below(n) == x % n


@given(SEEDS)
def test_a_copy_draws_what_the_original_draws(seed: int) -> None:
    r = Rng(seed)
    r.below(6)
    c = r.copy()
    assert [c.below(6) for _ in range(10)] == [r.below(6) for _ in range(10)]


@pytest.mark.parametrize("n", [0, -6, 2**64 + 1])
def test_below_refuses_a_bound_it_cannot_draw_under(n: int) -> None:
    """No draw is below 0, and above 2^64 no draw would ever pass the bias check."""
    with pytest.raises(ValueError, match="n must be 1 to 2\\^64"):
        Rng(1).below(n)


def test_below_the_whole_range_is_a_draw() -> None:
    assert Rng(0).below(2**64) == 0xE220A8397B1DCDAF
