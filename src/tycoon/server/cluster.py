"""Several server instances on one PostgreSQL store: which instance owns which room.

Each room in memory is owned by exactly one instance, through its lease row in the store
(`store.leases`: owner id, the owner's address, a fencing epoch, an expiry in the
database's clock). The owner renews all its leases in one statement every `lease_s / 4`
seconds (in a thread of its own, so a busy event loop does not hold the renewal up); it
counts itself the owner only until `RENEWED_FOR * lease_s` after it sent the last renewal
that succeeded (its own monotonic clock), so once it cannot reach the store
it stops applying actions before any other instance may take its rooms. Every write of a
room (its log, snapshot, data) is fenced by the lease's epoch in the same transaction
(`Store.append`), so an owner that was paused past its lease cannot commit anything after
another instance took the room.

Other instances take a room whose lease has expired (a scan every `lease_s / 4` seconds,
at once when an owner releases its rooms, and on demand when a client asks for the room),
restore it from the store and run it; bots and the clock run on the owner only.

Lobby and ownership changes reach every instance through LISTEN/NOTIFY: `LOBBY` carries a
room's summary (as `GET /api/rooms` lists it) whenever it changes, `OWNERS` an instance's
releasing of its rooms and each takeover.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tycoon.server.store import Fence, Store

T = TypeVar("T")
log = logging.getLogger("tycoon.server")

LOBBY = "tycoon_lobby"
"""NOTIFY channel: {room, owner, summary} (summary None: the room left memory; `reload`:
too long for a notification, read it from the store)."""
OWNERS = "tycoon_owners"
"""NOTIFY channel: {event: released, owner} (its rooms are free now) or {event: claimed,
room, owner, url} (a room changed owner)."""
RENEWED_FOR = 0.75
"""An owner counts itself the owner for this share of the lease after sending a renewal
that then succeeded (the rest is margin for clock rates and the renewal's own time)."""
SCAN_LIMIT = 100
"""Rooms one scan takes at most (the others are left to the next scan, or to others)."""
NOTIFY_LIMIT = 7900
"""Bytes of a notification at most (PostgreSQL's limit is 8000)."""


class Member(Protocol):
    """What the cluster needs of the instance's rooms (`tycoon.server.manager.Manager`)."""

    store: Store

    async def db(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def adopt(self, room_id: str) -> bool:
        """Restore a room just taken and run it; False: there is no such room (any more)."""
        ...

    def lose(self, room_id: str) -> None:
        """Another instance owns the room now: let it go at once."""
        ...

    def summary(self, room_id: str) -> dict[str, Any] | None:
        """An owned room's lobby summary (None: not in memory here)."""
        ...

    def lobby(self, room_id: str, owner: str, summary: dict[str, Any] | None) -> None:
        """A room of another instance changed (summary None: it left memory)."""
        ...

    def reload_lobby(self, room_ids: list[str] | None = None) -> None:
        """Read the other instances' rooms (these, or all) from the store again."""
        ...


class Cluster:
    """This instance's membership: its id, its leases and the loops that keep them."""

    def __init__(self, member: Member, url: str, lease_s: float) -> None:
        self.member = member
        self.store = member.store
        self.id = secrets.token_hex(8)
        self.url = url
        self.lease_s = lease_s
        self.epochs: dict[str, int] = {}
        """The rooms this instance owns, each with its lease's epoch."""
        self.valid_until = 0.0
        """Monotonic time until which this instance counts itself the owner of its rooms."""
        self.fenced = 0
        """Commits the store refused because the lease had moved on."""
        self.taken = 0
        """Rooms taken over from another instance (or from a stopped one)."""
        self.dirty: set[str] = set()
        """Owned rooms whose lobby summary is to be published."""
        self._renewal: asyncio.Task[None] | None = None
        self._taking: dict[str, asyncio.Task[bool]] = {}
        self._scan_now = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._stop = threading.Event()
        self._renew_lock = threading.Lock()
        self._let_go: set[str] = set()
        """Rooms let go of whose leases the next renewal releases."""
        self._renewer: threading.Thread | None = None

    # --- ownership -----------------------------------------------------------------------

    def fence(self, room_id: str) -> Fence:
        """The fence of a write of the room (epoch -1, never held, if it is not owned)."""
        return (self.id, self.epochs.get(room_id, -1))

    def live(self) -> bool:
        return time.monotonic() < self.valid_until

    async def ensure(self, room_id: str) -> bool:
        """Whether this instance may apply an action to the room now: it owns the room and
        its lease is current (renewed now if it lapsed locally, waiting at most the lease)."""
        if room_id not in self.epochs:
            return False
        if self.live():
            return True
        with contextlib.suppress(Exception):
            await self.renew()
        return room_id in self.epochs and self.live()

    async def renew(self) -> None:
        """Renew every lease (one renewal at a time; callers share the one in flight)."""
        if self._renewal is None or self._renewal.done():
            self._renewal = asyncio.get_running_loop().create_task(self._renew())
        await asyncio.wait_for(asyncio.shield(self._renewal), self.lease_s)

    async def _renew(self) -> None:
        sent = time.monotonic()
        before = dict(self.epochs)
        gone = sorted(self._let_go)
        held = await self.member.db(self.store.renew, self.id, self.lease_s, sorted(before), gone)
        self._renewed(sent, before, held, gone)

    def _store_renew(self, held: list[str], gone: list[str]) -> dict[str, int]:
        """`Store.renew`, one at a time (the renewal thread's, and one asked for now)."""
        with self._renew_lock:
            return self.store.renew(self.id, self.lease_s, held, gone)

    def _renewed(
        self, sent: float, before: dict[str, int], held: dict[str, int], gone: list[str]
    ) -> None:
        """A renewal sent at `sent` for the rooms `before` succeeded (and released those
        `gone`): the lease counts until `RENEWED_FOR` of it later; a room whose epoch is
        not `held` is another's now."""
        self._let_go.difference_update(gone)
        self.valid_until = max(self.valid_until, sent + RENEWED_FOR * self.lease_s)
        for room_id, epoch in before.items():
            if held.get(room_id) != epoch and self.epochs.get(room_id) == epoch:
                log.warning("room %s: its lease moved to another instance", room_id)
                self.drop(room_id)

    def claimed(self, room_id: str, epoch: int) -> None:
        self._let_go.discard(room_id)
        self.epochs[room_id] = epoch
        self.dirty.add(room_id)

    def drop(self, room_id: str) -> None:
        """The room is not this instance's any more (its lease, if still this instance's,
        is released at the next renewal)."""
        self.epochs.pop(room_id, None)
        self._let_go.add(room_id)
        self.dirty.discard(room_id)
        self.member.lose(room_id)

    async def take(self, room_id: str) -> bool:
        """Take the room if no live lease holds it, restore and run it; whether this
        instance owns it now. One take of a room at a time."""
        if room_id in self.epochs:
            return True
        task = self._taking.get(room_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._take(room_id))
            self._taking[room_id] = task
            task.add_done_callback(lambda _t: self._taking.pop(room_id, None))
        return await asyncio.shield(task)

    async def _take(self, room_id: str) -> bool:
        epoch = await self.member.db(self.store.claim, room_id, self.id, self.url, self.lease_s)
        if epoch is None:
            return False
        self._let_go.discard(room_id)
        self.epochs[room_id] = epoch  # published once restored
        try:
            adopted = await self.member.adopt(room_id)
        except Exception:
            log.exception("room %s: restoring it failed; its lease is released", room_id)
            self.epochs.pop(room_id, None)
            await self.member.db(self.store.release, self.id, [room_id])
            return False
        if not adopted:  # no such room, or it expired: no lease either
            self.epochs.pop(room_id, None)
            await self.member.db(self.store.forget, self.id, [room_id])
            return False
        self.taken += epoch > 1
        self.dirty.add(room_id)
        claim = {"event": "claimed", "room": room_id, "owner": self.id, "url": self.url}
        with contextlib.suppress(Exception):
            await self.member.db(self.store.notify, OWNERS, [json.dumps(claim)])
        log.info("room %s: taken (epoch %d)", room_id, epoch)
        return True

    def take_all_now(self) -> list[tuple[str, int]]:
        """At startup, before serving: claim every room no live lease holds (they are
        restored by the caller as a single server restores its rooms)."""
        out = []
        for room_id in self.store.claimable(10**9, unleased=True):
            epoch = self.store.claim(room_id, self.id, self.url, self.lease_s)
            if epoch is not None:
                self.epochs[room_id] = epoch
                self.taken += epoch > 1
                out.append((room_id, epoch))
        self.valid_until = time.monotonic() + RENEWED_FOR * self.lease_s
        return out

    # --- loops -----------------------------------------------------------------------------

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        for fn in (self._scanning, self._publishing, self._listening):
            self._tasks.append(loop.create_task(fn()))
        self._renewer = threading.Thread(
            target=self._renewing, args=(loop,), name="lease-renewal", daemon=True
        )
        self._renewer.start()

    def _renewing(self, loop: asyncio.AbstractEventLoop) -> None:
        """The renewals, in a thread of their own: a busy event loop (thousands of
        connections at once, a long bot search) does not delay them past the lease."""
        while not self._stop.wait(self.lease_s / 4):
            sent = time.monotonic()
            before = dict(self.epochs)
            gone = sorted(self._let_go)
            try:
                held = self._store_renew(sorted(before), gone)
            except Exception as e:  # the store is out of reach: the lease lapses locally
                log.warning("renewing the leases failed: %s", e)
                if self.epochs and time.monotonic() > self.valid_until + self.lease_s:
                    loop.call_soon_threadsafe(self._let_all_go)
                continue
            loop.call_soon_threadsafe(self._renewed, sent, before, held, gone)

    def _let_all_go(self) -> None:
        """Out of reach of the store for longer than a lease: others may have taken every
        room by now, so all go (their clients reconnect elsewhere; the leases are released
        at the next renewal that reaches the store)."""
        if not self.epochs or self.live():
            return
        log.warning("out of reach of the store: letting %d rooms go", len(self.epochs))
        for room_id in list(self.epochs):
            self.drop(room_id)

    async def _scanning(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._scan_now.wait(), self.lease_s / 4)
            self._scan_now.clear()
            try:
                for room_id in await self.member.db(self.store.claimable, SCAN_LIMIT):
                    await self.take(room_id)
            except Exception as e:
                log.warning("taking over rooms failed: %s", e)

    async def _publishing(self) -> None:
        """Every owned room that changed: its summary to every instance (LOBBY)."""
        while True:
            await asyncio.sleep(0.2)
            if not self.dirty:
                continue
            rooms, self.dirty = self.dirty, set()
            payloads = [self.payload(r) for r in sorted(rooms)]
            try:
                await self.member.db(self.store.notify, LOBBY, payloads)
            except Exception as e:
                log.warning("publishing the lobby failed: %s", e)
                self.dirty |= rooms & set(self.epochs)

    def payload(self, room_id: str) -> str:
        msg = {"room": room_id, "owner": self.id, "summary": self.member.summary(room_id)}
        text = json.dumps(msg, separators=(",", ":"))
        if len(text.encode()) > NOTIFY_LIMIT:
            text = json.dumps({"room": room_id, "owner": self.id, "reload": True})
        return text

    async def _listening(self) -> None:
        """LISTEN on both channels; after a lost connection, listen again and read the
        lobby from the store again (notifications may have been missed)."""
        import psycopg

        url = "postgresql://" + self.store.url.split("://", 1)[1]
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {LOBBY}")
                    await conn.execute(f"LISTEN {OWNERS}")
                    if not first:
                        self.member.reload_lobby()
                    first = False
                    async for n in conn.notifies():
                        self._heard(n.channel, n.payload)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("listening to the other instances failed: %s", e)
                first = False
            await asyncio.sleep(1.0)

    def _heard(self, channel: str, payload: str) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        owner = msg.get("owner")
        if owner == self.id:
            return
        if channel == LOBBY:
            room_id = msg.get("room")
            if room_id in self.epochs:  # another instance holds our room: renew, let it go
                asyncio.get_running_loop().create_task(self._renew_quietly())
                return
            if msg.get("reload"):
                self.member.reload_lobby([room_id])
            else:
                self.member.lobby(room_id, owner, msg.get("summary"))
        elif msg.get("event") == "released":
            self._scan_now.set()
        elif msg.get("event") == "claimed" and msg.get("room") in self.epochs:
            # another instance holds our room: renew now, which lets it go
            asyncio.get_running_loop().create_task(self._renew_quietly())

    async def _renew_quietly(self) -> None:
        with contextlib.suppress(Exception):
            await self.renew()

    async def close(self) -> None:
        """Stop the loops and release every lease at once (others take the rooms now)."""
        self._stop.set()
        if self._renewer is not None:
            await asyncio.to_thread(self._renewer.join, 2 * self.lease_s)
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        with contextlib.suppress(Exception):
            await self.member.db(self.store.release, self.id)
            msg = {"event": "released", "owner": self.id}
            await self.member.db(self.store.notify, OWNERS, [json.dumps(msg)])
        self.epochs.clear()
