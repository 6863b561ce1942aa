"""The server over real sockets: rooms, seats, play over the WebSocket, bots, records and
fair dice, and no secret in any message (issue 11 items 2 to 5, 9)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, Server
from tycoon.api import apply_action, new_game
from tycoon.editions.builder import BUILDER
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import card_text
from tycoon.engine.errors import OptionError
from tycoon.records.record import replay
from tycoon.records.snapshot import to_json
from tycoon.server.fair import commitment, verify

BOTS3 = [{"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"}]


def _secrets_of(record: dict[str, Any]) -> tuple[set[str], set[str]]:
    """Every RNG state and every deck order (as JSON text) the game went through."""
    st = new_game(record["edition"], record["players"], record["seed"], record["options"])
    states, decks = {str(st.rng.state)}, set()
    for seat, text in record["actions"]:
        apply_action(st, text, seat)
        states.add(str(st.rng.state))
        for d in st.decks:
            if len(d) >= 3:
                decks.add(json.dumps(d))
                decks.add(json.dumps([card_text(c) for c in d]))
    return states, decks


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_bot_game_to_the_end_no_secret_in_any_message(server: Server, edition: str) -> None:
    opts = {"turn_limit": 12}
    seats = [{"kind": "bot", "level": "basic"}] * 3
    room = server.create(edition, seats, options=opts)
    assert room["seat"] is None and room["token"] is None
    watcher = server.ws(room["room_id"])
    welcome = watcher.recv()
    assert welcome["type"] == "welcome" and welcome["seat"] is None and welcome["view"] is None
    server.start(room)
    last = 0
    while True:
        msg = watcher.recv(timeout=30)
        if msg["type"] == "update":
            assert msg["version"] > last
            last = msg["version"]
            assert msg["view"]["version"] == last and msg["view"]["seat"] is None
        if msg["type"] == "room" and msg["room"]["status"] == "finished":
            final_room = msg["room"]
            break
    watcher.close()
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    assert len(rec["actions"]) == last
    assert final_room["seed"] == rec["seed"]
    assert commitment(rec["seed"], rec["fair"]["nonce"]) == final_room["commitment"]
    states, decks = _secrets_of(rec)
    seed = str(rec["seed"])
    secret_texts = watcher.raw[:-1]  # the last message reveals the seed
    for text in secret_texts:
        assert seed not in text and rec["fair"]["nonce"] not in text
        for s in states:
            assert s not in text
        for d in decks:
            assert d not in text
    st = replay(rec)
    assert st.termination and verify(rec)["final_sha256"]
    assert to_json(st)  # the record replays with `tycoon replay`
    _replay_matches_the_game(server, room["room_id"], watcher.raw, states, decks)


def _replay_matches_the_game(
    server: Server, room_id: str, raw: list[str], states: set[str], decks: set[str]
) -> None:
    """The replay endpoint's frames, fetched page by page, are the views and events the
    spectator was sent, version by version, and show no secret either."""
    frames: list[dict[str, Any]] = []
    while True:
        r = server.http.get(
            f"/api/rooms/{room_id}/replay", params={"start": len(frames), "count": 40}
        )
        assert r.status_code == 200, r.text
        page = r.json()
        for text in map(json.dumps, page["frames"]):
            assert not any(s in text for s in states) and not any(d in text for d in decks)
        frames += page["frames"]
        if len(frames) > page["version"]:
            break
    assert [f["version"] for f in frames] == list(range(len(frames)))
    updates = [m for m in map(json.loads, raw) if m["type"] == "update"]
    assert updates and updates[-1]["version"] == len(frames) - 1
    for m in updates:
        frame = frames[m["version"]]
        assert frame["view"] == m["view"], m["version"]  # the spectator's view, key by key
        assert [e["text"] for e in frame["events"]] == [e["text"] for e in m["events"]]
    bad = server.http.get(f"/api/rooms/{room_id}/replay", params={"start": len(frames)})
    assert bad.status_code == 400 and bad.json()["field"] == "start"


def _finished_seed(server: Server, seats: list[dict[str, Any]]) -> int:
    """Start a short bot game, wait for its end, and return the seed its record reveals."""
    room = server.create("classic", seats, options={"turn_limit": 2})
    server.start(room)
    server.wait_status(room["room_id"], "finished")
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    assert (
        commitment(rec["seed"], rec["fair"]["nonce"]) == server.room(room["room_id"])["commitment"]
    )
    seed: int = rec["seed"]
    return seed


def test_seeded_server_deals_games_from_its_seed_upward(
    make_server: Callable[..., Server], tmp_dir: Path
) -> None:
    """`tycoon serve --seed N`: the k-th game started gets seed N + k (reproducible games for
    tests and demonstrations); without it, every game gets a fresh secret seed."""
    bots = [{"kind": "bot", "level": "basic"}] * 3
    seeded = make_server(str(tmp_dir / "seeded.db"), seed=2**64 - 2)
    assert [_finished_seed(seeded, bots) for _ in range(3)] == [2**64 - 2, 2**64 - 1, 0]
    fresh = make_server(str(tmp_dir / "fresh.db"))
    first, second = _finished_seed(fresh, bots), _finished_seed(fresh, bots)
    assert first != second  # two secret 64-bit seeds


def test_editions_board_openapi_and_static(server: Server) -> None:
    eds = server.http.get("/api/editions").json()
    assert {e["id"] for e in eds} == {"classic", "wonders", "builder", "metropol"}
    classic = next(e for e in eds if e["id"] == "classic")
    assert classic["players"] == [3, 6]
    for e in eds:  # every edition ships the learned bot's weights
        assert e["bot_levels"] == ["random", "basic", "strong", "learned"]  # no aliases
    assert any(o["key"] == "turn_limit" for o in classic["options"])
    # the web form's facts: A-27's switch widens the players to 2, enumerated options list
    # their allowed values (every one accepted, anything else refused), and the score's name
    two = next(o for o in classic["options"] if o["key"] == "allow_two_players")
    assert two["players"] == [2, 6] and classic["score_name"] == "net worth"
    by_id = {e["id"]: e for e in eds}
    assert by_id["metropol"]["score_name"] == "cash and permits"
    for ed in eds:
        for o in ed["options"]:
            if "choices" not in o or o.get("multiple"):
                continue
            assert o["default"] in o["choices"], o
            for value in o["choices"]:
                find_edition(ed["id"]).options_type.parse({o["key"]: value})
            with pytest.raises(OptionError):
                find_edition(ed["id"]).options_type.parse({o["key"]: "no_such_value"})
    tokens = next(o for o in by_id["builder"]["options"] if o["key"] == "tokens")
    assert tokens["multiple"] and tuple(tokens["choices"]) == BUILDER.data.token_ids
    assert {o["key"] for e in eds for o in e["options"] if "choices" in o} >= {
        "community_metric",
        "bonus_tie",
        "jail_third_try_move",
        "rent_collection",
        "tie",
    }
    b = server.http.get("/api/editions/classic/board", params={"lang": "pl"}).json()
    assert b["squares"][1]["name"] == "Saloniki"
    bad = server.http.get("/api/editions/classic/board", params={"lang": "xx"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad_field"
    assert server.http.get("/api/editions/nope/board").status_code == 404
    assert "/api/rooms" in server.http.get("/openapi.json").json()["paths"]
    assert server.http.get("/").status_code == 200
    assert server.http.get("/r/abc").text == server.http.get("/").text


def test_create_room_validation_returns_engine_text(server: Server) -> None:
    r = server.http.post(
        "/api/rooms",
        json={"edition": "classic", "seats": [{"kind": "human"}] * 3, "options": {"x": 1}},
    )
    assert r.status_code == 400
    body = r.json()
    assert (
        body["ok"] is False
        and body["field"] == "options"
        and "unknown option 'x'" in body["message"]
    )
    r = server.http.post("/api/rooms", json={"edition": "classic", "seats": [{"kind": "human"}]})
    assert r.status_code == 400 and "3 to 6 players" in r.json()["message"]
    r = server.http.post("/api/rooms", json={"edition": "nope", "seats": [{"kind": "human"}]})
    assert r.status_code == 400 and r.json()["field"] == "edition"
    r = server.http.post("/api/rooms", json={"edition": "classic", "seats": "x"})
    assert r.status_code == 400 and r.json()["code"] == "bad_field"
    r = server.http.post(
        "/api/rooms",
        json={"edition": "classic", "seats": [{"kind": "bot", "level": "genius"}] * 3},
    )
    assert r.status_code == 400 and "unknown bot level" in r.json()["message"]


def test_board_language_is_a_room_setting(server: Server) -> None:
    """The board's language is kept with the room; one the edition lacks names the field."""
    seats = [{"kind": "human"}] * 3
    r = server.http.post("/api/rooms", json={"edition": "classic", "seats": seats, "lang": "xx"})
    body = r.json()
    assert r.status_code == 400 and body["field"] == "lang" and "pl" in body["message"]
    room = server.http.post(
        "/api/rooms", json={"edition": "classic", "seats": seats, "lang": "pl"}
    ).json()
    assert server.http.get(f"/api/rooms/{room['room_id']}").json()["lang"] == "pl"
    plain = server.http.post("/api/rooms", json={"edition": "classic", "seats": seats}).json()
    assert server.http.get(f"/api/rooms/{plain['room_id']}").json()["lang"] == "en"


def _human_game(server: Server, **body: Any) -> tuple[dict[str, Any], Client]:
    room = server.create("classic", [{"kind": "human"}, *BOTS3], **body)
    assert room["seat"] == 0 and len(room["token"]) >= 22
    me = server.ws(room["room_id"], room["token"])
    assert me.recv()["type"] == "welcome"
    server.start(room)
    return room, me


def _my_view(me: Client) -> dict[str, Any]:
    """Read updates until the game waits on my seat; return that view."""
    msg = me.until(
        lambda m: (
            m.get("type") in ("update", "view") and m["view"]["current_player"] == m["view"]["seat"]
        )
    )
    view: dict[str, Any] = msg["view"]
    return view


def test_human_plays_with_bots_answers_and_errors(server: Server) -> None:
    room, me = _human_game(server, options={"turn_limit": 3})
    v = _my_view(me)
    assert v["legal_actions"] and v["actions"] and v["seat"] == 0
    bad = me.answer({"type": "action", "action": "fly-to-the-moon"})
    assert bad["ok"] is False and bad["code"] == "illegal_action" and bad["legal"]
    illegal = me.answer({"type": "action", "action": "bid 5"})
    assert illegal["ok"] is False and illegal["legal"] == v["legal_actions"]
    # a rule's refusal names the rule and its one-line reason (issue 10 item 3): C-48
    owned = me.answer({"type": "action", "action": "build 1"})
    assert owned["ok"] is False and owned["rule"] == "C-48", owned
    assert owned["reason"] and "legal actions" not in owned["reason"]
    ok = me.answer({"type": "action", "action": v["legal_actions"][0]})
    assert ok["ok"] is True and ok["version"] > v["version"]
    chat = me.answer({"type": "chat", "text": "hello"})
    assert chat["ok"]
    me.until(lambda m: m.get("type") == "chat" and m["text"] == "hello")
    long = me.answer({"type": "chat", "text": "x" * 501})
    assert long["code"] == "bad_field"
    assert me.answer({"type": "ping"})["ok"]
    sync = me.answer({"type": "sync"})
    assert sync["ok"]
    me.until(lambda m: m.get("type") == "view")
    # a spectator cannot act or chat
    spy = server.ws(room["room_id"])
    assert spy.recv()["seat"] is None
    assert spy.answer({"type": "action", "action": "roll"})["code"] == "no_seat"
    assert spy.answer({"type": "chat", "text": "hi"})["code"] == "no_seat"
    # play to the end, always the first legal action
    me.send({"type": "sync"})
    while True:
        msg = me.recv(timeout=30)
        if msg.get("type") == "room" and msg["room"]["status"] == "finished":
            break
        if msg.get("type") in ("update", "view") and msg["view"]["current_player"] == 0:
            acts = msg["view"]["legal_actions"]
            me.send({"type": "action", "action": acts[0], "version": msg["version"]})
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    assert any(seat == 0 for seat, _ in rec["actions"])
    me.close()
    spy.close()


def test_out_of_turn_and_stale_version(server: Server) -> None:
    _room, me = _human_game(server, bot_delay_ms=200)
    while True:  # play my decisions until a bot's decision comes
        msg = me.until(lambda m: m.get("type") in ("update", "view"))
        v = msg["view"]
        if v["current_player"] == 0:
            me.answer({"type": "action", "action": v["legal_actions"][0]})
        elif v["current_player"] > 0:
            break
    if not v["legal_actions"]:
        ans = me.answer({"type": "action", "action": "roll"})
        assert ans["code"] == "not_your_turn"
    stale = me.answer({"type": "action", "action": "roll", "version": 1})
    assert stale["code"] == "stale_version"
    me.until(lambda m: m.get("type") == "view")
    me.close()


def test_join_private_room_invite_host_calls(server: Server) -> None:
    room = server.create(
        "classic", [{"kind": "human"}, {"kind": "human"}, *BOTS3[:1]], public=False
    )
    rid = room["room_id"]
    assert all(r["room_id"] != rid for r in server.http.get("/api/rooms").json())
    r = server.http.post(f"/api/rooms/{rid}/join", json={"name": "Bob"})
    assert r.status_code == 403
    r = server.http.post(f"/api/rooms/{rid}/join", json={"name": "Bob", "invite": room["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    bob = r.json()["token"]
    full = server.http.post(f"/api/rooms/{rid}/join", json={"name": "Cy", "invite": room["invite"]})
    assert full.status_code == 409
    # host-only calls need the host token
    assert server.http.post(f"/api/rooms/{rid}/start").status_code == 403
    bearer = {"Authorization": f"Bearer {bob}"}
    assert server.http.post(f"/api/rooms/{rid}/start", headers=bearer).status_code == 403
    host = {"Authorization": f"Bearer {room['host_token']}"}
    r = server.http.post(
        f"/api/rooms/{rid}/settings", headers=host, json={"options": {"turn_limit": 400}}
    )
    assert r.status_code == 200 and r.json()["options"]["turn_limit"] == 400
    r = server.http.post(f"/api/rooms/{rid}/settings", headers=host, json={"options": {"bad": 1}})
    assert r.status_code == 400
    r = server.http.post(
        f"/api/rooms/{rid}/seats/2", headers=host, json={"kind": "bot", "level": "random"}
    )
    assert r.json()["seats"][2]["level"] == "random"
    r = server.http.post(f"/api/rooms/{rid}/kick", headers=host, json={"seat": 1})
    assert r.status_code == 200 and r.json()["seats"][1]["taken"] is False
    assert server.http.get(f"/api/rooms/{rid}/view", headers=bearer).status_code == 401
    r = server.http.post(f"/api/rooms/{rid}/start", headers=host)
    assert r.status_code == 200
    assert server.http.post(f"/api/rooms/{rid}/start", headers=host).status_code == 409
    assert server.http.post(f"/api/rooms/{rid}/settings", headers=host, json={}).status_code == 409
    # the kicked seat is played by a bot; someone may join it and take it over
    r = server.http.post(f"/api/rooms/{rid}/join", json={"name": "Dee", "invite": room["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    me = {"Authorization": f"Bearer {room['token']}"}
    v = server.http.get(f"/api/rooms/{rid}/view", headers=me).json()
    inv = room["invite"]
    assert v["seat"] == 0 and v["commitment"] == server.room(rid, inv)["commitment"]
    assert server.http.post(f"/api/rooms/{rid}/leave", headers=me).json()["ok"]
    assert server.http.get(f"/api/rooms/{rid}/record?invite={inv}").status_code == 409
    replay = server.http.get(f"/api/rooms/{rid}/replay?invite={inv}")
    assert replay.json()["code"] == "not_finished"
    assert server.room(rid, inv)["seed"] is None


def test_websocket_checks_origin_and_token(server: Server) -> None:
    room = server.create("classic", [{"kind": "human"}, *BOTS3])
    rid = room["room_id"]
    with pytest.raises(Exception):  # noqa: B017 - refused at the handshake
        c = server.ws(rid, room["token"], origin="http://evil.example")
        c.recv(timeout=5)
    host = server.url.split("://")[1]
    ok = server.ws(rid, room["token"], origin=f"http://{host}")
    assert ok.recv()["seat"] == 0
    ok.close()
    bad = server.ws(rid, "not-a-token")
    assert bad.recv()["code"] == "bad_token"
    nobody = server.ws("no-such-room")
    assert nobody.recv()["code"] == "no_room"
