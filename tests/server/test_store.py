"""Durable games (issue 11 items 1 and 8): the store on SQLite and PostgreSQL, Alembic
migrations from a fresh and an older schema, restore on restart, and a SIGKILL in the middle
of several games that loses no acknowledged action."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from tests.server.conftest import Server, spawn_server
from tycoon.records.record import replay
from tycoon.records.snapshot import to_json
from tycoon.server import room as room_mod
from tycoon.server.store import Store, migrate, normalise_url
from tycoon.sim.driver import in_window

BOTS = [{"kind": "bot", "level": "basic"}, {"kind": "bot", "level": "random"}]


MOVES_ON = ("end-turn", "roll", "pass", "reject", "pay", "buy")


def _simple(legal: list[str]) -> str:
    """A simple player's pick: what moves the game on, else the first legal action (so
    seat 0 never churns mortgages at its end of turn)."""
    for word in MOVES_ON:
        if word in legal:
            return word
    return legal[0]


def _play_mine(srv: Server, room: dict[str, Any], actions: int) -> list[tuple[int, str]]:
    """Play `actions` decisions of seat 0 (its first legal action); the acknowledged
    (version, action) pairs."""
    me = srv.ws(room["room_id"], room["token"])
    me.recv()
    me.send({"type": "sync"})
    acked: list[tuple[int, str]] = []
    last = -1
    while len(acked) < actions:
        msg = me.until(lambda m: m.get("type") in ("update", "view", "room"))
        if msg["type"] == "room" and msg["room"]["status"] == "finished":
            break
        if msg["type"] != "room" and msg["view"]["termination"]:
            break
        if msg["type"] != "room" and msg["version"] <= last:
            continue  # a view older than one already acted on
        if msg["type"] != "room" and msg["view"]["current_player"] == 0:
            last = msg["version"]
            act = _simple(msg["view"]["legal_actions"])
            ans = me.answer({"type": "action", "action": act, "version": msg["version"]})
            if ans["ok"]:
                acked.append((ans["version"], act))
    me.close()
    return acked


def _state(srv: Server, rid: str) -> str:
    return str(to_json(srv.live(rid).st))


def _settle(srv: Server, rid: str) -> None:
    """Wait until the game waits on seat 0 (the bots have played their part)."""
    end = time.monotonic() + 60
    live = srv.live(rid)
    while time.monotonic() < end:
        st = live.st
        v = len(st.history)
        time.sleep(0.5)
        polled = not in_window(st) or live.polled == v  # the bots' window here is over
        if st.current_player in (0, -2) and len(st.history) == v and polled:
            return
    raise AssertionError("the game does not settle")


def test_restart_restores_every_room_and_game(
    make_server: Callable[..., Server], db_url: str, monkeypatch: Any
) -> None:
    monkeypatch.setattr(room_mod, "SNAPSHOT_EVERY", 25)
    a = make_server(db=db_url, grace_s=600)  # the games wait on seat 0 while it is away
    rooms = []
    for edition in ("classic", "wonders", "builder", "metropol"):
        rooms.append(a.create(edition, [{"kind": "human"}, *BOTS], options={"turn_limit": 40}))
    open_room = a.create("classic", [{"kind": "human"}, *BOTS])
    for r in rooms:
        a.start(r)
        _play_mine(a, r, 12)
        _settle(a, r["room_id"])
    before = {r["room_id"]: _state(a, r["room_id"]) for r in rooms}
    versions = {r["room_id"]: a.room(r["room_id"])["version"] for r in rooms}
    assert max(versions.values()) > room_mod.SNAPSHOT_EVERY  # restores from a snapshot
    commitments = {r["room_id"]: a.room(r["room_id"])["commitment"] for r in rooms}
    a.stop()  # nothing from memory survives
    b = make_server(db=db_url, grace_s=600)
    for r in rooms:
        rid = r["room_id"]
        assert _state(b, rid) == before[rid]
        assert b.room(rid)["version"] == versions[rid]
        assert b.room(rid)["commitment"] == commitments[rid]
    assert b.room(open_room["room_id"])["status"] == "open"
    # play goes on after the restart, with the same token, to the end
    r = rooms[0]
    _play_mine(b, r, 10_000)
    b.wait_status(r["room_id"], "finished")
    rec = b.http.get(f"/api/rooms/{r['room_id']}/record").json()
    assert replay(rec).termination


def test_fresh_and_older_schema_both_start(
    tmp_dir: Path, make_server: Callable[..., Server]
) -> None:
    fresh = tmp_dir / "fresh.db"
    srv = make_server(db=str(fresh))
    assert srv.http.get("/api/rooms").json() == []
    old = tmp_dir / "old.db"
    migrate(str(old), "0001")
    eng = create_engine(normalise_url(str(old)))
    data = {
        "settings": {
            "edition": "classic",
            "options": {},
            "clock": None,
            "public": True,
            "bot_delay_ms": 0,
            "grace_s": 1.0,
            "name": "old room",
        },
        "seats": [
            {"kind": "bot", "level": "basic", "name": f"B{i}", "token_hash": None} for i in range(3)
        ],
        "host_hash": "0" * 64,
        "invite": "inv",
    }
    with eng.begin() as c:
        cols = [r[1] for r in c.execute(text("PRAGMA table_info(rooms)"))]
        assert "updated_at" not in cols  # the older schema
        c.execute(
            text("INSERT INTO rooms VALUES ('oldroom', 1.0, 'open', :d)"), {"d": json.dumps(data)}
        )
    eng.dispose()
    srv2 = make_server(db=str(old))
    assert srv2.room("oldroom")["name"] == "old room"
    Store(str(old)).close()  # upgraded in place: opening again is a no-op


def test_sigkill_in_the_middle_loses_no_acknowledged_action(tmp_dir: Path) -> None:
    db = str(tmp_dir / "kill.db")
    proc, srv = spawn_server(db)
    try:
        rooms = [
            srv.create(ed, [{"kind": "human"}, *BOTS], options={"turn_limit": 30})
            for ed in ("classic", "wonders", "metropol")
        ]
        for r in rooms:
            srv.start(r)
        acked: dict[str, list[tuple[int, str]]] = {r["room_id"]: [] for r in rooms}
        clients = {}
        for r in rooms:
            c = srv.ws(r["room_id"], r["token"])
            c.recv()
            c.send({"type": "sync"})
            clients[r["room_id"]] = c
        # act in all rooms, interleaved, a bounded number of times (so no game ends first)
        target = 20
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and min(map(len, acked.values())) < target:
            for rid, c in clients.items():
                if len(acked[rid]) >= target:
                    continue
                msg = c.until(lambda m: m.get("type") in ("update", "view", "answer"))
                if msg["type"] == "answer" and msg["ok"] and msg.get("re") is not None:
                    acked[rid].append((msg["version"], msg.get("text", "")))
                elif msg["type"] != "answer" and msg["view"]["current_player"] == 0:
                    c.n += 1
                    act = _simple(msg["view"]["legal_actions"])
                    c.send({"type": "action", "action": act, "id": c.n})
        sent = {rid: [m for m in c.seen] for rid, c in clients.items()}
        os.kill(proc.pid, signal.SIGKILL)  # in the middle of the games
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    # every acknowledged action: the versions the answers named
    acked_versions = {
        rid: [
            m["version"]
            for m in msgs
            if m.get("type") == "answer"
            and m.get("ok")
            and "version" in m
            and m.get("re") is not None  # an action's answer (the sync had no id)
        ]
        for rid, msgs in sent.items()
    }
    assert sum(len(v) for v in acked_versions.values()) > 10
    proc2, srv2 = spawn_server(db)
    try:
        for r in rooms:
            rid = r["room_id"]
            room = srv2.room(rid)
            assert room["status"] == "running"
            if acked_versions[rid]:
                assert room["version"] >= max(acked_versions[rid])
        # play goes on: finish one game and check its log holds every acknowledged step
        r = rooms[0]
        rid = r["room_id"]
        _play_mine(srv2, r, 10_000)
        srv2.wait_status(rid, "finished")
        rec = srv2.http.get(f"/api/rooms/{rid}/record").json()
        for v in acked_versions[rid]:
            assert rec["actions"][v - 1][0] == 0  # the acknowledged step is seat 0's action
        assert replay(rec).termination
    finally:
        proc2.send_signal(signal.SIGTERM)
        try:
            proc2.wait(10)
        except Exception:
            proc2.kill()


def test_steps_of_rooms_acting_together_share_one_commit(tmp_dir: Path) -> None:
    """Group commit: the log steps of rooms that act in the same turn of the event loop
    are committed in one transaction, and each room returns once its step is stored; when
    the commit fails, every room of the batch gets the error (and keeps its old state)."""
    import asyncio

    from tycoon.server.config import Config
    from tycoon.server.manager import Manager

    mgr = Manager(Config(db=str(tmp_dir / "group.db")))
    rooms = [f"r{i}" for i in range(5)]
    for r in rooms:
        mgr.store.save_room(r, "running", {}, time.time())
    calls: list[int] = []
    append = mgr.store.append

    def counted(steps: list[tuple[str, int, int, str]]) -> None:
        calls.append(len(steps))
        append(steps)

    mgr.store.append = counted  # type: ignore[method-assign]

    async def together() -> None:
        await asyncio.gather(*(mgr.log_step(r, 0, 0, "roll") for r in rooms))
        await mgr.log_step(rooms[0], 1, -1, "roll 3 4")  # alone: its own commit

    asyncio.run(together())
    assert calls == [5, 1]
    with mgr.store.engine.connect() as c:
        stored = [
            c.execute(text("select count(*) from actions where room_id = :r"), {"r": r}).scalar()
            for r in rooms
        ]
    assert stored == [2, 1, 1, 1, 1]

    async def failing() -> list[BaseException | None]:
        def broken(steps: list[tuple[str, int, int, str]]) -> None:
            raise OSError("disk full")

        mgr.store.append = broken  # type: ignore[method-assign]
        return await asyncio.gather(
            *(mgr.log_step(r, 5, 0, "roll") for r in rooms), return_exceptions=True
        )

    errors = asyncio.run(failing())
    assert all(isinstance(e, OSError) for e in errors)
