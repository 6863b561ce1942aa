"""The rooms of a server: creating, listing, joining and restoring them, and the settings
a room is created with (validated by the engine, its error text returned)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from tycoon.editions.registry import find_edition
from tycoon.engine.api import new_game
from tycoon.engine.errors import TycoonError
from tycoon.server import fair
from tycoon.server.levels import bot_name
from tycoon.server.room import Refused, Room, Seat, new_token, token_hash
from tycoon.server.store import Store

T = TypeVar("T")

MAX_ROOMS = 5000
"""Rooms a server holds at most (open, running and finished)."""


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


def _validation(field: str, message: str) -> Refused:
    return Refused("bad_field", message, field=field, status=400)


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
        if not isinstance(cfg["name"], str) or len(cfg["name"]) > 80:
            raise _validation("name", "name must be a string of at most 80 characters")
        return cfg

    def seats(self, raw: Any) -> list[Seat]:
        if not isinstance(raw, list) or not raw or len(raw) > 8:
            raise _validation("seats", "seats must be a list of 1 to 8 seats")
        out = []
        for i, s in enumerate(raw):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise _validation(f"seats[{i}]", "a seat is {kind: 'human' | 'bot', ...}")
            name = s.get("name") or ""
            if not isinstance(name, str) or len(name) > 40:
                raise _validation(f"seats[{i}].name", "a name has at most 40 characters")
            level = s.get("level") or "basic"
            if s["kind"] == "bot":
                try:
                    bot_name(level) if isinstance(level, str) else bot_name("")
                except ValueError as e:
                    raise _validation(f"seats[{i}].level", str(e)) from None
            out.append(Seat(kind=s["kind"], level=level, name=name.strip()))
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

    def create(self, body: dict[str, Any]) -> tuple[Room, str, int | None, str | None]:
        """A new room; returns it, the host token, and the creator's seat and token."""
        if len(self.rooms) >= MAX_ROOMS:
            raise Refused("full", "the server holds too many rooms", status=503)
        cfg = self.settings(body)
        seats = self.seats(body.get("seats"))
        self.check_game(cfg, seats)
        host = new_token()
        room_id = secrets.token_urlsafe(8)
        room = Room(
            self, room_id, cfg, seats, token_hash(host), secrets.token_urlsafe(9), time.time()
        )
        seat, token = None, None
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if humans:
            seat, token = humans[0], new_token()
            seats[seat].token_hash = token_hash(token)
            if not seats[seat].name and isinstance(body.get("host_name"), str):
                seats[seat].name = body["host_name"][:40]
        self.name_seats(seats)
        room.save()
        self.rooms[room_id] = room
        return room, host, seat, token

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise Refused("no_room", f"no room '{room_id}'", status=404)
        return room

    def restore(self) -> None:
        """Every stored room and game, exactly as it was (item 8)."""
        for room_id, created, status, data in self.store.load_rooms():
            seats = [
                Seat(kind=s["kind"], level=s["level"], name=s["name"], token_hash=s["token_hash"])
                for s in data["seats"]
            ]
            room = Room(
                self,
                room_id,
                data["settings"],
                seats,
                data["host_hash"],
                data["invite"],
                created,
                status,
            )
            if status in ("running", "finished"):
                room.restore()
            self.rooms[room_id] = room

    def start_tasks(self) -> None:
        for room in self.rooms.values():
            if room.status == "running":
                room._setup_running()
                room.ensure_task()

    async def close(self) -> None:
        for room in self.rooms.values():
            if room.task is not None:
                room.task.cancel()
        for room in self.rooms.values():
            if room.task is not None:
                with contextlib.suppress(BaseException):
                    await room.task
        self.store.close()
