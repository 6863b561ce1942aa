"""Edition = board data + typed options + a few hooks with defaults.

An edition names itself (`id@version`), loads its board once, declares its options as
a frozen dataclass (`tycoon.editions.options`: every [D] choice with alternatives in its
spec), and sets up a new game. It implements the ground's `tycoon.engine.state.EditionHooks`
(the hooks and their defaults are documented there); this base adds the defaults built on
the shared mechanics of `tycoon.rules`. An edition overrides only what its rulebook changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from tycoon.editions.options import HOUSE_RULES, Options
from tycoon.engine.mechanics import Mechanics
from tycoon.engine.state import EditionHooks
from tycoon.rules.common import next_alive

if TYPE_CHECKING:
    from tycoon.engine.state import GameState

__all__ = ["HOUSE_RULES", "Edition", "Mechanics", "Options"]


@mypyc_attr(allow_interpreted_subclasses=True)
class Edition(EditionHooks):
    """Base edition: the ground's hooks with the shared rules' defaults."""

    options_type: ClassVar[type[Options]] = Options

    def player_range(self, options: Options) -> tuple[int, int]:
        c = self.board.constants
        return c["min_players"], c["max_players"]

    def next_player(self, st: GameState, seat: int) -> int:
        """Hook: the seat whose turn follows `seat`'s (default: the next one still in)."""
        return next_alive(st, seat)

    def rents(self, st: GameState) -> list[int | None]:
        """The rent of every owned, unmortgaged deed by the shared rules (`rules.property`)."""
        from tycoon.rules.property import rent

        out: list[int | None] = [None] * self.board.size
        for s in self.board.deeds:
            if st.owner[s] >= 0 and not st.mortgaged[s]:
                out[s] = rent(st, s, 1)
        return out

    def board_view(self, lang: str = "en") -> dict[str, Any]:
        """The static board as plain JSON (see `tycoon.editions.board_view`, docs/views.md);
        an unknown `lang` raises ValueError."""
        from tycoon.editions.board_view import board_view

        return board_view(self, lang)

    def scores(self, st: GameState) -> tuple[int, ...]:
        """Each seat's score in the outcome: net worth, 0 for a bankrupt (C-77, W-93)."""
        from tycoon.rules.property import net_worth

        return tuple(net_worth(st, p) if st.alive[p] else 0 for p in range(st.n))

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """The seats with the highest net worth (ties share the win, C-77, W-94)."""
        from tycoon.rules.property import net_worth

        worth = {p: net_worth(st, p) for p in alive}
        best = max(worth.values())
        return tuple(p for p in alive if worth[p] == best)
