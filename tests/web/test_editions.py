"""Per edition: a room against bots with a short-game option, played through the page to the
end screen, with screenshots of the board at 1280x800 and 390x844."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web.conftest import Server, new_page, shoot
from tests.web.play import board_mismatches, create_room, play_to_end, start, step

SHORT = {
    "classic": {"turn_limit": 4},
    "wonders": {"turn_limit": 4},
    "builder": {"turn_limit": 4},
    "metropol": {"blocks_total": 20},
}


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_edition_played_to_the_end_screen(
    server: Server, context, browser: Browser, edition: str
) -> None:
    page, watch = new_page(context)
    room = create_room(page, server.url, edition, ["human", "basic", "basic"], SHORT[edition])
    start(page)
    # a few moves in, the board as a player sees it, on a laptop and on a phone
    for _ in range(6):
        step(page)
    page.wait_for_timeout(400)
    assert board_mismatches(page) == []  # the board draws what the view says
    shoot(page, f"{edition}-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    # a phone scrolls down, never sideways; prompts and the log are announced
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for live in ("#status", "#prompt", "#log"):
        assert page.get_attribute(live, "aria-live") in ("polite", "assertive"), live
    shoot(page, f"{edition}-390x844")
    page.click(".zoom-btn")  # the phone's closer look at the board
    shoot(page, f"{edition}-390x844-zoom")
    page.click(".zoom-btn")
    page.set_viewport_size({"width": 1280, "height": 800})
    play_to_end(page)
    assert board_mismatches(page) == []
    end = page.locator("#end")
    assert end.is_visible()
    assert end.locator("table.scores tbody tr").count() == 3
    assert end.locator("svg.chart polyline").count() == 3
    # the scores are the engine's, best first, under the edition's name for them
    v = page.evaluate("window.tycoonRoom.view")
    unit = {"builder": "points", "metropol": "cash and permits"}.get(edition, "net worth")
    assert end.locator("table.scores thead th").nth(2).text_content().lower() == unit
    best = max(range(3), key=lambda seat: v["scores"][seat])
    assert v["players"][best]["name"] in end.locator("table.scores tbody tr").first.inner_text()
    title = end.locator("h2").inner_text()
    assert "win" in title or "Game over" in title
    shoot(page, f"{edition}-end-1280x800")
    # the replay steps back and forward through the game
    page.click("#open-replay")
    pos = page.locator("#replay-pos")
    last = pos.inner_text()
    page.click('[data-step="back"]')
    assert pos.inner_text() != last
    page.click('[data-step="forward"]')
    assert pos.inner_text() == last
    page.click('[data-step="first"]')
    assert pos.inner_text().startswith("Step 1 of")
    page.click('[data-step="forward"]')
    page.keyboard.press("ArrowRight")  # the arrow keys step too
    assert pos.inner_text().startswith("Step 3 of")
    shoot(page, f"{edition}-replay-1280x800")
    # after a reload the end screen is back and the replay still has every step
    page.reload()
    page.wait_for_selector("#end:not([hidden])")
    page.click("#open-replay")
    assert pos.inner_text() == last
    assert watch.errors == []
    # a browser that never watched the game replays every step too, from the server
    fresh = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other, other_watch = new_page(fresh)
        other.goto(f"{server.url}/r/{room}")
        other.wait_for_selector("#end:not([hidden])")
        other.click("#open-replay")
        other_pos = other.locator("#replay-pos")
        assert other_pos.inner_text() == last
        other.click('[data-step="first"]')
        seen = 0
        for _ in range(6):  # the first steps' events, as text
            other.click('[data-step="forward"]')
            seen += other.locator(".replay-events li").count()
        assert other_pos.inner_text().startswith("Step 7 of") and seen > 0
        assert other_watch.errors == []
    finally:
        fresh.close()
