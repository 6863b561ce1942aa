"""The wonders edition: Monopoly Wonders of the World (spec: wonders.md, rules W-1 to W-101).

Standard Hasbro rules (the default `Mechanics`) plus passports: every wonder a player lands
on, wins at auction or is dealt is marked (W-13 to W-21); landing on an airport gives a free
flight that marks any unvisited wonder (W-52); the first player to mark all 22 wonders gets
the bonus and the game ends on net worth (W-92 to W-94).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from tycoon.editions.base import Edition
from tycoon.editions.wonders import why
from tycoon.editions.wonders.options import WondersOptions
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, squares_of
from tycoon.engine.board import SquareKind
from tycoon.engine.state import GameState
from tycoon.engine.types import Termination
from tycoon.rules.common import emit, give
from tycoon.rules.setup import deal_deeds
from tycoon.rules.why import Refusal

FLIGHT: Final = F.EDITION_FRAMES
"""(FLIGHT, seat): the free flight's mandatory mark (W-52)."""

MARKED: Final = "marked"
"""Event: seat marked wonder `square` (detail: how)."""
COMPLETED: Final = "completed"
"""Event: seat marked the last wonder and got the bonus `amount` (W-92)."""


def _opts(st: GameState) -> WondersOptions:
    assert isinstance(st.options, WondersOptions)
    return st.options


def marks(st: GameState, seat: int) -> int:
    """Bit mask of the wonders (squares) marked in `seat`'s passport."""
    return st.ext["marks"][seat]


class Wonders(Edition):
    """Monopoly Wonders of the World: standard rules plus passports and free flights."""

    id = "wonders"
    version = "1"
    title = "Monopoly Wonders of the World"
    data_package = "tycoon.editions.wonders"
    options_type = WondersOptions
    aliases = ("wotw", "underverker")
    languages = ("en", "nb")
    terminations: ClassVar[Mapping[str, str]] = {
        **Edition.terminations,
        "completed": "a passport is complete (every wonder visited); net worth decides",
    }
    actions_help = """\
Wonders: `roll` (a double rolls again; the third jails), `buy` / `auction`,
  `claim P`, `build S` / `build-hotel S`, `mark S` (free flight),
  `trade 2 give 1,3 get - cash -500` (you get 500 from seat 2),
  in jail: `pay-fine`, `use-card` or `roll` for a double."""

    # --- state and setup ---------------------------------------------------------------------

    refusal_rules = why.RULES

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        return why.refusal(st, seat, a)

    def init_ext(self, st: GameState) -> None:
        st.ext["marks"] = [0] * st.n  # W-8: blank passports

    def setup(self, st: GameState) -> None:
        """W-12, W-96, W-100: deal 2 deeds each under quick play or the time game."""
        if _opts(st).deals_deeds:
            deal_deeds(st, self.board.constants["deeds_dealt_per_player"])

    def houses_per_hotel(self, st: GameState) -> int:
        """W-68, W-97: 4 houses make a hotel, 3 under quick-play rule 2 (every build test asks)."""
        return _opts(st).houses_per_hotel

    def valued_houses_per_hotel(self, st: GameState) -> int:
        """W-93: a hotel is valued as its price plus H houses (option: always 3)."""
        return 3 if _opts(st).hotel_valuation_houses == "3" else self.houses_per_hotel(st)

    # --- passports ---------------------------------------------------------------------------

    def mark(self, st: GameState, seat: int, square: int, how: str) -> None:
        """W-13 to W-21: mark a wonder (once); the 22nd mark ends the game (W-92)."""
        bit = 1 << square
        m = st.ext["marks"]
        if m[seat] & bit or self.board.kind[square] != SquareKind.STREET:
            return
        m[seat] |= bit
        emit(st, MARKED, seat, square, 0, -1, how)
        if m[seat].bit_count() == self.board.constants["wonders_to_complete"]:
            bonus = self.board.constants["completion_bonus"]
            give(st, seat, bonus)
            emit(st, COMPLETED, seat, square, bonus)
            from tycoon.rules.flow import end_after_current_action

            end_after_current_action(st, Termination.COMPLETED.value)

    def on_land(self, st: GameState, seat: int, square: int) -> None:
        """W-15: a wonder is marked on landing; W-52: an airport gives a free flight, taken
        after the airport's own resolution."""
        kind = self.board.kind[square]
        if kind == SquareKind.STREET:
            self.mark(st, seat, square, "visit")
        elif kind == SquareKind.RAILWAY:
            st.stack.append((FLIGHT, seat))

    def on_bank_deed(self, st: GameState, seat: int, square: int) -> None:
        """W-16, W-17: a wonder won at auction or dealt is marked (a bought one was landed
        on and is marked already)."""
        self.mark(st, seat, square, "deed")

    # --- views -------------------------------------------------------------------------------

    frame_names: ClassVar[dict[int, str]] = {FLIGHT: "flight"}

    def public_view(self, st: GameState, players: list[dict[str, Any]]) -> dict[str, Any]:
        """W-13: every seat's passport (the marked wonders) is public."""
        for p, m in enumerate(st.ext["marks"]):
            players[p]["passport"] = squares_of(m)
        return {}

    def frame_view(self, st: GameState, f: tuple[Any, ...]) -> dict[str, Any]:
        """W-52: the free flight, with how many wonders are still unmarked."""
        if f[0] != FLIGHT:
            return {}
        left = len(self.frame_legal(st, f))  # one `mark S` per wonder not yet marked
        return {"summary": f"free flight: choose a wonder to mark in your passport ({left} left)"}

    # --- the free flight frame ---------------------------------------------------------------

    def frame_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        if f[0] != FLIGHT:
            return super().frame_legal(st, f)
        m = marks(st, f[1])
        return [Action(Kind.MARK, s) for s in self.board.streets if not m >> s & 1]

    def frame_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return (
            f[0] == FLIGHT
            and a.kind == Kind.MARK
            and 0 <= a.a < self.board.size
            and self.board.kind[a.a] == SquareKind.STREET
            and not marks(st, f[1]) >> a.a & 1
        )

    def frame_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        if f[0] != FLIGHT or a.kind != Kind.MARK:
            return False
        st.stack.pop()
        self.mark(st, f[1], a.a, "flight")
        return True

    # --- winner ------------------------------------------------------------------------------

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """W-94: highest net worth; ties share the win unless broken by cash (option)."""
        best = super().winners(st, alive)
        if len(best) > 1 and _opts(st).tie_break_cash:
            top = max(st.cash[p] for p in best)
            best = tuple(p for p in best if st.cash[p] == top)
        return best


WONDERS: Final = Wonders()

__all__ = ["COMPLETED", "FLIGHT", "MARKED", "WONDERS", "Wonders", "WondersOptions", "marks"]
