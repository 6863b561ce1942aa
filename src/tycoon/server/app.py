"""The HTTP + WebSocket application (FastAPI): rooms and seats over HTTP, play over the
WebSocket, the web app's static files. The protocol is docs/protocol.md."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from functools import cache
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from tycoon.editions.registry import all_editions, find_edition
from tycoon.engine.errors import TycoonError
from tycoon.server.config import Config
from tycoon.server.guard import quiet_accept_errors
from tycoon.server.levels import offered
from tycoon.server.manager import Manager, checked_name
from tycoon.server.room import KICK_GRACE_S, Conn, Refused, Room, Seat, new_token, token_hash

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
CHAT_LIMIT = 500
ACTION_LIMIT = 400
REPLAY_PAGE = 500
"""Views one replay request returns at most."""
_STATUS = {
    "no_room": 404,
    "forbidden": 403,
    "bad_token": 401,
    "not_open": 409,
    "not_finished": 409,
    "no_free_seat": 409,
    "full": 503,
    "too_many_rooms": 429,
    "not_owner": 503,
}
_HTTP_CODES = {
    400: "bad_json",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
}
"""The codes of the errors the HTTP layer itself answers (an unknown path, a body that is
not JSON or too large), in the same `{ok, code, message}` form as every other error."""
MAX_DIGITS = 40
"""Integers in a WebSocket message have at most this many digits."""
_ID = re.compile(r'"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,64}")')
"""A message's id, read without parsing it (a rate-limited message is not parsed)."""


# --- request bodies (for validation and the OpenAPI description) ---------------------------


class SeatSpec(BaseModel):
    kind: str = Field(description="human or bot")
    level: str | None = Field(None, description="a bot's level: random, basic, strong")
    name: str | None = None


class ClockSpec(BaseModel):
    decision_s: float = Field(description="free seconds per decision")
    bank_s: float = Field(description="each seat's time bank in seconds")


class RoomCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str
    options: dict[str, Any] = {}
    seats: list[SeatSpec]
    clock: ClockSpec | None = None
    public: bool = True
    bot_delay_ms: int | None = None
    grace_s: float | None = None
    name: str = ""
    lang: str | None = None
    """The language of the board's names (one of the edition's `languages`; default en)."""
    host_name: str | None = None


class RoomSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str | None = None
    options: dict[str, Any] | None = None
    seats: list[SeatSpec] | None = None
    clock: ClockSpec | None = None
    public: bool | None = None
    bot_delay_ms: int | None = None
    grace_s: float | None = None
    name: str | None = None
    lang: str | None = None


class JoinBody(BaseModel):
    name: str = ""
    invite: str | None = None
    seat: int | None = None


class SeatChange(BaseModel):
    kind: str
    level: str | None = None


class KickBody(BaseModel):
    seat: int


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


Auth = Annotated[str | None, Header()]
Invite = Annotated[str | None, Query(max_length=64)]

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: an HTTP request body over `limit` bytes is refused (413) before
    it is read whole, whether it declares its length or is sent in chunks."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (
                not value.isdigit() or len(value) > 12 or int(value) > self.limit
            ):
                await JSONResponse(*_too_large(self.limit))(scope, receive, send)
                return
        seen = 0

        async def bounded() -> MutableMapping[str, Any]:
            nonlocal seen
            msg = await receive()
            seen += len(msg.get("body", b""))
            if seen > self.limit:
                raise HTTPException(413, _too_large(self.limit)[0]["message"])
            return msg

        await self.app(scope, bounded, send)


def _too_large(limit: int) -> tuple[dict[str, Any], int]:
    message = f"a request body has at most {limit} bytes"
    return {"ok": False, "code": "too_large", "message": message}, 413


def create_app(config: Config | None = None) -> FastAPI:
    """The server application over a fresh `Manager` (its store is opened at startup)."""
    cfg = config or Config()
    holder: dict[str, Manager] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        quiet_accept_errors(asyncio.get_running_loop())
        mgr = Manager(cfg)
        mgr.restore()
        mgr.start_tasks()
        holder["mgr"] = mgr
        app.state.manager = mgr
        yield
        await mgr.close()
        replays.shutdown(wait=False, cancel_futures=True)

    replays = ThreadPoolExecutor(max_workers=2, thread_name_prefix="replay")
    """Replays (and expired rooms' records) are rebuilt off the event loop, two at a time."""
    app = FastAPI(title="tycoon server", version="1", lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=cfg.max_body)

    def mgr() -> Manager:
        return holder["mgr"]

    def address(request: Request | WebSocket) -> str | None:
        return request.client.host if request.client else None

    @app.exception_handler(HTTPException)
    async def _http(_req: Request, e: HTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(e.status_code, "http_error")
        return JSONResponse(
            {"ok": False, "code": code, "message": str(e.detail)},
            status_code=e.status_code,
            headers=getattr(e, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _fault(_req: Request, e: Exception) -> JSONResponse:
        return JSONResponse(
            {"ok": False, "code": "internal", "message": "the server failed on this request"},
            status_code=500,
        )

    @app.exception_handler(Refused)
    async def _refused(req: Request, e: Refused) -> JSONResponse:
        extra = dict(e.extra)
        status = int(extra.pop("status", _STATUS.get(e.code, 400)))
        headers = None
        if e.code == "not_owner":  # another instance owns the room: the same request there
            extra.pop("fenced", None)
            owner = extra.get("owner")
            if owner:
                status = 307
                query = f"?{req.url.query}" if req.url.query else ""
                headers = {"Location": f"{owner}{req.url.path}{query}"}
            else:  # no owner known yet (a takeover is under way): ask again
                status, headers = 503, {"Retry-After": "1"}
        return JSONResponse(
            {"ok": False, "code": e.code, "message": e.message, **extra},
            status_code=status,
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, e: RequestValidationError) -> JSONResponse:
        err = e.errors()[0] if e.errors() else {}
        loc = [str(x) for x in err.get("loc", ()) if x != "body"]
        return JSONResponse(
            {
                "ok": False,
                "code": "bad_field",
                "message": str(err.get("msg", "invalid request")),
                "field": ".".join(loc) or None,
            },
            status_code=400,
        )

    async def host_room(room_id: str, authorization: str | None) -> Room:
        """The room, for its host only, on its owner only (it changes)."""
        room = await mgr().room(room_id, None, _bearer(authorization))
        if not room.is_host(_bearer(authorization)):
            raise Refused("forbidden", "only the host may do this")
        await mgr().ensure_owner(room_id)
        return room

    # --- editions ------------------------------------------------------------------------

    @app.get("/api/editions")
    async def editions() -> list[dict[str, Any]]:
        out = []
        for ed in all_editions():
            opts = ed.options_type()
            out.append(
                {
                    "id": ed.id,
                    "tag": ed.tag,
                    "title": ed.title,
                    "players": list(ed.player_range(opts)),
                    "options": [
                        _option(ed, k, t, d, doc) for k, t, d, doc in ed.options_type.describe()
                    ],
                    "languages": list(ed.languages),
                    "bot_levels": offered(ed.id),
                    "score_name": ed.score_name,
                }
            )
        return out

    def _option(ed: Any, key: str, typ: str, default: Any, doc: str) -> dict[str, Any]:
        """One option of the lobby's form: its allowed values (`choices`, `multiple` for a
        comma list of distinct ones, `range`) from the field's metadata, and for a switch
        that changes how many may play, the `players` range once it is on."""
        meta = next(f.metadata for f in ed.options_type.offered() if f.name == key)
        out: dict[str, Any] = {"key": key, "type": typ, "default": default, "doc": doc}
        for extra in ("choices", "multiple", "range"):
            if extra in meta:
                out[extra] = list(meta[extra]) if extra != "multiple" else bool(meta[extra])
        if typ == "bool" and default is False:
            on = list(ed.player_range(ed.options_type(**{key: True})))
            if on != list(ed.player_range(ed.options_type())):
                out["players"] = on
        return out

    @cache
    def board(edition: str, lang: str) -> dict[str, Any]:
        return find_edition(edition).board_view(lang)

    @app.get("/api/editions/{edition}/board")
    async def edition_board(edition: str, lang: str = "en") -> dict[str, Any]:
        try:
            ed = find_edition(edition)
        except TycoonError as e:
            raise Refused("no_edition", str(e), status=404, field="edition") from None
        if lang not in ed.languages:
            raise Refused(
                "bad_field",
                f"unknown language '{lang}'; known: {', '.join(ed.languages)}",
                field="lang",
            )
        return board(ed.id, lang)

    # --- rooms ---------------------------------------------------------------------------

    @app.post("/api/rooms")
    async def create_room(body: RoomCreate, request: Request) -> dict[str, Any]:
        room, host, seat, token = mgr().create(body.model_dump(), address(request))
        return {
            "ok": True,
            "room_id": room.room_id,
            "host_token": host,
            "invite": room.invite,
            "invite_url": f"/r/{room.room_id}?invite={room.invite}",
            "seat": seat,
            "token": token,
            "room": room.describe(),
        }

    @app.get("/api/rooms")
    async def list_rooms() -> list[dict[str, Any]]:
        """The public rooms of every instance (the others' as their notifications tell)."""
        return mgr().lobby_rooms()

    @app.get("/api/cluster")
    async def cluster() -> dict[str, Any]:
        """This instance: its id and address, the rooms it owns, the rooms it took over
        and the commits its store refused (fenced); `instance` None on SQLite."""
        m = mgr()
        cl = m.cluster
        return {
            "instance": cl.id if cl else None,
            "url": cl.url if cl else None,
            "lease_s": cfg.lease_s if cl else None,
            "rooms": sorted(m.rooms),
            "taken": cl.taken if cl else 0,
            "fenced": cl.fenced if cl else 0,
        }

    @app.get("/api/rooms/{room_id}")
    async def get_room(
        room_id: str, invite: Invite = None, authorization: Auth = None
    ) -> dict[str, Any]:
        return (await mgr().room(room_id, invite, _bearer(authorization))).describe()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: JoinBody) -> dict[str, Any]:
        room = await mgr().room(room_id, body.invite)
        await mgr().ensure_owner(room_id)
        name = checked_name("name", body.name, blank_ok=True)
        if room.status == "finished":
            raise Refused("not_open", "the game is over")
        free = [i for i, s in enumerate(room.seats) if s.kind == "human" and not s.taken]
        if body.seat is not None and body.seat not in free:
            raise Refused("no_free_seat", f"seat {body.seat} is not a free human seat")
        if not free:
            raise Refused("no_free_seat", "no free human seat")
        seat = body.seat if body.seat is not None else free[0]
        token = new_token()
        s = room.seats[seat]
        s.token_hash = token_hash(token)
        if name and room.status == "open":
            s.name = name
        room.save()
        room.broadcast_room()
        return {"ok": True, "seat": seat, "token": token, "room": room.describe()}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, authorization: Auth = None) -> dict[str, Any]:
        room = await host_room(room_id, authorization)
        async with room.lock:
            if room.status != "open":
                raise Refused("not_open", "the game has started already")
            room.start()
        room.ensure_task()
        room.broadcast_room()
        room.broadcast_views("view")
        return {"ok": True, "room": room.describe()}

    @app.post("/api/rooms/{room_id}/settings")
    async def settings(
        room_id: str, body: RoomSettings, authorization: Auth = None
    ) -> dict[str, Any]:
        room = await host_room(room_id, authorization)
        if room.status != "open":
            raise Refused("not_open", "settings change only before the start")
        raw = body.model_dump(exclude_unset=True)
        m = mgr()
        new = m.settings(raw, room.settings)
        seats = room.seats
        if "seats" in raw and raw["seats"] is not None:
            seats = m.seats(raw["seats"])
            old = room.seats
            for i, s in enumerate(seats):  # a seat keeps its player if it stays human
                if i < len(old) and s.kind == "human" == old[i].kind:
                    s.token_hash, s.name = old[i].token_hash, s.name or old[i].name
        m.check_game(new, seats)
        m.name_seats(seats)
        room.settings, room.seats = new, seats
        room.save()
        room.broadcast_room()
        return room.describe()

    @app.post("/api/rooms/{room_id}/seats/{seat}")
    async def change_seat(
        room_id: str, seat: int, body: SeatChange, authorization: Auth = None
    ) -> dict[str, Any]:
        room = await host_room(room_id, authorization)
        if not 0 <= seat < len(room.seats):
            raise Refused("bad_field", f"no seat {seat}", field="seat")
        if body.kind not in ("bot", "human"):
            raise Refused("bad_field", "kind must be 'bot' or 'human'", field="kind")
        if room.status == "finished":
            raise Refused("not_open", "the game is over")
        async with room.lock:
            s = room.seats[seat]
            if body.kind == "bot":
                level = body.level or "basic"
                mgr().seats([{"kind": "bot", "level": level}])
                if s.kind == "human":
                    room.free_seat(seat)
                s.kind, s.level = "bot", level
                if room.status == "open":
                    s.name = f"Bot {seat + 1} ({level})"
            else:
                s.kind, s.token_hash = "human", None
                s.bot_controlled = room.status == "running"
            room.wake.set()
            room.save()
        room.broadcast_room()
        room.broadcast_presence()
        return room.describe()

    @app.post("/api/rooms/{room_id}/kick")
    async def kick(room_id: str, body: KickBody, authorization: Auth = None) -> dict[str, Any]:
        room = await host_room(room_id, authorization)
        if not 0 <= body.seat < len(room.seats) or room.seats[body.seat].kind != "human":
            raise Refused("bad_field", f"seat {body.seat} is not a human seat", field="seat")
        async with room.lock:
            room.free_seat(body.seat)
            room.save()
        room.broadcast_room()
        room.broadcast_presence()
        return room.describe()

    @app.post("/api/rooms/{room_id}/leave")
    async def leave(room_id: str, authorization: Auth = None) -> dict[str, Any]:
        room = await mgr().room(room_id, None, _bearer(authorization))
        seat = room.seat_of(_bearer(authorization))
        if seat is None:
            raise Refused("bad_token", "no seat holds this token")
        await mgr().ensure_owner(room_id)
        async with room.lock:
            room.free_seat(seat)
            room.save()
        room.broadcast_room()
        room.broadcast_presence()
        return {"ok": True}

    @app.get("/api/rooms/{room_id}/view")
    async def get_view(
        room_id: str, invite: Invite = None, authorization: Auth = None
    ) -> dict[str, Any]:
        token = _bearer(authorization)
        room = await mgr().room(room_id, invite, token)
        seat = room.seat_of(token)
        if token and seat is None and not room.is_host(token):
            raise Refused("bad_token", "no seat holds this token")
        if room.st is None:
            raise Refused("not_open", "the game has not started")
        v = room.view_for(seat)
        assert v is not None
        return v

    @app.get("/api/rooms/{room_id}/record")
    async def get_record(
        room_id: str, invite: Invite = None, authorization: Auth = None
    ) -> dict[str, Any]:
        token = _bearer(authorization)
        m = mgr()
        try:
            room = await m.room(room_id, invite, token)
        except Refused as e:
            if e.code != "no_room":
                raise
            # an expired finished room: its record is kept in the store
            room = await asyncio.get_running_loop().run_in_executor(
                replays, m.archived, room_id, invite, token
            )
        if room.status != "finished" or room.st is None:
            raise Refused("not_finished", "the record is available once the game is over")
        return room.record()

    @app.get("/api/rooms/{room_id}/replay")
    async def get_replay(
        room_id: str,
        start: Annotated[int, Query(ge=0)] = 0,
        count: Annotated[int, Query(ge=1, le=REPLAY_PAGE)] = REPLAY_PAGE,
        invite: Invite = None,
        authorization: Auth = None,
    ) -> dict[str, Any]:
        """A finished game's public views from version `start` on, with each step's events
        (rebuilt in a worker thread: a long page does not hold up the other rooms)."""
        room = await mgr().room(room_id, invite, _bearer(authorization))
        if room.status != "finished" or room.st is None:
            raise Refused("not_finished", "the replay is available once the game is over")
        if start > room.version:
            raise Refused(
                "bad_field",
                f"start must be at most {room.version}, the game's last version",
                field="start",
            )
        loop = asyncio.get_running_loop()
        frames = await loop.run_in_executor(replays, room.replay_frames, start, count)
        return {"version": room.version, "frames": frames}

    # --- the WebSocket -----------------------------------------------------------------------

    def origin_ok(ws: WebSocket) -> bool:
        """No Origin: not a browser. Else one of `Config.origins`, or the server's own
        origin: the scheme of this connection (http for ws, https for wss) and its host."""
        origin = ws.headers.get("origin")
        if not origin:
            return True
        if origin in cfg.origins:
            return True
        want = "https" if ws.url.scheme == "wss" else "http"
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        host = ws.headers.get("host", "")
        return (
            parts.scheme == want
            and bool(host)
            and parts.netloc.lower() == host.lower()
            and parts.path in ("", "/")
            and not parts.query
        )

    @app.websocket("/ws/rooms/{room_id}")
    async def play(
        ws: WebSocket,
        room_id: str,
        token: str | None = Query(None),
        invite: str | None = Query(None),
    ) -> None:
        if not origin_ok(ws):
            await ws.close(code=1008, reason="origin not allowed")
            return
        room: Room | None = None
        owner = None
        try:
            room = await mgr().find(room_id)
        except Refused as e:
            owner = e.extra.get("owner")
        seat = room.seat_of(token) if room is not None else None
        await ws.accept()
        refusal = None
        if owner is not None:  # another instance owns the room (docs/protocol.md)
            msg = {"type": "error", "code": "not_owner", "owner": owner}
            await ws.send_text(json.dumps(msg))
            await ws.close(code=4307)
            return
        if room is None:
            refusal = ("no_room", 4404)
        elif token and seat is None:
            refusal = ("bad_token", 4401)
        else:
            try:
                room.check_access(invite, token)
            except Refused:
                refusal = ("forbidden", 4403)
        if room is None or refusal is not None:
            code, close = refusal or ("no_room", 4404)
            await ws.send_text(json.dumps({"type": "error", "code": code}))
            await ws.close(code=close)
            return
        holder = room.seats[seat].token_hash if seat is not None else None
        conn = Conn(seat, holder, cfg.max_queue)
        room.connect(conn)
        conn.send(
            {
                "type": "welcome",
                "seat": seat,
                "room": room.describe(),
                "version": room.version,
                "view": room.view_for(seat),
                "chat": room.chat[-50:],
            }
        )
        writer = _Writer(ws, conn)
        reader = asyncio.get_running_loop().create_task(_read(ws, room, conn, cfg))

        def stop_reading() -> None:  # not in the middle of a message: it may be committing
            if not conn.busy:
                reader.cancel()

        conn.on_kill = stop_reading
        writer.start()
        try:
            await asyncio.wait({reader})
        finally:
            reader.cancel()
            room.disconnect(conn)
            if conn.revoked and conn.dead is None and writer.task is not None:
                # its seat was taken back: its `room` (kicked) and close go out first
                with suppress(BaseException):
                    await asyncio.wait_for(asyncio.shield(writer.task), KICK_GRACE_S)
            await writer.stop()
            if conn.dead is not None:  # its close, if it still reads; else the link is cut
                with suppress(BaseException):
                    await asyncio.wait_for(ws.close(*conn.dead), 1.0)

    # --- static files of the web app ---------------------------------------------------------

    STATIC.mkdir(parents=True, exist_ok=True)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/r/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app


async def _read(ws: WebSocket, room: Room, conn: Conn, cfg: Config) -> None:
    """Read and answer a connection's messages until it closes, is killed or loses its
    seat (`Conn.revoked`: nothing it sends counts any more)."""
    bucket = _Bucket(cfg.rate, cfg.burst)
    while conn.dead is None and not conn.revoked:
        try:
            msg = await ws.receive()
        except (WebSocketDisconnect, RuntimeError):  # the peer is gone
            return
        if msg["type"] == "websocket.disconnect" or conn.revoked or conn.dead is not None:
            return
        raw = msg.get("text")
        if raw is None:
            raw = (msg.get("bytes") or b"").decode("utf-8", "replace")
        conn.busy = True
        try:
            await _handle(room, conn, raw, bucket, cfg.max_message)
        finally:
            conn.busy = False


class _Bucket:
    """A token bucket: `rate` messages a second, `burst` at once. `strikes` counts the
    messages refused in a row."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()
        self.strikes = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Writer:
    """Sends a connection's queued messages in order; None in the queue closes it."""

    def __init__(self, ws: WebSocket, conn: Conn) -> None:
        self.ws, self.conn = ws, conn
        self.closed = False
        self.task: Any = None

    def start(self) -> None:
        import asyncio

        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            while True:
                msg = await self.conn.queue.get()
                if msg is None:
                    self.closed = True
                    code = self.conn.close_code
                    await self.ws.close(code=code)
                    self.conn.kill(code, "room moved" if code == 4307 else "seat taken back")
                    return
                self.conn.sent(msg)
                await self.ws.send_text(msg)
        except Exception:  # the peer went away
            self.closed = True
            self.conn.kill(1011, "connection lost")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with suppress(BaseException):
                await self.task


def _answer(conn: Conn, re_id: Any, ok: bool, **fields: Any) -> None:
    conn.send({"type": "answer", "re": re_id, "ok": ok, **fields})


def _refuse(conn: Conn, re_id: Any, code: str, message: str, **extra: Any) -> None:
    _answer(conn, re_id, False, code=code, message=message, **extra)


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer has at most {MAX_DIGITS} digits")
    return int(digits)


def _peek_id(raw: str) -> Any:
    """The id of a message that is not parsed (rate-limited), if it is plain to see."""
    m = _ID.search(raw, 0, 512)
    if m is None:
        return None
    text = m.group(1)
    return text[1:-1] if text.startswith('"') else int(text)


async def _handle(room: Room, conn: Conn, raw: str, bucket: _Bucket, limit: int) -> None:
    """Answer one client message (see docs/protocol.md); nothing here changes the game
    unless the message is a legal action of the connection's own seat. The rate limit is
    charged first, for every message (before its size or JSON is looked at)."""
    if not bucket.take():  # answered with its id, so the client knows which one was dropped
        bucket.strikes += 1
        if bucket.strikes > 10 * bucket.burst:
            conn.kill(1008, "too many messages")
            return
        _refuse(conn, _peek_id(raw), "rate_limited", "too many messages; slow down")
        return
    bucket.strikes = 0
    if len(raw) > limit or len(raw.encode("utf-8", "replace")) > limit:
        _refuse(conn, None, "too_large", f"a message has at most {limit} bytes")
        return
    try:
        msg = json.loads(raw, parse_int=_bounded_int)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        _refuse(conn, None, "bad_json", f"not valid JSON (integers: at most {MAX_DIGITS} digits)")
        return
    if not isinstance(msg, dict):
        _refuse(conn, None, "bad_json", "a message is a JSON object")
        return
    re_id = msg.get("id")
    if (
        isinstance(re_id, bool)
        or not (re_id is None or isinstance(re_id, int | str))
        or (isinstance(re_id, str) and len(re_id) > 64)
    ):
        _refuse(conn, None, "bad_field", "'id' must be a number or a short string", field="id")
        return
    kind = msg.get("type")
    if kind == "action":
        text, version = msg.get("action"), msg.get("version")
        if not isinstance(text, str) or not text.strip() or len(text) > ACTION_LIMIT:
            _refuse(conn, re_id, "bad_field", "'action' must be an action text", field="action")
            return
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            _refuse(conn, re_id, "bad_field", "'version' must be an integer", field="version")
            return
        try:
            v = await room.submit(conn.seat, text, version, conn.holder)
        except Refused as e:
            _refuse(conn, re_id, e.code, e.message, **e.extra)
            if e.code == "stale_version":
                conn.send(
                    {"type": "view", "version": room.version, "view": room.view_for(conn.seat)}
                )
            return
        _answer(conn, re_id, True, version=v)
    elif kind == "chat":
        try:
            text = checked_name("text", msg.get("text"), CHAT_LIMIT)
        except Refused as e:
            _refuse(conn, re_id, e.code, e.message, field="text")
            return
        if conn.seat is None:
            _refuse(conn, re_id, "no_seat", "spectators cannot chat")
            return
        line = {
            "type": "chat",
            "seat": conn.seat,
            "name": room.seats[conn.seat].name,
            "text": text,
            "at": int(time.time() * 1000),
        }
        room.chat = [*room.chat[-199:], line]
        _answer(conn, re_id, True)
        room.broadcast(line)
    elif kind == "sync":
        _answer(conn, re_id, True, version=room.version)
        conn.send({"type": "view", "version": room.version, "view": room.view_for(conn.seat)})
    elif kind == "ping":
        _answer(conn, re_id, True)
        conn.send({"type": "pong"})
    else:
        _refuse(conn, re_id, "unknown_type", "type must be action, chat, sync or ping")


__all__ = ["Config", "Seat", "create_app"]
