"""The action codec: a fixed, versioned index per edition that covers every listed legal
action exactly once, and whose allowed indices decode to legal actions."""

from pathlib import Path

import numpy as np
import pytest

from tycoon.editions.registry import find_edition
from tycoon.engine import Action, Kind, apply_action, clone, is_legal, new_game
from tycoon.engine.actions import CARD_BIT, chips
from tycoon.engine.rng import Rng
from tycoon.rl import CODEC_VERSION, PASS_WINDOW, Codec, UnencodableAction
from tycoon.rl.table import Table
from tycoon.rules import flow

from .conftest import EDITIONS, SHORT


@pytest.mark.parametrize("edition", EDITIONS)
def test_layout_blocks_tile_the_index(edition: str) -> None:
    c = Codec(find_edition(edition))
    pos = 1  # index 0 is PASS_WINDOW
    for blk in c.blocks:
        assert blk.start == pos and blk.size >= 1
        pos += blk.size
    assert pos == c.size
    assert c.describe(PASS_WINDOW) == "pass_window"
    assert c.describe(c.size - 1).startswith(c.blocks[-1].name)
    with pytest.raises(IndexError):
        c.describe(c.size)


def test_layout_is_fixed_per_version() -> None:
    """The sizes are part of version 0; a change of layout must bump CODEC_VERSION."""
    sizes = {e: Codec(find_edition(e)).size for e in EDITIONS}
    assert CODEC_VERSION == 0
    assert sizes == {"classic": 521, "wonders": 729, "builder": 518, "metropol": 477}


def test_layout_is_read_from_the_edition_data() -> None:
    c = Codec(find_edition("classic"))
    b = find_edition("classic").board
    blocks = {blk.name: blk for blk in c.blocks}
    assert blocks["mortgage"].dims == (("square", b.size),)
    assert blocks["sell_deed"].dims == (("square", b.size), ("seat", 6))
    assert blocks["sell_card"].dims == (("card", 2), ("seat", 6))  # two Get out of Jail cards
    assert "trade" not in blocks and "floor" not in blocks
    assert {"floor", "steal", "force"} <= {
        blk.name for blk in Codec(find_edition("builder")).blocks
    }


def _random_play(edition: str, games: int) -> tuple[int, set[str]]:
    """Random masked play of whole games (every seat, every window): each listed action
    has its own index and each allowed index decodes to a legal action."""
    ed = find_edition(edition)
    c = Codec(ed)
    lo, hi = ed.player_range(ed.options_type.parse(SHORT[edition]))
    steps = 0
    ends: set[str] = set()
    for g in range(games):
        st = new_game(ed, lo + g % (hi - lo + 1), g, SHORT[edition], events=False)
        table = Table(st, {})
        rng = Rng(100 + g)
        while (d := table.advance()) is not None:
            mask, acts = c.legal_table(d.legal, d.window)
            assert len(acts) == len(set(d.legal)), "two listed actions share an index"
            assert sorted(acts) == [i for i in np.flatnonzero(mask) if i != PASS_WINDOW]
            assert mask[PASS_WINDOW] == d.window
            for i, a in acts.items():
                assert c.index(a, d.legal) == i
                assert is_legal(st, a, d.seat)
            allowed = np.flatnonzero(mask)
            i = int(allowed[rng.below(len(allowed))])
            table.act(None if i == PASS_WINDOW and d.window else acts[i], listed=True)
            steps += 1
            assert steps < 400_000
        ends.add(st.termination)
        # the same history through the validating path: every listed action was legal
        again = new_game(ed, st.n, g, SHORT[edition], events=False)
        for seat, a in st.history:
            flow.apply_action(again, a, seat)
        assert (again.cash, again.owner, again.termination) == (st.cash, st.owner, st.termination)
    return steps, ends


@pytest.mark.parametrize("edition", EDITIONS)
def test_random_masked_play_reaches_the_end(edition: str) -> None:
    steps, ends = _random_play(edition, 4)
    assert steps > 100 and ends and "" not in ends


def test_bid_rungs_bucket_unlisted_amounts() -> None:
    st = new_game("classic", 3, 7)
    for text in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "auction"):
        apply_action(st, text)
    c = Codec(st.edition)
    from tycoon.engine import legal_actions

    legal = legal_actions(st)
    bids = [a for a in legal if a.kind == Kind.BID]
    start = next(b.start for b in c.blocks if b.name == "bid")
    assert [c.index(a, legal) for a in bids] == list(range(start, start + len(bids)))
    assert bids[3].a - bids[2].a > 5  # 210, 220: an unlisted 215 falls to rung 2
    assert c.index(Action(Kind.BID, bids[2].a + 5), legal) == start + 2
    with pytest.raises(UnencodableAction):
        c.index(Action(Kind.BID, bids[0].a - 5), legal)


def test_unlisted_shapes_are_refused_clearly() -> None:
    c = Codec(find_edition("classic"))
    with pytest.raises(UnencodableAction, match="multi-deed"):
        c.index(Action(Kind.SELL_DEED, 1 << 1 | 1 << 3, 1, 500))
    with pytest.raises(UnencodableAction, match="not used by classic"):
        c.index(Action(Kind.MARK, 1))
    with pytest.raises(UnencodableAction, match="out of range"):
        c.index(Action(Kind.MORTGAGE, 40))
    w = Codec(find_edition("wonders"))
    with pytest.raises(UnencodableAction, match="one-item"):
        w.index(Action(Kind.TRADE, 1, 1 << 1 | 1 << (CARD_BIT + 5), 0, 0))
    b = Codec(find_edition("builder"))
    i = b.index(Action(Kind.TRADE, 1, chips((1, 0, 0, 0)), chips((0, 0, 0, 1)), 0))
    assert b.describe(i) == f"trade[seat=1, item={40 + len(b.cards) + 3}]"


def test_codec_does_not_change_the_state() -> None:
    st = new_game("wonders", 4, 3)
    before = clone(st)
    Table(st, {}).advance()
    Codec(st.edition).legal_table([], True)
    assert st.history[: len(before.history)] == before.history


def _doc_layouts() -> dict[str, list[tuple[str, str, str]]]:
    """docs/rl.md's layout tables: edition -> (indices, block, dimensions) rows."""
    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    out: dict[str, list[tuple[str, str, str]]] = {}
    rows: list[tuple[str, str, str]] | None = None
    for line in text.splitlines():
        if line.startswith("### ") and " indices" in line:
            edition, size = line[4:].split(": ")
            rows = out.setdefault(edition, [])
            rows.append(("size", size.split()[0], ""))
        elif rows is not None and line.startswith("| ") and not line.startswith("| indices"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.append((cells[0], cells[1], cells[2]))
        elif rows is not None and not line.startswith("|"):
            rows = None if line.strip() else rows
    return out


def test_the_documented_layouts_are_the_codecs() -> None:
    """docs/rl.md lists every edition's blocks as the codec lays them out (a block that
    grows shifts every later index: the table once kept builder's old discard block)."""
    docs = _doc_layouts()
    assert set(docs) == set(EDITIONS)
    for edition in EDITIONS:
        c = Codec(find_edition(edition))
        want = [("size", str(c.size), ""), ("0", "pass_window", "")]
        for blk in c.blocks:
            last = blk.start + blk.size - 1
            span = str(blk.start) if last == blk.start else f"{blk.start}-{last}"
            want.append((span, blk.name, " x ".join(f"{d} {n}" for d, n in blk.dims)))
        got = docs[edition]
        assert [r[:2] for r in got] == [r[:2] for r in want], edition
        for (_, name, dims), (_, _, expect) in zip(got, want, strict=True):
            assert dims.startswith(expect), (edition, name, dims, expect)
