"""Setting up a game: the quick-start deal of deeds (C-11, W-96, W-100)."""

from __future__ import annotations

from tycoon.engine import events as ev
from tycoon.engine.state import GameState
from tycoon.rules.common import emit, take


def deal_deeds(st: GameState, per_player: int) -> None:
    """Shuffle every deed and deal them one at a time in seating order, `per_player` times
    round; each player pays the printed price of what he is dealt."""
    ed = st.edition
    deeds = list(ed.board.deeds)
    st.rng.shuffle(deeds)
    for i in range(per_player * st.n):
        seat, square = i % st.n, deeds[i]
        take(st, seat, ed.board.price[square])
        st.owner[square] = seat
        emit(st, ev.BOUGHT, seat, square, ed.board.price[square], -1, "dealt")
        ed.on_bank_deed(st, seat, square)
