"""Server-wide settings: what `tycoon serve` reads from its options, and the tests set."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Config:
    """Server-wide settings (`tycoon serve` and the tests)."""

    db: str = "tycoon.db"
    grace_s: float = 30.0
    """Default seconds a disconnected player keeps his seat before a bot plays it."""
    bot_delay_ms: int = 800
    """Default pause before each bot action, so humans can follow."""
    rate: float = 20.0
    """Messages per second a connection may send (a token bucket)..."""
    burst: int = 60
    """... with this many at once."""
    max_message: int = 16 * 1024
    origins: tuple[str, ...] = ()
    """Origins accepted besides the server's own host."""
    seed: int | None = None
    """Deal the games from this seed upward (the k-th game this process starts gets
    seed + k) instead of secret seeds: reproducible games for tests and demonstrations,
    whose dice are known in advance. None: secret seeds (`tycoon.server.fair`)."""
    max_queue: int = 1 << 20
    """Characters of messages queued for one connection at most (1 MiB of JSON); a reader
    that falls further behind is dropped (close code 1008)."""
    max_body: int = 64 * 1024
    """The largest HTTP request body (bytes); larger ones are answered 413 `too_large`."""
    header_timeout_s: float = 10.0
    """A connection that has not sent a whole request head within this time (after it
    opened, or after its last answer) is closed."""
    keep_alive_s: float = 5.0
    """An idle HTTP keep-alive connection is closed after this time."""
    conns_per_address: int = 64
    """Open connections (HTTP and WebSocket) from one client address at most."""
    max_conns: int = 2000
    """Open connections at most (also kept below the process's file limit)."""
    rooms_per_address: int = 20
    """Rooms not yet finished that one client address may have created at once."""
    open_ttl_s: float = 3600.0
    """An open room nobody is connected to expires this long after its last change."""
    finished_ttl_s: float = 6 * 3600.0
    """A finished room nobody watches leaves the server this long after its end; its
    record stays in the store (`GET /api/rooms/{id}/record` still answers)."""
    sweep_s: float = 30.0
    """How often rooms are checked for expiry."""
    advertise: str | None = None
    """The address other instances send this instance's clients to (`not_owner`), e.g.
    http://10.0.0.5:8000 or https://game.example/i/a behind a reverse proxy; `tycoon serve`
    defaults it to the address it listens on."""
    lease_s: float = 3.0
    """PostgreSQL: seconds a room's lease lasts unless its owner renews it (renewed every
    quarter of it); another instance takes the room after it expires."""
    hold_commit_s: float = 0.0
    """Tests only: pause this long between the owner check of a player's action (not a
    chance outcome) and its commit (a stand-in for an instance paused at the worst moment;
    the fence must refuse it)."""
