"""The durable store (SQLAlchemy 2 Core): rooms, each game's record head (edition, options,
players, the committed seed) and its append-only action log, plus periodic snapshots.

SQLite (a file, WAL mode) by default, PostgreSQL (psycopg 3) by URL, through the same code.
The schema is made and upgraded by the Alembic migrations in `tycoon.server.migrations`.
Every accepted action is committed (`append`) before the server acknowledges or broadcasts
it; a restart rebuilds each game from its latest snapshot and the log after it.

On PostgreSQL several server instances share the store: each running room is owned by one
instance through its row in `leases` (owner, address, fencing epoch, expiry), and every
write of a room's game or data may be fenced: it commits only while the lease row still
names the writer and its epoch (checked under a share lock on that row in the same
transaction, so a takeover, which updates the row, waits for the write or fences it).
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
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection

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
    Column("epoch", BigInteger, nullable=True),
)
"""The append-only action log: step `idx` (0-based) of a game, chance outcomes (seat -1)
included; `epoch`: the owner's lease epoch it was committed under (None: SQLite, one
instance)."""

leases = Table(
    "leases",
    metadata,
    Column("room_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False, index=True),
    Column("url", String(300), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)
"""Which instance owns a room (PostgreSQL): its id and address, the fencing epoch (one
more at every change of owner) and the expiry in the database's clock (seconds since the
epoch), renewed by the owner."""

Fence = tuple[str, int]
"""(owner, epoch): a write commits only while the room's lease row holds both."""


class Fenced(Exception):
    """A fenced write of a room whose lease is no longer the writer's (another instance
    owns the room now): nothing was written."""

    def __init__(self, room_id: str) -> None:
        super().__init__(f"room {room_id}: this instance no longer owns it")
        self.room_id = room_id


IDLE_IN_TRANSACTION_MS = 5000
"""PostgreSQL ends a session of the server idle inside a transaction this long."""
CLAIM_LOCK_MS = 1000
"""A takeover waits this long at most for a lease row locked by a write (then it is tried
again at the next scan)."""

_NOW = "extract(epoch from clock_timestamp())"
"""The database's clock: every lease expiry is set and compared in it, never in an
instance's own clock."""

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
    # a transaction left open by a paused or partitioned instance must not hold its row locks
    # (the leases a takeover needs) for long: the server cuts such a session
    opts = {"options": f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"}
    return create_engine(url, pool_pre_ping=True, connect_args=opts)


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

    def save_room(
        self,
        room_id: str,
        status: str,
        data: dict[str, Any],
        created: float,
        fence: Fence | None = None,
    ) -> None:
        now = time.time()
        with self.engine.begin() as c:
            self._check(c, room_id, fence)
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
        fence: Fence | None = None,
    ) -> None:
        with self.engine.begin() as c:
            self._check(c, room_id, fence)
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

    def append(
        self, steps: list[tuple[str, int, int, str]], fences: dict[str, Fence] | None = None
    ) -> set[str]:
        """Commit steps (room, idx, seat, action) of games' logs in one transaction, before
        any of them is acknowledged or broadcast. `fences`: the writer's lease of each room;
        the steps of a room whose lease is no longer the writer's are not written, and
        those rooms are returned."""
        at = time.time()
        with self.engine.begin() as c:
            lost = self._fenced(c, fences) if fences else set()
            rows = [
                {
                    "room_id": r,
                    "idx": idx,
                    "seat": seat,
                    "action": action,
                    "at": at,
                    "epoch": fences[r][1] if fences else None,
                }
                for r, idx, seat, action in steps
                if r not in lost
            ]
            if rows:
                c.execute(_APPEND, rows)
        return lost

    def _fenced(self, c: Connection, fences: dict[str, Fence]) -> set[str]:
        """The rooms of `fences` whose lease row no longer holds the writer and its epoch.
        The rows are share-locked in room order until the transaction ends, so a takeover
        (an update of the row) waits for this write to commit (the new owner then reads
        it) or comes first (and this write is refused)."""
        rows = c.execute(
            select(leases.c.room_id, leases.c.owner, leases.c.epoch)
            .where(leases.c.room_id.in_(sorted(fences)))
            .order_by(leases.c.room_id)
            .with_for_update(read=True)
        ).all()
        held = {r[0]: (r[1], int(r[2])) for r in rows}
        return {room for room, fence in fences.items() if held.get(room) != fence}

    def _check(self, c: Connection, room_id: str, fence: Fence | None) -> None:
        if fence is not None and self._fenced(c, {room_id: fence}):
            raise Fenced(room_id)

    def save_snapshot(
        self,
        room_id: str,
        version: int,
        data: str,
        extra: dict[str, Any],
        fence: Fence | None = None,
    ) -> None:
        with self.engine.begin() as c:
            self._check(c, room_id, fence)
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

    def finish_game(self, room_id: str, fence: Fence | None = None) -> None:
        with self.engine.begin() as c:
            self._check(c, room_id, fence)
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

    # --- leases (PostgreSQL: several instances) ----------------------------------------------

    def claim(self, room_id: str, owner: str, url: str, ttl: float) -> int | None:
        """Take a room's lease if it has none or it has expired; returns the new epoch (one
        more than the last owner's), or None while another owner's lease runs."""
        with self.engine.begin() as c:
            c.execute(text(f"SET LOCAL lock_timeout = {CLAIM_LOCK_MS}"))
            row = c.execute(
                text(
                    "INSERT INTO leases (room_id, owner, url, epoch, expires_at) "
                    f"VALUES (:room, :owner, :url, 1, {_NOW} + :ttl) "
                    "ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner, "
                    "url = excluded.url, epoch = leases.epoch + 1, "
                    "expires_at = excluded.expires_at "
                    f"WHERE leases.expires_at < {_NOW} RETURNING epoch"
                ),
                {"room": room_id, "owner": owner, "url": url, "ttl": ttl},
            ).first()
        return None if row is None else int(row[0])

    def renew(
        self, owner: str, ttl: float, held: list[str], let_go: list[str] | None = None
    ) -> dict[str, int]:
        """Extend `owner`'s leases of the rooms it holds, and release those of `let_go`
        (rooms it let go of, e.g. while it could not reach the store); the rows are locked
        in room order, as fenced writes lock them. Returns each held room's epoch: a room
        missing is another's now. Rooms in neither list are left as they are (one claimed
        while this renewal was under way stays claimed)."""
        if not held and not let_go:
            return {}
        args = {"owner": owner, "ttl": ttl, "held": held, "ids": held + (let_go or [])}
        mine = "owner = :owner AND room_id = ANY(:ids)"
        with self.engine.begin() as c:
            # the rows are locked first, in order; the update then sees each one as it is
            # (one UPDATE over a locking subquery may skip rows another transaction changed)
            c.execute(
                text(f"SELECT room_id FROM leases WHERE {mine} ORDER BY room_id FOR UPDATE"),
                args,
            )
            rows = c.execute(
                text(
                    "UPDATE leases SET expires_at = CASE WHEN room_id = ANY(:held) "
                    f"THEN {_NOW} + :ttl ELSE 0 END WHERE {mine} "
                    "RETURNING room_id, epoch, expires_at > 0"
                ),
                args,
            ).all()
        return {r[0]: int(r[1]) for r in rows if r[2]}

    def release(self, owner: str, room_ids: list[str] | None = None) -> None:
        """Give up leases at once (all of `owner`'s, or these rooms'): another instance may
        take them without waiting for their expiry."""
        cond = leases.c.owner == owner
        if room_ids is not None:
            cond = cond & leases.c.room_id.in_(room_ids)
        with self.engine.begin() as c:
            c.execute(update(leases).where(cond).values(expires_at=0.0))

    def forget(self, owner: str, room_ids: list[str]) -> None:
        """Delete `owner`'s leases of rooms that left memory (expired, or never stored)."""
        with self.engine.begin() as c:
            c.execute(
                delete(leases).where((leases.c.owner == owner) & leases.c.room_id.in_(room_ids))
            )

    def claimable(self, limit: int, *, unleased: bool = False) -> list[str]:
        """Rooms that no live lease holds: expired leases, and with `unleased` the rooms
        not expired that have no lease row (stored by a server before leases)."""
        with self.engine.connect() as c:
            rows = list(
                c.execute(
                    text(
                        f"SELECT room_id FROM leases WHERE expires_at < {_NOW} "
                        "ORDER BY expires_at LIMIT :n"
                    ),
                    {"n": limit},
                ).all()
            )
            if not unleased:
                return [r[0] for r in rows]
            rows += c.execute(
                text(
                    "SELECT r.room_id FROM rooms r LEFT JOIN leases l ON l.room_id = r.room_id "
                    "WHERE l.room_id IS NULL AND r.status <> 'expired' LIMIT :n"
                ),
                {"n": limit},
            ).all()
        return [r[0] for r in rows]

    def locate(self, room_id: str) -> tuple[str, str, bool] | None:
        """A room's lease: its owner, the owner's address, and whether it is still live."""
        with self.engine.connect() as c:
            row = c.execute(
                text(f"SELECT owner, url, expires_at >= {_NOW} FROM leases WHERE room_id = :room"),
                {"room": room_id},
            ).first()
        return None if row is None else (row[0], row[1], bool(row[2]))

    def owners(self) -> dict[str, str]:
        """Each leased room's owner."""
        with self.engine.connect() as c:
            rows = c.execute(select(leases.c.room_id, leases.c.owner)).all()
        return {r[0]: r[1] for r in rows}

    def notify(self, channel: str, payloads: list[str]) -> None:
        """NOTIFY each payload on `channel` (one transaction: delivered together)."""
        with self.engine.begin() as c:
            for p in payloads:
                c.execute(text("SELECT pg_notify(:ch, :p)"), {"ch": channel, "p": p})


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))
