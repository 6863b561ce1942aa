"""`tycoon serve`: the server on uvicorn, printing the address it listens on."""

from __future__ import annotations

import contextlib
import gc
import resource
import socket
import sys

import uvicorn

from tycoon.native import describe
from tycoon.server.app import create_app
from tycoon.server.config import Config
from tycoon.server.guard import uvicorn_config


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: a free one). Made with proto IPPROTO_TCP so that asyncio
    sets TCP_NODELAY on every accepted connection (with proto 0 it does not, and each small
    message then waits up to 40 ms for the peer's delayed ACK)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)  # the event loop listens again with guard.ACCEPT_BATCH
    sock.set_inheritable(True)
    return sock


def _raise_file_limit() -> None:
    """Open files up to the hard limit (the connection caps stay below it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < want:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, 65536), hard))


def serve(config: Config, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted."""
    sock = bind(host, port)
    actual = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if config.advertise is None:  # where the other instances send this one's clients
        config.advertise = f"http://{shown}:{actual}"
    app = create_app(config)
    _raise_file_limit()
    server = uvicorn.Server(uvicorn_config(app, config))
    # Latency: what is loaded by now lives as long as the process, so no collection walks
    # it again (gc.freeze), and the young generation is collected less often. At 200 rooms
    # this took the p99 action latency from 134 ms to 57 ms (scripts/load_server.py).
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 1000)
    if config.seed is not None:
        print(f"games are dealt from seed {config.seed} upward: their dice are not secret")
    store = f"store: {config.db}; engine: {describe()}"  # engine: compiled, or python and why
    print(f"tycoon server listening on http://{shown}:{actual}/ ({store})", flush=True)
    sys.stdout.flush()
    server.run(sockets=[sock])
