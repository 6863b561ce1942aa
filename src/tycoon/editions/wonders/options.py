"""The wonders edition's options (plain Python: see `tycoon.editions.options`)."""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import ClassVar

from tycoon.editions.options import Options
from tycoon.engine.board import shared_board
from tycoon.engine.errors import OptionError

PACKAGE = "tycoon.editions.wonders"
"""The edition's package: its board is what the options are checked against."""


@dataclasses.dataclass(frozen=True)
class WondersOptions(Options):
    """House rules of wonders; every default is the spec's resolution."""

    house_rules: ClassVar[frozenset[str]] = frozenset(
        {
            "starting_cash",
            "free_parking_pot",
            "no_rent_in_jail",
            "no_auction_on_decline",
            "uneven_building",
            "no_double_rent",
        }
    )
    """Every common house rule: W-65 Free Parking, W-67 rent from jail, W-36, W-72, W-41."""

    quick_play: bool = dataclasses.field(
        default=False,
        metadata={"doc": "W-95: quick play, QP1 (dealt deeds) and QP2 (three-house hotels)"},
    )
    deal_two_deeds: bool = dataclasses.field(
        default=False, metadata={"doc": "W-96 (QP1) alone: deal 2 deeds to each player"}
    )
    three_house_hotels: bool = dataclasses.field(
        default=False, metadata={"doc": "W-97 (QP2) alone: a hotel needs only 3 houses"}
    )
    time_game: bool = dataclasses.field(
        default=False,
        metadata={"doc": "W-99, W-100: time-limited game (deals 2 deeds; set turn_limit)"},
    )
    rent_collection: str = dataclasses.field(
        default="manual",
        metadata={
            "doc": "W-39: 'manual' (the owner claims) or 'auto' (paid at once)",
            "choices": ("manual", "auto"),
        },
    )
    hotel_valuation_houses: str = dataclasses.field(
        default="houses_per_hotel",
        metadata={
            "doc": "W-93: houses a hotel is valued with: 'houses_per_hotel' or '3'",
            "choices": ("houses_per_hotel", "3"),
        },
    )
    tie_break_cash: bool = dataclasses.field(
        default=False, metadata={"doc": "W-94: break a net-worth tie by cash"}
    )

    @cached_property
    def houses_per_hotel(self) -> int:
        """W-68, W-97: 4 houses make a hotel, 3 under quick-play rule 2 (once per options)."""
        return 3 if self.quick_play or self.three_house_hotels else 4

    @property
    def deals_deeds(self) -> bool:
        """W-96, W-100: 2 deeds are dealt to each player (QP1 alone, quick play, time game)."""
        return self.quick_play or self.deal_two_deeds or self.time_game

    def validate(self) -> None:
        super().validate()
        if self.time_game and self.turn_limit == 0:
            raise OptionError(
                "option 'time_game' needs 'turn_limit' (W-99: how long to play, in rounds)"
            )
        if self.deals_deeds:  # W-96, W-100: the dealt deeds are paid for out of the cash
            b = shared_board(PACKAGE)
            self.check_dealt_deeds(b, b.constants["deeds_dealt_per_player"], "W-96")
        if self.rent_collection == "auto":
            object.__setattr__(self, "auto_claim_rent", True)
