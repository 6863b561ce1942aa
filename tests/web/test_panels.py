"""The actions panel drawn from real engine views in the page's own module."""

from __future__ import annotations

import json

from tests.editions.metropol.helpers import game, roll
from tests.web.conftest import Server, new_page
from tests.web.play import OPEN_GROUP, actions
from tycoon.records.view import view

RENDER = """async ([edition, view, fresh]) => {
    const { renderActions } = await import('/static/js/panels.js');
    const { getBoard } = await import('/static/js/api.js');
    const board = await getBoard(edition);
    const el = document.getElementById('actions') || document.body.appendChild(
        Object.assign(document.createElement('div'), { id: 'actions' }));
    if (fresh) el.replaceChildren();
    const none = () => {};
    renderActions(el, board, view, { act: none, openTrade: none, clockAt: 0, offerText: '' });
    return [...el.querySelectorAll('[data-action]')].filter((b) => b.checkVisibility()).length;
}"""


def test_m43_free_block_only_choice_shows_open(server: Server, context) -> None:
    """M-43's free block leaves 36 blocks and nothing else to do: the group is open, so every
    block can be clicked (or reached with Tab) without first finding the closed list; a group
    the player opened stays open when the panel is drawn again."""
    st = game()
    st.decks[0].remove(1207)
    st.decks[0].insert(0, 1207)  # M8: a free block anywhere
    st.pos[0] = 2
    roll(st, 1, 2, 4)
    v = json.loads(json.dumps(view(st, 0)))
    assert [a["kind"] for a in v["actions"]] == ["block"] * 36
    page, watch = new_page(context)
    page.goto(server.url + "/")
    assert page.evaluate(RENDER, ["metropol", v, True]) == 36
    assert actions(page)[:2] == ["block 0", "block 1"]
    # a block to build beside other actions stays in its closed group (the board is the way in)
    v["actions"].append({"text": "end-turn", "kind": "end-turn", "params": {}})
    assert page.evaluate(RENDER, ["metropol", v, True]) == 1
    # which the driver of the other browser tests opens before it clicks
    page.eval_on_selector('#actions [data-action="block 3"]', OPEN_GROUP)
    assert page.is_visible('#actions [data-action="block 3"]')
    # and a group the player opened stays open when the next view redraws the panel
    assert page.evaluate(RENDER, ["metropol", v, False]) == 37
    assert watch.errors == []
