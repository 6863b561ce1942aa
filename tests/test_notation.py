"""Hypothesis properties of the action notation: text round trips, parse errors, deed masks,
and the legal actions of random reachable states."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tycoon.api import legal_actions, new_game, parse_action
from tycoon.bots.base import make_bot
from tycoon.engine.actions import (
    CARD_PREFIXES,
    KIND_NAMES,
    Action,
    Kind,
    action_text,
    card_text,
    chips,
    mask_of,
    pack,
    parse_text,
    squares_of,
)
from tycoon.engine.errors import ActionParseError
from tycoon.sim.driver import step

ARGLESS = [
    Kind.ROLL,
    Kind.BUY,
    Kind.AUCTION,
    Kind.PASS,
    Kind.PAY,
    Kind.DRAW,
    Kind.SERVE,
    Kind.PAY_FINE,
    Kind.USE_CARD,
    Kind.ACCEPT,
    Kind.REJECT,
    Kind.BANKRUPT,
    Kind.END_TURN,
    Kind.VETO,
    Kind.CROSS,
]
BUILDER_KINDS = [
    Kind.DISCARD,
    Kind.STEAL,
    Kind.PARKING_TRADE,
    Kind.BANK_TRADE,
    Kind.FLOOR,
    Kind.FORCE,
    Kind.TAKE,
]
ONE_INT = [
    Kind.BID,
    Kind.CLAIM,
    Kind.BUILD,
    Kind.SELL_BUILDING,
    Kind.MORTGAGE,
    Kind.UNMORTGAGE,
    Kind.KEEP_MORTGAGED,
    Kind.MARK,
    Kind.WANT,
    Kind.BUILD_HOTEL,
    Kind.GO,
    Kind.BLOCK,
    Kind.PUT_UP,
    Kind.CALL_OUT,
]
assert set(ARGLESS) | set(ONE_INT) | {
    Kind.DICE,
    Kind.SELL_DEED,
    Kind.SELL_CARD,
    Kind.PAY_WITH,
    Kind.TRADE,
} | set(BUILDER_KINDS) == set(KIND_NAMES)

amounts = st.integers(min_value=0, max_value=10**9)
masks = st.sets(st.integers(min_value=0, max_value=63), min_size=1, max_size=12).map(
    lambda s: mask_of(sorted(s))
)
cards = st.builds(
    lambda deck, pos: deck * 100 + pos,
    st.integers(min_value=0, max_value=len(CARD_PREFIXES) - 1),
    st.integers(min_value=0, max_value=98),
)

types = st.integers(min_value=0, max_value=3)
counts = st.lists(st.integers(min_value=0, max_value=255), min_size=4, max_size=4)
builder_actions = st.one_of(
    st.builds(lambda t: Action(Kind.DISCARD, t), types),
    st.builds(lambda t: Action(Kind.TAKE, t), types),
    st.builds(lambda p, t: Action(Kind.STEAL, p, t), amounts, types),
    st.builds(lambda c, t: Action(Kind.PARKING_TRADE, pack(c), t), counts, types),
    st.builds(lambda t, u: Action(Kind.BANK_TRADE, t, u), types, types),
    st.builds(lambda cell, c: Action(Kind.FLOOR, cell, pack(c)), amounts, counts),
    st.builds(lambda p, t, u: Action(Kind.FORCE, p, t, u), amounts, types, types),
)

actions = st.one_of(
    builder_actions,
    st.builds(
        lambda a, b: Action(Kind.DICE, a, b),
        st.integers(min_value=1, max_value=6),
        st.integers(min_value=1, max_value=6),
    ),
    st.builds(
        lambda a, b, c: Action(Kind.DICE, a, b, c),
        st.integers(min_value=1, max_value=6),
        st.integers(min_value=1, max_value=6),
        st.integers(min_value=1, max_value=6),
    ),
    st.sampled_from(ARGLESS).map(lambda k: Action(k)),
    st.builds(lambda k, a: Action(k, a), st.sampled_from(ONE_INT), amounts),
    st.builds(lambda m, b, c: Action(Kind.SELL_DEED, m, b, c), masks, amounts, amounts),
    st.builds(lambda card, b, c: Action(Kind.SELL_CARD, card, b, c), cards, amounts, amounts),
    st.builds(lambda m, c: Action(Kind.PAY_WITH, m, 0, c), masks, amounts),
    st.builds(
        lambda p, give, get, cash: Action(Kind.TRADE, p, give, get, cash),
        st.integers(min_value=0, max_value=5),
        st.one_of(st.just(0), masks),
        st.one_of(st.just(0), masks, cards.map(lambda c: 1 << (64 + c))),
        st.integers(min_value=-(10**6), max_value=10**6),
    ),
    st.builds(
        lambda p, m, give, get, cash: Action(Kind.TRADE, p, m | chips(give), chips(get), cash),
        st.integers(min_value=0, max_value=3),
        st.one_of(st.just(0), masks),
        counts,
        counts,
        st.integers(min_value=-(10**3), max_value=10**3),
    ),
)


@given(actions)
def test_text_round_trip(a: Action) -> None:
    text = action_text(a)
    assert str(a) == text
    assert parse_text(text) == a
    # one text form: any other case or spacing is refused, naming that form
    for other in (f"  {text}  ", text.upper(), text.replace(" ", "   "), text.replace(" ", "\t")):
        if other != text:
            with pytest.raises(ActionParseError, match="not written in the one text form") as e:
                parse_text(other)
            assert e.value.expected == text
    assert repr(a) == f"Action({text!r})"


@given(actions)
def test_text_has_no_ambiguity(a: Action) -> None:
    """Two different actions never share a text form (checked against a neighbour)."""
    other = a._replace(c=a.c + 1) if a.kind in (Kind.SELL_DEED, Kind.SELL_CARD) else a
    if other != a:
        assert action_text(other) != action_text(a)


@given(st.text(max_size=40))
def test_garbage_text_raises_parse_error_or_round_trips(text: str) -> None:
    try:
        a = parse_text(text)
    except ActionParseError:
        return
    assert parse_text(action_text(a)) == a


word_or_number = st.one_of(
    st.sampled_from(["roll", "buy", "bid", "claim", "sell-deed", "sell-card", "pay-with", "to"]),
    st.sampled_from(["for", "B14", "R1", "Q3", "1,2", "1,,2", "-3", "+4", "07", "x", "64"]),
    st.integers(min_value=-5, max_value=100).map(str),
)


@given(st.lists(word_or_number, max_size=7).map(" ".join))
def test_near_miss_text_raises_parse_error_or_round_trips(text: str) -> None:
    try:
        a = parse_text(text)
    except ActionParseError:
        return
    assert parse_text(action_text(a)) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "dance",
        "roll 0 3",
        "roll 3 7",
        "roll 3",
        "roll 3 4 5 6",
        "buy 3",
        "bid",
        "bid -5",
        "bid five",
        "bid 1.5",
        "bid 007",
        "build 3 4",
        "claim",
        "sell-deed 1,3 to 2",
        "sell-deed 1,3 at 2 for 100",
        "sell-deed 1,1 to 2 for 100",
        "sell-deed 64 to 2 for 100",
        "sell-deed 1,,3 to 2 for 100",
        "sell-card 33 to 1 for 50",
        "sell-card B0 to 1 for 50",
        "sell-card B100 to 1 for 50",
        "sell-card 14 to 1 for 50",
        "pay-with 1,3 to 100",
        "pay-with for 100",
        "end-turn now",
        "roll ٣ 4",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_text(text)


@given(st.sets(st.integers(min_value=0, max_value=63)))
def test_mask_round_trip(squares: set[int]) -> None:
    mask = mask_of(sorted(squares))
    assert squares_of(mask) == sorted(squares)
    assert mask_of(tuple(squares_of(mask))) == mask
    assert bin(mask).count("1") == len(squares)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_mask_of_squares_of(mask: int) -> None:
    assert mask_of(squares_of(mask)) == mask


@given(cards)
def test_card_text_round_trip(card: int) -> None:
    text = card_text(card)
    assert text[0] in CARD_PREFIXES and 1 <= int(text[1:]) <= 99
    assert parse_text(f"sell-card {text} to 1 for 50") == Action(Kind.SELL_CARD, card, 1, 50)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=3, max_value=6),
    steps=st.integers(min_value=0, max_value=600),
    heuristic=st.booleans(),
)
def test_legal_actions_of_reachable_states_round_trip(
    seed: int, players: int, steps: int, heuristic: bool
) -> None:
    game = new_game("classic", players, seed, {"turn_limit": 50}, events=False)
    kind = "heuristic" if heuristic else "random"
    bots = [make_bot(kind, seed + i) for i in range(players)]
    for _ in range(steps):
        if game.termination:
            break
        step(game, bots)
    for seat in [None, *range(players)]:
        legal = legal_actions(game, seat)
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        for a, t in zip(legal, texts, strict=True):
            assert parse_action(game, t) == a
            if t.upper() != t:
                with pytest.raises(ActionParseError, match=f"write '{re.escape(t)}'"):
                    parse_text(t.upper())


def test_shared_actions_equal_new_ones_and_the_table_stays_bounded() -> None:
    """`action_of` hands out one object per value; values outside 0..2^32 are made anew."""
    from tycoon.engine import actions

    a = actions.action_of(actions.Kind.CLAIM, 2)
    assert a == actions.Action(actions.Kind.CLAIM, 2) and a is actions.action_of(11, 2)
    assert actions.action_of(actions.Kind.BID, -5) == actions.Action(actions.Kind.BID, -5)
    assert actions.action_of(actions.Kind.BID, 1 << 40).a == 1 << 40
    for amount in range(actions._SHARED_KEPT + 10):
        actions.action_of(actions.Kind.BID, amount)
    assert len(actions._SHARED) <= actions._SHARED_KEPT


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("ROLL 6 6", "roll 6 6"),
        ("Roll", "roll"),
        ("roll\t6 6", "roll 6 6"),
        ("roll 6\u00a06", "roll 6 6"),
        ("roll 6 6\u2028", "roll 6 6"),
        (" roll", "roll"),
        ("roll  6 6", "roll 6 6"),
        ("bid +6", "bid 6"),
        ("bid 06", "bid 6"),
        ("bid \uff16", "bid 6"),  # a fullwidth digit
        ("trade 1 give - get - cash -0", "trade 1 give - get - cash 0"),
        ("trade 1 give 3,1 get - cash +5", "trade 1 give 1,3 get - cash 5"),
        ("sell-deed 3,1 TO 1 for 5", "sell-deed 1,3 to 1 for 5"),
        ("sell-card b14 to 1 for 5", "sell-card B14 to 1 for 5"),
        ("pay-with 3 cash 0 for 5", "pay-with 3 for 5"),
        ("discard r", "discard 1r"),
        ("discard 1y,2r", "discard 2r,1y"),
        ("steal 1 R", "steal 1 r"),
    ],
)
def test_one_text_form_per_action(text: str, form: str) -> None:
    """The README promises one text form per action: one ASCII space between words, lower
    case words, canonical integers and lists; every other spelling of the same action is
    refused with that form in the message (and in `expected`), never read as it."""
    assert str(parse_text(form)) == form
    with pytest.raises(ActionParseError, match=f"write '{re.escape(form)}'") as e:
        parse_text(text)
    assert e.value.expected == form
    st = new_game("builder" if "discard" in form or "steal" in form else "classic", 3, 0)
    with pytest.raises(ActionParseError, match="one text form"):
        parse_action(st, text)


def test_a_parse_error_keeps_its_expected_form_when_pickled() -> None:
    import pickle

    with pytest.raises(ActionParseError) as e:
        parse_text("ROLL")
    back = pickle.loads(pickle.dumps(e.value))
    assert str(back) == str(e.value) and back.expected == "roll"
