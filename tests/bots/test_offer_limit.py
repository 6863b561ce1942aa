"""The engine option `offer_limit`: offers one seat may make in one player-turn."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.editions.scripting import act, give_deeds, scripted_game, texts, top
from tycoon.api import new_game
from tycoon.bots.random_bot import RandomBot
from tycoon.engine import frames as F
from tycoon.engine.actions import Kind
from tycoon.engine.errors import IllegalActionError, OptionError
from tycoon.engine.state import GameState
from tycoon.rules.trade import offers_made
from tycoon.sim.driver import step


def _offer_and_reject(st: GameState, text: str) -> None:
    act(st, text)
    assert top(st)[0] == F.OFFER
    act(st, "reject")


def test_offer_limit_bounds_exchanges_per_turn_wonders() -> None:
    st = scripted_game("wonders", 3, 0, None, 0, True)
    give_deeds(st, 0, [39])
    for k in range(3):
        _offer_and_reject(st, f"trade 1 give 39 get - cash -{100 + k}")
    assert offers_made(st, 0) == 3
    with pytest.raises(IllegalActionError):
        act(st, "trade 2 give 39 get - cash -100")
    assert not any(t.startswith("trade") for t in texts(st))
    assert top(st) == (F.PRE_ROLL, 0)


def test_offer_limit_bounds_sales_per_turn_classic_and_zero_is_no_limit() -> None:
    st = scripted_game("classic", 3, 0, {"offer_limit": 1}, 0, True)
    give_deeds(st, 0, [1, 3])
    _offer_and_reject(st, "sell-deed 1 to 1 for 100")
    with pytest.raises(IllegalActionError):
        act(st, "sell-deed 3 to 2 for 100")
    assert not any(t.startswith("sell-deed") for t in texts(st))
    free = scripted_game("classic", 3, 0, {"offer_limit": 0}, 0, True)
    give_deeds(free, 0, [1])
    for _ in range(10):
        _offer_and_reject(free, "sell-deed 1 to 1 for 100")
    assert any(t.startswith("sell-deed") for t in texts(free))


@pytest.mark.parametrize("edition", ["builder", "wonders"])
def test_offer_limit_counts_counter_offers(edition: str) -> None:
    """B-40: counter-offers count too, so random seats cannot ping-pong offers forever:
    no seat makes more than `offer_limit` offers in one player-turn."""
    st = new_game(edition, ["a", "b", "c"], 3, {"offer_limit": 2, "turn_limit": 40})
    bots = [RandomBot(p + 11) for p in range(3)]
    per_turn: Counter[tuple[int, int]] = Counter()
    for _ in range(50_000):
        if st.termination:
            break
        turn, before = st.turn, len(st.history)
        step(st, bots)
        for seat, a in st.history[before:]:
            if a.kind in (Kind.TRADE, Kind.SELL_DEED, Kind.SELL_CARD):
                per_turn[(turn, seat)] += 1
    assert st.termination
    assert per_turn and max(per_turn.values()) <= 2


def test_offer_limit_must_not_be_negative() -> None:
    with pytest.raises(OptionError, match="offer_limit"):
        new_game("classic", ["a", "b", "c"], 0, {"offer_limit": -1})


def test_offer_limit_resets_next_turn() -> None:
    st = scripted_game("wonders", 3, 0, {"offer_limit": 1}, 0, True)
    give_deeds(st, 0, [39])
    _offer_and_reject(st, "trade 1 give 39 get - cash -100")
    assert offers_made(st, 0) == 1
    st.turn += 1  # a later player-turn: the count is of that turn
    assert offers_made(st, 0) == 0
