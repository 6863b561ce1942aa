"""Card effects in one style for every edition (issue 9, item 8): the board schema names
only the effects the shared mechanics carry out (`rules/cards.py`); an effect only one
edition knows is written `{"edition": name, "x": n}` (`"kept": true` if the drawer keeps the
card) and carried out by that edition. Every card of every deck is carried out."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tycoon.api import new_game
from tycoon.editions.registry import find_edition
from tycoon.engine.board import EFFECTS, SCHEMA, parse_board
from tycoon.engine.errors import RecordError

EDITIONS = ("classic", "wonders", "builder", "metropol")
SHARED = {
    "move_to",
    "move_by",
    "collect",
    "pay",
    "collect_from_each",
    "go_to_jail",
    "get_out_of_jail",
    "repairs",
    "pay_or_draw",
    "move_back_to",
    "move_to_nearest",
    "pay_each",
    "edition",
}


def _raw(edition: str) -> dict:  # type: ignore[type-arg]
    pkg = find_edition(edition).data_package
    return json.loads(resources.files(pkg).joinpath("data", "board.json").read_text("utf-8"))


def test_schema_names_only_shared_effects() -> None:
    """No edition's own effect name is part of the shared schema."""
    assert set(EFFECTS) == SHARED


@pytest.mark.parametrize("edition", EDITIONS)
def test_edition_effects_use_the_edition_style(edition: str) -> None:
    for deck in _raw(edition)["decks"].values():
        for card in deck:
            (code,) = [k for k in card["effect"] if k in EFFECTS]
            assert code in SHARED, (edition, card["id"], card["effect"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_kept_cards_are_flagged(edition: str) -> None:
    board = find_edition(edition).board
    kept = {c.effect for deck in board.decks for c in deck if c.kept}
    want = {"builder": {"get_out_of_jail", "forced_trade"}, "metropol": set()}
    assert kept == want.get(edition, {"get_out_of_jail"})


def test_edition_effect_fields_are_checked() -> None:
    raw = _raw("builder")
    raw["decks"][next(iter(raw["decks"]))][0]["effect"] = {"edition": "x", "kept": 1}
    with pytest.raises(RecordError, match="kept"):
        parse_board(raw)
    raw["decks"][next(iter(raw["decks"]))][0]["effect"] = {"edition": "x", "y": 1}
    with pytest.raises(RecordError, match="unexpected"):
        parse_board(raw)
    assert raw["schema"] == SCHEMA


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_card_is_carried_out(edition: str) -> None:
    """Each card of each deck, drawn at the top of its deck, is carried out by the shared
    mechanics or by its edition (never `unknown card effect`)."""
    ed = find_edition(edition)
    for d, deck in enumerate(ed.board.decks):
        for i in range(len(deck)):
            st = new_game(edition, 3, 4)
            code = ed.board.card_code(d, i)
            st.decks[d].remove(code)
            st.decks[d].insert(0, code)
            if edition == "metropol":
                from tycoon.editions.metropol import turn

                turn.draw_card(st, 0)
            else:
                from tycoon.rules import cards

                cards.draw(st, 0, d)
