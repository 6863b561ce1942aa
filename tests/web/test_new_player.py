"""Issue 37 in the page: what a new player trips over, item by item (the numbers are the
issue's). Modules are driven with real engine views where a whole game would be slow."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.editions.metropol.helpers import act as m_act
from tests.editions.metropol.helpers import game as m_game
from tests.editions.metropol.helpers import roll as m_roll
from tests.editions.wonders.helpers import land_on, start_game
from tests.web.conftest import Server, new_page, shoot
from tests.web.play import actions, create_room, play_to_end, start, step
from tycoon.editions.registry import find_edition
from tycoon.engine import events as ev
from tycoon.engine.events import Event
from tycoon.records.describe import describe
from tycoon.records.view import view

PROMPT = """async ([edition, view]) => {
    const { promptText } = await import('/static/js/panels.js');
    const { getBoard } = await import('/static/js/api.js');
    const { normBoard } = await import('/static/js/model.js');
    return promptText(normBoard(await getBoard(edition)), view);
}"""

SMALL_TEXT = """() => {
    // every board text a player sees, in CSS px: SVG text by the board's scale, HTML as set
    const out = [];
    const svg = document.querySelector('svg.board');
    const k = svg.getScreenCTM().a;
    for (const t of svg.querySelectorAll('text')) {
        if (!t.textContent.trim() || !t.checkVisibility()) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * k;
        if (px < 11) out.push(`${t.textContent.trim().slice(0, 20)} ${px.toFixed(1)}px`);
    }
    for (const e of document.querySelectorAll('#near *')) {
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !e.checkVisibility()) continue;
        const px = parseFloat(getComputedStyle(e).fontSize);
        if (px < 11) out.push(`${e.textContent.slice(0, 20)} ${px.toFixed(1)}px`);
    }
    return out;
}"""


def _json(v: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(v))


def _lobby(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(".quick-btn")


def _phone(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 390, "height": 844})


def test_i1_classic_two_players(server: Server, context: BrowserContext) -> None:
    """A-27: ticking "allow two players" lets the Players list go down to 2."""
    page, watch = new_page(context)
    _lobby(page, server)
    page.select_option("#c-edition", "classic")
    counts = lambda: page.eval_on_selector_all("#c-count option", "o => o.map(e => e.value)")  # noqa: E731
    assert counts()[0] == "3"
    page.click("details.rules > summary")
    page.check("#opt-allow_two_players")
    assert counts()[0] == "2"
    page.select_option("#c-count", "2")
    assert page.locator("#c-seat-1").count() == 1 and page.locator("#c-seat-2").count() == 0
    page.uncheck("#opt-allow_two_players")  # 2 is no longer allowed: back to 3 seats
    assert counts()[0] == "3" and page.input_value("#c-count") == "3"
    create_room(page, server.url, "classic", ["human", "basic"], {"allow_two_players": True})
    start(page)
    assert len(page.evaluate("window.tycoonRoom.view.players")) == 2
    assert watch.errors == []


def test_i2_i10_i12_log_card_text_and_board_language(
    server: Server, context: BrowserContext
) -> None:
    """The log names a drawn card by its deck in words and its text (not
    `community_chest`), uses the board language the player chose for the board's names,
    switching with it, and a line that wraps keeps its seat badge whole."""
    page, watch = new_page(context)
    create_room(page, server.url, "wonders", ["human", "basic"], lang="nb")
    start(page)
    # item 12: a line that wraps keeps its seat badge whole
    long = "Tester " + "offered a very long trade with many deeds and cards " * 4
    page.evaluate("t => window.tycoonRoom.addLog([{kind: 'x', seat: 0, text: t}])", long)
    badge = page.locator("#log li:last-child svg.seat-badge").bounding_box()
    assert badge and badge["width"] == 16
    # the game's lines are in the board's language (GO is START in nb)
    deadline = time.monotonic() + 60
    while page.locator("#log li:has-text(' starts on ')").count() == 0:
        assert time.monotonic() < deadline, page.inner_text("#log")
        if not step(page):
            page.wait_for_timeout(50)
    assert "starts on START" in page.inner_text("#log")
    board = find_edition("wonders").board
    names = ["Tester", "Bot"]
    card = describe(board, names, Event(ev.CARD_DRAWN, 0, 2, 0, -1, "K10"))
    assert "community_chest" not in card and "community chest card K10" in card
    landed = describe(board, names, Event(ev.LANDED, 0, 3, 0, -1, ""))
    assert "Easter Island statues (Moai)" in landed
    events = [
        {"kind": "card_drawn", "seat": 0, "text": card},
        {"kind": "landed", "seat": 0, "square": 3, "text": landed},
    ]
    page.evaluate("evs => window.tycoonRoom.addLog(evs)", events)
    log = page.inner_text("#log")
    assert '"From sale of stock you get kr 1 000."' in log
    assert "Tester landed on Statuene på Påskeøya" in log
    page.select_option("#board-lang", "en")
    page.wait_for_selector("#log li:has-text('landed on Easter Island statues (Moai)')")
    assert "starts on GO" in page.inner_text("#log")
    assert watch.errors == []


def test_i3_a_deed_you_cannot_afford(server: Server, context: BrowserContext) -> None:
    """W-30 (auction when the lander does not buy): with too little cash the prompt says so
    instead of "You may buy"."""
    st = start_game(2)
    st.cash[0] = 1000
    land_on(st, 13)  # Hagia Sophia, kr 2 800
    v = _json(view(st, 0))
    assert v["pending"]["kind"] == "buy"
    assert [a["kind"] for a in v["actions"] if a["kind"] in ("buy", "auction")] == ["auction"]
    page, watch = new_page(context)
    _lobby(page, server)
    text = page.evaluate(PROMPT, ["wonders", v])
    assert text == (
        "You cannot afford Hagia Sophia (kr 2 800; you have kr 1 000): send it to auction."
    )
    st.cash[0] = 5000
    assert page.evaluate(PROMPT, ["wonders", _json(view(st, 0))]).startswith("You may buy Hagia")
    assert watch.errors == []


def test_i6_i7_metropol_veto_words_and_one_number_format(
    server: Server, context: BrowserContext
) -> None:
    """M-27: the veto is asked in words with the edition's one number format (M-2's 50,000
    steps), as every amount the page writes in metropol."""
    st = m_game(options={"auction_jump_bids": True})
    m_roll(st, 1, 2, 4)  # 7: Grant Street, auctioned (M-24)
    m_act(st, "pass")
    m_act(st, "bid 650000")
    m_act(st, "pass")
    v = _json(view(st, 0))
    assert v["pending"].get("choice") == "veto", v["pending"]
    page, watch = new_page(context)
    _lobby(page, server)
    text = page.evaluate(PROMPT, ["metropol", v])
    assert text == "Veto? Grant Street went for 650,000: you may take it for 700,000."
    formatted = page.evaluate(
        """async () => {
            const { money, normBoard } = await import('/static/js/model.js');
            const { getBoard } = await import('/static/js/api.js');
            const b = normBoard(await getBoard('metropol'));
            const w = normBoard(await getBoard('wonders'));
            return [money(b, 350000), money(b, 4750000), money(b, 100000), money(w, 12000)];
        }"""
    )
    assert formatted == ["350,000", "4,750,000", "100,000", "kr 12 000"]
    assert watch.errors == []


def test_i8_metropol_area_names_clear_of_the_blocks(
    server: Server, context: BrowserContext
) -> None:
    """Every area's name lies in an avenue, never under a block of the city."""
    st = m_game()
    v = _json(view(st, 0))
    page, watch = new_page(context)
    _lobby(page, server)
    overlaps = page.evaluate(
        """async (view) => {
            const { createBoard } = await import('/static/js/board.js');
            const { getBoard } = await import('/static/js/api.js');
            const { normBoard } = await import('/static/js/model.js');
            const el = document.body.appendChild(document.createElement('div'));
            el.style.width = '800px';
            const ui = createBoard(el, normBoard(await getBoard('metropol')));
            ui.update(view, { instant: true, cellActions: new Map(), blockActions: new Map() });
            const hit = (a, b) => a.left < b.right && b.left < a.right
                && a.top < b.bottom && b.top < a.bottom;
            const box = (e) => e.getBoundingClientRect();
            const blocks = [...el.querySelectorAll('g.block rect')].map(box);
            const names = [...el.querySelectorAll('text.area-name')];
            const under = names.filter((t) => blocks.some((b) => hit(box(t), b)));
            return [names.length, under.map((t) => t.textContent)];
        }""",
        v,
    )
    assert overlaps == [4, []]
    assert watch.errors == []


def test_i9_i13_house_rules_read_plainly(server: Server, context: BrowserContext) -> None:
    """Enumerated options are selects of their allowed values, the explanations carry no rule
    ids (they sit behind a "?"), the turn limit names the edition's score (M-72: metropol's is
    cash and permits), the clock's fields hide with "No clock" and a bot delay of 150 ms is
    accepted."""
    page, watch = new_page(context)
    _lobby(page, server)
    page.select_option("#c-edition", "builder")
    page.click("details.rules > summary")
    for key, values in {
        "community_metric": ["largest_component", "adjacent_count"],
        "bonus_tie": ["none", "all_tied"],
        "jail_third_try_move": ["new_roll", "failed_roll"],
    }.items():
        sel = f"#opt-{key}"
        assert page.eval_on_selector(sel, "e => e.tagName") == "SELECT"
        assert page.eval_on_selector_all(f"{sel} option", "o => o.map(e => e.value)") == values
    # the tokens: one select per seat of the edition's tokens
    assert page.eval_on_selector_all("#opt-tokens option", "o => o.map(e => e.value)") == [
        "",
        "penguin",
        "cat",
        "t_rex",
        "rubber_duck",
    ]
    docs = page.locator(".create .option .doc").all_inner_texts()
    assert docs and not [d for d in docs if re.search(r"A-2|OQ-6|'[a-z_,]+'", d)]
    jail = page.locator(".option:has(#opt-jail_third_try_move)")
    jail.locator(".rule-ids summary").click()
    assert "OQ-6, A-24" in jail.locator(".rule-ids").inner_text()
    page.select_option("#c-edition", "classic")
    docs = " ".join(page.locator(".create .option .doc").all_inner_texts())
    assert "C-33" not in docs and "Q-3" not in docs
    page.select_option("#c-edition", "metropol")
    turn_limit = page.inner_text(".option:has(#opt-turn_limit) .doc")
    assert "cash and permits" in turn_limit and "metropol: cash)" not in turn_limit
    assert not page.is_visible("#c-decision")  # "No clock" hides the clock's fields
    page.select_option("#c-clock", "custom")
    assert page.is_visible("#c-decision")
    page.fill("#c-delay", "150")
    assert page.eval_on_selector("#c-delay", "e => e.checkValidity()")
    # a choice made in a select reaches the room
    room = create_room(page, server.url, "builder", ["human", "basic"], {"bonus_tie": "all_tied"})
    opts = page.evaluate(f"fetch('/api/rooms/{room}').then(r => r.json()).then(r => r.options)")
    assert opts.get("bonus_tie") == "all_tied"
    assert watch.errors == []


def test_i11_private_room_without_its_code(server: Server, browser: Browser) -> None:
    """A private room opened without its invite code says how to join or watch it (the
    server shows a private room only with its invite) instead of offering a Join or a Watch
    that the server refuses (403)."""
    host_ctx = browser.new_context()
    guest_ctx = browser.new_context()
    try:
        host, host_watch = new_page(host_ctx)
        room = create_room(host, server.url, "classic", ["human", "human", "basic"], public=False)
        guest, guest_watch = new_page(guest_ctx)
        guest.goto(f"{server.url}/r/{room}")
        guest.wait_for_selector("#private-note")
        assert guest.locator("#join-btn").count() == 0
        assert guest.locator("#watch-btn").count() == 0
        assert "invite link" in guest.inner_text("#private-note")
        guest.goto(host.input_value("#invite-link"))  # with the code: Join
        guest.wait_for_selector("#join-btn")
        # the one error is the browser's note of the refused room fetch (403)
        assert host_watch.errors == [] and [e for e in guest_watch.errors if "403" not in e] == []
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_i15_i16_phone_board_and_centre(server: Server, browser: Browser) -> None:
    """On a 390x844 phone: the turn's controls come first, no board text is smaller than 11
    CSS px (the squares near the token are listed large); the classic centre shows the deed
    being decided, the dice and the last events."""
    ctx = _phone(browser)
    try:
        page, watch = new_page(ctx)
        create_room(page, server.url, "classic", ["human", "basic", "basic"])
        start(page)
        deadline = time.monotonic() + 60
        while "buy" not in actions(page):
            assert time.monotonic() < deadline, actions(page)
            if not step(page):
                page.wait_for_timeout(50)
        page.wait_for_timeout(300)
        shoot(page, "classic-buy-390x844")
        sq = page.evaluate("window.tycoonRoom.view.pending.square")
        name = page.evaluate(f"window.tycoonRoom.board.squares[{sq}].name")
        deed = page.locator("svg.board g.centre-deed")
        assert deed.count() == 1 and name in deed.inner_html()
        assert page.locator("svg.board g.centre-dice rect").count() == 2
        assert page.locator("svg.board text.centre-event").count() >= 2
        assert page.evaluate(SMALL_TEXT) == []
        assert page.locator(f"#near li[data-square='{sq}'].deciding").count() == 1
        buy = page.locator('#actions [data-action="buy"]').bounding_box()
        assert buy and buy["y"] + buy["height"] <= 844
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert watch.errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_i15_every_edition_on_a_phone(server: Server, browser: Browser, edition: str) -> None:
    """Each edition at 1280x800 and 390x844 (screenshots); at 390 no board text below 11 CSS
    px and the prompt's controls above the fold (metropol's auction Pass too)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, watch = new_page(ctx)
        create_room(page, server.url, edition, ["human", "basic", "basic"])
        start(page)
        page.wait_for_selector("#actions [data-action]")
        for _ in range(3):
            step(page)
        page.wait_for_timeout(300)
        shoot(page, f"{edition}-new-1280x800")
        page.set_viewport_size({"width": 390, "height": 844})
        deadline = time.monotonic() + 60
        while True:
            page.wait_for_timeout(100)
            texts = actions(page)
            want = "pass" if edition == "metropol" else None
            if texts and (want is None or (want in texts and page.is_visible("#bid-amount"))):
                break
            assert time.monotonic() < deadline, texts
            step(page)
        assert page.evaluate("window.scrollY") == 0
        first = page.locator("#actions [data-action]").first.bounding_box()
        assert first and first["y"] + first["height"] <= 844
        if edition == "metropol":
            box = page.locator('#actions [data-action="pass"]').bounding_box()
            assert box and box["y"] + box["height"] <= 844, box
        assert page.evaluate(SMALL_TEXT) == []
        shoot(page, f"{edition}-new-390x844")
        assert watch.errors == []
    finally:
        ctx.close()


def _notice(page: Page, text: str, timeout: float = 30000) -> str:
    page.wait_for_selector(f"#notice:has-text('{text}')", timeout=timeout)
    assert page.get_attribute("#notice", "aria-live") == "polite"
    return page.inner_text("#notice")


def test_i14_offer_answer_and_timeout_notices(server: Server, browser: Browser) -> None:
    """The answer to one's offer and a move the clock made on one's behalf show as a
    visible, announced notice (not only in the log)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, watch = new_page(ctx)
        create_room(
            page, server.url, "classic", ["human", "basic", "basic"], {"deal_two_deeds": True}
        )
        start(page)
        page.wait_for_selector('#actions [data-action="roll"]', timeout=60000)
        sale = page.evaluate(
            "window.tycoonRoom.view.legal_actions.find(t => t.startsWith('sell-deed'))"
        )
        assert sale, actions(page)
        page.evaluate("t => window.tycoonRoom.act(t)", sale)
        text = _notice(page, "your offer")
        assert "accepted" in text or "rejected" in text
        shoot(page, "notice-offer-1280x800")
        # a clock of 1 s and no bank: the server rolls for the idle player, and says so
        create_room(page, server.url, "wonders", ["human", "basic"], clock="custom:1:0")
        start(page)
        text = _notice(page, "time ran out")
        assert "played for you" in text
        assert watch.errors == []
    finally:
        ctx.close()


def test_i4_i5_replay_shows_the_step_and_takes_arrow_keys(
    server: Server, context: BrowserContext
) -> None:
    """In the replay the dice and the prompt are those of the step shown, and the arrow keys
    step wherever the focus is."""
    page, watch = new_page(context)
    create_room(page, server.url, "classic", ["human", "basic", "basic"], {"turn_limit": 1})
    start(page)
    play_to_end(page, 120)
    page.click("#open-replay")
    pos = page.locator("#replay-pos")
    page.click('[data-step="first"]')
    for _ in range(4):
        page.click('[data-step="forward"]')
    assert pos.inner_text().startswith("Step 5 of")
    assert page.inner_text("#prompt") != "The game is over."
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    assert pos.inner_text().startswith("Step 6 of")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert pos.inner_text().startswith("Step 4 of")
    page.click('[data-step="last"]')
    assert page.inner_text("#prompt") == "The game is over."
    shoot(page, "replay-step-1280x800")
    assert watch.errors == []
