"""Hostile clients for the server tests: a raw WebSocket over a plain socket that can stop
reading (a tiny receive buffer, nothing read), raw HTTP connections, and the server
process's resident memory."""

from __future__ import annotations

import base64
import os
import socket
import struct
import time
from pathlib import Path


def rss_mb(pid: int) -> float:
    """The resident memory of a process (Linux /proc), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _addr(url: str) -> tuple[str, int]:
    host, port = url.split("://", 1)[1].rstrip("/").split(":")
    return host, int(port)


def raw_http(url: str, rcvbuf: int | None = None) -> socket.socket:
    """A connected TCP socket to the server (nothing sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect(_addr(url))
    return s


def closed_by_peer(s: socket.socket, timeout: float) -> bool:
    """Read (and throw away) until the server closes the connection; False if it is
    still open after `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s.settimeout(max(0.05, min(1.0, end - time.monotonic())))
        try:
            if not s.recv(65536):
                return True
        except TimeoutError:
            continue
        except OSError:  # reset: closed as well
            return True
    return False


class RawWS:
    """A WebSocket client over a plain socket: `send` frames, read only when asked."""

    def __init__(self, url: str, path: str, rcvbuf: int | None = 4096) -> None:
        self.sock = raw_http(url, rcvbuf)
        key = base64.b64encode(os.urandom(16)).decode()
        host = url.split("://", 1)[1].rstrip("/")
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.data = b""

    def send(self, text: str | bytes, timeout: float = 5) -> bool:
        """One masked text frame; False if the server is gone or does not take it."""
        payload = text.encode() if isinstance(text, str) else text
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.settimeout(timeout)
        try:
            self.sock.sendall(head + mask + body)
        except OSError:
            return False
        return True

    def read_all(self, timeout: float) -> bool:
        """Read everything until the server closes; True if it did within `timeout`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.sock.settimeout(max(0.05, min(1.0, end - time.monotonic())))
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return True
            if not chunk:
                return True
            self.data += chunk
        return False

    def texts(self) -> list[str]:
        """The text frames read so far (server frames are not masked)."""
        out, d, i = [], self.data, 0
        while i + 2 <= len(d):
            op, n = d[i] & 0x0F, d[i + 1] & 0x7F
            i += 2
            if n == 126:
                n = struct.unpack("!H", d[i : i + 2])[0]
                i += 2
            elif n == 127:
                n = struct.unpack("!Q", d[i : i + 8])[0]
                i += 8
            if i + n > len(d):
                break
            if op == 1:
                out.append(d[i : i + n].decode(errors="replace"))
            i += n
        return out

    def close(self) -> None:
        self.sock.close()
