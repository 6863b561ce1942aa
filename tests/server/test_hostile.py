"""Hostile clients against a real server on 127.0.0.1 (issue 33): every class of attack is
bounded in count and time; each asserts that the server stays up, that its memory stays
under a stated bound, that no game changes, and that every answer is the documented
error `{ok: false, code, message}`."""

from __future__ import annotations

import contextlib
import json
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from tests.server.conftest import Server, spawn_server
from tests.server.hostile import RawWS, closed_by_peer, raw_http, rss_mb
from tycoon.api import apply_action, legal_actions, new_game, sample_chance
from tycoon.cli.app import app as cli
from tycoon.engine.actions import action_text
from tycoon.engine.types import CHANCE
from tycoon.records.record import to_record
from tycoon.records.snapshot import to_json
from tycoon.rules.flow import DICE_OUTCOMES
from tycoon.server import fair
from tycoon.server.levels import bot_for
from tycoon.server.store import Store
from tycoon.sim.driver import LazyLegal, in_window

BOT = {"kind": "bot", "level": "random"}
MEMORY_BOUND_MB = 80
"""How much a server process may grow under one attack (it was 1.1 GB in 43 s)."""

runner = CliRunner()


def _error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The documented error form, with this status and code."""
    assert r.status_code == status, (r.status_code, r.text)
    body: dict[str, Any] = r.json()
    assert body["ok"] is False and body["code"] == code and isinstance(body["message"], str)
    return body


def _post_raw(server: Server, path: str, text: str) -> httpx.Response:
    return server.http.post(path, content=text, headers={"Content-Type": "application/json"})


def _kill(proc: subprocess.Popen[str]) -> None:
    proc.kill()
    proc.wait(10)


# --- 1 and 8: one validator for every stored name ----------------------------------------

BAD_NAMES = [
    "lobby\ud800",
    "a\tb",
    "a\nb",
    "\x1b[31mred",
    "bell\x07",
    "zero\u200bwidth",
    "\u202eevil",
    "   ",
    "x" * 41,
]


def test_bad_names_are_refused_everywhere_and_nothing_is_stored(
    make_server: Callable[..., Server], tmp_dir: Path
) -> None:
    """Item 1 (a lone surrogate saved a room that broke GET /api/rooms for good) and item
    8 (control and format characters, blank names): every name is checked before
    anything is stored; the answer names the field."""
    server = make_server()
    for bad in BAD_NAMES:
        esc = json.dumps(bad)  # a lone surrogate goes out as the escape \\ud800
        seats = '[{"kind":"human","name":' + esc + '},{"kind":"bot"},{"kind":"bot"}]'
        r = _post_raw(server, "/api/rooms", '{"edition":"classic","seats":' + seats + "}")
        assert _error(r, 400, "bad_field")["field"] == "seats[0].name", bad
        body = '{"edition":"classic","seats":[{"kind":"human"},{"kind":"bot"},{"kind":"bot"}]'
        r = _post_raw(server, "/api/rooms", body + ',"host_name":' + esc + "}")
        assert _error(r, 400, "bad_field")["field"] == "host_name", bad
        if len(bad) <= 40:  # room names may be longer (80)
            r = _post_raw(server, "/api/rooms", body + ',"name":' + esc + "}")
            assert _error(r, 400, "bad_field")["field"] == "name", bad
    assert server.http.get("/api/rooms").json() == []  # nothing was saved
    room = server.create("classic", [{"kind": "human"}, {"kind": "human"}, BOT])
    rid = room["room_id"]
    for bad in BAD_NAMES:
        r = _post_raw(server, f"/api/rooms/{rid}/join", '{"name":' + json.dumps(bad) + "}")
        assert _error(r, 400, "bad_field")["field"] == "name", bad
    host = {"Authorization": f"Bearer {room['host_token']}"}
    r = server.http.post(
        f"/api/rooms/{rid}/settings",
        headers=host,
        json={"seats": [{"kind": "human", "name": "\x1b"}] * 3},
    )
    assert _error(r, 400, "bad_field")["field"] == "seats[0].name"
    assert all(
        s["name"] in ("Player 1", "Player 2", "Bot 3 (random)") for s in server.room(rid)["seats"]
    )
    c = server.ws(rid, room["token"])
    c.recv()
    for bad in ("\x1b[2J", "a\u202eb", "\ud800"):
        a = c.answer({"type": "chat", "text": bad})
        assert not a["ok"] and a["code"] == "bad_field" and a["field"] == "text"
    c.close()
    assert server.http.get("/api/rooms").status_code == 200
    server.stop()
    # a store written by an older server with such a name: listed with the default name
    db = str(tmp_dir / "tycoon.db")
    store = Store(db)
    data = json.loads(json.dumps(store.load_rooms()[0][3]))
    data["settings"]["name"] = "lobby\ud800"
    data["seats"][0]["name"] = "a\tb"
    store.save_room("poisoned", "open", data, time.time())
    store.close()
    again = make_server(db=db)
    listed = again.http.get("/api/rooms")
    assert listed.status_code == 200
    poisoned = next(r for r in listed.json() if r["room_id"] == "poisoned")
    assert poisoned["name"] == "" and poisoned["seats"][0]["name"] == "Player 1"


def test_odd_but_printable_names_finish_a_game_whose_record_verifies(
    server: Server, tmp_dir: Path
) -> None:
    """Item 8: the names the server accepts are the names records accept (one rule), so a
    finished game with them verifies."""
    names = ["Zoë Ærø", "李小龍", "🎲 dice"]
    seats = [{"kind": "bot", "level": "random", "name": n} for n in names]
    room = server.create("classic", seats, options={"turn_limit": 2}, name="  Ünïcode  ")
    assert room["room"]["name"] == "Ünïcode"
    server.start(room)
    server.wait_status(room["room_id"], "finished")
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    assert rec["players"] == names
    path = tmp_dir / "odd.json"
    path.write_text(json.dumps(rec))
    r = runner.invoke(cli, ["verify", str(path)])
    assert r.exit_code == 0, r.output


def test_an_option_beyond_the_engine_amount_bound_is_refused_at_creation(server: Server) -> None:
    """Item 8: integer options of 10^30 broke verify; the edition's option validation
    refuses them at room creation, answered as a documented error naming `options`."""
    r = server.http.post(
        "/api/rooms",
        json={"edition": "classic", "seats": [BOT] * 3, "options": {"starting_cash": 10**30}},
    )
    err = _error(r, 400, "bad_field")
    assert err["field"] == "options" and "starting_cash" in err["message"], err
    assert server.http.get("/api/rooms").json() == []


# --- 2: a kicked connection that stops reading ---------------------------------------------


def test_a_kicked_connection_that_stops_reading_is_cut_and_its_actions_never_count(
    server: Server,
) -> None:
    """Item 2: the kicked seat's connection reads nothing; a new player takes the seat;
    the kicked client's action for the seat is not applied (nor answered) and the server
    closes its connection anyway."""
    # slow bots: the one that stands in for the kicked seat must not finish the game before
    # the new player joins
    room = server.create(
        "classic", [{"kind": "human"}, BOT, BOT], options={"turn_limit": 1000}, bot_delay_ms=300
    )
    rid, host = room["room_id"], {"Authorization": f"Bearer {room['host_token']}"}
    kicked = RawWS(server.url, f"/ws/rooms/{rid}?token={room['token']}", rcvbuf=2048)
    server.start(room)
    for i in range(2000):  # its views pile up unread (some 5 MB): its close cannot get through
        kicked.send(json.dumps({"type": "sync", "id": i}))
    time.sleep(0.5)
    r = server.http.post(f"/api/rooms/{rid}/kick", headers=host, json={"seat": 0})
    assert r.status_code == 200
    new = server.http.post(f"/api/rooms/{rid}/join", json={"name": "Nia"}).json()
    assert new.get("seat") == 0, new
    player = server.ws(rid, new["token"])
    player.recv()
    live = server.live(rid)
    end = time.monotonic() + 30
    while live.st.current_player != 0 or not legal_actions(live.st, 0):
        assert time.monotonic() < end, "the game never waited on seat 0"
        time.sleep(0.02)
    time.sleep(0.2)
    version = live.version
    legal = [action_text(a) for a in legal_actions(live.st, 0)]
    for i, text in enumerate(legal[:5]):
        kicked.send(json.dumps({"type": "action", "action": text, "id": 1000 + i}))
    kicked.send(json.dumps({"type": "sync", "id": 2000}))
    time.sleep(1.0)
    assert live.version == version and live.st.current_player == 0  # nothing applied
    assert kicked.read_all(timeout=20), "the kicked connection was never closed"
    answers = [json.loads(t) for t in kicked.texts()]
    late = [m for m in answers if m.get("type") == "answer" and m.get("re", 0) >= 1000]
    assert not late, late[:3]
    player.close()


# --- 3: slow readers and floods ------------------------------------------------------------


def _attack(srv: Server, proc: subprocess.Popen[str], ws: RawWS, text: str, secs: float) -> float:
    """Send `text` as fast as the server takes it for `secs` (never reading); the peak
    memory growth of the server meanwhile, in MB."""
    base = rss_mb(proc.pid)
    peak = [base]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], rss_mb(proc.pid))
            time.sleep(0.2)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    end = time.monotonic() + secs
    try:
        while time.monotonic() < end and ws.send(text, timeout=1):
            pass
    finally:
        stop.set()
        t.join()
    return peak[0] - base


def test_a_spectator_that_never_reads_is_dropped_with_memory_bounded(tmp_dir: Path) -> None:
    """Item 3: a spectator asks for views as fast as it can and reads nothing, in a room
    whose bots play fast: its queue is bounded (1 MiB), it is dropped, the server's
    memory stays under MEMORY_BOUND_MB of growth and the game plays on."""
    proc, srv = spawn_server(str(tmp_dir / "s.db"))
    try:
        room = srv.create("classic", [BOT] * 3, options={"turn_limit": 400})
        srv.start(room)
        ws = RawWS(srv.url, f"/ws/rooms/{room['room_id']}", rcvbuf=2048)
        grew = _attack(srv, proc, ws, '{"type":"sync"}', 8)
        assert ws.read_all(timeout=20), "the slow reader was never dropped"
        assert grew < MEMORY_BOUND_MB, f"the server grew {grew:.0f} MB"
        v0 = srv.room(room["room_id"])["version"]
        time.sleep(0.5)
        after = srv.room(room["room_id"])
        assert after["version"] > v0 or after["status"] == "finished"  # still playing
    finally:
        _kill(proc)


def test_a_flood_of_malformed_messages_is_rate_limited_and_cut(tmp_dir: Path) -> None:
    """Item 3: `{` without reading, at the default rate limit: malformed messages are
    charged to the rate limit before they are parsed; the flood is closed (1008) and the
    server's memory stays bounded."""
    proc, srv = spawn_server(str(tmp_dir / "s.db"), "--rate", "20")
    try:
        room = srv.create("classic", [BOT] * 3, options={"turn_limit": 5})
        ws = RawWS(srv.url, f"/ws/rooms/{room['room_id']}", rcvbuf=2048)
        grew = _attack(srv, proc, ws, "{", 5)
        assert ws.read_all(timeout=20), "the flood was never closed"
        assert grew < MEMORY_BOUND_MB, f"the server grew {grew:.0f} MB"
        codes = {json.loads(t).get("code") for t in ws.texts()}
        assert codes <= {None, "bad_json", "rate_limited"}
        assert srv.http.get("/api/rooms").status_code == 200
        assert srv.room(room["room_id"])["status"] == "open"
    finally:
        _kill(proc)


def test_rate_limited_answers_keep_their_id_without_parsing(
    make_server: Callable[..., Server],
) -> None:
    """Item 3: past the burst, messages are refused `rate_limited` with their id (read
    without parsing), bad JSON included; the connection stays usable once it slows down."""
    server = make_server(rate=5.0, burst=5)
    room = server.create("classic", [BOT] * 3)
    c = server.ws(room["room_id"])
    c.recv()
    for _ in range(5):
        c.send("{")  # malformed ones spend the budget too
    c.send({"type": "ping", "id": 77})
    a = c.until(lambda m: m.get("re") == 77)
    assert a["code"] == "rate_limited" and not a["ok"]
    time.sleep(1.5)
    assert c.answer({"type": "ping"})["ok"]
    c.close()


# --- 4: tycoon verify proves the dice ------------------------------------------------------


def _forged_record(seed: int, forge_at: int) -> dict[str, Any]:
    """A finished classic game of random bots whose `forge_at`-th chance outcome is not
    the seed's, with a correct commitment and final digest (what a dishonest server could
    publish)."""
    names = ["Ann", "Bob", "Cy"]
    st = new_game("classic", names, seed, {"turn_limit": 4})
    bots = [bot_for("random", seed + i) for i in range(3)]
    chances = 0
    for _ in range(20_000):
        if st.termination:
            break
        cur = st.current_player
        if cur == CHANCE:
            act = sample_chance(st)
            if chances == forge_at:
                act = next(a for a in DICE_OUTCOMES if a != act)
            chances += 1
            apply_action(st, act, CHANCE)
            continue
        if in_window(st):
            for s in range(st.n):
                if s != cur and st.alive[s] and (a := bots[s].respond(st, s)) is not None:
                    apply_action(st, a, s)
                    break
            if st.termination or st.current_player != cur:
                continue
        apply_action(st, bots[cur].choose(st, cur, LazyLegal(st, cur)), cur)
    assert st.termination
    nonce = "ab" * 16
    rec = to_record(st)
    rec["fair"] = {
        "commitment": fair.commitment(seed, nonce),
        "nonce": nonce,
        "final_sha256": fair.final_digest(to_json(st)),
    }
    return rec


def test_verify_refuses_one_forged_die_and_names_its_step(tmp_dir: Path) -> None:
    """Item 4: one die changed (and the unsigned final digest recomputed) verified; now
    every chance outcome is checked against the seed's generator and the step is named."""
    path = tmp_dir / "forged.json"
    honest = _forged_record(7, forge_at=10**9)  # nothing forged
    path.write_text(json.dumps(honest))
    r = runner.invoke(cli, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    forged = _forged_record(7, forge_at=5)
    k = [i for i, (seat, _t) in enumerate(forged["actions"]) if seat == CHANCE][5]
    assert forged["actions"][k] != honest["actions"][k]
    path.write_text(json.dumps(forged))
    r = runner.invoke(cli, ["verify", str(path)])
    assert r.exit_code == 2, r.output
    assert f"step {k + 1}" in r.output and "seed" in r.output


def test_verify_refuses_an_unfinished_game_with_its_own_exit_code(
    server: Server, tmp_dir: Path
) -> None:
    """Item 4: a record cut before the end is not a finished game: exit 3, not 0."""
    room = server.create("classic", [BOT] * 3, options={"turn_limit": 2})
    server.start(room)
    server.wait_status(room["room_id"], "finished")
    rec = server.http.get(f"/api/rooms/{room['room_id']}/record").json()
    cut = dict(rec, actions=rec["actions"][:-3])
    path = tmp_dir / "cut.json"
    path.write_text(json.dumps(cut))
    r = runner.invoke(cli, ["verify", str(path)])
    assert r.exit_code == 3 and "not over" in r.output


# --- 5: room caps and expiry -----------------------------------------------------------


def test_rooms_per_address_are_capped_and_rooms_expire_records_kept(
    make_server: Callable[..., Server], tmp_dir: Path
) -> None:
    """Item 5: 5,000 anonymous creates filled the server for good. One address may hold
    `rooms_per_address` unfinished rooms; open rooms nobody joined and finished rooms
    expire; a finished room's record is still served, also after a restart."""
    kw: dict[str, Any] = {
        "rooms_per_address": 3,
        "open_ttl_s": 0.5,
        "finished_ttl_s": 0.5,
        "sweep_s": 0.2,
    }
    server = make_server(**kw)
    opened = [server.create("classic", [{"kind": "human"}, BOT, BOT]) for _ in range(2)]
    done = server.create("classic", [BOT] * 3, options={"turn_limit": 2})
    r = server.http.post("/api/rooms", json={"edition": "classic", "seats": [BOT] * 3})
    _error(r, 429, "too_many_rooms")
    server.start(done)
    server.wait_status(done["room_id"], "finished")
    end = time.monotonic() + 30
    ids = [o["room_id"] for o in opened] + [done["room_id"]]
    while any(server.http.get(f"/api/rooms/{i}").status_code != 404 for i in ids):
        assert time.monotonic() < end, "rooms did not expire"
        time.sleep(0.1)
    _error(server.http.get(f"/api/rooms/{ids[0]}"), 404, "no_room")
    rec = server.http.get(f"/api/rooms/{done['room_id']}/record")
    assert rec.status_code == 200 and rec.json()["fair"]["commitment"]
    _error(server.http.get(f"/api/rooms/{ids[0]}/record"), 404, "no_room")
    assert server.http.post(
        "/api/rooms", json={"edition": "classic", "seats": [BOT] * 3}
    ).is_success
    server.stop()
    again = make_server(db=str(tmp_dir / "tycoon.db"), **kw)
    assert all(r["room_id"] not in ids for r in again.http.get("/api/rooms").json())
    assert again.http.get(f"/api/rooms/{done['room_id']}/record").json() == rec.json()


# --- 6: idle and half-sent connections ------------------------------------------------------


def test_idle_and_half_sent_connections_are_closed_under_a_small_file_limit(
    tmp_dir: Path,
) -> None:
    """Item 6: 300 idle or half-sent connections exhausted a 256-file limit and the server
    logged tracebacks without end. Now they are capped per address, cut after the request
    head deadline, and the server serves again without a log flood."""
    out: list[str] = []
    proc, srv = spawn_server(
        str(tmp_dir / "s.db"),
        "--header-timeout",
        "1",
        "--conns-per-address",
        "100",
        nofile=256,
        output=out,
    )
    try:
        socks = []
        for i in range(300):
            try:
                s = raw_http(srv.url)
            except OSError:
                continue  # refused or reset at once: fine
            if i % 3 == 1:
                s.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: x\r\n")  # never finished
            elif i % 3 == 2:
                s.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            socks.append(s)
        deadline = time.monotonic() + 30
        for s in socks:
            assert closed_by_peer(s, max(0.1, deadline - time.monotonic())), "left open"
            s.close()
        end = time.monotonic() + 10
        while True:
            try:
                assert httpx.get(srv.url + "/api/editions", timeout=5).status_code == 200
                break
            except httpx.TransportError:
                assert time.monotonic() < end
                time.sleep(0.1)
        assert proc.poll() is None
        assert len(out) < 50, "".join(out[:20])
    finally:
        _kill(proc)


# --- 7: huge integers ---------------------------------------------------------------------------


def test_huge_integers_are_bad_json_not_a_dropped_connection(server: Server) -> None:
    """Item 7: an integer over 4,300 digits raised ValueError and dropped the connection."""
    room = server.create("classic", [BOT] * 3)
    c = server.ws(room["room_id"])
    c.recv()
    c.send('{"type":"ping","id":1,"x":' + "9" * 5000 + "}")
    a = c.until(lambda m: m.get("type") == "answer")
    assert not a["ok"] and a["code"] == "bad_json"
    assert c.answer({"type": "ping"})["ok"]  # still connected
    c.close()
    body = '{"edition":"classic","seats":[{"kind":"bot"}],"bot_delay_ms":' + "9" * 5000 + "}"
    _error(_post_raw(server, "/api/rooms", body), 400, "bad_json")


# --- 9: PostgreSQL: only committed state is seen ---------------------------------------------


def test_clients_see_only_committed_state_while_a_commit_is_blocked(
    make_server: Callable[..., Server], db_url: str
) -> None:
    """Item 9: while the server's commit of a step is blocked (a lock held on the action
    log), GET /view, a new spectator's welcome and a sync show the last committed version,
    not the applied-but-uncommitted one."""
    if not db_url.startswith("postgresql"):
        pytest.skip("the commit runs inline on SQLite; this is PostgreSQL's case")
    import psycopg

    server = make_server(db=db_url)
    room = server.create("classic", [BOT] * 3, options={"turn_limit": 400})
    rid = room["room_id"]
    server.start(room)
    while server.room(rid)["version"] < 5:
        time.sleep(0.02)
    with psycopg.connect(db_url) as lock:
        lock.execute("LOCK TABLE actions IN ACCESS EXCLUSIVE MODE")
        end = time.monotonic() + 30
        while True:  # the server's next insert waits on the lock
            n = lock.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND pid <> pg_backend_pid()"
            ).fetchone()
            if n and n[0]:
                break
            assert time.monotonic() < end, "the server never blocked on its commit"
            time.sleep(0.05)
        committed = lock.execute("SELECT count(*) FROM actions WHERE room_id = %s", (rid,))
        count = committed.fetchone()
        assert count is not None
        version = count[0]
        assert server.http.get(f"/api/rooms/{rid}/view").json()["version"] == version
        assert server.room(rid)["version"] == version
        c = server.ws(rid)
        welcome = c.recv()
        assert welcome["version"] == version and welcome["view"]["version"] == version
        assert c.answer({"type": "sync"})["version"] == version
        lock.rollback()  # the commit goes through
    v = c.until(lambda m: m.get("type") == "update", timeout=30)
    assert v["version"] > version
    c.close()


# --- 10: private rooms ---------------------------------------------------------------------------


def test_a_private_room_id_alone_grants_nothing(server: Server) -> None:
    """Item 10: the room, its views, replay, record, spectating and the chat history of a
    private room need its invite (or a token of its host or a seat)."""
    room = server.create("classic", [BOT] * 3, options={"turn_limit": 2}, public=False)
    rid, inv = room["room_id"], room["invite"]
    server.start(room)
    server.wait_status(rid, "finished", timeout=60) if False else None
    end = time.monotonic() + 60
    while server.room(rid, inv)["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.05)
    paths = ["", "/view", "/replay", "/record"]
    for p in paths:
        _error(server.http.get(f"/api/rooms/{rid}{p}"), 403, "forbidden")
        _error(server.http.get(f"/api/rooms/{rid}{p}?invite=wrong"), 403, "forbidden")
        assert server.http.get(f"/api/rooms/{rid}{p}?invite={inv}").status_code == 200, p
        host = {"Authorization": f"Bearer {room['host_token']}"}
        assert server.http.get(f"/api/rooms/{rid}{p}", headers=host).status_code == 200, p
    spy = server.ws(rid)
    assert spy.recv() == {"type": "error", "code": "forbidden"}
    guest = server.ws(rid + "?invite=" + inv)
    welcome = guest.recv()
    assert welcome["type"] == "welcome" and "chat" in welcome
    guest.close()


# --- 11: origin, error form, body size, replay off the loop -----------------------------


def test_origin_must_be_the_servers_own_scheme_and_host(server: Server) -> None:
    """Item 11: the Origin's scheme counts (http for ws), not only its host."""
    room = server.create("classic", [BOT] * 3)
    host = server.url.split("://")[1]
    for origin in (f"https://{host}", f"ftp://{host}", f"//{host}", "null", f"http://{host}/x"):
        with pytest.raises(Exception):  # noqa: B017 - refused at the handshake
            c = server.ws(room["room_id"], origin=origin)
            c.recv(timeout=5)
    ok = server.ws(room["room_id"], origin=f"http://{host}")
    assert ok.recv()["type"] == "welcome"
    ok.close()


def test_every_http_error_has_the_documented_form(server: Server) -> None:
    """Item 11: no `{"detail": ...}` answers; bodies are limited (64 KiB) before parsing."""
    _error(server.http.get("/api/nothing-here"), 404, "not_found")
    _error(server.http.post("/api/editions"), 405, "method_not_allowed")
    _error(_post_raw(server, "/api/rooms", "{not json"), 400, "bad_field")
    big = '{"edition":"classic","seats":[],"name":"' + "x" * (1 << 20) + '"}'
    _error(_post_raw(server, "/api/rooms", big), 413, "too_large")

    def chunks() -> Any:
        for _ in range(64):
            yield b"x" * 16384

    r = server.http.post(
        "/api/rooms", content=chunks(), headers={"Content-Type": "application/json"}
    )
    _error(r, 413, "too_large")
    # a declared 64 MB body is refused from its head, without waiting for the body
    s = raw_http(server.url)
    s.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 67108864\r\n\r\n")
    s.settimeout(10)
    assert b" 413 " in s.recv(4096).split(b"\r\n", 1)[0]
    s.close()
    assert server.http.get("/api/rooms").status_code == 200


def test_replay_pages_are_built_off_the_event_loop(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 11: a 500-frame replay held the event loop ~50 ms; it is built in a worker."""
    from tycoon.server.room import Room

    seen: list[int] = []
    frames = Room.replay_frames

    def spy(self: Room, start: int, count: int) -> list[dict[str, Any]]:
        seen.append(threading.get_ident())
        return frames(self, start, count)

    monkeypatch.setattr(Room, "replay_frames", spy)
    room = server.create("classic", [BOT] * 3, options={"turn_limit": 2})
    server.start(room)
    server.wait_status(room["room_id"], "finished")
    loop_thread: list[int] = []

    async def where() -> None:
        loop_thread.append(threading.get_ident())

    import asyncio

    loop = server.live(room["room_id"]).task.get_loop()
    asyncio.run_coroutine_threadsafe(where(), loop).result(10)
    r = server.http.get(f"/api/rooms/{room['room_id']}/replay")
    assert r.status_code == 200 and r.json()["frames"]
    assert seen and seen[0] != loop_thread[0]


def test_an_action_in_flight_from_a_kicked_seat_does_not_count(server: Server) -> None:
    """Item 2: an action that was already on its way when its seat was taken back is
    refused: the seat's token must still be the one the connection came with."""
    import asyncio

    from tycoon.server.room import Refused

    room = server.create("classic", [{"kind": "human"}, BOT, BOT])
    rid, host = room["room_id"], {"Authorization": f"Bearer {room['host_token']}"}
    server.start(room)
    live = server.live(rid)
    held = live.seats[0].token_hash
    assert server.http.post(f"/api/rooms/{rid}/kick", headers=host, json={"seat": 0}).is_success
    assert server.http.post(f"/api/rooms/{rid}/join", json={"name": "Nia"}).json()["seat"] == 0
    fut = asyncio.run_coroutine_threadsafe(live.submit(0, "roll", None, held), live.task.get_loop())
    with pytest.raises(Refused) as e:
        fut.result(10)
    assert e.value.code == "bad_token"


def test_a_kicked_client_that_reads_gets_its_kicked_room_and_close_4403(server: Server) -> None:
    """Item 2: the close of a kicked seat reaches a client that reads, also when it sends
    something right after the kick (the web app stops reconnecting on 4403)."""
    from websockets.exceptions import ConnectionClosed

    room = server.create("classic", [{"kind": "human"}, BOT, BOT])
    rid, host = room["room_id"], {"Authorization": f"Bearer {room['host_token']}"}
    c = server.ws(rid, room["token"])
    c.recv()
    assert server.http.post(f"/api/rooms/{rid}/kick", headers=host, json={"seat": 0}).is_success
    with contextlib.suppress(ConnectionClosed):  # it may be closed already
        c.send({"type": "ping", "id": 5})
    with pytest.raises(ConnectionClosed) as e:
        c.until(lambda m: False, timeout=15)
    assert any(m.get("type") == "room" and m.get("kicked") for m in c.seen)
    assert e.value.rcvd is not None and e.value.rcvd.code == 4403
