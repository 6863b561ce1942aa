"""A room: its settings and seats, its game, and the one task that plays it.

Every action of a room (a seat's, a bot's, the clock's, a chance outcome) goes through
`Room._apply` under the room's lock, so actions are applied strictly one at a time in the
order received; `_apply` commits the action to the store before anyone hears of it. The
room's task (`run`) rolls the dice, lets bots act (after the room's delay), asks bots in
the response windows (as `tycoon.sim.driver` does) and times out decisions.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import orjson

from tycoon.api import apply_action, clone, legal_actions, new_game, sample_chance
from tycoon.bots.base import Bot
from tycoon.engine.actions import Action, action_text, parse_text
from tycoon.engine.errors import ActionParseError, IllegalActionError
from tycoon.engine.events import Event
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE, TERMINAL
from tycoon.records.describe import describe
from tycoon.records.record import replay, to_record
from tycoon.records.snapshot import from_json, to_json
from tycoon.records.view import public_view, seat_part
from tycoon.server import fair
from tycoon.server.clock import Clock, safe_default
from tycoon.server.levels import TAKEOVER_LEVEL, bot_for
from tycoon.server.store import Fenced
from tycoon.sim.driver import LazyLegal, in_window

if TYPE_CHECKING:
    from tycoon.server.store import Fence, Store

T = TypeVar("T")


class RoomHost(Protocol):
    """What a room needs of the server that holds it (`tycoon.server.manager.Manager`)."""

    store: Store

    def deal_seed(self) -> tuple[int, str]:
        """The seed and nonce of the next game started."""
        ...

    async def log_step(self, room_id: str, idx: int, seat: int, action: str) -> None:
        """Commit one step of the room's log; return once it is committed."""
        ...

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call (in a thread where the store is not SQLite)."""
        ...

    def fence(self, room_id: str) -> Fence | None:
        """The fence of the room's writes: this instance's lease (None: not fenced)."""
        ...

    async def ensure_owner(self, room_id: str) -> None:
        """Refused `not_owner` unless this instance may apply actions to the room now."""
        ...

    def changed(self, room_id: str) -> None:
        """The room's lobby summary changed."""
        ...


_MASK = (1 << 63) - 1
WINDOW_ROUNDS = 4
"""At most this many rounds of the bots' out-of-turn answers in one window."""


def _out_of_turn_run(st: GameState, cur: int) -> int:
    """How many of the last actions were out-of-turn (by a seat other than `cur`)."""
    n = 0
    for seat, _ in reversed(st.history):
        if seat == cur or seat < 0:
            break
        n += 1
    return n


log = logging.getLogger("tycoon.server")

SNAPSHOT_EVERY = 100
"""A snapshot is stored every this many actions (and at the end), so a restart replays
at most this many actions per game."""
LEGAL_SHOWN = 200
"""At most this many legal actions are named in an `illegal_action` answer."""


_SEAT_KEYS = ("seat", "legal_actions", "actions")
"""The keys of a view that `seat_part` gives for each seat."""


def token_hash(token: str) -> str:
    """Tokens are stored and compared as their SHA-256; the store never holds a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """128 random bits, URL-safe base64."""
    return secrets.token_urlsafe(16)


class Refused(Exception):
    """A client request the room refuses: an answer `{ok: false, code, message, ...}`."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


@dataclass
class Seat:
    kind: str
    """`human` or `bot`."""
    level: str = "basic"
    name: str = ""
    token_hash: str | None = None
    """The seat token's hash once a human holds the seat; None: free."""
    connections: int = 0
    bot_controlled: bool = False
    """A bot plays this human seat now (it is free, or its player is away)."""
    grace: asyncio.TimerHandle | None = field(default=None, repr=False)

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
        }


KICK_GRACE_S = 2.0
"""A kicked connection gets this long to read its close before it is cut."""


class Conn:
    """One WebSocket connection: its seat (None: a spectator), the hash of the token it
    came with, and its outgoing queue, bounded: a reader that falls `limit` bytes behind
    is dropped (`kill`), so a client that does not read costs a bounded memory."""

    def __init__(self, seat: int | None, holder: str | None = None, limit: int = 1 << 20) -> None:
        self.seat = seat
        self.holder = holder
        self.limit = limit
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0
        """Characters waiting in the queue."""
        self.revoked = False
        """The seat was taken back (kick, leave): nothing this connection sends counts."""
        self.dead: tuple[int, str] | None = None
        """Set by `kill`: the close code and reason."""
        self.on_kill: Any = None
        """Called once by `kill` (the WebSocket handler ends the connection)."""
        self.busy = False
        """A message of this connection is being answered (it may be committing)."""
        self.close_code = 4403
        """The close code after a None in the queue (4307: the room moved)."""

    def send(self, msg: dict[str, Any] | str | None) -> None:
        """Queue a message, as data or already encoded (None: close the connection after
        what is queued)."""
        if self.dead is not None:
            return
        text = msg if msg is None or isinstance(msg, str) else encode(msg)
        size = len(text) if text is not None else 0
        if self.queued + size > self.limit:
            self.kill(1008, "too slow: messages not read")
            return
        self.queued += size
        self.queue.put_nowait(text)

    def sent(self, text: str) -> None:
        """The writer took `text` off the queue."""
        self.queued -= len(text)

    def kill(self, code: int, reason: str) -> None:
        """End the connection now, whatever is still queued."""
        if self.dead is not None:
            return
        self.dead = (code, reason)
        if self.on_kill is not None:
            self.on_kill()


def encode(msg: dict[str, Any]) -> str:
    """A message as the wire carries it (compact JSON; orjson, several times faster than the
    standard library on the server's hot path)."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # an integer beyond 64 bits: the standard library's encoder
        return json.dumps(msg, separators=(",", ":"))


class Room:
    """One room (see the module doc). Created by the `Manager`."""

    def __init__(
        self,
        mgr: RoomHost,
        room_id: str,
        settings: dict[str, Any],
        seats: list[Seat],
        host_hash: str,
        invite: str,
        created_at: float,
        status: str = "open",
    ) -> None:
        self.mgr = mgr
        self.room_id = room_id
        self.settings = settings
        self.seats = seats
        self.host_hash = host_hash
        self.invite = invite
        self.created_at = created_at
        self.status = status
        self.st: GameState | None = None
        self.seed = 0
        self.nonce = ""
        self.commitment: str | None = None
        self.final_sha256: str | None = None
        self.clock: Clock | None = None
        self.bots: dict[tuple[int, str], Bot] = {}
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.polled = -1
        """History length at which the bots were last asked in a response window."""
        self.chat: list[dict[str, Any]] = []
        self.restored_bank: list[float] | None = None
        self.creator: str | None = None
        """The client address that created the room (this process only)."""
        self.touched = time.time()
        """When the room last changed or was left (its expiry counts from here)."""

    # --- identity and data -----------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def is_host(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.host_hash, token_hash(token or ""))

    def check_access(self, invite: str | None, token: str | None) -> None:
        """A private room is seen only with its invite or a token of its host or a seat
        (docs/protocol.md, privacy); Refused `forbidden` otherwise."""
        if self.settings["public"]:
            return
        if invite is not None and secrets.compare_digest(
            invite.encode("utf-8", "replace"), self.invite.encode()
        ):
            return
        if token and (self.is_host(token) or self.seat_of(token) is not None):
            return
        if token:
            raise Refused("bad_token", "no seat holds this token", status=401)
        raise Refused("forbidden", "this room is private: the invite code is needed")

    def to_data(self) -> dict[str, Any]:
        """What the store keeps of the room (never a token)."""
        return {
            "settings": self.settings,
            "seats": [s.to_data() for s in self.seats],
            "host_hash": self.host_hash,
            "invite": self.invite,
        }

    def save(self) -> None:
        self.touched = time.time()
        fence = self.mgr.fence(self.room_id)
        self.mgr.store.save_room(self.room_id, self.status, self.to_data(), self.created_at, fence)
        self.mgr.changed(self.room_id)

    @property
    def version(self) -> int:
        return len(self.st.history) if self.st is not None else 0

    def presence(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": i,
                "connected": s.kind == "bot" or s.connections > 0,
                "bot_controlled": s.kind == "bot" or s.bot_controlled,
            }
            for i, s in enumerate(self.seats)
        ]

    def describe(self) -> dict[str, Any]:
        """The room as the HTTP API shows it."""
        cfg = self.settings
        pres = self.presence()
        out: dict[str, Any] = {
            "room_id": self.room_id,
            "name": cfg["name"],
            "edition": cfg["edition"],
            "options": cfg["options"],
            "clock": cfg["clock"],
            "public": cfg["public"],
            "bot_delay_ms": cfg["bot_delay_ms"],
            "grace_s": cfg["grace_s"],
            "lang": cfg.get("lang", "en"),
            "status": self.status,
            "created_at": self.created_at,
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "level": s.level if s.kind == "bot" else None,
                    "name": s.name,
                    "taken": s.taken,
                    "connected": pres[i]["connected"],
                    "bot_controlled": pres[i]["bot_controlled"],
                }
                for i, s in enumerate(self.seats)
            ],
            "commitment": self.commitment,
            "version": self.version,
            "seed": None,
            "nonce": None,
            "termination": None,
            "winners": None,
        }
        if self.status == "finished" and self.st is not None:
            out.update(
                seed=self.seed,
                nonce=self.nonce,
                termination=self.st.termination,
                winners=list(self.st.winners),
            )
        return out

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's view (a spectator's for None) with the server's keys."""
        if self.st is None:
            return None
        v = self._public()
        v.update(seat_part(self.st, seat))
        return v

    def _public(self) -> dict[str, Any]:
        """The public view with the server's keys, without the seat's own keys."""
        assert self.st is not None
        v = public_view(self.st)
        for key in _SEAT_KEYS:
            del v[key]
        v["version"] = self.version
        v["clock"] = self.clock.view() if self.clock is not None else None
        v["seats"] = self.presence()
        v["commitment"] = self.commitment
        return v

    def replay_frames(self, start: int, count: int) -> list[dict[str, Any]]:
        """The public views of a finished game at versions `start` to `start + count - 1`
        (at most its last), each with the events of the step that led to it: the replay of
        a game a client never watched. Replays the record from its start (a fresh state)."""
        assert self.st is not None
        rec = to_record(self.st)
        steps = rec["actions"]
        st = replay({**rec, "actions": steps[: max(start - 1, 0)]})
        frames = []
        for v in range(start, min(start + count, len(steps) + 1)):
            events: list[Event] = []
            if v > 0:
                seat, text = steps[v - 1]
                events = apply_action(st, parse_text(text), seat)
            pub = public_view(st)
            pub.update(version=v, clock=None, seats=self.presence(), commitment=self.commitment)
            frames.append({"version": v, "view": pub, "events": self._events(events, st)})
            if st.events is not None:
                st.events.clear()
        return frames

    def record(self) -> dict[str, Any]:
        """The record of a finished game, with what `tycoon verify` checks."""
        assert self.st is not None
        rec = to_record(self.st)
        rec["fair"] = {
            "commitment": self.commitment,
            "nonce": self.nonce,
            "final_sha256": self.final_sha256,
        }
        rec["room_id"] = self.room_id
        return rec

    # --- broadcasting ----------------------------------------------------------------------

    def broadcast(self, msg: dict[str, Any]) -> None:
        if not self.conns:
            return
        text = encode(msg)  # once for every connection
        for c in list(self.conns):
            c.send(text)

    def broadcast_room(self) -> None:
        self.broadcast({"type": "room", "room": self.describe()})

    def broadcast_presence(self) -> None:
        self.broadcast({"type": "presence", "seats": self.presence()})
        self.mgr.changed(self.room_id)

    def broadcast_views(self, kind: str, events: list[dict[str, Any]] | None = None) -> None:
        """Each connection gets its own seat's view (spectators the public one). The public
        part is built and encoded once; each seat's message adds only its own keys."""
        head: dict[str, Any] = {"type": kind, "version": self.version}
        if events is not None:
            head["events"] = events
        if self.st is None:
            self.broadcast({**head, "view": None})
            return
        try:
            public = encode(self._public())[1:-1]
        except Exception:  # a broken view must not stall the room
            log.exception("room %s: the public view failed", self.room_id)
            return
        prefix = encode(head)[:-1]
        texts: dict[int | None, str | None] = {}
        for c in list(self.conns):  # a send may drop a slow reader
            if c.seat not in texts:
                try:
                    own = encode(seat_part(self.st, c.seat))[1:-1]
                    texts[c.seat] = f'{prefix},"view":{{{public},{own}}}}}'
                except Exception:  # one seat's broken view must not stall the room
                    log.exception("room %s: the view of seat %s failed", self.room_id, c.seat)
                    texts[c.seat] = None
            text = texts[c.seat]
            if text is not None:
                c.send(text)

    def _events(self, events: list[Event], st: GameState | None = None) -> list[dict[str, Any]]:
        st = st or self.st
        assert st is not None
        b, names = st.edition.board, st.names
        return [
            {
                "kind": e.kind,
                "seat": e.seat,
                "square": e.square,
                "amount": e.amount,
                "other": e.other,
                "detail": e.detail,
                "text": describe(b, names, e),
            }
            for e in events
        ]

    # --- seats -----------------------------------------------------------------------------

    def bot_plays(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or s.bot_controlled

    def bot(self, seat: int) -> Bot:
        """The bot of a bot seat (its level), or the stand-in bot of a human seat."""
        s = self.seats[seat]
        level = s.level if s.kind == "bot" else TAKEOVER_LEVEL
        key = (seat, level)
        if key not in self.bots:
            self.bots[key] = bot_for(level, (self.seed * 1_000_003 + seat) & _MASK)
        b = self.bots[key]
        if isinstance(getattr(b, "rng", None), Rng) and self.st is not None:
            # the bot's dice depend on the position only, so a restored room plays on as the
            # same room would have (a generator's state is not part of the snapshot)
            mix = (self.seed * 1_000_003 + seat) ^ (len(self.st.history) * 0x9E3779B97F4A7C15)
            b.rng = Rng(mix & _MASK)  # type: ignore[attr-defined]
        return b

    def connect(self, conn: Conn) -> None:
        """A connection comes (the caller sends it `welcome` next, before anything else)."""
        if conn.seat is None:
            self.conns.add(conn)
            return
        s = self.seats[conn.seat]
        s.connections += 1
        if s.grace is not None:
            s.grace.cancel()
            s.grace = None
        if s.bot_controlled and s.token_hash is not None:
            s.bot_controlled = False  # handed back (item 7)
            self._clock_update(None)
            self.wake.set()
        self.broadcast_presence()
        self.conns.add(conn)

    def disconnect(self, conn: Conn) -> None:
        if conn not in self.conns:  # already let go (`free_seat`)
            return
        self.conns.discard(conn)
        self.touched = time.time()
        if conn.seat is None:
            return
        s = self.seats[conn.seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0 and self.status == "running":
            self._start_grace(conn.seat)
        self.broadcast_presence()

    def _start_grace(self, seat: int) -> None:
        s = self.seats[seat]
        if s.kind != "human" or s.bot_controlled or s.grace is not None:
            return
        loop = asyncio.get_running_loop()
        s.grace = loop.call_later(float(self.settings["grace_s"]), self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        s = self.seats[seat]
        s.grace = None
        if s.connections == 0 and self.status == "running" and s.kind == "human":
            s.bot_controlled = True
            self._clock_update(None)
            self.broadcast_presence()
            self.wake.set()

    def free_seat(self, seat: int) -> None:
        """Kick or leave: the seat's token stops working; a bot plays it while running."""
        s = self.seats[seat]
        s.token_hash = None
        if s.grace is not None:
            s.grace.cancel()
            s.grace = None
        for c in [c for c in self.conns if c.seat == seat]:
            # from now on nothing it sends counts and it hears nothing more of the seat; it
            # gets its close, and is cut if it does not read it (a new player may sit here)
            self.conns.discard(c)
            s.connections = max(0, s.connections - 1)
            c.revoked = True
            c.send({"type": "room", "room": self.describe(), "kicked": True})
            c.send(None)
            asyncio.get_running_loop().call_later(KICK_GRACE_S, c.kill, 4403, "seat taken back")
        if self.status == "running" and s.kind == "human":
            s.bot_controlled = True
            self._clock_update(None)
            self.wake.set()

    def let_go(self) -> None:
        """Another instance owns the room now: its task and timers stop here."""
        if self.task is not None:
            self.task.cancel()
        for s in self.seats:
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None
        self.wake.set()

    def move_conns(self, owner: str | None) -> None:
        """Send every connection to the room's new owner: an `error` `not_owner` with its
        address (None: not known yet), then close code 4307 (docs/protocol.md)."""
        msg = {
            "type": "error",
            "code": "not_owner",
            "message": "the room moved to another instance; connect again",
            "owner": owner,
        }
        loop = asyncio.get_running_loop()
        for c in list(self.conns):
            self.conns.discard(c)
            c.revoked = True
            c.close_code = 4307
            c.send(msg)
            c.send(None)
            loop.call_later(KICK_GRACE_S, c.kill, 4307, "room moved")

    # --- the game --------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the game: its seed (`Manager.deal_seed`: a fresh secret one unless the server
        deals from a seed of its own) and the seed's commitment, published (item 9)."""
        cfg = self.settings
        names = [s.name for s in self.seats]
        self.seed, self.nonce = self.mgr.deal_seed()
        self.commitment = fair.commitment(self.seed, self.nonce)
        st = new_game(cfg["edition"], names, self.seed, cfg["options"])
        self.mgr.store.start_game(
            self.room_id,
            st.edition.tag,
            st.options.to_dict(),
            names,
            self.seed,
            self.nonce,
            self.commitment,
            self.mgr.fence(self.room_id),
        )
        self.st = st
        self.status = "running"
        self._setup_running()
        self.save()

    def _setup_running(self) -> None:
        assert self.st is not None
        c = self.settings["clock"]
        self.clock = Clock(c["decision_s"], c["bank_s"], self.st.n) if c else None
        if self.clock is not None and self.restored_bank:
            self.clock.bank = [float(b) for b in self.restored_bank][: self.st.n]
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token_hash is None:
                s.bot_controlled = True
            elif s.kind == "human" and s.connections == 0:
                self._start_grace(i)
        self._clock_update(None)

    def restore(self) -> None:
        """Rebuild the game from the store: the latest snapshot, then the log after it."""
        g = self.mgr.store.load_game(self.room_id)
        if g is None:
            self.status = "open"
            return
        self.seed, self.nonce, self.commitment = g.seed, g.nonce, g.commitment
        start = 0
        extra: dict[str, Any] = {}
        if g.snapshot is not None and g.snapshot[0] <= len(g.log):
            start, text, extra = g.snapshot
            st = from_json(text)
            st.history = [(seat, parse_text(t)) for seat, t in g.log[:start]]
        else:
            st = new_game(g.edition, g.players, g.seed, g.options, events=False)
        st.events = None
        for seat, text in g.log[start:]:
            apply_action(st, text, seat)
        st.events = []
        self.st = st
        self.restored_bank = extra.get("bank")
        if st.termination:
            self.status = "finished"
            self.touched = g.finished_at or time.time()
            self.final_sha256 = fair.final_digest(to_json(st))

    def _waiting_human(self) -> int | None:
        st = self.st
        if st is None or self.status != "running":
            return None
        cur = st.current_player
        if cur < 0 or self.bot_plays(cur):
            return None
        return cur

    def _clock_update(self, acted: int | None) -> None:
        if self.clock is not None:
            self.clock.update(self._waiting_human(), acted)

    async def _apply(self, seat: int, action: Action, source: str) -> GameState:
        """Apply one action, commit it, then tell everyone (call under the lock). A failed
        commit changes nothing."""
        assert self.st is not None
        await self.mgr.ensure_owner(self.room_id)  # Refused not_owner: nothing changed
        # the action is applied to a copy, which becomes the room's state once committed:
        # until then every reader (views, welcome, sync) sees the committed state only
        st = clone(self.st)
        events = apply_action(st, action, seat)  # IllegalActionError: nothing changed
        idx = len(st.history) - 1
        await self.mgr.log_step(self.room_id, idx, seat, action_text(action))
        self.st = st
        if st.events is not None:
            st.events.clear()
        self._clock_update(seat if source == "seat" else None)
        if (idx + 1) % SNAPSHOT_EVERY == 0:
            await self._snapshot()
        self.broadcast_views("update", self._events(events))
        if st.termination:
            await self._finish()
        return st

    async def _snapshot(self) -> None:
        assert self.st is not None
        extra = {"bank": self.clock.bank[:]} if self.clock is not None else {}
        try:
            await self.mgr.db(
                self.mgr.store.save_snapshot,
                self.room_id,
                self.version,
                to_json(self.st),
                extra,
                self.mgr.fence(self.room_id),
            )
        except Fenced:  # another instance owns the room now; a snapshot only saves time
            log.warning("room %s: snapshot %d refused (not the owner)", self.room_id, self.version)

    async def _finish(self) -> None:
        """The game is over: the seed is revealed (item 9)."""
        assert self.st is not None
        self.status = "finished"
        self.touched = time.time()
        if self.clock is not None:
            self.clock.update(None, None)
        self.final_sha256 = fair.final_digest(to_json(self.st))
        await self._snapshot()
        await self.mgr.db(self.mgr.store.finish_game, self.room_id, self.mgr.fence(self.room_id))
        await self.mgr.db(self.save)
        self.broadcast_room()

    async def submit(
        self, seat: int | None, text: str, version: int | None, holder: str | None = None
    ) -> int:
        """A seat's action from a client; returns the new version or raises Refused.
        `holder`: the hash of the token the client came with, which must still hold the
        seat (a kicked client's action in flight does not count for the seat's next
        player)."""
        async with self.lock:
            st = self.st
            if self.status != "running" or st is None:
                raise Refused("not_running", "the game is not running")
            if seat is None:
                raise Refused("no_seat", "spectators cannot act")
            if holder is not None and self.seats[seat].token_hash != holder:
                raise Refused("bad_token", "this connection's seat was taken back")
            if version is not None and version != self.version:
                raise Refused(
                    "stale_version",
                    f"the game is at version {self.version}, not {version}",
                    version=self.version,
                )
            try:
                action = parse_text(text)
            except ActionParseError as e:
                raise self._illegal(seat, str(e)) from None
            try:
                await self._apply(seat, action, "seat")
            except IllegalActionError as e:
                raise self._illegal(seat, str(e), e) from None
            self.wake.set()
            return self.version

    def _illegal(self, seat: int, message: str, err: IllegalActionError | None = None) -> Refused:
        st = self.st
        assert st is not None
        legal = [action_text(a) for a in legal_actions(st, seat)]
        extra: dict[str, Any] = {"legal": legal[:LEGAL_SHOWN]}
        if err is not None:  # the engine's own why (issue 10), else the message's first part
            if err.rule:
                extra["rule"] = err.rule
            extra["reason"] = err.reason or message.split("; legal actions:")[0]
        code = "illegal_action"
        if not legal and st.current_player != seat:
            code = "not_your_turn"
        return Refused(code, message, **extra)

    # --- the room's task -------------------------------------------------------------------

    def ensure_task(self) -> None:
        if self.status == "running" and (self.task is None or self.task.done()):
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        """Play the automatic part of the game until it is over (see the module doc)."""
        while self.status == "running":
            self.wake.clear()
            try:
                acted = await self._auto()
            except Refused:  # not the owner now: the lease is renewed, or the room moves
                acted = False
                await asyncio.sleep(0.5)
                continue
            except Exception:  # a fault must not stall the room: log it and go on waiting
                log.exception("room %s: automatic play failed", self.room_id)
                acted = False
                await asyncio.sleep(0.5)
            if acted or self.status != "running":
                continue
            timeout = None
            if self.clock is not None and (d := self.clock.deadline()) is not None:
                timeout = max(0.0, d - time.monotonic())
            try:
                await asyncio.wait_for(self.wake.wait(), timeout)
            except TimeoutError:
                await self._timeout()

    async def _auto(self) -> bool:
        """One automatic step: a dice roll, the bots' window, or a bot's decision. False
        when the game waits on a human."""
        async with self.lock:
            st = self.st
            if st is None or self.status != "running":
                return False
            if st.termination:
                await self._finish()
                return True
            cur = st.current_player
            if cur == CHANCE:
                await self._apply(CHANCE, sample_chance(st), "chance")
                return True
            if in_window(st) and self.polled != len(st.history):
                top = st.stack[-1]
                acted = False
                for i in range(1, st.n):
                    s = (cur + i) % st.n
                    if not st.alive[s] or not self.bot_plays(s):
                        continue
                    if st.termination or st.stack[-1] is not top:
                        break
                    act = self.bot(s).respond(st, s)
                    if act is not None:
                        st = await self._apply(s, act, "bot")
                        acted = True
                # the bots are asked again after any of them acted, until a round passes
                # quietly (or WINDOW_ROUNDS rounds): a function of the history only, so a
                # restored room polls exactly where the room before it did
                if not acted or _out_of_turn_run(st, cur) >= WINDOW_ROUNDS * st.n:
                    self.polled = len(st.history)
                if acted or st.termination or st.stack[-1] is not top:
                    return True
            if cur == TERMINAL or not self.bot_plays(cur):
                return False
            version = self.version
        delay = self.settings["bot_delay_ms"] / 1000
        await asyncio.sleep(delay)  # 0: still yields, so clients are served between bots
        async with self.lock:
            st = self.st
            if st is None or self.status != "running" or self.version != version:
                return True
            cur = st.current_player
            if cur < 0 or not self.bot_plays(cur):
                return True
            try:
                await self._apply(cur, await self._think(st, cur), "bot")
            except IllegalActionError:
                log.error("room %s: bot of seat %d chose an illegal action", self.room_id, cur)
                await self._apply(cur, legal_actions(st, cur)[0], "bot")
            return True

    async def _think(self, st: GameState, seat: int) -> Action:
        """The bot's choice; a bot that searches (`thinks`) runs in a thread, so the other
        rooms are served meanwhile (the room's lock is held: nothing changes `st`)."""
        if getattr(self.bot(seat), "thinks", False):
            return await asyncio.to_thread(self._bot_choice, st, seat)
        return self._bot_choice(st, seat)

    def _bot_choice(self, st: GameState, seat: int) -> Action:
        try:
            act = self.bot(seat).choose(st, seat, LazyLegal(st, seat))
        except Exception:
            log.exception("room %s: bot of seat %d failed; first legal action", self.room_id, seat)
            return legal_actions(st, seat)[0]
        return act

    async def _timeout(self) -> None:
        """The waiting seat's time is up: its safe default, else its stand-in bot's choice."""
        async with self.lock:
            st = self.st
            clock = self.clock
            if st is None or clock is None or self.status != "running":
                return
            d = clock.deadline()
            seat = clock.seat
            if d is None or seat is None or time.monotonic() < d - 0.001:
                return
            if st.current_player != seat:
                self._clock_update(None)
                return
            clock.expire()
            act = safe_default(legal_actions(st, seat))
            if act is None:
                act = self._bot_choice(st, seat)
            await self._apply(seat, act, "clock")
