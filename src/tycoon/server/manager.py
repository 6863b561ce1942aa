"""The rooms of a server: creating, listing, joining and restoring them, and the settings
a room is created with (validated by the engine, its error text returned)."""

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
from tycoon.server.config import Config
from tycoon.server.levels import bot_name
from tycoon.server.room import Refused, Room, Seat, new_token, token_hash
from tycoon.server.store import Store

T = TypeVar("T")
log = logging.getLogger("tycoon.server")

MAX_ROOMS = 5000
"""Rooms a server holds at most (open, running and finished)."""
ROOM_NAME = 80
"""The longest room name."""


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
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._steps.append(((room_id, idx, seat, action), done))
        if len(self._steps) == 1:
            self._committer = loop.create_task(self._commit_steps())  # after rooms scheduled
        await done

    async def _commit_steps(self) -> None:
        batch, self._steps = self._steps, []
        try:
            await self.db(self.store.append, [step for step, _ in batch])
        except Exception as e:  # every room of the batch keeps its state from before
            for _, done in batch:
                if not done.done():
                    done.set_exception(e)
            return
        for _, done in batch:
            if not done.done():
                done.set_result(None)

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
                    await self.db(
                        self.store.save_room, room.room_id, "expired", data, room.created_at
                    )
                except Exception:  # restored at the next start, and expired again then
                    log.exception("room %s: marking it expired failed", room.room_id)

    def restore(self) -> None:
        """Every stored room and game, exactly as it was (item 8); expired rooms stay in
        the store only."""
        for room_id, created, status, data in self.store.load_rooms():
            if status == "expired":
                continue
            room = self._room(room_id, created, status, data)
            if status in ("running", "finished"):
                room.restore()
            self.rooms[room_id] = room

    def start_tasks(self) -> None:
        for room in self.rooms.values():
            if room.status == "running":
                room._setup_running()
                room.ensure_task()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

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
        self.store.close()
