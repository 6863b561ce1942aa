"""The wonders board file (`tycoon.editions.wonders/data/board.json`) and its loader.

Tests named after a rule id check that rule's data (wonders.md, W-1 to W-101, section 5).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from tycoon.engine.board import Board, Card, SquareKind, load_board, parse_board
from tycoon.engine.errors import RecordError

PACKAGE = "tycoon.editions.wonders"

K = SquareKind
# Square kinds in board order (wonder = STREET, airport = RAILWAY, card squares = CHANCE).
LAYOUT = {
    0: K.START,
    2: K.CHANCE,
    4: K.TAX,
    5: K.RAILWAY,
    7: K.CHANCE,
    10: K.JAIL,
    12: K.UTILITY,
    15: K.RAILWAY,
    17: K.CHANCE,
    20: K.FREE_PARKING,
    22: K.CHANCE,
    25: K.RAILWAY,
    28: K.UTILITY,
    30: K.GO_TO_JAIL,
    33: K.CHANCE,
    35: K.RAILWAY,
    36: K.CHANCE,
    38: K.TAX,
}
STREETS = (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39)

# Section 5.2: square -> (price, rents none/1/2/3/4 houses/hotel, house cost = hotel cost).
WONDER_TABLE = {
    1: (1200, (40, 200, 600, 1800, 3200, 5000), 1000),
    3: (1200, (80, 400, 1200, 3600, 6400, 9000), 1000),
    6: (2000, (120, 600, 1800, 5400, 8000, 11000), 1000),
    8: (2000, (120, 600, 1800, 5400, 8000, 11000), 1000),
    9: (2400, (160, 800, 2000, 6000, 9000, 12000), 1000),
    11: (2800, (200, 1000, 3000, 9000, 12500, 15000), 2000),
    13: (2800, (200, 1000, 3000, 9000, 12500, 15000), 2000),
    14: (3200, (240, 1200, 3600, 10000, 14000, 18000), 2000),
    16: (3600, (280, 1400, 4000, 11000, 15000, 19000), 2000),
    18: (3600, (280, 1400, 4000, 11000, 15000, 19000), 2000),
    19: (4000, (320, 1600, 4400, 12000, 16000, 20000), 2000),
    21: (4400, (360, 1800, 5000, 14000, 17500, 21000), 3000),
    23: (4400, (360, 1800, 5000, 14000, 17500, 21000), 3000),
    24: (4800, (400, 2000, 6000, 15000, 18500, 22000), 3000),
    26: (5200, (440, 2200, 6600, 16000, 19500, 23000), 3000),
    27: (5200, (440, 2200, 6600, 16000, 19500, 23000), 3000),
    29: (5600, (480, 2400, 7200, 17000, 20500, 24000), 3000),
    31: (6000, (520, 2600, 7800, 18000, 22000, 25500), 4000),
    32: (6000, (520, 2600, 7800, 18000, 22000, 25500), 4000),
    34: (6400, (560, 3000, 9000, 20000, 24000, 28000), 4000),
    37: (7000, (700, 3500, 10000, 22000, 26000, 30000), 4000),
    39: (8000, (1000, 4000, 12000, 28000, 34000, 40000), 4000),
}

GROUPS = {
    "brown": (1, 3),
    "light_blue": (6, 8, 9),
    "pink": (11, 13, 14),
    "orange": (16, 18, 19),
    "red": (21, 23, 24),
    "yellow": (26, 27, 29),
    "green": (31, 32, 34),
    "dark_blue": (37, 39),
    "airport": (5, 15, 25, 35),
    "utility": (12, 28),
}

CHANCE_EFFECTS = [
    ("move_to", 0, 0),
    ("move_to", 24, 0),
    ("move_to", 39, 0),
    ("move_to", 11, 0),
    ("move_to", 15, 0),
    ("move_to_nearest", int(K.RAILWAY), 0),
    ("move_to_nearest", int(K.UTILITY), 1),
    ("move_by", -3, 0),
    ("go_to_jail", 0, 0),
    ("repairs", 500, 2000),
    ("repairs", 800, 2300),
    ("pay", 3000, 0),
    ("pay", 300, 0),
    ("collect", 3000, 0),
    ("collect", 1000, 0),
    ("get_out_of_jail", 0, 0),
]
COMMUNITY_CHEST_EFFECTS = [
    ("move_to", 0, 0),
    ("move_back_to", 1, 0),
    ("go_to_jail", 0, 0),
    ("pay", 2000, 0),
    ("pay", 1000, 0),
    ("pay", 1000, 0),
    ("collect", 4000, 0),
    ("collect", 2000, 0),
    ("collect", 2000, 0),
    ("collect", 1000, 0),
    ("collect", 500, 0),
    ("collect", 400, 0),
    ("collect", 200, 0),
    ("collect_from_each", 200, 0),
    ("get_out_of_jail", 0, 0),
    ("pay_or_draw", 200, 0),
]


def _raw() -> dict[str, Any]:
    text = resources.files(PACKAGE).joinpath("data", "board.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(PACKAGE)


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return _raw()


def _cards(board: Board, deck: str) -> tuple[Card, ...]:
    return board.decks[board.deck_names.index(deck)]


# --- identity and layout -----------------------------------------------------------------


def test_header(raw: dict[str, Any], board: Board) -> None:
    assert raw["schema"] == "tycoon.board/1"
    assert raw["edition"] == "wonders"
    assert raw["name"] == "Monopoly Wonders of the World"
    assert board.currency == "kr"


def test_file_layout_one_square_and_one_card_per_line() -> None:
    text = resources.files(PACKAGE).joinpath("data", "board.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert sum(1 for ln in lines if ln.lstrip().startswith('{"index": ')) == 40
    assert sum(1 for ln in lines if ln.lstrip().startswith('{"id": ')) == 32


def test_40_squares_in_standard_layout(board: Board) -> None:
    assert board.size == 40
    expected = [LAYOUT.get(i, K.STREET) for i in range(40)]
    assert list(board.kind) == [int(k) for k in expected]
    assert board.streets == STREETS


def test_w1_components_28_deeds_16_plus_16_cards(board: Board) -> None:
    assert len(board.deeds) == 28
    assert Counter(board.kind[d] for d in board.deeds) == {K.STREET: 22, K.RAILWAY: 4, K.UTILITY: 2}
    assert board.deck_names == ("chance", "community_chest")
    assert [len(d) for d in board.decks] == [16, 16]


def test_w3_players_2_to_6(board: Board) -> None:
    assert board.constants["min_players"] == 2
    assert board.constants["max_players"] == 6


def test_w5_starting_cash(board: Board) -> None:
    assert board.constants["starting_cash"] == 30000
    assert board.constants["money_unit"] == 1


def test_w13_22_wonders_with_map_numbers_1_to_22_in_board_order(raw: dict[str, Any]) -> None:
    wonders = [sq for sq in raw["squares"] if sq["kind"] == "street"]
    assert [sq["wonder_no"] for sq in wonders] == list(range(1, 23))
    assert [sq["index"] for sq in wonders] == list(STREETS)
    assert all(isinstance(sq["location"], str) and sq["location"] for sq in wonders)
    assert all("wonder_no" not in sq for sq in raw["squares"] if sq["kind"] != "street")


def test_names(board: Board) -> None:
    assert board.name[1] == "Stonehenge"
    assert board.name_en[39] == "Great Wall of China"
    assert board.name[24] == "Taj Mahal"
    assert board.name_en[5] == "London Heathrow Airport"
    assert board.name_en[12] == "Electric Company"
    assert board.name_en[28] == "Water Works"
    assert all(board.name[i] and board.name_en[i] for i in range(40))


# --- START, jail, taxes --------------------------------------------------------------------


def test_w30_start_salary(board: Board) -> None:
    assert board.kind[0] == K.START
    assert board.amount[0] == 4000
    assert board.constants["start_bonus"] == 4000


def test_w28_third_double_to_jail(board: Board) -> None:
    assert board.constants["doubles_to_jail"] == 3


def test_w62_w66_jail_squares_fine_and_attempts(board: Board) -> None:
    assert board.constants["jail_index"] == 10 and board.kind[10] == K.JAIL
    assert board.constants["go_to_jail_index"] == 30 and board.kind[30] == K.GO_TO_JAIL
    assert board.constants["jail_fine"] == 1000
    assert board.constants["jail_attempts"] == 3


def test_w59_tax_amounts(board: Board) -> None:
    taxes = {i: board.amount[i] for i in range(40) if board.kind[i] == K.TAX}
    assert taxes == {4: 4000, 38: 2000}


def test_w61_free_parking(board: Board) -> None:
    assert board.kind[20] == K.FREE_PARKING
    assert board.amount[20] == 0


# --- deeds ---------------------------------------------------------------------------------


def test_groups_of_2_or_3_wonders(board: Board) -> None:
    got = {gid: board.groups[g] for g, gid in enumerate(board.group_id)}
    assert got == GROUPS
    street_groups = [g for g in range(len(board.groups)) if board.group_kind[g] == K.STREET]
    assert len(street_groups) == 8
    assert sorted(len(board.groups[g]) for g in street_groups) == [2, 2, 3, 3, 3, 3, 3, 3]
    for g, squares in enumerate(board.groups):
        for s in squares:
            assert board.group[s] == g
            assert board.kind[s] == board.group_kind[g]
    assert sorted(s for sq in board.groups for s in sq) == list(board.deeds)


def test_w40_wonder_prices_rents_and_building_costs(board: Board) -> None:
    got = {s: (board.price[s], board.rents[s], board.house_cost[s]) for s in board.streets}
    assert got == WONDER_TABLE
    for s in board.streets:
        assert board.hotel_cost[s] == board.house_cost[s]
        assert list(board.rents[s]) == sorted(board.rents[s])
    for g, squares in enumerate(board.groups):
        if board.group_kind[g] == K.STREET:
            assert len({board.house_cost[s] for s in squares}) == 1


def test_w46_utility_multipliers(board: Board) -> None:
    assert [i for i in range(40) if board.kind[i] == K.UTILITY] == [12, 28]
    assert board.utility_multipliers == (80, 200)
    assert board.price[12] == board.price[28] == 3000


def test_w50_airport_rents(board: Board) -> None:
    assert [i for i in range(40) if board.kind[i] == K.RAILWAY] == [5, 15, 25, 35]
    assert board.railway_rents == (500, 1000, 2000, 4000)
    assert {board.price[a] for a in (5, 15, 25, 35)} == {4000}


def test_w80_mortgage_is_half_the_price(board: Board) -> None:
    for d in board.deeds:
        assert board.mortgage[d] * 2 == board.price[d], d
    assert board.mortgage[39] == 4000
    assert board.mortgage[1] == 600


def test_w83_interest_is_exactly_ten_percent_of_the_mortgage(board: Board) -> None:
    for d in board.deeds:
        assert board.mortgage[d] % 10 == 0, d
        assert board.interest[d] * 10 == board.mortgage[d], d
    assert board.interest[1] == 60
    assert board.interest[5] == 200
    assert board.interest[12] == 150
    assert board.interest[39] == 400


def test_non_deeds_have_no_deed_values(board: Board) -> None:
    for i in range(40):
        if i in board.deeds:
            continue
        assert board.price[i] == board.mortgage[i] == board.interest[i] == 0
        assert board.group[i] == -1
        assert board.rents[i] == ()


# --- buildings and game end ----------------------------------------------------------------


def test_w76_building_stock(board: Board) -> None:
    assert board.constants["houses_in_bank"] == 32
    assert board.constants["hotels_in_bank"] == 12


def test_w73_w75_four_houses_max_and_for_a_hotel(board: Board) -> None:
    assert board.constants["max_houses_per_city"] == 4
    assert board.constants["houses_per_hotel"] == 4


def test_w92_completion_bonus_and_wonders_to_complete(board: Board) -> None:
    assert board.constants["completion_bonus"] == 30000
    assert board.constants["wonders_to_complete"] == 22 == len(board.streets)


def test_w96_two_deeds_dealt_per_player(board: Board) -> None:
    assert board.constants["deeds_dealt_per_player"] == 2


# --- cards ---------------------------------------------------------------------------------


def test_w53_card_squares(board: Board) -> None:
    chance = board.deck_names.index("chance")
    chest = board.deck_names.index("community_chest")
    decks = {i: board.deck_of[i] for i in range(40) if board.deck_of[i] >= 0}
    assert decks == {7: chance, 22: chance, 36: chance, 2: chest, 17: chest, 33: chest}
    assert [i for i in range(40) if board.kind[i] == K.CHANCE] == [2, 7, 17, 22, 33, 36]


def test_card_ids_and_deck_letters(board: Board) -> None:
    assert board.deck_letters == ("C", "K")
    assert [c.id for c in _cards(board, "chance")] == [f"C{n}" for n in range(1, 17)]
    assert [c.id for c in _cards(board, "community_chest")] == [f"K{n}" for n in range(1, 17)]


def test_card_texts(board: Board) -> None:
    for deck in board.decks:
        for c in deck:
            assert c.text_en
            assert c.text == c.text_en  # the designed decks have no Norwegian text yet
    assert _cards(board, "chance")[7].text_en == "Go back three spaces."
    assert _cards(board, "community_chest")[1].text_en == "Go back to Stonehenge."


def test_w54_chance_effects(board: Board) -> None:
    got = [(c.effect, c.x, c.y) for c in _cards(board, "chance")]
    assert got == CHANCE_EFFECTS


def test_w54_community_chest_effects(board: Board) -> None:
    got = [(c.effect, c.x, c.y) for c in _cards(board, "community_chest")]
    assert got == COMMUNITY_CHEST_EFFECTS


def test_w55_card_move_targets_are_valid_squares(board: Board) -> None:
    for deck in board.decks:
        for c in deck:
            if c.effect in ("move_to", "move_back_to"):
                assert 0 <= c.x < board.size
            if c.effect == "move_to_nearest":
                assert c.x in (K.RAILWAY, K.UTILITY)
                assert any(board.kind[i] == c.x for i in range(board.size))
    # The named targets: Taj Mahal, Great Wall, Petra, Paris CDG, Stonehenge.
    assert board.name_en[24] == "Taj Mahal" and board.kind[24] == K.STREET
    assert board.name_en[39] == "Great Wall of China"
    assert board.name_en[11] == "Petra"
    assert board.kind[15] == K.RAILWAY and "Charles de Gaulle" in board.name_en[15]
    assert board.name_en[1] == "Stonehenge"


def test_w47_only_the_nearest_utility_card_rolls_for_rent(board: Board) -> None:
    rolls = [c.id for d in board.decks for c in d if c.effect == "move_to_nearest" and c.y]
    assert rolls == ["C7"]


def test_w58_one_get_out_of_jail_card_per_deck(board: Board) -> None:
    for name, deck in zip(board.deck_names, board.decks, strict=True):
        ids = [c.id for c in deck if c.effect == "get_out_of_jail"]
        assert len(ids) == 1, name
    assert [c.id for d in board.decks for c in d if c.effect == "get_out_of_jail"] == ["C16", "K15"]


def test_pay_or_draw_card_draws_chance_and_chains_end(board: Board) -> None:
    card = _cards(board, "community_chest")[15]
    assert card.id == "K16"
    assert card.effect == "pay_or_draw"
    assert card.x == 200
    assert board.deck_names[card.y] == "chance"
    assert all(c.effect != "pay_or_draw" for c in _cards(board, "chance"))


def test_board_card_lookup_by_encoded_id(board: Board) -> None:
    assert board.card(board.card_code(0, 5)).id == "C6"
    assert board.card(board.card_code(1, 15)).id == "K16"
    assert board.card_code(0, 5) == 205 and board.deck_index(1015) == 1


# --- loader --------------------------------------------------------------------------------


def test_loader_ignores_unknown_square_fields(raw: dict[str, Any], board: Board) -> None:
    stripped = copy.deepcopy(raw)
    for sq in stripped["squares"]:
        sq.pop("wonder_no", None)
        sq.pop("location", None)
    assert parse_board(stripped) == board
    extra = copy.deepcopy(raw)
    extra["squares"][1]["notes"] = "anything"
    assert parse_board(extra) == board


def test_deck_letters_default_to_first_letter_of_card_ids(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    del data["deck_letters"]
    assert parse_board(data).deck_letters == ("C", "K")


def test_classic_deck_letters() -> None:
    classic = load_board("tycoon.editions.classic")
    assert classic.deck_names == ("blue", "red")
    assert classic.deck_letters == ("B", "R")


def _with_effect(deck: str, pos: int, effect: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(_raw())
    data["decks"][deck][pos]["effect"] = effect
    return data


@pytest.mark.parametrize(
    ("deck", "pos", "effect", "message"),
    [
        (
            "chance",
            5,
            {"move_to_nearest": "airport"},
            "decks.chance[5].effect.move_to_nearest: unknown square kind 'airport'",
        ),
        (
            "chance",
            5,
            {"move_to_nearest": "railway", "roll_for_rent": True},
            "decks.chance[5].effect.roll_for_rent: only applies to move_to_nearest 'utility'",
        ),
        (
            "chance",
            6,
            {"move_to_nearest": "utility", "roll_for_rent": "yes"},
            "decks.chance[6].effect.roll_for_rent: expected bool",
        ),
        (
            "chance",
            6,
            {"move_to_nearest": "utility", "utility_rent_roll_dice": True},
            "decks.chance[6].effect: unexpected field(s) ['utility_rent_roll_dice']",
        ),
        (
            "chance",
            7,
            {"move_relative": -3},
            "decks.chance[7].effect: unknown effect",
        ),
        (
            "chance",
            7,
            {"move_by": "-3"},
            "decks.chance[7].effect.move_by: expected int",
        ),
        (
            "community_chest",
            1,
            {"move_back_to": 40},
            "decks.community_chest[1].effect.move_back_to: square 40 is not on the board",
        ),
        (
            "chance",
            0,
            {"move_to": -1},
            "decks.chance[0].effect.move_to: square -1 is not on the board",
        ),
        (
            "community_chest",
            15,
            {"pay_or_draw": {"pay": 200, "deck": "blue"}},
            "decks.community_chest[15].effect.pay_or_draw.deck: unknown deck 'blue'",
        ),
        (
            "community_chest",
            3,
            {"pay": True},
            "decks.community_chest[3].effect.pay: expected int",
        ),
        (
            "chance",
            9,
            {"repairs": {"house": 500}},
            "decks.chance[9].effect.repairs: missing field 'hotel'",
        ),
    ],
)
def test_loader_rejects_bad_effect_naming_the_field(
    deck: str, pos: int, effect: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError) as err:
        parse_board(_with_effect(deck, pos, effect))
    assert message in str(err.value)


def test_loader_rejects_nearest_kind_missing_from_board() -> None:
    data = _with_effect("chance", 5, {"move_to_nearest": "utility"})
    for i in (12, 28):
        data["squares"][i] = {"index": i, "name": "x", "name_en": "x", "kind": "free_parking"}
    data["groups"]["utility"]["squares"] = []
    with pytest.raises(RecordError, match=r"move_to_nearest: no 'utility' square on this board"):
        parse_board(data)


def test_loader_rejects_bad_deck_letters_and_card_ids() -> None:
    data = _raw()
    data["deck_letters"] = {"chance": "C"}
    with pytest.raises(RecordError, match="deck_letters: keys"):
        parse_board(data)
    data["deck_letters"] = {"chance": "C", "community_chest": "C"}
    with pytest.raises(RecordError, match="letters must differ"):
        parse_board(data)
    data["deck_letters"] = {"chance": "C", "community_chest": "kk"}
    with pytest.raises(RecordError, match=r"deck_letters.community_chest: expected one capital"):
        parse_board(data)
    data = _raw()
    data["decks"]["chance"][2]["id"] = "C4"
    with pytest.raises(RecordError, match=r"decks.chance\[2\].id: expected 'C3', got 'C4'"):
        parse_board(data)
