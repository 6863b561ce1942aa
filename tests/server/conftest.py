"""Servers on 127.0.0.1 on a free port (uvicorn in a thread, or `tycoon serve` in a
subprocess) and real HTTP and WebSocket clients."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
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
from tycoon.server.config import Config
from tycoon.server.guard import uvicorn_config
from tycoon.server.main import bind


class Server:
    """A running server: its base URL, an HTTP client and WebSocket helpers."""

    def __init__(self, url: str, app: Any = None) -> None:
        self.url = url
        self.app = app
        self.stop: Callable[[], None] = lambda: None
        self.http = httpx.Client(base_url=url, timeout=20)

    def live(self, room_id: str) -> Any:
        """The server's own room object (thread servers only)."""
        return self.app.state.manager.rooms[room_id]

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

    def room(self, room_id: str, invite: str | None = None) -> dict[str, Any]:
        params = {"invite": invite} if invite else None
        data: dict[str, Any] = self.http.get(f"/api/rooms/{room_id}", params=params).json()
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
        self.backlog: list[dict[str, Any]] = []
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
        """The first message (kept back ones first) that `pred` accepts; the others are
        kept back for later calls."""
        for i, msg in enumerate(self.backlog):
            if pred(msg):
                del self.backlog[i]
                return msg
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("no matching message in time")
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg
            self.backlog.append(msg)

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
    config.advertise = config.advertise or f"http://127.0.0.1:{port}"
    app = create_app(config)
    server = uvicorn.Server(uvicorn_config(app, config))
    t = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    end = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > end or not t.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)

    def stop() -> None:
        if not t.is_alive():
            return
        server.should_exit = True
        t.join(15)
        sock.close()

    return Server(f"http://127.0.0.1:{port}", app), stop


@pytest.fixture
def tmp_dir() -> Iterator[Path]:
    """A private temporary directory (pytest's own base directory may be pruned by other
    pytest runs on a shared machine while a server still uses it)."""
    with tempfile.TemporaryDirectory(prefix="tycoon-server-") as d:
        yield Path(d)


@pytest.fixture
def make_server(tmp_dir: Path) -> Iterator[Callable[..., Server]]:
    """Start servers (in threads) over a store; all are stopped at the end."""
    stops: list[Callable[[], None]] = []

    def make(db: str | None = None, **kw: Any) -> Server:
        kw.setdefault("grace_s", 0.3)
        kw.setdefault("bot_delay_ms", 0)
        kw.setdefault("rate", 10_000.0)
        kw.setdefault("burst", 10_000)
        cfg = Config(db=db or str(tmp_dir / "tycoon.db"), **kw)
        srv, stop = start_thread_server(cfg)
        stops.append(stop)
        srv.stop = stop
        return srv

    yield make
    for stop in reversed(stops):
        stop()


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    return make_server()


def spawn_server(
    db: str, *extra: str, nofile: int | None = None, output: list[str] | None = None
) -> tuple[subprocess.Popen[str], Server]:
    """`tycoon serve --port 0` in a subprocess; the URL is read from its first line.
    `nofile`: the process's open-file limit; `output`: collects what it prints after."""
    cmd = [sys.executable, "-m", "tycoon.cli.app", "serve", "--port", "0", "--db", db]
    # clients in tests act as fast as the server answers: no rate limit unless a test sets one
    cmd += ["--grace", "0.3", "--bot-delay", "0", "--rate", "10000", *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    def limit() -> None:
        import resource

        if nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, preexec_fn=limit
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise RuntimeError(f"server did not start: {line}{proc.stdout.read()}")
    out = proc.stdout
    keep: list[str] = output if output is not None else []
    collect = output is not None
    threading.Thread(
        target=lambda: [keep.append(x) if collect else None for x in out], daemon=True
    ).start()  # drain
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


def _free_port() -> int:
    s = bind("127.0.0.1", 0)
    port: int = s.getsockname()[1]
    s.close()
    return port


def _pg_bin() -> Path | None:
    import shutil

    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / "initdb").exists():
            return d
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on loopback on a free port (as the `postgres` user
    when run as root); skipped, with the reason, only when none can be started."""
    import shutil

    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb); .ci/run installs it")
    base = Path(tempfile.mkdtemp(prefix="tycoon-pg-"))
    data = base / "data"
    prefix: list[str] = []
    if os.geteuid() == 0:
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL")
        os.chmod(base, 0o777)
        os.chown(base, pw.pw_uid, pw.pw_gid)
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser to start PostgreSQL")
        prefix = [runuser, "-u", "postgres", "--"]
    port = _free_port()
    log = base / "pg.log"
    try:
        subprocess.run(
            [*prefix, str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        subprocess.run(
            [
                *prefix,
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-o",
                f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off",
                "start",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    except (subprocess.SubprocessError, OSError) as e:
        detail = getattr(e, "stderr", b"") or b""
        pytest.skip(f"PostgreSQL could not be started: {e} {detail.decode(errors='replace')}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_dir: Path) -> Iterator[str]:
    """A fresh store: a SQLite file, or a new database on the throwaway PostgreSQL."""
    if request.param == "sqlite":
        yield str(tmp_dir / "store.db")
        return
    yield new_database(request.getfixturevalue("postgres_url"))


def new_database(base: str) -> str:
    """A new empty database on the PostgreSQL server of `base`; its URL."""
    import uuid

    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name
