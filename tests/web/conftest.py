"""Browser tests of the web app: a real `tycoon serve` on 127.0.0.1 and Debian's Chromium.

Skipped (with the reason shown) only when no `chromium` is installed; `.ci/run` installs it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
SEED = 20261206
"""The servers deal their games from this seed upward (`tycoon serve --seed`)."""

if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402


class Server:
    """`tycoon serve` as a child process (so a test can kill it with SIGKILL and restart it)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-c",
            "from tycoon.cli.app import main; main()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--bot-delay",
            "0",
            "--grace",
            "30",
            "--seed",  # the same games on every run: a failure can be replayed
            str(SEED),
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # the server's output goes to a file: a pipe nobody reads would fill up and stall it
        log = self.db.with_suffix(".log")
        with log.open("w") as out:
            self.proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.proc.poll() is None:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())
            if m:
                self.port = int(m.group(1))
                return
            time.sleep(0.05)
        lines = [log.read_text()]
        raise RuntimeError("the server did not start:\n" + "".join(lines))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "tycoon.db")
    external = os.environ.get("TYCOON_WEB_PORT")  # develop against a server already running
    if external:
        srv.port = int(external)
        yield srv
        return
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


class Watch:
    """Console errors and page errors of a page: a test ends by asserting there were none."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.errors.append(f"console: {msg.text}")


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


def new_page(ctx: BrowserContext) -> tuple[Page, Watch]:
    page = ctx.new_page()
    page.set_default_timeout(30000)
    return page, Watch(page)


def shoot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
