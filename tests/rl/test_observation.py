"""The observation encoder's layout depends on the edition and the player count only, and it
encodes every pending decision the engine makes (docs/rl.md, The observation)."""

from __future__ import annotations

import numpy as np
import pytest

from tycoon.api import apply_action, new_game
from tycoon.engine import frames as F
from tycoon.rl.game import codec_for
from tycoon.rl.observation import Encoder
from tycoon.rules.debt import POT

from .conftest import EDITIONS

SIZES = {"classic": 563, "wonders": 568, "builder": 826, "metropol": 657}
"""Observation sizes for 4 players (OBS_VERSION 1, docs/rl.md)."""


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_size_depends_on_the_edition_and_player_count_only(edition: str) -> None:
    """An encoder built from a game in progress, after an offer (the offer counter enters
    `st.ext` at the first offer) or with the Free Parking pot, has the size of one built
    at the start: classic was 563 instead of 558 once an offer was made."""
    codec = codec_for(edition)
    st = new_game(edition, 4, 0, events=False)
    size = Encoder(codec, st).size
    assert size == SIZES[edition]
    st.ext["offers"] = [st.turn, 1, 0, 0, 0]  # what the first offer of a turn leaves
    mid = Encoder(codec, st)
    assert mid.size == size
    obs = mid.encode(st, 0, False, 100)
    assert obs.shape == (size,) and obs[mid.sections["offers"][0]] == 1.0
    if edition in ("classic", "wonders"):
        pot = new_game(edition, 4, 0, {"free_parking_pot": True}, events=False)
        assert Encoder(codec, pot).size == size
        pot.ext[POT] = [pot.edition.board.constants["starting_cash"] // 2]
        assert Encoder(codec, pot).encode(pot, 1, False, 0)[mid.sections["pot"][0]] == 0.5


def test_a_debt_owed_to_several_seats_is_encoded() -> None:
    """Metropol: a card's payment owed to every other seat is a debt frame whose creditor
    is a tuple of seats; `_pending` raised TypeError on it (about 1 in 200-600 random
    episodes crashed, AEC and Gym). Every creditor is marked as the counterpart."""
    st = new_game("metropol", 4, 3, events=False)
    for text in ("roll 6 6 6", "roll 1 1 1", "roll 2 2 2", "roll 3 3 3"):
        apply_action(st, text)
    st.stack.append((F.DEBT, 0, (1, 3), 300_000, "card", True))
    enc = Encoder(codec_for("metropol"), st)
    obs = enc.encode(st, 0, False, 0)
    seat_off = enc.sections["pending_seat"][0]
    assert list(obs[seat_off : seat_off + 4]) == [0.0, 1.0, 0.0, 1.0]
    assert obs[enc.sections["pending_amount"][0]] == np.float32(300_000 / 5_000_000)
