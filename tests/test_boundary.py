"""The engine boundary (issue 9, item 10): hostile action text and raw `Action` values are
refused cheaply with the documented errors and never change a game. Every number of the
notation is bounded by the edition's own ranges, at parse and at validation."""

from __future__ import annotations

import copy
import pickle
import time

import pytest

from tycoon.api import apply_action, is_legal, legal_actions, new_game, parse_action
from tycoon.engine.actions import CARD_BIT, RES_SHIFT, Action, Kind, parse_text, squares_of
from tycoon.engine.errors import ActionParseError, IllegalActionError
from tycoon.records.record import replay, to_record
from tycoon.records.snapshot import to_json

EDITIONS = ("classic", "wonders", "builder", "metropol")


def _quick(fn: object, *args: object, limit: float = 0.5) -> None:
    t = time.perf_counter()
    fn(*args)  # type: ignore[operator]
    assert time.perf_counter() - t < limit


@pytest.mark.parametrize(
    "items",
    ["64", "164", "2700", "2740", "99", "63,64", "B1,2699"],
)
def test_items_above_square_63_are_no_item(items: str) -> None:
    """`_items`: 64 and more are no square (the old guard `bit < 64 and bit >= 64` never
    held, so 164 read as card B1 and 2700 as a red chip)."""
    with pytest.raises(ActionParseError):
        parse_text(f"trade 1 give {items} get - cash 0")


@pytest.mark.parametrize(
    "number", ["2147483648", "1000000000000000000", "9" * 64, "1" * 5000, "+" + "1" * 40]
)
@pytest.mark.parametrize("where", ["trade 1 give {} get - cash 0", "bid {}", "claim {}"])
def test_huge_numbers_are_refused_at_once(number: str, where: str) -> None:
    """No 268 MB integer, no MemoryError or OverflowError: a long number is refused before
    it is converted."""
    text = where.format(number)
    if "trade" not in where and len(number) <= 15:
        text = where.format("1" * 16 + number)  # a ten-digit amount may be read; 16 not

    def parse() -> None:
        with pytest.raises(ActionParseError) as e:
            parse_text(text)
        assert len(str(e.value)) < 300

    _quick(parse)


def test_negative_and_huge_masks_never_loop() -> None:
    """`squares_of(-1)` looped for ever; a raw action with such a mask renders at once."""
    with pytest.raises(ValueError):
        squares_of(-1)
    with pytest.raises(ValueError):
        squares_of(1 << (RES_SHIFT + 5))
    for a in (
        Action(Kind.SELL_DEED, -1, 1, 100),
        Action(Kind.PAY_WITH, -5, 0, 3),
        Action(Kind.SELL_DEED, 1 << 10**6, 1, 100),
        Action(Kind.TRADE, 1, -1, -1, 0),
        Action(Kind.BID, 1 << 20000),
    ):
        _quick(str, a)
        _quick(repr, a)
        assert len(str(a)) <= 90


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    "raw",
    [
        Action(99),
        Action(-3),
        Action(Kind.DISCARD, 7),
        Action(Kind.TAKE, -1),
        Action(Kind.STEAL, 1, 9),
        Action(Kind.FORCE, 1, 0, 12),
        Action(Kind.SELL_CARD, 2600, 1, 50),
        Action(Kind.SELL_CARD, -1, 1, 50),
        Action(Kind.TRADE, 1, 1 << (CARD_BIT + 2599), 0, 0),
        Action(Kind.TRADE, 1, 1 << (RES_SHIFT + 40), 0, 0),
        Action(Kind.TRADE, 1, 1 << 63, 0, 0),
        Action(Kind.TRADE, 7, 0, 2, 0),
        Action(Kind.TRADE, 1, 2, 0, 10**20),
        Action(Kind.SELL_DEED, -1, 1, 100),
        Action(Kind.MORTGAGE, 1 << 2147483),
        Action(Kind.MORTGAGE, -1),
        Action(Kind.BID, -50),
        Action(Kind.DICE, 7, 1),
        Action(Kind.ROLL, 1),
        Action(Kind.END_TURN, 0, 0, 0, 1),
        Action(Kind.BID, True),  # type: ignore[arg-type]
        Action(Kind.BID, 1.5),  # type: ignore[arg-type]
        Action(Kind.CLAIM, "0"),  # type: ignore[arg-type]
        Action("roll"),  # type: ignore[arg-type]
    ],
)
def test_raw_actions_out_of_range_raise_illegal_action(edition: str, raw: Action) -> None:
    """A raw Action of an unknown kind or with a value outside the edition's ranges raises
    IllegalActionError (not KeyError or IndexError while its text is built) and changes
    nothing; `is_legal` says False."""
    st = new_game(edition, 3, 5)
    before = to_json(st)
    for seat in (None, 0, 1, -1):
        assert not is_legal(st, raw, seat)
        with pytest.raises(IllegalActionError) as e:
            apply_action(st, raw, seat)
        assert len(str(e.value)) < 3000
    assert to_json(st) == before
    assert replay(to_record(st)) == st


@pytest.mark.parametrize(
    ("edition", "text"),
    [
        ("classic", "mortgage 40"),
        ("classic", "build 63"),
        ("classic", "claim 3"),
        ("classic", "sell-deed 1,45 to 1 for 100"),
        ("classic", "sell-deed 1 to 3 for 100"),
        ("classic", "sell-card B99 to 1 for 50"),
        ("classic", "sell-card C1 to 1 for 50"),
        ("wonders", "trade 1 give C99 get - cash 0"),
        ("wonders", "trade 3 give 1 get - cash 0"),
        ("wonders", "trade 1 give 1 get - cash 1000000000000000"),
        ("builder", "steal 4 r"),
        ("metropol", "put-up 40"),
        ("metropol", "block 64"),
        ("metropol", "call-out 3"),
        ("classic", "bid 1000000000000000"),
    ],
)
def test_parse_action_bounds_numbers_by_the_edition(edition: str, text: str) -> None:
    """Squares of the board, seats of the game, cards of the decks, bounded amounts."""
    st = new_game(edition, 3, 2)
    with pytest.raises(ActionParseError):
        parse_action(st, text)
    before = to_json(st)
    with pytest.raises(ActionParseError):
        apply_action(st, text)
    assert to_json(st) == before


def test_parse_action_accepts_the_edition_ranges() -> None:
    st = new_game("classic", 3, 2)
    assert parse_action(st, "mortgage 39") == Action(Kind.MORTGAGE, 39)
    assert parse_action(st, "claim 2") == Action(Kind.CLAIM, 2)
    assert parse_action(st, "bid 999999999999995") == Action(Kind.BID, 999999999999995)


def test_parse_error_echoes_at_most_80_characters() -> None:
    st = new_game("classic", 3, 2)
    for text in ("x" * 10**6, "bid " + "1" * 10**6, "trade 1 give " + "1," * 10**5 + " get"):
        t = time.perf_counter()
        with pytest.raises(ActionParseError) as e:
            parse_action(st, text)
        assert time.perf_counter() - t < 0.5
        assert len(str(e.value)) < 800  # the echo, the reason and the known words


def test_parse_error_of_long_item_lists_is_linear() -> None:
    """Every item of a list is checked once; a repeated item is refused where it repeats."""
    text = "trade 1 give " + ",".join(map(str, range(64))) + "," + "0," * 200_000 + " get - cash 0"
    t = time.perf_counter()
    with pytest.raises(ActionParseError):
        parse_text(text)
    assert time.perf_counter() - t < 0.5


def test_an_illegal_action_error_survives_pickling_and_copying() -> None:
    """A process-pool or Ray worker sends its errors back pickled."""
    e = IllegalActionError(Action(Kind.BID, 1), [Action(Kind.PASS)], "too low", "C-24")
    for back in (pickle.loads(pickle.dumps(e)), copy.copy(e), copy.deepcopy(e)):
        assert type(back) is IllegalActionError and str(back) == str(e)
        assert (back.action, back.legal, back.reason, back.rule) == (
            e.action,
            e.legal,
            "too low",
            "C-24",
        )


def test_illegal_action_lists_at_most_30_and_keeps_all() -> None:
    legal = [Action(Kind.BID, 5 * i) for i in range(1000)]
    e = IllegalActionError(Action(Kind.BID, 1), legal)
    msg = str(e)
    assert "... and 970 more" in msg
    assert msg.count("bid ") == 31  # the refused one and 30 legal ones
    assert e.legal == legal
    assert len(str(IllegalActionError("z" * 10**6, legal))) < 1000


def test_illegal_action_message_text() -> None:
    """The message: the refused action (80 characters at most), `rule: reason` (200 at most)
    and the first 30 legal actions; `args` and `repr` carry the same text."""
    legal = [Action(Kind.BID, 5 * i) for i in range(33)]
    e = IllegalActionError(Action(Kind.BID, 1), legal, "the bid must be above 60", "auction-min")
    msg = (
        "illegal action 'bid 1': auction-min: the bid must be above 60; legal actions: "
        + ", ".join(f"bid {5 * i}" for i in range(30))
        + " ... and 3 more"
    )
    assert str(e) == msg
    assert e.args == (msg,)
    assert repr(e) == f"IllegalActionError({msg!r})"
    assert (e.action, e.legal, e.reason, e.rule) == (
        Action(Kind.BID, 1),
        legal,
        "the bid must be above 60",
        "auction-min",
    )
    long = IllegalActionError("x\n" * 50, legal[:2], "r" * 300, "rule")
    why = "rule: " + "r" * 194
    assert str(long) == f"illegal action '{'x?' * 40}...': {why}...; legal actions: bid 0, bid 5"


def test_illegal_action_message_is_built_when_read() -> None:
    """Most refusals are caught unread: raising one does not turn the legal actions into
    text; the first reading does, once."""

    class Counted:
        calls = 0

        def __str__(self) -> str:
            Counted.calls += 1
            return "counted"

    with pytest.raises(IllegalActionError) as caught:
        raise IllegalActionError(Counted(), [Counted() for _ in range(40)], "why", "rule")
    assert Counted.calls == 0
    e = caught.value
    msg = str(e)
    assert Counted.calls == 31  # the action and the 30 legal ones shown
    assert msg.startswith("illegal action 'counted': rule: why; legal actions: counted, ")
    assert msg.endswith(" ... and 10 more")
    assert (str(e), e.args, repr(e)) == (msg, (msg,), f"IllegalActionError({msg!r})")
    assert Counted.calls == 31


def test_bad_seat_raises_illegal_action() -> None:
    st = new_game("classic", 3, 2)
    before = to_json(st)
    for seat in (3, -2, 10**30, "0", 1.0):
        with pytest.raises(IllegalActionError):
            apply_action(st, Action(Kind.ROLL), seat)  # type: ignore[arg-type]
        assert not is_legal(st, Action(Kind.ROLL), seat)  # type: ignore[arg-type]
        assert legal_actions(st, seat) == []  # type: ignore[arg-type]
    assert to_json(st) == before
