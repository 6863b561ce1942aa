"""Keyboard-only play of a whole turn, with a visible focus on every control reached."""

from __future__ import annotations

import time

from tests.web.conftest import Server, new_page, shoot
from tests.web.play import actions, choose, create_room, start

FOCUSED = (
    "() => { const e = document.activeElement;"
    " return e && e.dataset ? e.dataset.action || '' : ''; }"
)
OUTLINE = "() => getComputedStyle(document.activeElement).outlineStyle"


def test_keyboard_only_turn(server: Server, context) -> None:
    page, watch = new_page(context)
    create_room(page, server.url, "classic", ["human", "basic", "basic"])
    start(page)
    page.wait_for_selector('#actions [data-action="roll"]', timeout=60000)
    turn = page.evaluate("window.tycoonRoom.view.turn")
    pressed: list[str] = []
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, f"the turn did not end; pressed {pressed}"
        v = page.evaluate("window.tycoonRoom.view")
        if v["turn"] != turn or (v["active"] != 0 and pressed):
            break
        want = choose(actions(page))
        if want is None:
            page.wait_for_timeout(50)
            continue
        # Tab to the wanted control, never touching the mouse
        for _ in range(120):
            if page.evaluate(FOCUSED) == want:
                break
            page.keyboard.press("Tab")
        else:
            continue  # the panel changed under us: look again
        assert page.evaluate(OUTLINE) != "none", "the focus must be visible"
        if len(pressed) == 0:
            shoot(page, "keyboard-focus-1280x800")
        version = page.evaluate("window.tycoonRoom.version")
        page.keyboard.press("Enter")
        pressed.append(want)
        page.wait_for_function("v => window.tycoonRoom.version !== v", arg=version, timeout=30000)
    assert pressed[0] == "roll"
    # the turn ends by end-turn, or by the rules (a jail sends him there and ends it); fast
    # bots may then bring the turn back to seat 0 before the page is read again
    assert "end-turn" in pressed or v["turn"] != turn or v["active"] != 0
    assert watch.errors == []
