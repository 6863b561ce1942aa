"""Metropol's outcome and its events (issue 9, items 6 and 11): `outcome().scores` are the
M-72 ranking values, an unsold permit is recorded once (M-29, M-62), the money of a forced
auction goes to the debtor by a named event (M-62) and the permits cashed in at the end go
back to the bank by named events (M-70)."""

from __future__ import annotations

from tests.editions.metropol.helpers import (
    act,
    build,
    city,
    events_of,
    game,
    give,
    ledger_ok,
    roll,
    set_cash,
    turn,
)
from tycoon.api import outcome
from tycoon.engine import events as ev
from tycoon.engine.types import Termination
from tycoon.records.describe import describe

M = 1_000_000
KENNEDY = 36


def _end_with_all_left(st) -> list[ev.Event]:  # type: ignore[no-untyped-def]
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = st.ext["left"][2] = 1
    st.pos[0] = 15
    return roll(st, 1, 2, 4)


def test_m72_outcome_scores_are_the_ranking_values() -> None:
    """Scores are what decides the winner (cash after M-70), not net worth; a bankrupt
    seat scores below every other, the last one out highest among them."""
    st = game(4)
    st.alive[3] = False
    st.ext["out"][3] = 1
    st.ext["left"][3] = 0
    build(st, {"x4y4": 5}, {"x4y4": 4})
    give(st, 1, [KENNEDY])  # cashed in at 1,000,000 (M-70)
    set_cash(st, 2, 6 * M)
    set_cash(st, 3, 0)
    st.ext["city"][city.FINAL] = 1
    st.ext["left"][1] = st.ext["left"][2] = 1
    st.pos[0] = 15
    roll(st, 1, 2, 4)
    assert st.termination == Termination.COMPLETED.value
    out = outcome(st)
    assert out is not None
    assert out.scores == (st.cash[0], 6 * M, 6 * M, -1)
    assert st.cash[1] == 6 * M and out.winners == (1, 2)
    ranked = sorted(range(4), key=lambda p: -out.scores[p])
    assert ranked == st.edition.ranking(st)  # type: ignore[attr-defined]
    assert set(out.winners) == {p for p in range(4) if out.scores[p] == max(out.scores)}


def test_m72_scores_order_the_bankrupt_in_reverse_order_of_elimination() -> None:
    st = game(4)
    st.alive[1] = st.alive[3] = False
    st.ext["out"][3] = 1
    st.ext["out"][1] = 2
    set_cash(st, 2, 6 * M)
    assert st.edition.scores(st) == (5 * M, -1, 6 * M, -2)
    assert st.edition.ranking(st) == [2, 0, 1, 3]  # type: ignore[attr-defined]


def test_m29_unsold_permit_is_recorded_once() -> None:
    """Nobody bids: one `auction_unsold`, whether the auction ran or had no bidder."""
    st = game()
    evs = roll(st, 1, 2, 4)  # 7: a free street, auctioned (M-22)
    evs += act(st, "pass") + act(st, "pass") + act(st, "pass")
    assert len(events_of(evs, ev.AUCTION_UNSOLD)) == 1 and st.owner[7] == -1
    st2 = game()
    st2.ext["left"][0] = 1  # the active player has left: nobody bids at all
    assert st2.events is not None
    start = len(st2.events)
    turn.landing_auction(st2, 7)
    assert len(events_of(st2.events[start:], ev.AUCTION_UNSOLD)) == 1


def test_m62_forced_auction_unsold_is_recorded_once() -> None:
    st = game()
    give(st, 0, [22])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    evs = act(st, "put-up 22") + act(st, "pass") + act(st, "pass")
    assert len(events_of(evs, ev.AUCTION_UNSOLD)) == 1 and st.owner[22] == 0


def test_m62_forced_auction_names_the_debtor_paid() -> None:
    st = game()
    give(st, 0, [22, 23])
    give(st, 1, [7])
    set_cash(st, 0, 10_000)
    roll(st, 1, 2, 4)
    act(st, "put-up 22")
    act(st, "bid 50000")
    evs = act(st, "pass")
    won = events_of(evs, ev.AUCTION_WON)
    assert [(e.seat, e.square, e.amount, e.other) for e in won] == [(1, 22, 50_000, 0)]
    line = describe(st.edition.board, ("Ann", "Bob", "Cy"), won[0])
    assert "Bob" in line and "Ann" in line and "50,000" in line


def test_m70_permits_cashed_in_go_back_by_events() -> None:
    st = game()
    build(st, {"x4y4": 5}, {"x4y4": 4})
    give(st, 0, [KENNEDY, 5])
    give(st, 1, [7])
    evs = _end_with_all_left(st)
    back = events_of(evs, ev.TRANSFERRED)
    assert sorted((e.seat, e.square, e.other) for e in back) == [
        (0, 5, -1),
        (0, 36, -1),
        (1, 7, -1),
    ]
    assert all(o == -1 for o in st.owner) and ledger_ok(st)
    line = describe(st.edition.board, ("Ann", "Bob", "Cy"), back[0])
    assert "back" in line and "the bank" in line and "Ann" in line
