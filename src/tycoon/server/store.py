"""The durable store (SQLAlchemy 2 Core): rooms, each game's record head (edition, options,
players, the committed seed) and its append-only action log, plus periodic snapshots.

SQLite (a file, WAL mode) by default, PostgreSQL (psycopg 3) by URL, through the same code.
The schema is made and upgraded by the Alembic migrations in `tycoon.server.migrations`.
Every accepted action is committed (`append`) before the server acknowledges or broadcasts
it; a restart rebuilds each game from its latest snapshot and the log after it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("room_id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("data", JSON, nullable=False),
    Column("updated_at", Float, nullable=False),
)
"""One row per room: `data` holds its settings, seats (token hashes, never tokens) and the
host token's hash."""

games = Table(
    "games",
    metadata,
    Column("room_id", String(32), ForeignKey("rooms.room_id"), primary_key=True),
    Column("edition", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("seed", String(24), nullable=False),
    Column("nonce", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("started_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
)
"""The record head of a game; the seed stays on the server until the game is over."""

actions = Table(
    "actions",
    metadata,
    Column("room_id", String(32), ForeignKey("rooms.room_id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("at", Float, nullable=False),
)
"""The append-only action log: step `idx` (0-based) of a game, chance outcomes (seat -1)
included."""

snapshots = Table(
    "snapshots",
    metadata,
    Column("room_id", String(32), ForeignKey("rooms.room_id"), primary_key=True),
    Column("version", BigInteger, nullable=False),
    Column("data", Text, nullable=False),
    Column("extra", JSON, nullable=True),
)

"""The latest snapshot of a game: the state after `version` actions (canonical JSON) and the
server's own state then (`extra`: the clock's banks)."""

_APPEND = insert(actions)
"""One step of a game's log (built once: the server appends after every action)."""


@dataclass
class StoredGame:
    """A game as stored: its head, its log and its latest snapshot."""

    edition: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    nonce: str
    commitment: str
    started_at: float
    finished_at: float | None
    log: list[tuple[int, str]]
    snapshot: tuple[int, str, dict[str, Any]] | None


def normalise_url(url: str) -> str:
    """`postgresql://` goes through psycopg 3; a bare path is a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(eng, "connect", _sqlite_pragmas)
        return eng
    return create_engine(url, pool_pre_ping=True)


def migrate(url: str, revision: str = "head") -> None:
    """Create or upgrade the schema to `revision` with Alembic."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.attributes["engine"] = make_engine(url)
    try:
        command.upgrade(cfg, revision)
    finally:
        cfg.attributes["engine"].dispose()


class Store:
    """The server's database. Calls are short transactions; `append` commits one action."""

    def __init__(self, url: str) -> None:
        migrate(url)
        self.url = normalise_url(url)
        self.engine = make_engine(url)
        self.is_sqlite = self.url.startswith("sqlite")

    def close(self) -> None:
        self.engine.dispose()

    # --- rooms ---------------------------------------------------------------------------

    def save_room(self, room_id: str, status: str, data: dict[str, Any], created: float) -> None:
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(
                update(rooms)
                .where(rooms.c.room_id == room_id)
                .values(status=status, data=data, updated_at=now)
            )
            if not done.rowcount:
                c.execute(
                    insert(rooms).values(
                        room_id=room_id,
                        created_at=created,
                        status=status,
                        data=data,
                        updated_at=now,
                    )
                )

    def load_rooms(self) -> list[tuple[str, float, str, dict[str, Any]]]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(rooms.c.room_id, rooms.c.created_at, rooms.c.status, rooms.c.data).order_by(
                    rooms.c.created_at
                )
            ).all()
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def load_room(self, room_id: str) -> tuple[str, float, str, dict[str, Any]] | None:
        """One stored room (id, created, status, data), expired ones included."""
        with self.engine.connect() as c:
            r = c.execute(
                select(rooms.c.room_id, rooms.c.created_at, rooms.c.status, rooms.c.data).where(
                    rooms.c.room_id == room_id
                )
            ).first()
        return None if r is None else (r[0], r[1], r[2], r[3])

    # --- games ---------------------------------------------------------------------------

    def start_game(
        self,
        room_id: str,
        edition: str,
        options: dict[str, Any],
        players: list[str],
        seed: int,
        nonce: str,
        commit: str,
    ) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(games).values(
                    room_id=room_id,
                    edition=edition,
                    options=options,
                    players=players,
                    seed=str(seed),
                    nonce=nonce,
                    commitment=commit,
                    started_at=time.time(),
                )
            )

    def append(self, steps: list[tuple[str, int, int, str]]) -> None:
        """Commit steps (room, idx, seat, action) of games' logs in one transaction, before
        any of them is acknowledged or broadcast."""
        at = time.time()
        rows = [
            {"room_id": r, "idx": idx, "seat": seat, "action": action, "at": at}
            for r, idx, seat, action in steps
        ]
        with self.engine.begin() as c:
            c.execute(_APPEND, rows)

    def save_snapshot(self, room_id: str, version: int, data: str, extra: dict[str, Any]) -> None:
        with self.engine.begin() as c:
            done = c.execute(
                update(snapshots)
                .where(snapshots.c.room_id == room_id)
                .values(version=version, data=data, extra=extra)
            )
            if not done.rowcount:
                c.execute(
                    insert(snapshots).values(
                        room_id=room_id, version=version, data=data, extra=extra
                    )
                )

    def finish_game(self, room_id: str) -> None:
        with self.engine.begin() as c:
            c.execute(
                update(games).where(games.c.room_id == room_id).values(finished_at=time.time())
            )

    def load_game(self, room_id: str) -> StoredGame | None:
        with self.engine.connect() as c:
            g = c.execute(select(games).where(games.c.room_id == room_id)).first()
            if g is None:
                return None
            log = c.execute(
                select(actions.c.idx, actions.c.seat, actions.c.action)
                .where(actions.c.room_id == room_id)
                .order_by(actions.c.idx)
            ).all()
            snap = c.execute(select(snapshots).where(snapshots.c.room_id == room_id)).first()
        for k, row in enumerate(log):
            if row[0] != k:
                raise RuntimeError(f"room {room_id}: action log has a gap at step {k}")
        return StoredGame(
            edition=g.edition,
            options=dict(g.options),
            players=list(g.players),
            seed=int(g.seed),
            nonce=g.nonce,
            commitment=g.commitment,
            started_at=g.started_at,
            finished_at=g.finished_at,
            log=[(r[1], r[2]) for r in log],
            snapshot=(int(snap.version), snap.data, dict(snap.extra or {})) if snap else None,
        )


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))
