"""Issue 38: several `tycoon serve` instances on one PostgreSQL (real subprocesses on
127.0.0.1, a real PostgreSQL on loopback): one lobby, each room owned by one instance
(its lease), redirects to the owner, takeover when an owner dies or is paused, and the
fence that keeps two owners from ever both applying an action."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.server.conftest import Client, Server, new_database, spawn_server
from tycoon.server.store import Fenced, Store

pytestmark = pytest.mark.cluster

LEASE = "2"
"""The instances' lease in these tests (seconds; the default is 3)."""


class Instances:
    """`tycoon serve` processes on one database; killed at the end."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.live: list[tuple[subprocess.Popen[str], Server]] = []
        self.all: list[subprocess.Popen[str]] = []
        self.threads: list[threading.Thread] = []
        self.lock = threading.Lock()
        self.closed = False

    def start(self, *extra: str, output: list[str] | None = None) -> Server:
        args = ("--lease", LEASE, "--grace", "600", *extra)
        proc, srv = spawn_server(self.db, *args, output=output)
        srv.http = httpx.Client(base_url=srv.url, timeout=20, follow_redirects=True)
        with self.lock:
            self.all.append(proc)
            if self.closed:  # started in a thread after the test ended: not left running
                with_suppress_kill(proc)
                raise RuntimeError("the test is over")
            self.live.append((proc, srv))
        return srv

    def start_later(self) -> threading.Thread:
        """`start` in a thread (the test goes on meanwhile); joined at the end."""

        def run() -> None:
            with contextlib.suppress(RuntimeError):  # the test ended first
                self.start()

        t = threading.Thread(target=run, daemon=True)
        t.start()
        self.threads.append(t)
        return t

    def proc(self, srv: Server) -> subprocess.Popen[str]:
        return next(p for p, s in self.live if s is srv)

    def by_url(self, url: str) -> tuple[subprocess.Popen[str], Server] | None:
        with self.lock:
            return next(((p, s) for p, s in self.live if s.url == url), None)

    def kill(self, url: str) -> None:
        """SIGKILL the instance at `url`."""
        found = self.by_url(url)
        assert found is not None, f"no live instance at {url}"
        proc = found[0]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        with self.lock:
            self.live.remove(found)

    def servers(self) -> list[Server]:
        with self.lock:
            return [s for _, s in self.live]

    def stop(self) -> None:
        with self.lock:
            self.closed = True
        for t in self.threads:  # a server still starting is killed as it comes up
            t.join(120)
        for p in self.all:
            if p.poll() is None:
                with_suppress_kill(p)


def with_suppress_kill(p: subprocess.Popen[str]) -> None:
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        os.kill(p.pid, signal.SIGCONT)  # a stopped one too
        p.kill()
        p.wait(10)


@pytest.fixture
def cluster_db(postgres_url: str) -> str:
    return new_database(postgres_url)


@pytest.fixture
def instances(cluster_db: str) -> Iterator[Instances]:
    inst = Instances(cluster_db)
    yield inst
    inst.stop()


def _sql(db: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(db, autocommit=True) as c:
        cur = c.execute(query, args)
        return list(cur.fetchall()) if cur.description else []


def _owner_url(db: str, room_id: str) -> str | None:
    rows = _sql(db, "SELECT url FROM leases WHERE room_id = %s", room_id)
    return rows[0][0] if rows else None


def _wait(pred: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"not in {timeout} s: {what}")


def _call(
    url: str, method: str, path: str, token: str | None = None, body: Any = None
) -> httpx.Response:
    """A request that follows `not_owner` redirects with its Authorization (an HTTP client
    drops it on a redirect to another origin; behind one reverse proxy it is the same)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    target = url + path
    for _ in range(3):
        r = httpx.request(method, target, headers=headers, json=body, timeout=20)
        if r.status_code != 307:
            return r
        assert r.json()["code"] == "not_owner"
        target = r.headers["location"]
    raise AssertionError(f"redirected again and again: {target}")


def _ws(url: str, room_id: str, token: str | None) -> Client:
    return Server(url).ws(room_id, token)


# --- the store's fence ------------------------------------------------------------------------


def test_a_lease_is_taken_only_once_expired_and_fences_the_old_owner(cluster_db: str) -> None:
    """The store's half of the fence: a live lease cannot be taken; once another instance
    took the room (epoch 2), the old owner's log step, snapshot and room data are refused
    and nothing of them is written, while the new owner's commit goes through."""
    store = Store(cluster_db)
    try:
        store.save_room("r", "running", {"x": 1}, time.time())
        assert store.claim("r", "a", "http://a", 60) == 1
        assert store.claim("r", "b", "http://b", 60) is None  # a's lease runs
        assert store.append([("r", 0, 0, "roll")], {"r": ("a", 1)}) == set()
        _sql(cluster_db, "UPDATE leases SET expires_at = 0")  # a's lease ran out
        assert store.claim("r", "b", "http://b", 60) == 2
        assert store.append([("r", 1, -1, "roll 1 2")], {"r": ("a", 1)}) == {"r"}
        with pytest.raises(Fenced):
            store.save_room("r", "finished", {"x": 2}, time.time(), ("a", 1))
        with pytest.raises(Fenced):
            store.save_snapshot("r", 1, "{}", {}, ("a", 1))
        assert store.renew("a", 60, ["r"]) == {}
        assert store.renew("b", 60, ["r"]) == {"r": 2}
        assert store.append([("r", 1, -1, "roll 3 4")], {"r": ("b", 2)}) == set()
        log = _sql(cluster_db, "SELECT idx, action, epoch FROM actions ORDER BY idx")
        assert log == [(0, "roll", 1), (1, "roll 3 4", 2)]
        assert store.load_room("r") is not None
        assert store.load_room("r")[3] == {"x": 1}  # type: ignore[index]
        assert store.locate("r") == ("b", "http://b", True)
        store.save_room("s", "open", {}, time.time())
        assert store.claim("s", "b", "http://b", 60) == 1
        assert store.renew("b", 60, ["s"], ["r"]) == {"s": 1}  # b let r go: released
        assert store.locate("s") == ("b", "http://b", True)
        # a room claimed while a renewal was under way (not in its list) keeps its lease
        store.save_room("t", "open", {}, time.time())
        assert store.claim("t", "b", "http://b", 60) == 1
        assert store.renew("b", 60, ["s"]) == {"s": 1}
        assert store.locate("t") == ("b", "http://b", True)
        assert store.locate("r") == ("b", "http://b", False)
        assert store.claim("r", "a", "http://a", 60) == 3
    finally:
        store.close()


# --- one lobby, redirects -----------------------------------------------------------------------


def test_a_room_created_on_one_instance_is_listed_joined_and_played_through_the_others(
    instances: Instances,
) -> None:
    """Lobby changes reach every instance (LISTEN/NOTIFY); HTTP requests for a room at
    an instance that does not own it are answered 307 to the owner (with `owner`); a
    WebSocket there gets `not_owner` with the owner's address and close 4307."""
    a, b, c = (instances.start() for _ in range(3))
    room = a.create("classic", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    rid = room["room_id"]

    def listed(srv: Server) -> bool:
        return any(r["room_id"] == rid for r in srv.http.get("/api/rooms").json())

    _wait(lambda: listed(b) and listed(c), "the new room in every instance's lobby")
    raw = httpx.post(f"{b.url}/api/rooms/{rid}/join", json={"name": "Bea"})
    assert raw.status_code == 307
    assert raw.headers["location"] == f"{a.url}/api/rooms/{rid}/join"
    assert raw.json()["code"] == "not_owner" and raw.json()["owner"] == a.url
    joined = b.http.post(f"/api/rooms/{rid}/join", json={"name": "Bea"}).json()  # followed
    assert joined["ok"] and joined["seat"] == 1
    _wait(
        lambda: (
            next(r for r in c.http.get("/api/rooms").json() if r["room_id"] == rid)["seats"][1][
                "name"
            ]
            == "Bea"
        ),
        "the join reaches the other lobbies",
    )
    away = _ws(c.url, rid, joined["token"])
    msg = away.recv()
    assert msg == {"type": "error", "code": "not_owner", "owner": a.url}
    with pytest.raises(ConnectionClosed) as closed:
        away.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4307
    there = _ws(msg["owner"], rid, joined["token"])
    assert there.recv()["type"] == "welcome"
    started = _call(c.url, "POST", f"/api/rooms/{rid}/start", room["host_token"])
    assert started.status_code == 200, started.text
    assert there.until(lambda m: m.get("type") == "view")["view"] is not None
    assert b.http.get(f"/api/rooms/{rid}").json()["status"] == "running"
    there.close()


# --- kill -9 the owner, 20 times ------------------------------------------------------------------


class Seat:
    """One human seat's WebSocket, reconnected through any live instance (following the
    `not_owner` redirect) whenever its connection is lost."""

    def __init__(self, inst: Instances, rid: str, seat: int, token: str, rng: random.Random):
        self.inst, self.rid, self.seat, self.token, self.rng = inst, rid, seat, token, rng
        self.conn: Client | None = None

    def connect(self, deadline: float) -> Client:
        while time.monotonic() < deadline:
            servers = self.inst.servers()
            url = self.rng.choice(servers).url if servers else None
            for _ in range(3):  # a redirect, then the owner
                if url is None:
                    break
                try:
                    c = _ws(url, self.rid, self.token)
                    first = c.recv()
                except (OSError, ConnectionClosed, InvalidStatus, TimeoutError):
                    break
                if first.get("type") == "welcome":
                    self.conn = c
                    return c
                url = first.get("owner") if first.get("code") == "not_owner" else None
                c.close()
            time.sleep(0.1)
        raise AssertionError(f"seat {self.seat}: no instance served the room in time")

    def view(self, deadline: float) -> dict[str, Any]:
        """The seat's current view (a `sync`), reconnecting as needed."""
        while True:
            c = self.conn or self.connect(deadline)
            try:
                c.backlog.clear()
                c.answer({"type": "sync"})
                msg = c.until(lambda m: m.get("type") == "view", 10)
                view: dict[str, Any] = msg["view"]
                return view
            except (OSError, ConnectionClosed, TimeoutError, AssertionError):
                self.drop()

    def act(self, action: str, version: int) -> dict[str, Any] | None:
        """The answer to an action (None: the connection was lost meanwhile)."""
        assert self.conn is not None
        try:
            msg = {"type": "action", "action": action, "version": version}
            return self.conn.answer(msg)
        except (OSError, ConnectionClosed, TimeoutError, AssertionError):
            self.drop()
            return None

    def drop(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
        self.conn = None


QUICK = ("roll", "end-turn", "pass", "reject")


def test_killing_the_owner_20_times_loses_no_acknowledged_action(
    instances: Instances, tmp_dir: Path
) -> None:
    """Kill -9 the room's owner 20 times in the middle of a game of two humans and a bot:
    each time another instance takes the room (lease expiry), restores it from the store,
    the clients reconnect with their tokens and play on. Every acknowledged action is in
    the final record at its version, the game finishes, its record passes `tycoon verify`,
    and the store's log has no gap and its owner epochs only grow (no step was applied by
    an owner after a later one had the room)."""
    started = time.monotonic()
    for _ in range(3):
        instances.start()
    first = instances.servers()[0]
    body = {"options": {"turn_limit": 400}}
    room = first.create("classic", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], **body)
    rid = room["room_id"]
    joined = first.http.post(f"/api/rooms/{rid}/join", json={}).json()
    assert _call(first.url, "POST", f"/api/rooms/{rid}/start", room["host_token"]).is_success
    rng = random.Random(38)
    seats = [
        Seat(instances, rid, 0, room["token"], random.Random(1)),
        Seat(instances, rid, 1, joined["token"], random.Random(2)),
    ]
    acked: list[tuple[int, int, str]] = []
    takeovers: list[float] = []
    spawns: list[threading.Thread] = []
    deadline = started + 240  # a bound against a hang, far above the usual time

    def one_ack() -> None:
        while True:
            assert time.monotonic() < deadline, "the game does not go on"
            for s in seats:
                view = s.view(deadline)
                assert not view["termination"], "the game ended before the 20 kills"
                legal = view["legal_actions"]
                if not legal:
                    continue
                quick = [a for a in legal if a in QUICK]
                act = rng.choice(quick) if quick and rng.random() < 0.8 else rng.choice(legal)
                ans = s.act(act, view["version"])
                if ans is not None and ans["ok"]:
                    acked.append((ans["version"], s.seat, act))
                    return
            time.sleep(0.02)

    for _ in range(20):
        for _ in range(3):
            one_ack()
        owner = _owner_url(instances.db, rid)
        assert owner is not None
        instances.kill(owner)
        killed = time.monotonic()
        spawns.append(instances.start_later())  # three again
        one_ack()  # served by the new owner
        takeovers.append(time.monotonic() - killed)
        assert _owner_url(instances.db, rid) != owner
    for s in seats:  # the humans leave: their stand-in bots finish the game
        s.drop()
        left = _call(instances.servers()[0].url, "POST", f"/api/rooms/{rid}/leave", s.token)
        assert left.status_code == 200, left.text
    for t in spawns:
        t.join(60)
    srv = instances.servers()[0]
    _wait(
        lambda: srv.http.get(f"/api/rooms/{rid}").json()["status"] == "finished",
        "the game finishes",
        120,
    )
    rec = srv.http.get(f"/api/rooms/{rid}/record").json()
    for version, seat, act in acked:  # every acknowledged action, at its place
        assert rec["actions"][version - 1] == [seat, act], (version, seat, act)
    path = tmp_dir / "record.json"
    path.write_text(json.dumps(rec))
    verify = subprocess.run(
        [sys.executable, "-m", "tycoon.cli.app", "verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    log = _sql(instances.db, "SELECT idx, seat, action, epoch FROM actions WHERE room_id = %s", rid)
    log.sort()
    assert [r[0] for r in log] == list(range(len(rec["actions"])))  # no gap, no duplicate
    assert [[r[1], r[2]] for r in log] == rec["actions"]
    epochs = [r[3] for r in log]
    assert epochs == sorted(epochs)  # each owner's steps come after the one before it
    assert len(set(epochs)) >= 21
    print(
        f"\n20 takeovers: median {sorted(takeovers)[10]:.2f} s, max {max(takeovers):.2f} s "
        f"(kill to the next acknowledged action; lease {LEASE} s); "
        f"{len(acked)} acknowledged client actions of {len(log)} steps; "
        f"whole test {time.monotonic() - started:.0f} s"
    )


# --- a paused owner ---------------------------------------------------------------------------


def _humans_room(a: Server) -> tuple[str, list[str], str, int]:
    """A running classic room of three humans on `a` (nothing acts but the test's client):
    its id, the seats' tokens, and the token and version of the seat to roll first."""
    room = a.create("classic", [{"kind": "human"}] * 3)
    rid = room["room_id"]
    tokens = [room["token"]]
    for _ in range(2):
        tokens.append(a.http.post(f"/api/rooms/{rid}/join", json={}).json()["token"])
    assert _call(a.url, "POST", f"/api/rooms/{rid}/start", room["host_token"]).is_success

    def to_roll() -> tuple[str, int] | None:  # the seat to act once the order is rolled
        for token in tokens:
            view = _call(a.url, "GET", f"/api/rooms/{rid}/view", token).json()
            if "roll" in view["legal_actions"]:
                return token, view["version"]
        return None

    token, version = _wait(to_roll, "a seat's first roll")
    return rid, tokens, token, version


def test_a_paused_owner_applies_nothing_once_it_wakes(instances: Instances) -> None:
    """The owner's own lease check: an owner stopped (SIGSTOP) past its lease, whose room
    another instance took meanwhile, applies nothing when it goes on (SIGCONT), not even
    the action that waited for it in its socket: the action is refused (`not_owner`, or
    the connection moves with 4307) before any commit (the fence refuses none), and the
    room is played on at the new owner."""
    a = instances.start()
    b = instances.start()
    rid, _, token, version = _humans_room(a)
    c = _ws(a.url, rid, token)
    assert c.recv()["type"] == "welcome"
    proc = instances.proc(a)
    os.kill(proc.pid, signal.SIGSTOP)
    try:
        c.send({"type": "action", "action": "roll", "version": version, "id": 1})
        _wait(lambda: _owner_url(instances.db, rid) == b.url, "the other instance takes the room")
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    try:
        while True:
            msg = c.recv()
            if msg.get("type") == "answer":
                assert msg["ok"] is False and msg["code"] == "not_owner", msg
                assert "fenced" not in msg  # refused by the owner's own check
            if msg.get("type") == "error":
                assert msg["code"] == "not_owner"
    except ConnectionClosed as e:
        assert e.rcvd is not None and e.rcvd.code == 4307
    cluster = a.http.get("/api/cluster").json()
    assert cluster["fenced"] == 0 and rid not in cluster["rooms"]
    count = "SELECT count(*) FROM actions WHERE room_id = %s"
    assert _sql(instances.db, count, rid) == [(version,)]
    there = _ws(b.url, rid, token)
    assert there.recv()["version"] == version
    assert there.answer({"type": "action", "action": "roll", "version": version})["ok"]


def test_a_paused_owner_s_late_commit_is_refused_by_the_fence(instances: Instances) -> None:
    """A forced partition: the owner is stopped (SIGSTOP) between its owner check of an
    action and the action's commit; its lease expires, the other instance takes the room;
    then the old owner goes on (SIGCONT) and commits: the store's fence refuses the
    commit (the client is told `not_owner`, or its connection moves with 4307), nothing
    of it is written, and the game goes on at the new owner from the same version."""
    out: list[str] = []
    a = instances.start("--hold-commit", "4", output=out)
    b = instances.start()
    rid, tokens, token, version = _humans_room(a)
    c = _ws(a.url, rid, token)
    assert c.recv()["type"] == "welcome"
    c.send({"type": "action", "action": "roll", "version": version, "id": 1})
    _wait(lambda: any("holding the commit" in line for line in out), "the commit is held")
    proc = instances.proc(a)
    os.kill(proc.pid, signal.SIGSTOP)
    try:
        _wait(lambda: _owner_url(instances.db, rid) == b.url, "the other instance takes the room")
        assert b.http.get(f"/api/rooms/{rid}").json()["version"] == version
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    _wait(lambda: a.http.get("/api/cluster").json()["fenced"] == 1, "the fence refuses it")
    try:  # the held action is not acknowledged
        while True:
            msg = c.recv()
            if msg.get("type") == "answer":
                assert msg["ok"] is False and msg["code"] == "not_owner", msg
                break
            if msg.get("type") == "error":
                assert msg["code"] == "not_owner" and msg["owner"] == b.url
    except ConnectionClosed as e:
        assert e.rcvd is not None and e.rcvd.code == 4307
    count = "SELECT count(*) FROM actions WHERE room_id = %s"
    assert _sql(instances.db, count, rid) == [(version,)]  # the order's rolls only
    assert rid not in a.http.get("/api/cluster").json()["rooms"]
    assert b.http.get("/api/cluster").json()["taken"] == 1
    there = _ws(b.url, rid, token)
    welcome = there.recv()
    assert welcome["type"] == "welcome" and welcome["version"] == version
    ans = there.answer({"type": "action", "action": "roll", "version": version})
    assert ans["ok"] and ans["version"] == version + 1
    log = _sql(instances.db, "SELECT idx, seat, epoch FROM actions WHERE room_id = %s", rid)
    log.sort()
    assert log[version] == (version, tokens.index(token), 2)  # then its dice, also epoch 2
    assert [e for _, _, e in log] == [1] * version + [2] * (len(log) - version)
