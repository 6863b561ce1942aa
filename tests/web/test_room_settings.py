"""Room settings seen in the page: the board's language, the clock's countdown, the house
rules' explanations, the lobby's public rooms, and the chat (user text stays text)."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.web.conftest import Server, new_page, shoot
from tests.web.play import create_room, start, step


def test_language_clock_and_lobby(server: Server, context, browser: Browser) -> None:
    page, watch = new_page(context)
    page.goto(server.url + "/")
    page.wait_for_selector(".quick-btn")
    assert page.locator(".quick-btn").count() == 4
    page.select_option("#c-edition", "metropol")
    page.click("details.rules > summary")
    # every house rule comes with its one-line explanation
    docs = page.locator(".create .option .doc")
    assert docs.count() > 5
    assert all(t.strip() for t in docs.all_inner_texts())
    shoot(page, "lobby-1280x800")
    room = create_room(
        page, server.url, "classic", ["human", "basic", "basic"], lang="pl", clock="30:300"
    )
    page.wait_for_selector("#invite-link")
    # the public room is listed in the lobby
    other = context.new_page()
    other.goto(server.url + "/")
    other.wait_for_selector(f'#public-rooms a[href="/r/{room}"]')
    other.close()
    start(page)
    assert page.input_value("#board-lang") == "pl"
    page.wait_for_selector("svg.board text:has-text('Saloniki')")
    # the language is the room's: a browser that has never been here shows it too
    fresh = browser.new_context()
    try:
        spec, spec_watch = new_page(fresh)
        spec.goto(f"{server.url}/r/{room}")
        spec.wait_for_selector("svg.board text:has-text('Saloniki')")
        assert spec.input_value("#board-lang") == "pl" and spec_watch.errors == []
    finally:
        fresh.close()
    page.wait_for_selector(".countdown:has-text('to decide')")
    page.wait_for_selector(".tag-clock")
    page.select_option("#board-lang", "en")
    page.wait_for_selector("svg.board text:has-text('Thessaloniki')")
    assert watch.errors == []


def test_chat_is_text(server: Server, browser: Browser) -> None:
    ctx = browser.new_context()
    try:
        page, watch = new_page(ctx)
        room = create_room(page, server.url, "wonders", ["human", "basic"])
        start(page)
        page.fill("#chat-input", "<img src=x onerror=alert(1)> hello")
        page.press("#chat-input", "Enter")
        page.wait_for_selector("#chat-list li:has-text('hello')")
        assert page.locator("#chat-list img").count() == 0
        assert "<img src=x" in page.inner_text("#chat-list")
        spec = ctx.new_page()
        spec.goto(f"{server.url}/r/{room}")
        spec.wait_for_selector("svg.board")
        assert watch.errors == []
    finally:
        ctx.close()


def test_a_refusal_shows_the_rule_and_its_reason(server: Server, context) -> None:
    """Issue 10 item 3 in the page: an action the rules refuse shows the engine's rule id and
    one-line reason (C-48: a house needs the whole group), and the game goes on."""
    page, watch = new_page(context)
    create_room(page, server.url, "classic", ["human", "basic", "basic"])
    start(page)
    page.wait_for_selector('#actions [data-action="roll"]', timeout=60000)
    version = page.evaluate("window.tycoonRoom.version")
    page.click("details.manual-wrap > summary")
    page.fill("#manual-action", "build 1")
    page.press("#manual-action", "Enter")
    page.wait_for_function(
        "() => document.getElementById('alerts').textContent.startsWith('Refused: C-48')"
    )
    assert "Thessaloniki" in page.inner_text("#alerts")  # the reason names the deed
    assert page.evaluate("window.tycoonRoom.version") == version  # nothing changed
    assert page.locator('#actions [data-action="roll"]').count() == 1
    assert watch.errors == []


def test_the_lobby_offers_each_editions_bot_levels(server: Server, context) -> None:
    """The seat lists come from the server's levels for the edition (`bot_levels`): the
    learned bot in every edition that ships its weights, and no alias (`heuristic`); a room
    of learned bots plays."""
    page, watch = new_page(context)
    page.goto(server.url + "/")
    page.wait_for_selector(".quick-btn")
    for edition in ("classic", "wonders", "builder", "metropol"):
        page.select_option("#c-edition", edition)
        kinds = page.eval_on_selector_all("#c-seat-1 option", "os => os.map(o => o.value)")
        assert kinds == ["human", "random", "basic", "strong", "learned"], (edition, kinds)
    assert page.locator("#c-seat-1 option[value=learned]").inner_text() == "Bot: learned"
    create_room(page, server.url, "classic", ["human", "learned", "learned"])
    start(page)
    for _ in range(200):
        if page.evaluate("window.tycoonRoom.view.turn") >= 3:
            break
        step(page) or page.wait_for_timeout(50)
    assert page.evaluate("window.tycoonRoom.view.turn") >= 3  # both learned seats played
    shoot(page, "room-learned-bots")
    assert watch.errors == []
