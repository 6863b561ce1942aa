"""Landings counted by `simulate` agree with each edition's chain (at CI size; the full
1.5-million-roll run is `scripts/landing_agreement.py`)."""

from __future__ import annotations

import functools

import pytest

from tests.analysis.conftest import chain_of
from tycoon.analysis.agreement import agreement, deck_excess
from tycoon.sim.runner import simulate
from tycoon.sim.stats import GameResult

SEATS = ["mover"] * 4
GAMES = {"classic": 70, "wonders": 110, "builder": 500, "metropol": 640}
"""About 20,000 rolls each."""
OPTIONS: dict[str, dict[str, object]] = {"metropol": {"turn_limit": 8}}
"""Metropol stops before its final phase (M-65), which the chain does not describe."""
Z_BOUND = 4.0


@functools.cache
def games_of(edition: str) -> list[GameResult]:
    out: list[GameResult] = []
    simulate(edition, SEATS, GAMES[edition], 0, 2, OPTIONS.get(edition, {}), results=out)
    return out


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_simulated_landings_agree_with_the_chain(edition: str) -> None:
    ag = agreement(chain_of(edition), games_of(edition), len(SEATS))
    assert ag.rolls > 15_000
    assert ag.max_z < Z_BOUND, ag.to_dict()


def test_a_wrong_chain_is_caught() -> None:
    """Games whose pawns take the normal move on triples are not those of a chain that
    goes to the Stock Exchange on every triple (M-14)."""
    wrong = chain_of("metropol", triples="0")
    ag = agreement(wrong, games_of("metropol"), len(SEATS))
    assert ag.max_z > 3 * Z_BOUND
    assert max(range(40), key=lambda s: ag.z[s]) == 0


def test_kept_cards_set_the_deck_allowance() -> None:
    """One Get-out-of-Jail card in each 16-card deck: the others may be drawn 1/15."""
    assert deck_excess("wonders") == pytest.approx(1 / 15)
    assert deck_excess("metropol") == 0.0
