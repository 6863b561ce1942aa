"""Two players in two browser contexts: join by invite link, an auction, a trade accepted;
a reload resumes; a spectator sees the game; a killed and restarted server resumes it."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, Route

from tests.web.conftest import Server, new_page, shoot
from tests.web.play import actions, choose, create_room, in_game, start, step


def _while_down(error: str) -> bool:
    return "WebSocket" in error or "ERR_CONNECTION" in error


def _log_has(page: Page, kind: str) -> bool:
    return page.locator(f'#log li[data-kind="{kind}"]').count() > 0


def _click(page: Page, selector: str) -> bool:
    try:
        page.click(selector, timeout=2000)
        return True
    except Exception:
        return False


def test_two_players_invite_auction_and_trade(server: Server, browser: Browser) -> None:
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_b = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        a, watch_a = new_page(ctx_a)
        b, watch_b = new_page(ctx_b)
        create_room(a, server.url, "wonders", ["human", "human"], name="Ann", public=False)
        invite = a.input_value("#invite-link")
        assert "invite=" in invite
        b.goto(invite)
        b.fill("#join-name", "Bob <i>")
        b.click("#join-btn")
        b.wait_for_selector("text=Waiting for the host")
        a.wait_for_selector("text=Bob <i>")  # the host sees the joined name, as text
        shoot(a, "waiting-room-1280x800")
        start(a)
        in_game(b)
        pages = [a, b]
        bid_done: set[int] = set()
        auctioned = traded = False
        deadline = time.monotonic() + 240
        while not (auctioned and traded):
            assert time.monotonic() < deadline, f"auction {auctioned}, trade {traded}"
            acted = False
            for i, p in enumerate(pages):
                texts = actions(p)
                if not auctioned and _log_has(p, "auction_won"):
                    auctioned = True
                if not traded and _log_has(p, "accepted"):
                    traded = True
                if p.is_visible("#bid-amount"):
                    if i not in bid_done:
                        bid_done.add(i)
                        p.fill("#bid-amount", p.get_attribute("#bid-amount", "min") or "1")
                        p.click(".bid-form button[type=submit]")
                    else:
                        _click(p, '#actions [data-action="pass"]')
                    acted = True
                    continue
                if "auction" in texts and not auctioned:
                    acted = _click(p, '#actions [data-action="auction"]')
                    continue
                if "accept" in texts and not traded:
                    acted = _click(p, '#actions [data-action="accept"]')
                    continue
                owns = p.evaluate(
                    "() => { const v = window.tycoonRoom.view;"
                    " return v.owner.some(o => o === v.seat); }"
                )
                if auctioned and not traded and owns and p.is_visible('[data-open="trade"]'):
                    p.click('[data-open="trade"]')
                    dlg = p.locator("#trade-dialog")
                    dlg.locator("fieldset").first.locator("input[type=checkbox]").first.check()
                    p.fill("#trade-receive", "10")
                    dlg.locator("button[type=submit]").click()
                    p.wait_for_function("!document.getElementById('trade-dialog').open")
                    acted = True
                    continue
                pick = choose([t for t in texts if t != "buy" or auctioned])
                if pick and pick not in ("accept",):
                    acted = step(p) or acted
            if not acted:
                a.wait_for_timeout(50)
        shoot(a, "two-players-host-1280x800")
        shoot(b, "two-players-guest-390x844")
        assert watch_a.errors == [] and watch_b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()


def test_reload_spectator_and_server_restart(server: Server, browser: Browser) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    spec_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, watch = new_page(ctx)
        room = create_room(page, server.url, "classic", ["human", "basic", "basic"])
        start(page)
        for _ in range(4):
            step(page)
        before = page.evaluate("window.tycoonRoom.version")
        cash = page.inner_text('.player[data-seat="0"] .player-cash')
        # a reload resumes the same seat at the same point
        page.reload()
        page.wait_for_function("window.tycoonRoom && window.tycoonRoom.view", timeout=30000)
        assert page.evaluate("window.tycoonRoom.view.seat") == 0
        assert page.evaluate("window.tycoonRoom.version") >= before
        assert page.inner_text('.player[data-seat="0"] .player-cash') == cash
        assert page.locator("#log li").count() > 0  # the log survives the reload
        # a spectator sees the game and is offered nothing
        spec, spec_watch = new_page(spec_ctx)
        spec.goto(f"{server.url}/r/{room}")
        spec.wait_for_selector("svg.board .token")
        spec.wait_for_selector("text=You are watching this game.")
        assert spec.locator("#actions [data-action]").count() == 0
        # SIGKILL the server; the page reconnects once it is back and play goes on
        version = page.evaluate("window.tycoonRoom.version")
        server.kill()
        page.wait_for_selector(".conn-status:has-text('reconnecting')")
        server.start()
        page.wait_for_selector(".conn-status:has-text('connected')", timeout=60000)
        page.wait_for_function("v => window.tycoonRoom.version >= v", arg=version)
        for _ in range(3):
            step(page)
        assert page.evaluate("window.tycoonRoom.version") > version
        spec.wait_for_function("v => window.tycoonRoom.version > v", arg=version)
        # only the refused connections while the server was down
        for errors in (watch.errors, spec_watch.errors):
            assert all(_while_down(e) for e in errors), errors
    finally:
        ctx.close()
        spec_ctx.close()


def test_counter_offer_accepted(server: Server, browser: Browser) -> None:
    """Builder: A offers B a chip for cash, B answers with a counter-offer, A accepts it."""
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        a, watch_a = new_page(ctx_a)
        b, watch_b = new_page(ctx_b)
        create_room(a, server.url, "builder", ["human", "human"], name="Ann")
        b.goto(a.input_value("#invite-link"))
        b.fill("#join-name", "Bob")
        b.click("#join-btn")
        a.wait_for_selector("text=Bob")
        start(a)
        in_game(b)
        offered = countered = False
        deadline = time.monotonic() + 240
        while not _log_has(a, "accepted"):
            assert time.monotonic() < deadline, f"offered {offered}, countered {countered}"
            for p in (a, b):
                seat = p.evaluate("window.tycoonRoom.view.seat")
                if countered and "accept" in actions(p):
                    _click(p, '#actions [data-action="accept"]')
                    break
                if offered and not countered and p.is_visible('[data-open="counter"]'):
                    p.click('[data-open="counter"]')
                    p.fill("#trade-pay", "10")
                    p.locator("#trade-dialog button[type=submit]").click()
                    p.wait_for_function("!document.getElementById('trade-dialog').open")
                    countered = True
                    break
                mine = p.evaluate(
                    "s => window.tycoonRoom.view.builder.players[s].own_type", arg=seat
                )
                chips = p.evaluate("s => window.tycoonRoom.view.players[s].resources", arg=seat)
                if not offered and p.is_visible('[data-open="trade"]') and chips.get(mine, 0):
                    p.click('[data-open="trade"]')
                    p.fill(f"#t-give-res-{mine}", "1")
                    p.fill("#trade-receive", "5")
                    p.locator("#trade-dialog button[type=submit]").click()
                    p.wait_for_function("!document.getElementById('trade-dialog').open")
                    offered = True
                    break
                if not offered or countered:
                    step(p)
            else:
                a.wait_for_timeout(30)
        assert countered
        shoot(a, "counter-offer-accepted-1280x800")
        assert watch_a.errors == [] and watch_b.errors == []
    finally:
        ctx_a.close()
        ctx_b.close()


def _stale_room(page: Page, room: str, **stale: object) -> None:
    """The page's first fetch of the room answers as it stood earlier (before a join or a
    start), so the page hears of the change only from its socket's welcome."""
    done = False

    def handle(route: Route) -> None:
        nonlocal done
        resp = route.fetch()
        body = resp.json()
        if not done:
            done = True
            body.update(stale)
        route.fulfill(response=resp, json=body)

    page.route(f"**/api/rooms/{room}", handle)


def test_waiting_room_follows_a_join_and_a_start_it_missed(
    server: Server, browser: Browser
) -> None:
    """A join or a start that lands between the page's fetch of the room and its socket's
    welcome still reaches the page: it shows the new seat, then turns into the game."""
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_c = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        a, watch_a = new_page(ctx_a)
        room = create_room(a, server.url, "classic", ["human", "human", "basic"], name="Ann")
        invite = a.input_value("#invite-link")  # the waiting room is drawn
        seats = a.evaluate("window.tycoonRoom.room.seats")
        b, watch_b = new_page(ctx_b)
        b.goto(invite)
        b.fill("#join-name", "Bob")
        b.click("#join-btn")
        a.wait_for_selector("text=Bob")
        # a spectator whose fetch still shows the seat free: the welcome names Bob
        early, watch_early = new_page(ctx_c)
        _stale_room(early, room, seats=seats)
        early.goto(f"{server.url}/r/{room}")
        early.wait_for_selector(".seats >> text=Bob")
        start(a)
        in_game(b)
        # a page whose fetch still shows the room open: the welcome starts its game
        late, watch_late = new_page(ctx_c)
        _stale_room(late, room, status="open")
        late.goto(f"{server.url}/r/{room}")
        in_game(late)
        in_game(early)  # and the page that was already waiting follows the start as before
        watches = (watch_a, watch_b, watch_early, watch_late)
        assert [w.errors for w in watches] == [[]] * 4
    finally:
        for ctx in (ctx_a, ctx_b, ctx_c):
            ctx.close()


def test_a_seat_taken_back_turns_its_page_into_a_spectator(
    server: Server, browser: Browser
) -> None:
    """The host gives a joined player's seat to a bot, and later the player leaves from
    another tab: each time the page says so and goes on as a spectator, never stuck
    reconnecting with a token the server refuses."""
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        a, watch_a = new_page(ctx_a)
        room = create_room(a, server.url, "classic", ["human", "human", "basic"], name="Ann")
        b, watch_b = new_page(ctx_b)
        b.goto(a.input_value("#invite-link"))
        b.fill("#join-name", "Bob")
        b.click("#join-btn")
        b.wait_for_selector(".tag-you")
        a.wait_for_selector("text=Bob")
        # in the waiting room: the host gives Bob's seat to a bot, then back to a human
        a.select_option('select[aria-label="Seat B"]', "basic")
        b.wait_for_selector("#alerts:has-text('no longer yours')")
        b.wait_for_selector(".seats >> text=Bot (basic)")
        assert b.locator(".tag-you").count() == 0
        a.select_option('select[aria-label="Seat B"]', "human")
        b.fill("#join-name", "Bob")  # the free seat can be joined again
        b.click("#join-btn")
        b.wait_for_selector(".tag-you")
        start(a)
        in_game(b)
        assert b.is_visible("#leave-btn")
        # in the game: Bob leaves the seat from another tab of his browser
        token = b.evaluate(f"JSON.parse(localStorage['tycoon.v1']).rooms['{room}'].token")
        left = ctx_b.request.post(
            f"{server.url}/api/rooms/{room}/leave", headers={"Authorization": f"Bearer {token}"}
        )
        assert left.ok
        b.wait_for_selector("#alerts:has-text('no longer yours')")
        b.wait_for_selector("#leave-btn", state="detached")
        in_game(b)
        shoot(b, "seat-taken-back-1280x800")
        b.wait_for_selector(".conn-status:has-text('connected')")
        assert b.evaluate("window.tycoonRoom.token") is None
        assert watch_a.errors == []
        # the only errors: the refused reconnection of the old token, if it raced the close
        assert all("WebSocket" in e for e in watch_b.errors), watch_b.errors
    finally:
        ctx_a.close()
        ctx_b.close()
