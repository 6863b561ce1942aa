"""The classic edition: the Polish Eurobiznes rules (spec: classic.md, rules C-1 to C-77)."""

from __future__ import annotations

from typing import Final

from tycoon.editions.base import Edition, Mechanics, Options
from tycoon.editions.classic import why
from tycoon.editions.classic.options import ClassicOptions
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.rules.setup import deal_deeds
from tycoon.rules.why import Refusal


class Classic(Edition):
    """Eurobiznes: 3-6 players, $3000, doubles add up, two-turn jail, claimed rent."""

    id = "classic"
    version = "1"
    title = "Eurobiznes (classic)"
    data_package = "tycoon.editions.classic"
    options_type = ClassicOptions
    mechanics = Mechanics(
        doubles="sum",
        doubles_to_jail=2,
        jail="skip_turns",
        auction_opens_at_half_price=True,
        auction_decliner_first=False,
        jailed_owner_collects=False,
        double_rent_needs_unmortgaged=False,
        build_out_of_turn=False,
        others_act="any_decision",  # C-13
        even_selling=False,
        mortgage_needs_unbuilt_group=False,
        settle_claims_at_end=False,
        backward_to_start_pays=True,
        trades="sale",
        shortage_auctions=False,
    )
    aliases = ("eurobiznes", "eurobusiness")
    languages = ("en", "pl")
    actions_help = """\
Classic (Eurobiznes): `roll`, `buy` / `auction`,
  `bid N` / `pass`, `claim P` (rent is paid only if you claim it,
  before the next roll),
  `build S` (pre-roll phase only: at most 3 houses, 1 per city, evenly),
  `sell-deed 1,3 to 2 for 500` (pre-roll phase, no buildings anywhere, A-14),
  `mortgage S` / `unmortgage S`; in jail: `serve`, `pay-fine`
  ($100 and roll: no double costs $300 more) or `use-card`."""

    refusal_rules = why.RULES

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        return why.refusal(st, seat, a)

    def player_range(self, options: Options) -> tuple[int, int]:
        lo, hi = super().player_range(options)
        if isinstance(options, ClassicOptions) and options.allow_two_players:
            lo = 2
        return lo, hi

    def setup(self, st: GameState) -> None:
        """C-11: the optional quick start deals 2 deeds to each player, bought at price."""
        if isinstance(st.options, ClassicOptions) and st.options.deal_two_deeds:
            deal_deeds(st, self.board.constants["quick_start_deeds_per_player"])


CLASSIC: Final = Classic()
