"""Servers on 127.0.0.1 on a free port (uvicorn in a thread, or `tycoon serve` in a
subprocess) and real HTTP and WebSocket clients."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from tycoon.server.app import create_app
from tycoon.server.main import bind
from tycoon.server.manager import Config


class Server:
    """A running server: its base URL, an HTTP client and WebSocket helpers."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=20)

    def ws_url(self, room_id: str, token: str | None = None) -> str:
        base = self.url.replace("http://", "ws://")
        return f"{base}/ws/rooms/{room_id}" + (f"?token={token}" if token else "")

    def ws(self, room_id: str, token: str | None = None, **kw: Any) -> Client:
        return Client(connect(self.ws_url(room_id, token), open_timeout=10, **kw).__enter__())

    def create(self, edition: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
        body.setdefault("bot_delay_ms", 0)
        r = self.http.post("/api/rooms", json={"edition": edition, "seats": seats, **body})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def start(self, room: dict[str, Any]) -> None:
        r = self.http.post(
            f"/api/rooms/{room['room_id']}/start",
            headers={"Authorization": f"Bearer {room['host_token']}"},
        )
        assert r.status_code == 200, r.text

    def room(self, room_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.http.get(f"/api/rooms/{room_id}").json()
        return data

    def wait_status(self, room_id: str, status: str, timeout: float = 60) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            room = self.room(room_id)
            if room["status"] == status:
                return room
            time.sleep(0.05)
        raise AssertionError(f"room {room_id} not {status} after {timeout}s: {room}")


class Client:
    """A WebSocket client that keeps every message it received."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.n = 0

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        raw = self.ws.recv(timeout=timeout)
        text = raw if isinstance(raw, str) else raw.decode()
        self.raw.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.seen.append(msg)
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("no matching message in time")
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg

    def answer(self, msg: dict[str, Any], timeout: float = 10) -> dict[str, Any]:
        self.n += 1
        msg = {**msg, "id": self.n}
        self.send(msg)
        n = self.n
        return self.until(lambda m: m.get("type") == "answer" and m.get("re") == n, timeout)

    def close(self) -> None:
        self.ws.close()


def start_thread_server(config: Config) -> tuple[Server, Callable[[], None]]:
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), log_level="warning", ws_max_size=1 << 20)
    )
    t = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    end = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > end or not t.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)

    def stop() -> None:
        server.should_exit = True
        t.join(15)
        sock.close()

    return Server(f"http://127.0.0.1:{port}"), stop


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers (in threads) over a store; all are stopped at the end."""
    stops: list[Callable[[], None]] = []

    def make(db: str | None = None, **kw: Any) -> Server:
        kw.setdefault("grace_s", 0.3)
        kw.setdefault("bot_delay_ms", 0)
        kw.setdefault("rate", 10_000.0)
        kw.setdefault("burst", 10_000)
        cfg = Config(db=db or str(tmp_path / "tycoon.db"), **kw)
        srv, stop = start_thread_server(cfg)
        stops.append(stop)
        return srv

    yield make
    for stop in reversed(stops):
        stop()


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    return make_server()


def spawn_server(db: str, *extra: str) -> tuple[subprocess.Popen[str], Server]:
    """`tycoon serve --port 0` in a subprocess; the URL is read from its first line."""
    cmd = [sys.executable, "-m", "tycoon.cli.app", "serve", "--port", "0", "--db", db]
    cmd += ["--grace", "0.3", "--bot-delay", "0", *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise RuntimeError(f"server did not start: {line}{proc.stdout.read()}")
    out = proc.stdout
    threading.Thread(target=lambda: [None for _ in out], daemon=True).start()  # drain
    url = line.split("listening on ")[1].split()[0].rstrip("/")
    srv = Server(url)
    end = time.monotonic() + 20
    while True:
        try:
            srv.http.get("/api/editions")
            return proc, srv
        except httpx.TransportError:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)
