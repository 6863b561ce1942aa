"""Connection limits below the application: uvicorn's HTTP and WebSocket protocols with a
cap on open connections (per client address and in all), and a deadline for each request
head, so idle or half-sent connections cannot pile up (docs/protocol.md, limits).

- A connection over the cap is cut as soon as it is accepted (nothing is read from it).
- A connection must send a whole request (head and body) within `Config.header_timeout_s`
  of opening, and again within that time of each answer; else it is cut. An idle
  keep-alive connection is closed by uvicorn after `Config.keep_alive_s`.
- A WebSocket whose handler has ended gets `CUT_S` to read its close frame, then it is cut
  (a peer that does not read would otherwise hold its socket and buffers for good).
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import TYPE_CHECKING, Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

if TYPE_CHECKING:
    from tycoon.server.config import Config

log = logging.getLogger("tycoon.server")

CUT_S = 3.0
"""Seconds a finished WebSocket has to read its close before its connection is cut."""
FILE_RESERVE = 64
"""Files kept free of connections (the store, logs, the static files)."""
ACCEPT_BATCH = 128
"""Connections the event loop accepts at most in one turn (and the listen queue): they
hold files before the caps can refuse them, so the caps leave room for one batch."""
ACCEPT_LOG_S = 10.0
"""An accept that fails for want of files is logged once in this many seconds."""


def file_budget() -> int:
    """Connections this process can hold without running out of files."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    return max(16, soft - FILE_RESERVE - ACCEPT_BATCH)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Log a failed accept (out of files) once in ACCEPT_LOG_S, not once per attempt: the
    event loop retries and reports it up to a batch of times each turn, which once wrote
    hundreds of thousands of tracebacks in seconds."""
    last = [-ACCEPT_LOG_S]

    def handler(lp: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            now = time.monotonic()
            if now - last[0] >= ACCEPT_LOG_S:
                last[0] = now
                log.error("out of files: new connections wait (%s)", context.get("exception"))
            return
        lp.default_exception_handler(context)

    loop.set_exception_handler(handler)


class Guard:
    """The open connections, by client address."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address, self.total = per_address, total
        self.by_address: dict[str, int] = {}
        self.open: dict[int, str] = {}

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        count = self.by_address.get(address, 0)
        if count >= self.per_address or len(self.open) >= self.total:
            return False
        self.by_address[address] = count + 1
        self.open[id(transport)] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        address = self.open.pop(id(transport), None)
        if address is None:
            return
        left = self.by_address[address] - 1
        if left:
            self.by_address[address] = left
        else:
            del self.by_address[address]


def protocols(config: Config) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol], Guard]:
    """The HTTP and WebSocket protocol classes of one server, sharing one `Guard`."""
    guard = Guard(config.conns_per_address, min(config.max_conns, file_budget()))
    deadline = config.header_timeout_s

    class GuardedHTTP(H11Protocol):
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not guard.admit(transport):
                transport.abort()
                return
            self._arm()

        def _arm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self.loop.call_later(deadline, self._late)

        def _late(self) -> None:
            self._timer = None
            t = self.transport
            if t.is_closing() or t.get_protocol() is not self:  # closed, or a WebSocket now
                return
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # head or body not in
                t.abort()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            guard.release(self.transport)
            super().connection_lost(exc)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        async def run_asgi(self) -> None:
            await super().run_asgi()
            self.loop.call_later(CUT_S, self.transport.abort)

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket, guard


def uvicorn_config(app: Any, config: Config, **kw: Any) -> Any:
    """The uvicorn settings of the server (`tycoon serve` and the tests)."""
    import uvicorn

    http, ws, guard = protocols(config)
    app.state.guard = guard
    settings: dict[str, Any] = {
        "log_level": "warning",
        "http": http,
        "ws": ws,
        "ws_max_size": 1 << 20,
        "ws_ping_interval": 20,
        "ws_ping_timeout": 20,
        # views are a few kB of JSON: compressing each one cost 10-15% of the server's
        # time at 200 rooms, and a zlib context pair per connection
        "ws_per_message_deflate": False,
        "timeout_keep_alive": config.keep_alive_s,
        "timeout_graceful_shutdown": 3,
        "backlog": ACCEPT_BATCH,
        # the per-address limits count the peer's own address, never a forwarded header
        "proxy_headers": False,
        **kw,
    }
    return uvicorn.Config(app, **settings)
