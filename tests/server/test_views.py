"""The view contract (issue 11 item 2): public and seat views as plain JSON, the structured
legal-action forms, the static board of every edition, and no secret in any view."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tycoon.api import is_legal, new_game, outcome, parse_action
from tycoon.bots import make_bot
from tycoon.editions.registry import all_editions, find_edition
from tycoon.engine.actions import card_text
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.view import public_view, view
from tycoon.sim.driver import step

EDITIONS = ["classic", "wonders", "builder", "metropol"]
SEED = 8_675_309_123_457
SECRET_KEYS = {"rng", "seed", "decks", "deck_order", "history"}


def _keys(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        out = set(obj)
        for v in obj.values():
            out |= _keys(v)
        return out
    if isinstance(obj, list):
        return set().union(*(_keys(v) for v in obj)) if obj else set()
    return set()


def assert_no_secret(st: GameState, text: str) -> None:
    """The RNG state, the seed and the order of every deck never appear in `text`."""
    assert str(st.rng.state) not in text
    assert str(st.seed) not in text
    for deck in st.decks:
        if len(deck) >= 3:
            assert json.dumps(deck) not in text
            assert json.dumps([card_text(c) for c in deck]) not in text
            assert ", ".join(map(str, deck)) not in text
    assert not SECRET_KEYS & _keys(json.loads(text))


def _game(edition: str) -> tuple[GameState, list[Any]]:
    opts = {} if edition == "builder" else {"turn_limit": 25}
    st = new_game(edition, ["Ann", "Bob", "Cy"], SEED, opts)
    return st, [make_bot("heuristic", s) for s in range(3)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_view_of_a_whole_game_shows_rng_seed_or_deck_order(edition: str) -> None:
    st, bots = _game(edition)
    steps = 0
    while not st.termination:
        if steps % 3 == 0 or st.current_player == CHANCE:
            for seat in (None, *range(st.n)):
                assert_no_secret(st, json.dumps(view(st, seat)))
        step(st, bots)
        steps += 1
    for seat in (None, *range(st.n)):
        assert_no_secret(st, json.dumps(view(st, seat)))
    assert steps > 50
    # the end screen's scores are the engine's (C-77, W-93, B-71, M-72), named by the board
    assert public_view(st)["scores"] == list(outcome(st).scores)
    name = find_edition(edition).board_view()["score_name"]
    assert name == {"builder": "points", "metropol": "cash and permits"}.get(edition, "net worth")


@pytest.mark.parametrize("edition", EDITIONS)
def test_forms_name_legal_actions_and_legal_ranges(edition: str) -> None:
    st, bots = _game(edition)
    ranged = 0
    for _ in range(600):
        if st.termination:
            break
        cur = st.current_player
        if cur >= 0:
            v = view(st, cur)
            texts = {e["text"] for e in v["actions"]}
            assert texts <= set(v["legal_actions"])
            kinds = {t.split()[0] for t in v["legal_actions"]}
            assert kinds == {e["kind"] for e in v["actions"]}
            for e in v["actions"]:
                assert isinstance(e["label"], str) and e["label"]
                assert is_legal(st, parse_action(st, e["text"]), cur)
                for name, r in e["params"].items():
                    ranged += 1
                    assert r["min"] <= r["max"] and r["step"] >= 1
                    mid = r["min"] + (r["max"] - r["min"]) // r["step"] // 2 * r["step"]
                    for n in (r["min"], mid, r["max"]):
                        text = e["template"].format(**{name: n})
                        assert is_legal(st, parse_action(st, text), cur), text
        step(st, bots)
    assert ranged > 0


def test_public_view_is_the_spectators_view() -> None:
    st, bots = _game("classic")
    for _ in range(40):
        step(st, bots)
    assert public_view(st) == view(st, None)
    seat = view(st, st.active)
    assert seat["seat"] == st.active and seat["players"] == public_view(st)["players"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_board_view_every_edition(edition: str) -> None:
    ed = find_edition(edition)
    for lang in ed.languages:
        b = ed.board_view(lang)
        json.dumps(b)
        assert b["size"] == ed.board.size == len(b["squares"])
        assert b["lang"] == lang and b["languages"][0] == "en"
        for sq in b["squares"]:
            assert sq["name"] == (sq["name_en"] if lang == "en" else sq["name_local"])
            if sq["kind"] in ("street", "railway", "utility"):
                assert sq["price"] >= 0 and sq["group"] is not None
        streets = [g for g in b["groups"] if g["kind"] == "street"]
        assert streets and all(g["rgb"] and g["rgb"].startswith("#") for g in streets)
        for d in b["decks"]:
            assert [c["id"] for c in d["cards"]] == [
                f"{d['letter']}{i + 1}" for i in range(len(d["cards"]))
            ]
    with pytest.raises(ValueError, match="unknown language"):
        ed.board_view("xx")


def test_board_view_original_language_names() -> None:
    pl = find_edition("classic").board_view("pl")
    assert pl["squares"][1]["name"] == "Saloniki" and pl["squares"][1]["name_en"] == "Thessaloniki"
    assert pl["groups"][0]["name"] == "Grecja"
    nb = find_edition("wonders").board_view("nb")
    assert nb["squares"][1]["location"] and nb["squares"][1]["wonder_no"] == 1


def test_board_view_layouts() -> None:
    isl = find_edition("builder").board_view()["layout"]
    assert isl["kind"] == "island" and (isl["rows"], isl["cols"]) == (6, 6)
    assert len(isl["cells"]) == 32 and 0 not in isl["cells"]
    assert isl["squares"]["1"] == {"dice_number": 2, "resource": "red"}
    assert len(isl["floor_costs"]) == 5
    city = find_edition("metropol").board_view()["layout"]
    assert city["kind"] == "city" and len(city["areas"]) == 4 and len(city["blocks"]) == 36
    assert {"id", "x", "y", "area", "permits"} <= set(city["blocks"][0])
    assert find_edition("classic").board_view()["layout"] == {}


def test_every_registered_edition_has_a_board_view() -> None:
    for ed in all_editions():
        assert ed.board_view()["edition"] == ed.id


def test_forms_of_a_builder_discard_name_the_chips() -> None:
    """B-14: a discard of one chip or of the whole excess is a form with its chips."""
    from tests.editions.builder.helpers import end_turn, give_deeds, land_on, set_chips, start

    st = start(3)
    give_deeds(st, 1, [1], mortgaged=False)
    land_on(st, 1, 1, 3)
    set_chips(st, 1, [3, 3, 2, 1])
    end_turn(st)
    v = view(st, 1)
    discards = {e["text"]: e for e in v["actions"] if e["kind"] == "discard"}
    assert discards["discard 2r,1p"]["args"] == {"chips": "2r,1p"}
    assert discards["discard 1y"]["args"] == {"chips": "1y"}
    assert all(e["label"] for e in discards.values())
    assert v["pending"]["kind"] == "discard"


def test_view_of_a_builder_trade_offer_names_its_chips() -> None:
    """B-56: the pending offer of a deal shows the chips on each side, as its form does."""
    from tests.editions.builder.helpers import act, give_deeds, start

    st = start()
    give_deeds(st, 0, [6])
    act(st, "trade 1 give 6,2r get 1p cash 30")
    pending = view(st, 1)["pending"]
    assert pending["offer"] == "trade" and pending["price"] == 30
    assert pending["give"] == {"squares": [6], "cards": [], "chips": {"r": 2}}
    assert pending["get"] == {"squares": [], "cards": [], "chips": {"p": 1}}
    assert public_view(st)["pending"] == pending


def test_rent_in_the_view_is_the_rent_a_deed_charges_now() -> None:
    """C-30, C-31: a street's rent by its level and group, a railway's by the count, a
    utility's dice multiplier; null where nothing is charged (unowned, mortgaged)."""
    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    b = st.edition.board
    v = public_view(st)
    assert v["rent"] == [None] * b.size
    st.owner[1] = 0
    assert public_view(st)["rent"][1] == b.rents[1][0]
    st.owner[3] = 0  # the whole group: double rent (C-30)
    assert public_view(st)["rent"][1] == 2 * b.rents[1][0]
    st.level[1] = 2
    assert public_view(st)["rent"][1] == b.rents[1][2]
    st.owner[5] = st.owner[15] = 1
    st.mortgaged[15] = True
    utility = 12
    st.owner[utility] = 2
    v = public_view(st)
    assert v["rent"][5] == b.railway_rents[1] and v["rent"][15] is None
    assert v["rent"][utility] == b.utility_multipliers[0]


def test_metropol_rent_is_the_permits_rent_and_the_bridge_toll() -> None:
    """M-31: a street permit's rent is the city's; M-37: a bridge's toll grows with the
    bridges its owner holds."""
    st = new_game("metropol", ["Ann", "Bob", "Cy"], 4)
    v = public_view(st)
    for s in st.edition.board.streets:
        assert v["rent"][s] == (v["city"]["rent"][str(s)] if st.owner[s] >= 0 else None)
    bridges = [s for s in st.edition.board.deeds if s not in st.edition.board.streets]
    st.owner[bridges[0]] = st.owner[bridges[1]] = 1
    v = public_view(st)
    assert v["rent"][bridges[0]] == v["rent"][bridges[1]] == 200_000


@pytest.mark.parametrize("edition", EDITIONS)
def test_board_view_names_the_ends_the_rules_and_the_help(edition: str) -> None:
    b = find_edition(edition).board_view()
    assert b["terminations"]["last_player"] and b["terminations"]["turn_limit"]
    assert b["score_name"].split()[0] in b["terminations"]["turn_limit"]
    assert b["score_is_money"] is (edition != "builder")
    assert b["jail_rule"] in ("attempts", "skip_turns")
    assert isinstance(b["auction_pass_final"], bool)
    assert b["help"] and b["help"].count("`") % 2 == 0
