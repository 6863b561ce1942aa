"""Driving the page like a player: create rooms through the lobby, pick actions, wait."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

# What a simple player clicks first when several actions are offered.
PREFERENCE = [
    "roll",
    "pay",
    "buy",
    "pass",
    "serve",
    "pay-fine",
    "use-card",
    "reject",
    "draw",
    "mark",
    "take",
    "discard",
    "steal",
    "exchange",
    "go",
    "cross",
    "end-turn",
    "claim",
    "block",
    "put-up",
    "sell-building",
    "mortgage",
]


def create_room(
    page: Page,
    base: str,
    edition: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    name: str = "Tester",
    public: bool = True,
    lang: str | None = None,
    clock: str | None = None,
) -> str:
    """Fill the lobby's create form and submit it; returns the room id."""
    page.goto(base + "/")
    page.fill("#player-name", name)
    page.select_option("#c-edition", edition)
    if options:
        page.click("details.rules > summary")
        for key, value in options.items():
            sel = f"#opt-{key}"
            if isinstance(value, bool):
                page.set_checked(sel, value)
            elif page.eval_on_selector(sel, "e => e.tagName") == "SELECT":
                page.select_option(sel, str(value))
            else:
                page.fill(sel, str(value))
    # the house rules first: a switch may change how many can play (classic's two players)
    page.select_option("#c-count", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#c-seat-{i}", kind)
    page.fill("#c-delay", "0")
    if not public:
        page.set_checked("#c-public", False)
    if lang:
        page.select_option("#c-lang", lang)
    if clock and clock.startswith("custom:"):  # "custom:DECISION_S:BANK_S"
        _, decision, bank = clock.split(":")
        page.select_option("#c-clock", "custom")
        page.fill("#c-decision", decision)
        page.fill("#c-bank", bank)
    elif clock:
        page.select_option("#c-clock", clock)
    page.click("#c-submit")
    page.wait_for_url("**/r/*")
    return page.url.rsplit("/r/", 1)[1].split("?")[0]


def start(page: Page) -> None:
    page.click("#start-btn")
    in_game(page)


def in_game(page: Page) -> None:
    """Wait until the page shows the board and holds its first view (the board is drawn first)."""
    page.wait_for_selector("svg.board")
    page.wait_for_function("window.tycoonRoom && window.tycoonRoom.view !== null")


def actions(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#actions [data-action]", "els => els.map(e => e.dataset.action)"
    )


def choose(texts: list[str]) -> str | None:
    if not texts:
        return None
    for word in PREFERENCE:
        for t in texts:
            if t == word or (t.split(" ")[0] == word and word != "roll"):
                return t
    others = [t for t in texts if t.split(" ")[0] != "bankrupt"]
    return (others or texts)[0]


OPEN_GROUP = (
    "e => { const d = e.closest('details'); if (d && !d.open) d.querySelector('summary').click(); }"
)


def ended(page: Page) -> bool:
    return page.is_visible("#end")


def step(page: Page) -> bool:
    """Click one action if the page offers any; True when it did."""
    texts = actions(page)
    pick = choose(texts)
    if pick is None:
        return False
    version = page.evaluate("window.tycoonRoom ? window.tycoonRoom.version : -1")
    button = f'#actions [data-action="{pick}"]'
    # a long list of choices sits in a closed group: open it as a player would
    with contextlib.suppress(Exception):  # the panel may have been redrawn meanwhile
        page.eval_on_selector(button, OPEN_GROUP)
    try:
        page.click(button, timeout=3000)
    except Exception:
        return True  # the panel was redrawn under the click: look again
    # wait for the next view (or an error toast) before looking again
    with contextlib.suppress(Exception):
        page.wait_for_function(
            "v => !window.tycoonRoom || window.tycoonRoom.version !== v"
            " || document.getElementById('alerts').classList.contains('show')",
            arg=version,
            timeout=10000,
        )
    return True


def play_to_end(page: Page, limit_s: float = 480) -> None:
    """Play the page's seat until the end screen shows; past `limit_s` the failure says what
    the page showed (a short game takes well under a minute on a quiet machine)."""
    deadline = time.monotonic() + limit_s
    clicks = 0
    while not ended(page):
        if time.monotonic() >= deadline:
            raise AssertionError(
                f"the game did not end in {limit_s:.0f} s: {snapshot(page, clicks)}"
            )
        if step(page):
            clicks += 1
        else:
            page.wait_for_timeout(50)


def snapshot(page: Page, clicks: int) -> str:
    """What the page shows, for a failure message: the view's version and turn, the offered
    actions, the status line and the last log lines."""
    facts = page.evaluate(
        """() => {
            const r = window.tycoonRoom, v = r && r.view;
            const log = [...document.querySelectorAll('#log li')].slice(-5).map(e => e.innerText);
            return {version: r ? r.version : null, turn: v ? v.turn : null,
                    status: (document.getElementById('status') || {}).innerText, log};
        }"""
    )
    return f"{clicks} clicks, actions {actions(page)}, {facts}"


BOARD_CHECK = "\n".join(
    line
    for line in (Path(__file__).parent / "board_check.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")
)
"""What the board shows against the view the page holds: owner strips, mortgages, houses
and hotels, tokens, passports, the island's cells and floors, the city's heights and
skyscrapers (a list of mismatches, empty when they agree)."""


def board_mismatches(page: Page) -> list[str]:
    return list(page.evaluate(BOARD_CHECK))
