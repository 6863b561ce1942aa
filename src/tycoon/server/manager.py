"""The rooms of a server: creating, listing, joining and restoring them, and the settings
a room is created with (validated by the engine, its error text returned).

On PostgreSQL the server is one instance of a cluster (`tycoon.server.cluster`): it holds
the rooms it owns, knows the others' rooms from their notifications (the lobby), and answers
a request for a room another instance owns with a redirect to it (`Refused` `not_owner`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from tycoon.api import new_game
from tycoon.editions.registry import find_edition
from tycoon.engine.errors import TycoonError
from tycoon.records.record import MAX_NAME, valid_name
from tycoon.server import fair
from tycoon.server.cluster import Cluster
from tycoon.server.config import Config
from tycoon.server.levels import bot_name
from tycoon.server.room import Refused, Room, Seat, new_token, token_hash
from tycoon.server.store import Fence, Store

T = TypeVar("T")
log = logging.getLogger("tycoon.server")

MAX_ROOMS = 5000
"""Rooms a server holds at most (open, running and finished)."""
ROOM_NAME = 80
"""The longest room name."""
LOBBY_KEYS = ("room_id", "name", "edition", "status", "seats", "created_at")
"""What the lobby (`GET /api/rooms`) shows of a room."""


def _validation(field: str, message: str) -> Refused:
    return Refused("bad_field", message, field=field, status=400)


def checked_name(field: str, value: Any, limit: int = MAX_NAME, *, blank_ok: bool = False) -> str:
    """The one check of every name the server stores (room, seat and player names, chat):
    valid Unicode of 1 to `limit` printable characters (no control or format characters,
    no lone surrogates), not blank, the rule of records (`records.record.valid_name`), so
    a finished game's record verifies. `blank_ok`: the empty string means no name."""
    if blank_ok and value in (None, ""):
        return ""
    if not isinstance(value, str) or not valid_name(value, limit):
        raise _validation(
            field,
            f"{field} must be 1 to {limit} printable characters (no control or format "
            "characters), not blank",
        )
    return value.strip()


def _clock(raw: Any) -> dict[str, float] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _validation("clock", "clock must be {decision_s, bank_s} or null")
    out = {}
    for key, lo, hi in (("decision_s", 0.1, 3600), ("bank_s", 0, 36000)):
        v = raw.get(key)
        if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
            raise _validation(f"clock.{key}", f"clock.{key} must be a number from {lo} to {hi}")
        out[key] = float(v)
    return out


class Manager:
    """All rooms of one server process, and its store."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.store = Store(config.db)
        self.rooms: dict[str, Room] = {}
        self._steps: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self._dealt = 0
        """Games started by this process (`deal_seed` with `Config.seed`)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.cluster: Cluster | None = None
        """PostgreSQL: this instance's leases (None: SQLite, the only instance)."""
        if not self.store.is_sqlite:
            self.cluster = Cluster(self, config.advertise or "", config.lease_s)
        self.remote: dict[str, dict[str, Any]] = {}
        """The other instances' rooms as the lobby shows them (with `public`)."""

    def deal_seed(self) -> tuple[int, str]:
        """The seed and nonce of the next game started: secret ones (`fair.new_seed`), or
        with `Config.seed` the next of seed, seed + 1, ... (the nonce stays secret)."""
        seed, nonce = fair.new_seed()
        if self.config.seed is not None:
            seed = (self.config.seed + self._dealt) % (1 << 64)
            self._dealt += 1
        return seed, nonce

    async def log_step(self, room_id: str, idx: int, seat: int, action: str) -> None:
        """Commit one step of a room's log; return once it is committed. The steps of rooms
        that act in the same turn of the event loop share one transaction (group commit)."""
        if self.config.hold_commit_s and seat >= 0:  # tests: a player's action waits here
            print(f"holding the commit of room {room_id} step {idx}", flush=True)
            await asyncio.sleep(self.config.hold_commit_s)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._steps.append(((room_id, idx, seat, action), done))
        if len(self._steps) == 1:
            self._committer = loop.create_task(self._commit_steps())  # after rooms scheduled
        await done

    async def _commit_steps(self) -> None:
        batch, self._steps = self._steps, []
        cl = self.cluster
        fences = {step[0]: cl.fence(step[0]) for step, _ in batch} if cl else None
        try:
            steps = [step for step, _ in batch]
            if fences is None:
                await self.db(self.store.append, steps)
                lost: set[str] = set()
            else:
                lost = await self.db(self.store.append, steps, fences)
        except Exception as e:  # every room of the batch keeps its state from before
            for _, done in batch:
                if not done.done():
                    done.set_exception(e)
            return
        for step, done in batch:
            if done.done():
                continue
            if step[0] in lost:  # another instance took the room: nothing was written
                done.set_exception(
                    Refused("not_owner", "another instance owns this room now", fenced=True)
                )
            else:
                done.set_result(None)
        if cl is not None and fences is not None and lost:
            cl.fenced += sum(step[0] in lost for step, _ in batch)
            for room_id in lost:
                if cl.epochs.get(room_id) == fences[room_id][1]:
                    cl.drop(room_id)

    # --- the cluster (PostgreSQL) -------------------------------------------------------------

    def fence(self, room_id: str) -> Fence | None:
        """The fence of the room's writes (None: SQLite, nothing to fence)."""
        return None if self.cluster is None else self.cluster.fence(room_id)

    async def ensure_owner(self, room_id: str) -> None:
        """Refused `not_owner` unless this instance may apply actions to the room now (its
        lease is current; `Cluster.ensure`)."""
        if self.cluster is not None and not await self.cluster.ensure(room_id):
            raise Refused("not_owner", "this instance does not own the room now; reconnect")

    def changed(self, room_id: str) -> None:
        """The room's lobby summary changed (published to the other instances)."""
        if self.cluster is not None and room_id in self.cluster.epochs:
            self.cluster.dirty.add(room_id)

    async def find(self, room_id: str) -> Room:
        """A room held here, taken here if no live lease holds it, or Refused `not_owner`
        with the owner's address (or `no_room`)."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        cl = self.cluster
        if cl is None:
            raise Refused("no_room", f"no room '{room_id}'", status=404)
        for _ in range(2):  # a take may race another instance's: then it is that one's
            where = await self.db(self.store.locate, room_id)
            if where is not None and where[2] and where[0] != cl.id:
                raise Refused(
                    "not_owner", "another instance owns this room", owner=where[1], status=307
                )
            if await cl.take(room_id) and room_id in self.rooms:
                return self.rooms[room_id]
            if where is None:
                break
        raise Refused("no_room", f"no room '{room_id}'", status=404)

    async def room(self, room_id: str, invite: str | None = None, token: str | None = None) -> Room:
        """`find`, then the access check of `get`."""
        room = await self.find(room_id)
        room.check_access(invite, token)
        return room

    async def adopt(self, room_id: str) -> bool:
        """Restore a room this instance has just taken and run it (`Cluster.take`)."""
        row = await self.db(self.store.load_room, room_id)
        if row is None or row[2] == "expired":
            return False
        room = self._room(*row)
        if room.status in ("running", "finished"):
            await self.db(room.restore)
        self.remote.pop(room_id, None)
        self.rooms[room_id] = room
        if room.status == "running":
            room._setup_running()
            room.ensure_task()
        return True

    def lose(self, room_id: str) -> None:
        """Another instance owns the room now: its task stops and its clients are sent to
        the new owner (`Room.let_go`)."""
        room = self.rooms.pop(room_id, None)
        if room is None:
            return
        room.let_go()
        asyncio.get_running_loop().create_task(self._send_away(room))

    async def _send_away(self, room: Room) -> None:
        owner = None
        with contextlib.suppress(Exception):
            where = await self.db(self.store.locate, room.room_id)
            if where is not None and where[2]:
                owner = where[1]
        room.move_conns(owner)

    def summary(self, room_id: str) -> dict[str, Any] | None:
        room = self.rooms.get(room_id)
        if room is None:
            return None
        d = room.describe()
        return {**{k: d[k] for k in LOBBY_KEYS}, "public": d["public"]}

    def lobby(self, room_id: str, owner: str, summary: dict[str, Any] | None) -> None:
        if room_id in self.rooms:
            return
        if summary is None:
            self.remote.pop(room_id, None)
        else:
            self.remote[room_id] = summary

    def reload_lobby(self, room_ids: list[str] | None = None) -> None:
        if room_ids is None:
            rows = self.store.load_rooms()
            self.remote = {}
        else:
            rows = [r for r in map(self.store.load_room, room_ids) if r is not None]
        for row in rows:
            room_id, _, status, _ = row
            if room_id in self.rooms:
                continue
            if status == "expired":
                self.remote.pop(room_id, None)
                continue
            d = self._room(*row).describe()
            self.remote[room_id] = {**{k: d[k] for k in LOBBY_KEYS}, "public": d["public"]}

    def lobby_rooms(self) -> list[dict[str, Any]]:
        """The public rooms of every instance, as `GET /api/rooms` lists them."""
        mine = [self.summary(r) for r in self.rooms]
        every = [s for s in mine if s is not None] + list(self.remote.values())
        every.sort(key=lambda s: s["created_at"])
        return [{k: s[k] for k in LOBBY_KEYS} for s in every if s["public"]]

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call: inline for SQLite (one writer), in a thread for PostgreSQL."""
        if self.store.is_sqlite:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    # --- settings ---------------------------------------------------------------------------

    def settings(self, body: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
        """Validated room settings from a create (or settings) body over `base`."""
        cfg = dict(base or {})
        if base is None:
            cfg.update(
                edition="classic",
                options={},
                clock=None,
                public=True,
                bot_delay_ms=self.config.bot_delay_ms,
                grace_s=self.config.grace_s,
                name="",
            )
        keys = ("edition", "options", "clock", "public", "bot_delay_ms", "grace_s", "name", "lang")
        for key in keys:
            if (key in body and body[key] is not None) or (key == "clock" and "clock" in body):
                cfg[key] = body[key]
        if not isinstance(cfg["edition"], str):
            raise _validation("edition", "edition must be a string")
        try:
            ed = find_edition(cfg["edition"])
        except TycoonError as e:
            raise _validation("edition", str(e)) from None
        cfg["edition"] = ed.id
        lang = cfg.get("lang") or "en"
        if lang not in ed.languages:
            if body.get("lang") is not None:
                known = ", ".join(ed.languages)
                raise _validation("lang", f"unknown language '{lang}'; known: {known}")
            lang = ed.languages[0]  # kept from another edition's settings
        cfg["lang"] = lang
        if not isinstance(cfg["options"], dict):
            raise _validation("options", "options must be an object")
        cfg["clock"] = _clock(cfg["clock"])
        if not isinstance(cfg["public"], bool):
            raise _validation("public", "public must be true or false")
        delay = cfg["bot_delay_ms"]
        if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= 10_000:
            raise _validation("bot_delay_ms", "bot_delay_ms must be an integer from 0 to 10000")
        grace = cfg["grace_s"]
        if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace <= 3600:
            raise _validation("grace_s", "grace_s must be a number from 0 to 3600")
        cfg["name"] = checked_name("name", cfg["name"], ROOM_NAME, blank_ok=True)
        return cfg

    def seats(self, raw: Any) -> list[Seat]:
        if not isinstance(raw, list) or not raw or len(raw) > 8:
            raise _validation("seats", "seats must be a list of 1 to 8 seats")
        out = []
        for i, s in enumerate(raw):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise _validation(f"seats[{i}]", "a seat is {kind: 'human' | 'bot', ...}")
            name = checked_name(f"seats[{i}].name", s.get("name"), blank_ok=True)
            level = s.get("level") or "basic"
            if s["kind"] == "bot":
                try:
                    bot_name(level) if isinstance(level, str) else bot_name("")
                except ValueError as e:
                    raise _validation(f"seats[{i}].level", str(e)) from None
            out.append(Seat(kind=s["kind"], level=level, name=name))
        return out

    def check_game(self, cfg: dict[str, Any], seats: list[Seat]) -> None:
        """The engine validates the options and the player count (its error text)."""
        try:
            st = new_game(cfg["edition"], [f"P{i}" for i in range(len(seats))], 0, cfg["options"])
        except TycoonError as e:
            field = "options" if "option" in str(e) else "seats"
            raise _validation(field, str(e)) from None
        cfg["options"] = st.options.to_dict()

    @staticmethod
    def name_seats(seats: list[Seat]) -> None:
        for i, s in enumerate(seats):
            if not s.name:
                s.name = f"Bot {i + 1} ({s.level})" if s.kind == "bot" else f"Player {i + 1}"

    # --- rooms ------------------------------------------------------------------------------

    def create(
        self, body: dict[str, Any], address: str | None = None
    ) -> tuple[Room, str, int | None, str | None]:
        """A new room; returns it, the host token, and the creator's seat and token.
        `address`: the creator's client address (at most `rooms_per_address` of its rooms
        may be unfinished at once)."""
        if len(self.rooms) >= MAX_ROOMS:
            raise Refused("full", "the server holds too many rooms", status=503)
        cap = self.config.rooms_per_address
        if address is not None and self.rooms_of(address) >= cap:
            raise Refused(
                "too_many_rooms",
                f"at most {cap} unfinished rooms per client address",
                status=429,
            )
        cfg = self.settings(body)
        seats = self.seats(body.get("seats"))
        host_name = body.get("host_name")
        if host_name is not None:
            host_name = checked_name("host_name", host_name)
        self.check_game(cfg, seats)
        host = new_token()
        room_id = secrets.token_urlsafe(8)
        room = Room(
            self, room_id, cfg, seats, token_hash(host), secrets.token_urlsafe(9), time.time()
        )
        room.creator = address
        if self.cluster is not None:  # this instance owns the rooms it creates
            epoch = self.store.claim(
                room_id, self.cluster.id, self.cluster.url, self.config.lease_s
            )
            if epoch is None:
                raise Refused("full", "could not own the new room; try again", status=503)
            self.cluster.claimed(room_id, epoch)
        seat, token = None, None
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if humans:
            seat, token = humans[0], new_token()
            seats[seat].token_hash = token_hash(token)
            if not seats[seat].name and host_name:
                seats[seat].name = host_name
        self.name_seats(seats)
        room.save()
        self.rooms[room_id] = room
        return room, host, seat, token

    def rooms_of(self, address: str) -> int:
        """The unfinished rooms this process created for a client address."""
        return sum(
            1 for r in self.rooms.values() if r.creator == address and r.status != "finished"
        )

    def get(self, room_id: str, invite: str | None = None, token: str | None = None) -> Room:
        """A room by id; a private one only with its invite, or a token of its host or of
        one of its seats (a private room's id alone grants nothing)."""
        room = self.rooms.get(room_id)
        if room is None:
            raise Refused("no_room", f"no room '{room_id}'", status=404)
        room.check_access(invite, token)
        return room

    def archived(self, room_id: str, invite: str | None, token: str | None) -> Room:
        """A finished room that expired from memory, rebuilt from the store (its record is
        kept); Refused no_room if there is none."""
        row = self.store.load_room(room_id)
        if row is None or row[2] != "expired":
            raise Refused("no_room", f"no room '{room_id}'", status=404)
        room = self._room(room_id, row[1], "finished", row[3])
        room.check_access(invite, token)
        room.restore()
        if room.st is None or room.status != "finished":
            raise Refused("no_room", f"no room '{room_id}'", status=404)
        return room

    def _room(self, room_id: str, created: float, status: str, data: dict[str, Any]) -> Room:
        """A room object from its stored data; a stored name that breaks today's name rule
        (stored by an older server) is replaced by its default."""
        settings = dict(data["settings"])
        if not valid_name(settings.get("name") or "x", ROOM_NAME):
            settings["name"] = ""
        seats = []
        for s in data["seats"]:
            name = s["name"] if isinstance(s["name"], str) and valid_name(s["name"]) else ""
            seats.append(
                Seat(kind=s["kind"], level=s["level"], name=name, token_hash=s["token_hash"])
            )
        self.name_seats(seats)
        return Room(
            self, room_id, settings, seats, data["host_hash"], data["invite"], created, status
        )

    def expire(self, now: float | None = None) -> list[Room]:
        """Take out the rooms whose time is up (`Config.open_ttl_s`, `Config.finished_ttl_s`)
        and nobody is connected to, and return them (on the event loop: `_sweep` then
        marks them expired in the store, where a finished game's record stays)."""
        now = time.time() if now is None else now
        cfg = self.config
        gone = []
        for room_id, room in list(self.rooms.items()):
            if room.conns:
                continue
            if (room.status == "open" and now - room.touched >= cfg.open_ttl_s) or (
                room.status == "finished" and now - room.touched >= cfg.finished_ttl_s
            ):
                del self.rooms[room_id]
                gone.append(room)
        return gone

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_s)
            for room in self.expire():
                try:
                    data = room.to_data()
                    fence = self.fence(room.room_id)
                    await self.db(
                        self.store.save_room, room.room_id, "expired", data, room.created_at, fence
                    )
                    if self.cluster is not None:  # the room left memory: no owner any more
                        await self.db(self.store.forget, self.cluster.id, [room.room_id])
                        self.cluster.epochs.pop(room.room_id, None)
                        self.cluster.dirty.add(room.room_id)
                except Exception:  # restored at the next start, and expired again then
                    log.exception("room %s: marking it expired failed", room.room_id)

    def restore(self) -> None:
        """Every stored room and game, exactly as it was (item 8); expired rooms stay in
        the store only. An instance of a cluster restores the rooms no live lease holds
        (it takes them), and knows the others' rooms as its lobby."""
        mine = None
        if self.cluster is not None:
            mine = {room_id for room_id, _ in self.cluster.take_all_now()}
            self.reload_lobby()
        for room_id, created, status, data in self.store.load_rooms():
            if status == "expired" or (mine is not None and room_id not in mine):
                continue
            room = self._room(room_id, created, status, data)
            if status in ("running", "finished"):
                room.restore()
            self.rooms[room_id] = room
            self.remote.pop(room_id, None)
            if self.cluster is not None:
                self.cluster.dirty.add(room_id)
        gone = sorted(mine - set(self.rooms)) if mine is not None else []
        if self.cluster is not None and gone:  # taken, but expired meanwhile
            self.store.forget(self.cluster.id, gone)
            for room_id in gone:
                self.cluster.epochs.pop(room_id, None)

    def start_tasks(self) -> None:
        for room in self.rooms.values():
            if room.status == "running":
                room._setup_running()
                room.ensure_task()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self.cluster is not None:
            self.cluster.start()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            if room.task is not None:
                room.task.cancel()
        for room in self.rooms.values():
            if room.task is not None:
                with contextlib.suppress(BaseException):
                    await room.task
        if self.cluster is not None:
            await self.cluster.close()
        self.store.close()
