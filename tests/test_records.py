"""Records (save, load, replay, errors), snapshots on disk, per-player views and the
English descriptions of events and actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tycoon.api import (
    apply_action,
    clone,
    legal_actions,
    new_game,
    sample_chance,
)
from tycoon.bots.base import bot_names, make_bot
from tycoon.engine import events as ev
from tycoon.engine.actions import KIND_NAMES, Action, Kind, mask_of
from tycoon.engine.errors import RecordError
from tycoon.engine.events import Event
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.records.describe import describe, describe_action, describe_events
from tycoon.records.record import (
    FORMAT,
    load_record,
    load_snapshot,
    record_json,
    replay,
    save_record,
    save_snapshot,
    to_record,
)
from tycoon.records.snapshot import snapshot
from tycoon.records.view import view
from tycoon.sim.driver import play

KINDS = ["random", "heuristic"] if "heuristic" in bot_names() else ["random"]


def scripted() -> GameState:
    """Ann starts (C-10), rolls 1+2 to Athens and buys it; Cy then owns Thessaloniki."""
    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    for text in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 1 2", "buy"):
        apply_action(st, text)
    return st


def played(n: int, seed: int, limit: int = 60) -> GameState:
    st = new_game("classic", n, seed, {"turn_limit": limit})
    play(st, [make_bot(KINDS[(i + seed) % len(KINDS)], seed * 10 + i) for i in range(n)])
    return st


# --- records --------------------------------------------------------------------------


def test_record_of_a_scripted_game() -> None:
    st = scripted()
    rec = to_record(st)
    assert rec["format"] == FORMAT == "tycoon.record/1"
    assert rec["edition"] == "classic@1"
    assert rec["players"] == ["Ann", "Bob", "Cy"]
    assert rec["seed"] == 1
    assert rec["options"]["turn_limit"] == 0 and rec["options"]["auto_claim_rent"] is False
    assert rec["actions"] == [
        [-1, "roll 6 6"],
        [-1, "roll 1 2"],
        [-1, "roll 1 2"],
        [0, "roll"],
        [-1, "roll 1 2"],
        [0, "buy"],
    ]
    back = replay(rec)
    assert back == st
    assert snapshot(back) == snapshot(st)
    assert back.owner[3] == 0 and back.cash == [2880, 3000, 3000]
    assert back.events is not None and back.events[-1] == Event(ev.BOUGHT, 0, 3, 120)


def test_record_json_is_valid_and_replays() -> None:
    st = scripted()
    text = record_json(st)
    assert json.loads(text) == to_record(st)
    assert replay(text) == st
    empty = new_game("classic", 3, 5)
    assert json.loads(record_json(empty))["actions"] == []
    assert replay(record_json(empty)) == empty


def test_out_of_turn_actions_are_recorded_with_their_seat() -> None:
    st = scripted()
    apply_action(st, "mortgage 3", seat=0)
    rec = to_record(st)
    assert rec["actions"][-1] == [0, "mortgage 3"]
    assert replay(rec).mortgaged[3]
    # seat 2 owns nothing in the replayed game, so the same action for seat 2 is illegal
    rec["actions"][-1] = [2, "mortgage 3"]
    with pytest.raises(RecordError, match=r"actions\[6\] \(step 7\): seat 2: illegal action"):
        replay(rec)


@pytest.mark.parametrize("seed", range(8))
def test_replay_reproduces_played_games(seed: int) -> None:
    st = played(3 + seed % 4, seed)
    assert st.termination
    back = replay(record_json(st))
    assert snapshot(back) == snapshot(st)
    assert back.history == st.history
    # continuing from a replayed, unfinished prefix gives the same game again
    prefix = to_record(st)
    prefix["actions"] = prefix["actions"][: len(prefix["actions"]) // 2]
    half = replay(prefix)
    assert not half.termination or half == st


def test_chance_outcomes_advance_the_generator_whether_sampled_or_given() -> None:
    a = new_game("classic", 3, 11)
    b = clone(a)
    drawn = sample_chance(a)
    assert sample_chance(a) == drawn  # sampling does not change the state
    assert a == b
    apply_action(a, drawn)
    other = Action(Kind.DICE, 1, 1) if drawn != Action(Kind.DICE, 1, 1) else Action(Kind.DICE, 2, 2)
    apply_action(b, other)
    assert a.rng.state == b.rng.state


def test_save_and_load(tmp_path: Path) -> None:
    st = played(4, 3)
    path = tmp_path / "game.json"
    save_record(st, path)
    assert load_record(path) == st
    snap = tmp_path / "snap.json"
    save_snapshot(st, snap)
    assert load_snapshot(snap) == st
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="cannot read"):
        load_snapshot(tmp_path / "missing.json")
    snap.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_snapshot(snap)
    data = json.loads(snapshot_text(st))
    data["edition"] = "classic@9"
    snap.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="version"):
        load_snapshot(snap)
    data["edition"] = "classic@1"
    data["options"] = [1, 2]
    snap.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        load_snapshot(snap)


def snapshot_text(st: GameState) -> str:
    return json.dumps(snapshot(st))


# --- record errors ----------------------------------------------------------------------


def good() -> dict[str, Any]:
    return to_record(scripted())


def test_bad_json() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        replay('{"format": ')
    with pytest.raises(RecordError, match="expected a JSON object, got list"):
        replay("[1, 2]")


@pytest.mark.parametrize("field", ["format", "edition", "options", "players", "seed", "actions"])
def test_missing_field(field: str) -> None:
    rec = good()
    del rec[field]
    with pytest.raises(RecordError, match=f"missing field '{field}'"):
        replay(rec)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("format", 1),
        ("edition", ["classic"]),
        ("options", [1]),
        ("players", "Ann"),
        ("players", ["Ann", 2, "Cy"]),
        ("seed", "1"),
        ("seed", True),
        ("seed", 1.5),
        ("actions", {"0": "roll"}),
    ],
)
def test_ill_typed_field(field: str, value: object) -> None:
    rec = good()
    rec[field] = value
    with pytest.raises(RecordError, match=f"field '{field}' must be"):
        replay(rec)


def test_format_edition_and_version() -> None:
    rec = good()
    rec["format"] = "tycoon.record/2"
    with pytest.raises(RecordError, match=r"'format' must be 'tycoon\.record/1'"):
        replay(rec)
    rec = good()
    rec["edition"] = "monopoly@1"
    with pytest.raises(RecordError, match="field 'edition': unknown edition 'monopoly@1'"):
        replay(rec)
    rec["edition"] = "classic@9"
    with pytest.raises(RecordError, match="field 'edition': edition 'classic' is at version 1"):
        replay(rec)
    rec["edition"] = "classic"
    with pytest.raises(RecordError, match="must be 'id@version'"):
        replay(rec)
    rec["edition"] = "eurobiznes@1"  # an alias names the same edition
    assert replay(rec) == scripted()


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"nope": 1}, "unknown option 'nope'"),
        ({"turn_limit": "many"}, "option 'turn_limit' expects int"),
        ({"turn_limit": -1}, "'turn_limit' must be 0 to 100000, got -1"),
        ({"turn_limit": 10**19}, "'turn_limit' must be 0 to 100000, got 10000000000000000000"),
        ({"auto_claim_rent": 3}, "option 'auto_claim_rent' expects bool"),
    ],
)
def test_bad_option(options: dict[str, Any], match: str) -> None:
    rec = good()
    rec["options"] = options
    with pytest.raises(RecordError, match=f"field 'options': .*{match}"):
        replay(rec)


def test_bad_player_count() -> None:
    rec = good()
    rec["players"] = ["Ann", "Bob"]
    with pytest.raises(RecordError, match="classic is for 3 to 6 players, not 2"):
        replay(rec)


def test_unparsable_action_names_the_step() -> None:
    rec = good()
    rec["actions"][4] = [-1, "roll 7 1"]
    with pytest.raises(RecordError, match=r"actions\[4\] \(step 5\): cannot parse action"):
        replay(rec)
    rec["actions"][4] = [-1, "dance"]
    with pytest.raises(RecordError, match=r"step 5\): cannot parse action: 'dance': unknown"):
        replay(rec)


def test_illegal_action_names_the_step_and_the_legal_ones() -> None:
    rec = good()
    rec["actions"][3] = [0, "buy"]  # before rolling
    with pytest.raises(RecordError) as err:
        replay(rec)
    msg = str(err.value)
    assert msg.startswith("record: actions[3] (step 4): seat 0: illegal action 'buy'")
    assert "legal actions: roll" in msg
    rec = good()
    rec["actions"][0] = [1, "roll 6 6"]  # a dice outcome claimed by a seat
    with pytest.raises(RecordError, match=r"step 1\): seat 1: illegal action 'roll 6 6'"):
        replay(rec)
    rec = good()
    rec["actions"][4] = [-1, "roll"]  # the decision to roll at a chance node
    with pytest.raises(RecordError, match=r"step 5\): chance: illegal action 'roll'"):
        replay(rec)


@pytest.mark.parametrize(
    ("item", "match"),
    [
        ([0], "expected \\[seat"),
        ([0, 1], "expected \\[seat"),
        ("roll", "expected \\[seat"),
        ([True, "roll"], "expected \\[seat"),
        ([0, "roll", 1], "expected \\[seat"),
        ([3, "roll"], "seat 3 is not -1 \\(chance\\) or 0..2"),
        ([-2, "roll"], "seat -2 is not"),
    ],
)
def test_malformed_action_items(item: object, match: str) -> None:
    rec = good()
    rec["actions"][3] = item
    with pytest.raises(RecordError, match=r"actions\[3\] \(step 4\): " + match):
        replay(rec)


def test_action_after_the_end() -> None:
    st = played(3, 2, limit=5)
    rec = to_record(st)
    rec["actions"].append([0, "roll"])
    k = len(rec["actions"]) - 1
    with pytest.raises(RecordError, match=rf"actions\[{k}\] \(step {k + 1}\).*legal actions: none"):
        replay(rec)


def test_mangled_records_only_raise_record_errors() -> None:
    """Random corruption of real records: replay succeeds or raises RecordError, nothing else."""
    rng = Rng(99)
    base = to_record(played(4, 1, limit=20))
    texts = [*sorted({t for _, t in base["actions"]}), "", "bid -5", "claim 9", "build 99"]
    seen_errors = 0
    for _ in range(300):
        rec = json.loads(json.dumps(base))
        acts = rec["actions"]
        for _ in range(1 + rng.below(3)):
            k = rng.below(len(acts))
            choice = rng.below(4)
            if choice == 0:
                acts[k][1] = texts[rng.below(len(texts))]
            elif choice == 1:
                acts[k][0] = rng.below(7) - 2
            elif choice == 2:
                del acts[k]
            else:
                acts.insert(k, [rng.below(5) - 1, texts[rng.below(len(texts))]])
        try:
            replay(rec)
        except RecordError as e:
            assert "step" in str(e)
            seen_errors += 1
    assert seen_errors > 200


# --- views ----------------------------------------------------------------------------------


def test_view_shows_the_table_and_hides_the_decks() -> None:
    st = scripted()
    st.card_holder[113] = 2  # Cy holds blue card 14, B14 (Get out of Jail)
    st.decks[0].remove(113)
    v = view(st, 0)
    json.dumps(v)  # JSON-able
    assert v["seat"] == 0 and v["current_player"] == 0 and not v["chance"]
    assert v["players"][0] == {
        "seat": 0,
        "name": "Ann",
        "cash": 2880,
        "position": 3,
        "alive": True,
        "jail": -1,
        "cards": [],
    }
    assert v["players"][2]["cards"] == ["B14"]
    assert v["owner"][3] == 0 and v["level"][3] == 0 and not v["mortgaged"][3]
    assert v["deck_sizes"] == [15, 16]
    assert "decks" not in v and "rng" not in v and "seed" not in v
    assert v["legal_actions"] == ["mortgage 3", "end-turn"]
    assert v["pending"] == {"kind": "end_turn", "seat": 0}
    assert v["houses_left"] == 32 and v["hotels_left"] == 12
    text = json.dumps(v)
    for card in st.decks[0][:3]:  # the order of the deck appears nowhere
        assert str(st.decks[0]) not in text and f'"B{card % 100 + 1}"' not in text
    other = view(st, 2)
    assert other["legal_actions"] == ["sell-card B14 to 0 for 50", "sell-card B14 to 1 for 50"]
    assert view(st)["legal_actions"] == []


def test_view_of_claims_auction_and_chance() -> None:
    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    assert view(st, 0)["chance"] and view(st, 0)["legal_actions"] == []
    assert view(st, 0)["pending"] == {"kind": "dice", "seat": 0, "purpose": 4}
    for text in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 1 2", "auction"):
        apply_action(st, text)
    v = view(st, 1)
    assert v["pending"] == {
        "kind": "auction",
        "seat": 1,
        "square": 3,
        "start": 60,
        "high": 0,
        "high_bidder": -1,
        "min_bid": 60,
        "bidders": [1, 2, 0],
    }
    assert v["legal_actions"][:3] == ["bid 60", "bid 65", "bid 70"]
    st3 = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    for text in ("roll 6 6", "roll 1 2", "roll 1 2"):
        apply_action(st3, text)
    st3.owner[3] = 2
    apply_action(st3, "roll")
    apply_action(st3, "roll 1 2")
    assert view(st3, 2)["claims"] == [{"owner": 2, "payer": 0, "amount": 10, "turn": 0}]
    assert "claim 0" in view(st3, 2)["legal_actions"]


def test_view_on_a_finished_game() -> None:
    st = played(3, 4, limit=10)
    v = view(st, 0)
    assert v["current_player"] == -2 and v["pending"] is None and v["legal_actions"] == []
    assert v["termination"] == st.termination and v["winners"] == list(st.winners)
    json.dumps(v)


# --- descriptions ---------------------------------------------------------------------------


def test_describe_a_scripted_game() -> None:
    st = scripted()
    assert describe_events(st) == [
        "Ann rolled 6+6 (for the first player)",
        "Bob rolled 1+2 (for the first player)",
        "Cy rolled 1+2 (for the first player)",
        "Ann goes first",
        "Turn 1: Ann starts on Start (GO)",
        "Ann rolled 1+2",
        "Ann moved 3 to Athens",
        "Ann landed on Athens",
        "Ann bought Athens for $120",
    ]


def _all_event_kinds() -> list[str]:
    return sorted(
        v for k, v in vars(ev).items() if k.isupper() and isinstance(v, str) and k != "BANK"
    )


@pytest.mark.parametrize("kind", _all_event_kinds())
def test_every_event_kind_has_a_sentence(kind: str) -> None:
    board = new_game("classic", 3, 0).edition.board
    names = ("Ann", "Bob", "Cy")
    details = {
        ev.CARD_DRAWN: "B14",
        ev.CARD_KEPT: "B14",
        ev.CARD_RETURNED: "R9",
        ev.OFFERED: "sell-deed 1,3 to 1 for 200",
        ev.RELEASED: "card",
        ev.GAME_OVER: "turn_limit",
        ev.SHORTAGE: "house",
        ev.PAID: "tax",
    }
    line = describe(board, names, Event(kind, 0, 3, 200, 1, details.get(kind, "")))
    assert not line.startswith(kind + ":"), line
    assert line[0].isupper() and "seat " not in line
    mentions_square = kind in (
        ev.BOUGHT,
        ev.AUCTION_STARTED,
        ev.BID,
        ev.PASSED,
        ev.AUCTION_WON,
        ev.AUCTION_UNSOLD,
        ev.RENT_DUE,
        ev.BUILT,
        ev.SOLD_BUILDING,
        ev.MORTGAGED,
        ev.UNMORTGAGED,
        ev.TRANSFERRED,
        ev.LANDED,
        ev.MOVED,
        ev.OFFERED,
        ev.TURN_STARTED,
        ev.SHORTAGE,
    )
    assert ("Athens" in line) == mentions_square, line


def test_some_exact_sentences() -> None:
    board = new_game("classic", 3, 0).edition.board
    names = ("Ann", "Bob", "Cy")
    assert describe(board, names, Event(ev.DICE_ROLLED, 0, 3, 4, -1, "0")) == "Ann rolled 3+4"
    assert describe(board, names, Event(ev.RENT_DUE, 1, 3, 10, 0)) == (
        "Bob owes Ann $10 rent for Athens"
    )
    assert describe(board, names, Event(ev.PAID, 2, -1, 200, -1, "tax")) == (
        "Cy paid the bank $200 (tax)"
    )
    assert describe(board, names, Event(ev.BUILT, 0, 39, 5)) == "Ann built on Vienna, now a hotel"
    assert describe(board, names, Event(ev.CARD_DRAWN, 0, 2, 0, -1, "B3")) == (
        'Ann drew blue card B3 "Go to Jail. Do not pass START. Do not collect $400."'
    )
    assert describe(
        board, names, Event(ev.OFFERED, 0, -1, 300, 2, "sell-deed 1,3 to 2 for 300")
    ) == ("Ann offered Thessaloniki, Athens to Cy for $300")
    assert describe(board, names, Event(ev.GAME_OVER, 1, -1, 0, -1, "last_player")) == (
        "Game over (everyone else went bankrupt); winner: Bob"
    )


@pytest.mark.parametrize("seed", range(4))
def test_describe_every_event_of_played_games(seed: int) -> None:
    st = played(3 + seed, 20 + seed)
    lines = describe_events(st)
    assert st.events is not None and len(lines) == len(st.events) > 50
    for e, line in zip(st.events, lines, strict=True):
        assert not line.startswith(e.kind + ":"), line
    assert lines[-1].startswith("Game over")


def test_describe_action_covers_every_kind() -> None:
    st = scripted()
    samples = [
        Action(Kind.DICE, 3, 4),
        *(Action(k) for k in KIND_NAMES if k != Kind.DICE),
        Action(Kind.SELL_DEED, mask_of([1, 3]), 2, 300),
        Action(Kind.PAY_WITH, mask_of([3]), 0, 100),
        Action(Kind.SELL_CARD, 13, 1, 50),
        Action(Kind.BID, 120),
        Action(Kind.BUILD, 39),
    ]
    for a in samples:
        line = describe_action(st, 0, a)
        assert line and not line.startswith("Ann: "), (a, line)
    assert describe_action(st, 0, Action(Kind.BUILD, 39)) == "Ann builds on Vienna"
    assert describe_action(st, 0, Action(Kind.SELL_DEED, mask_of([1, 3]), 2, 300)) == (
        "Ann offers Thessaloniki, Athens to Cy for $300"
    )
    assert describe_action(st, -1, Action(Kind.DICE, 3, 4)) == "Dice: 3+4"
    assert [describe_action(st, 0, a) for a in legal_actions(st)] == [
        "Ann mortgages Athens",
        "Ann ends the turn",
    ]
