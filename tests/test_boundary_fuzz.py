"""Hostile input at many decision points (issue 9, item 10): random and near-valid action
text and raw `Action` values, fed to every edition at positions reached by seeded bot games.

Only `ActionParseError` and `IllegalActionError` may come out; a refusal leaves the snapshot
unchanged; after an accepted action the state still snapshots (JSON round trip) and its
record still replays to an equal state.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from tycoon.api import apply_action, clone, is_legal, legal_actions, new_game
from tycoon.bots.base import make_bot
from tycoon.engine.actions import CARD_BIT, KIND_NAMES, RES_SHIFT, Action, action_text
from tycoon.engine.errors import ActionParseError, IllegalActionError
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.record import replay, to_record
from tycoon.records.snapshot import from_json, to_json
from tycoon.sim.driver import step

EDITIONS = ("classic", "wonders", "builder", "metropol")
GAMES = 3
EVERY = 9
STEPS = 450


@cache
def positions(edition: str) -> tuple[GameState, ...]:
    """Decision points of seeded bot games (every EVERY-th step of GAMES games)."""
    out: list[GameState] = []
    for g in range(GAMES):
        n = 3 + g % 2
        st = new_game(edition, n, 900 + g, {"turn_limit": 30}, events=False)
        kinds = ["heuristic", "random"]
        bots = [make_bot(kinds[(g + i) % 2], 77 * g + i) for i in range(n)]
        for k in range(STEPS):
            if st.termination:
                break
            if k % EVERY == 0:
                out.append(clone(st))
            step(st, bots)
        out.append(clone(st))  # the end, or a late point
    return tuple(out)


EDGE = [0, 1, 2, 3, 5, 6, 7, 35, 36, 39, 40, 41, 63, 64, 99, 100, 255, 256, 2599, 2600]
EDGE += [2700, 2731, 2732, 50, 100_000, 10**15 - 1, 10**15, 2**31, 2**63, -1, -2, -(10**15)]
numbers = hs.one_of(
    hs.sampled_from(EDGE),
    hs.integers(min_value=-10, max_value=3000),
    hs.integers(min_value=-(2**70), max_value=2**70),
    hs.sampled_from([1 << (RES_SHIFT + 40), 1 << (CARD_BIT + 100), 1 << 2000, -(1 << 64)]),
)
kinds = hs.one_of(hs.sampled_from(list(KIND_NAMES)), hs.integers(min_value=-3, max_value=90))
odd_values = hs.one_of(numbers, hs.sampled_from([True, 1.0, "1", None]))

raw_actions = hs.builds(
    lambda k, a, b, c, d: Action(k, a, b, c, d),
    kinds,
    numbers,
    hs.one_of(hs.just(0), numbers),
    hs.one_of(hs.just(0), numbers),
    hs.one_of(hs.just(0), numbers),
)
odd_actions = hs.builds(
    lambda k, a: Action(k, a),
    hs.one_of(kinds, hs.sampled_from(["roll", None, 1.5])),
    odd_values,
)

WORDS = ["roll", "buy", "bid", "claim", "trade", "give", "get", "cash", "to", "for", "-"]
WORDS += ["sell-deed", "pay-with", "sell-card", "floor", "pay", "steal", "block", "go", "put-up"]
WORDS += ["B14", "C7", "K3", "Z99", "1,2", "1,,2", "2r,1y", "300r", "r", "y", "x", "+4", "07"]
tokens = hs.one_of(
    hs.sampled_from(WORDS),
    numbers.map(str),
    hs.text(alphabet="0123456789,-+rpgyBCK", min_size=1, max_size=12),
)
texts = hs.one_of(
    hs.text(max_size=60),
    hs.lists(tokens, max_size=9).map(" ".join),
)


def _mutate_text(text: str, draw: hs.DrawFn) -> str:
    """A near-valid text: one token of a legal action's text replaced, dropped or doubled."""
    toks = text.split()
    how = draw(hs.sampled_from(["same", "replace", "drop", "double", "append"]))
    if how == "same" or not toks:
        return text
    i = draw(hs.integers(min_value=0, max_value=len(toks) - 1))
    if how == "replace":
        toks[i] = draw(tokens)
    elif how == "drop":
        del toks[i]
    elif how == "double":
        toks.insert(i, toks[i])
    else:
        toks.append(draw(tokens))
    return " ".join(toks)


def _mutate_action(a: Action, draw: hs.DrawFn) -> Action:
    """A near-valid raw action: one field of a legal action replaced."""
    i = draw(hs.integers(min_value=0, max_value=5))
    if i == 5:
        return a
    fields = list(a)
    fields[i] = draw(kinds) if i == 0 else draw(numbers)
    return Action(*fields)


@hs.composite
def attempts(draw: hs.DrawFn, edition: str) -> tuple[int, object, object]:
    pool = positions(edition)
    idx = draw(hs.integers(min_value=0, max_value=len(pool) - 1))
    st = pool[idx]
    cur = st.current_player
    seat = draw(hs.sampled_from([None, cur, CHANCE, *range(st.n), st.n, -2, 10**20, "0"]))
    legal = legal_actions(st, seat) if cur >= CHANCE else []  # type: ignore[arg-type]
    choice = draw(hs.integers(min_value=0, max_value=5))
    value: object
    if choice == 0:
        value = draw(texts)
    elif choice == 1:
        value = draw(hs.one_of(raw_actions, odd_actions))
    elif legal and choice in (2, 3):
        value = _mutate_text(action_text(draw(hs.sampled_from(legal))), draw)
    elif legal:
        value = _mutate_action(draw(hs.sampled_from(legal)), draw)
    else:
        value = draw(texts)
    return idx, seat, value


@pytest.mark.parametrize("edition", EDITIONS)
def test_hostile_input_only_documented_errors_and_no_corruption(edition: str) -> None:
    positions(edition)  # build the pool outside Hypothesis' clock

    @settings(
        max_examples=250,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=True,
    )
    @given(attempts(edition))
    def run(attempt: tuple[int, object, object]) -> None:
        idx, seat, value = attempt
        st = clone(positions(edition)[idx])
        before = to_json(st)
        legal = is_legal(st, value, seat) if isinstance(value, tuple) else None  # type: ignore[arg-type]
        try:
            apply_action(st, value, seat)  # type: ignore[arg-type]
        except (ActionParseError, IllegalActionError) as e:
            assert len(str(e)) < 5000
            assert to_json(st) == before, f"refused {value!r} changed the state"
            assert not legal, f"is_legal says {value!r} is legal, apply_action refused it"
            return
        assert legal is not False, f"is_legal says {value!r} is illegal, but it applied"
        text = to_json(st)
        assert from_json(text) == st
        again = replay(to_record(st))
        assert again == st, f"the record no longer replays after {value!r}"

    run()
