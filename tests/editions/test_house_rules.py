"""The common house rules: typed options, off by default, offered by each edition whose rules
have the thing they change; each test names the rule it changes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.editions.scripting import (
    act,
    end_turn,
    give_deeds,
    ledger_ok,
    roll,
    scripted_game,
    set_cash,
    set_level,
    texts,
    top,
)
from tycoon.api import new_game, outcome
from tycoon.editions.registry import find_edition
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.errors import OptionError
from tycoon.engine.state import GameState
from tycoon.engine.types import Termination
from tycoon.rules.debt import POT

HOUSE_RULES = (
    "starting_cash",
    "free_parking_pot",
    "no_rent_in_jail",
    "no_auction_on_decline",
    "uneven_building",
    "no_double_rent",
)
OFFERED = {
    "classic": {"starting_cash", "free_parking_pot", "no_auction_on_decline"}
    | {"uneven_building", "no_double_rent"},
    "wonders": set(HOUSE_RULES),
    "builder": {"starting_cash", "no_rent_in_jail", "no_auction_on_decline", "no_double_rent"},
    "metropol": {"starting_cash"},
}


def _game(edition: str, options: dict[str, Any] | None = None, n: int = 3) -> GameState:
    return scripted_game(edition, n, 0, options)


def _land(st: GameState, square: int, d1: int = 1, d2: int = 2) -> None:
    st.pos[st.active] = (square - d1 - d2) % st.edition.board.size
    roll(st, d1, d2)


@pytest.mark.parametrize("edition", sorted(OFFERED))
def test_house_rules_are_offered_where_the_rules_have_them_and_off_by_default(
    edition: str,
) -> None:
    ed = find_edition(edition)
    described = {name: (default, doc) for name, _t, default, doc in ed.options_type.describe()}
    assert {n for n in HOUSE_RULES if n in described} == OFFERED[edition]
    for name in OFFERED[edition]:
        default, doc = described[name]
        assert default in (False, 0) and doc.startswith("house rule:")
    for name in set(HOUSE_RULES) - OFFERED[edition]:
        with pytest.raises(OptionError, match=f"option '{name}' does not apply"):
            ed.options_type.parse({name: "true"})
    # a record of a game without house rules keeps its form
    assert not set(HOUSE_RULES) & set(ed.options_type.parse(None).to_dict())
    opts = ed.options_type.parse({"starting_cash": "1000"})
    assert opts.to_dict()["starting_cash"] == 1000
    assert ed.options_type.parse(opts.to_dict()) == opts


def test_house_rule_validation_names_the_option() -> None:
    with pytest.raises(OptionError, match="'starting_cash' must be 0 to 1000000000000, got -5"):
        find_edition("classic").options_type.parse({"starting_cash": -5})
    with pytest.raises(OptionError, match=r"'free_parking_pot' does not apply.*Free Parking"):
        find_edition("metropol").options_type.parse({"free_parking_pot": True})


def test_w99_a_time_game_needs_a_turn_limit() -> None:
    """W-99: the players agree how long to play, so `time_game` without a `turn_limit`
    makes no sense and is refused, naming both options."""
    wonders = find_edition("wonders").options_type
    with pytest.raises(OptionError, match=r"'time_game' needs 'turn_limit'"):
        wonders.parse({"time_game": True})
    assert wonders.parse({"time_game": True, "turn_limit": 30}).turn_limit == 30


@pytest.mark.parametrize("edition", sorted(OFFERED))
def test_c3_w5_b3_m6_starting_cash(edition: str) -> None:
    st = new_game(edition, 3, seed=1, options={"starting_cash": 2000})
    assert st.cash == [2000] * 3 and ledger_ok(st)


@pytest.mark.parametrize("edition", ["classic", "wonders"])
def test_c30_w41_no_double_rent_on_an_unbuilt_whole_group(edition: str) -> None:
    for on in (False, True):
        st = _game(edition, {"no_double_rent": on})
        give_deeds(st, 1, [1, 3])
        _land(st, 3)
        base = st.edition.board.rents[3][0]
        assert st.claims[-1][2] == (base if on else 2 * base)


def test_b28_no_double_rent_in_builder() -> None:
    st = _game("builder", {"no_double_rent": True})
    give_deeds(st, 1, [1, 3])
    _land(st, 3)
    assert st.claims[-1][2] == st.edition.board.rents[3][0]


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder"])
def test_c22_w36_b27_no_auction_when_the_lander_declines(edition: str) -> None:
    st = _game(edition, {"no_auction_on_decline": True})
    _land(st, 6, 2, 3)
    assert top(st) == (F.BUY, 0, 6)
    evs = act(st, "auction")
    assert st.owner[6] == -1 and ev.AUCTION_STARTED not in [e.kind for e in evs]
    assert top(st)[0] != F.AUCTION


@pytest.mark.parametrize("edition", ["wonders", "builder"])
def test_w67_b50_no_rent_while_the_owner_is_in_jail(edition: str) -> None:
    for on in (False, True):
        st = _game(edition, {"no_rent_in_jail": on})
        give_deeds(st, 1, [39])
        st.pos[1] = 10
        st.jail[1] = 0
        _land(st, 39)
        assert bool(st.claims) is not on


@pytest.mark.parametrize("edition", ["classic", "wonders"])
def test_c51_w72_uneven_building(edition: str) -> None:
    for on in (False, True):
        st = _game(edition, {"uneven_building": on})
        give_deeds(st, 0, [1, 3])
        set_level(st, 1, 1)
        # a second house before one on 3: even building forbids it, the house rule not
        assert ("build 1" in texts(st)) is on
        if on:
            act(st, "build 1")
            assert st.level[1] == 2 and st.level[3] == 0


def test_w78_uneven_building_sells_in_any_order() -> None:
    st = _game("wonders", {"uneven_building": True})
    give_deeds(st, 0, [6, 8, 9])
    set_level(st, 6, 5)
    set_level(st, 8, 4)
    set_level(st, 9, 4)
    st.houses_left = 0
    assert {"sell-building 8", "sell-building 9"} <= set(texts(st))
    act(st, "sell-building 6")  # the hotel alone goes outright (W-78 c)
    assert [st.level[s] for s in (6, 8, 9)] == [0, 4, 4] and ledger_ok(st)


@pytest.mark.parametrize(("edition", "tax"), [("classic", 38), ("wonders", 38)])
def test_c45_w59_w65_free_parking_pot(edition: str, tax: int) -> None:
    st = _game(edition, {"free_parking_pot": True})
    amount = st.edition.board.amount[tax]
    _land(st, tax, 1, 3)
    assert st.ext[POT] == [amount] and ledger_ok(st)
    end_turn(st)
    cash = st.cash[1]
    _land(st, 20, 4, 5)  # seat 1 stops on Free Parking: he takes the pot
    assert st.cash[1] == cash + amount and st.ext[POT] == [0] and ledger_ok(st)
    st = _game(edition)
    assert POT not in st.ext  # off by default: taxes go to the bank


def test_w66_free_parking_pot_takes_the_jail_fine() -> None:
    st = _game("wonders", {"free_parking_pot": True})
    st.pos[0] = 10
    st.jail[0] = 0
    st.stack[-1] = (F.JAIL, 0)
    act(st, "pay-fine")
    assert st.ext[POT] == [st.edition.board.constants["jail_fine"]]


@pytest.mark.parametrize("edition", sorted(OFFERED))
def test_c76_w99_b66_m72_turn_limit_ends_on_the_editions_own_score(edition: str) -> None:
    from tycoon.bots import make_bot
    from tycoon.sim.driver import play

    st = new_game(edition, 3, seed=3, options={"turn_limit": 3})
    play(st, [make_bot("heuristic", p) for p in range(3)])
    out = outcome(st)
    assert out.termination in (Termination.TURN_LIMIT.value, Termination.LAST_PLAYER.value) or (
        edition == "builder"
    )
    if out.termination == Termination.TURN_LIMIT.value:
        alive = [p for p in range(3) if st.alive[p] or not st.edition.mechanics.last_player_wins]
        assert set(out.winners) <= set(alive)
        assert st.winners == st.edition.winners(st, [p for p in range(3) if st.alive[p]])
        # the winners are exactly the seats of the highest score (net worth, points, M-72)
        best = max(out.scores[p] for p in alive)
        assert set(out.winners) == {p for p in alive if out.scores[p] == best}
    set_cash(st, 0, st.cash[0])  # the state is still consistent
