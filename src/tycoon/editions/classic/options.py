"""The classic (Eurobiznes) edition's options (plain Python: see `tycoon.editions.options`)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from tycoon.editions.options import Options
from tycoon.engine.board import shared_board

PACKAGE = "tycoon.editions.classic"
"""The edition's package: its board is what the options are checked against."""


@dataclasses.dataclass(frozen=True)
class ClassicOptions(Options):
    """House rules of classic; every default is the spec's resolution."""

    house_rules: ClassVar[frozenset[str]] = frozenset(
        {
            "starting_cash",
            "free_parking_pot",
            "no_auction_on_decline",
            "uneven_building",
            "no_double_rent",
        }
    )
    """Not no_rent_in_jail: a jailed owner collects nothing already (C-27, C-43)."""

    deal_two_deeds: bool = dataclasses.field(
        default=False, metadata={"doc": "C-11: deal 2 deeds to each player, who must buy them"}
    )
    allow_two_players: bool = dataclasses.field(
        default=False, metadata={"doc": "A-27: allow a 2-player game"}
    )
    trade_requires_no_buildings_anywhere: bool = dataclasses.field(
        default=True,
        metadata={"doc": "A-14: a seller may own no buildings at all (false: none in the group)"},
    )
    one_build_step_per_city: bool = dataclasses.field(
        default=False,
        metadata={"doc": "Q-1: a city may not get its 4th house and its hotel in one window"},
    )
    jail_release_moves: bool = dataclasses.field(
        default=True, metadata={"doc": "A-2: after a release roll the pawn moves by that roll"}
    )

    def validate(self) -> None:
        super().validate()
        if self.deal_two_deeds:  # C-11: the dealt deeds are paid for out of the starting cash
            b = shared_board(PACKAGE)
            self.check_dealt_deeds(b, b.constants["quick_start_deeds_per_player"], "C-11")
