"""The metropol edition's options (plain Python: see `tycoon.editions.options`)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from tycoon.editions.options import Options
from tycoon.engine.errors import OptionError


@dataclasses.dataclass(frozen=True)
class MetropolOptions(Options):
    """House rules of metropol; every default is the spec's resolution."""

    house_rules: ClassVar[frozenset[str]] = frozenset({"starting_cash"})
    """Only starting_cash: every permit is auctioned (M-24), rent doubles for a district
    whatever is built (M-35), and there is neither jail nor Free Parking."""

    auto_claim_rent: bool = dataclasses.field(
        default=True, metadata={"doc": "M-31: rent is paid at once (always on)"}
    )
    blocks_total: int = dataclasses.field(
        default=80,
        metadata={"doc": "M-73: blocks in the supply, 20 to 80 (shorter game)", "range": (20, 80)},
    )
    column10_trigger: str = dataclasses.field(
        default="permit_blocks",
        metadata={
            "doc": "M-33: column 10 when the permit's 3 blocks ('permit_blocks') or "
            "the whole area ('area_total') hold 10 or more floors",
            "choices": ("permit_blocks", "area_total"),
        },
    )
    free_blocks_count_toward_turn_limit: bool = dataclasses.field(
        default=True, metadata={"doc": "M-48: free blocks count toward the 2 per turn"}
    )
    mandatory_build_enforcement: str = dataclasses.field(
        default="engine",
        metadata={
            "doc": "M-56: 'engine' (no end of turn without the due block) or "
            "'callout' (the others may call it out; the block's cost goes to them)",
            "choices": ("engine", "callout"),
        },
    )
    auction_jump_bids: bool = dataclasses.field(
        default=False, metadata={"doc": "M-25: bids may jump by any multiple of 50,000"}
    )
    final_value_area_without_skyscraper: str = dataclasses.field(
        default="tallest_building",
        metadata={
            "doc": "M-70: permits of an area without a skyscraper are valued by its "
            "'tallest_building' or at 'zero'",
            "choices": ("tallest_building", "zero"),
        },
    )
    crossing_counts_as_passing: bool = dataclasses.field(
        default=False,
        metadata={"doc": "M-67, OQ-5: a crossing passes the corners between the bridges"},
    )
    triples_free_move_exact_bonus: bool = dataclasses.field(
        default=True, metadata={"doc": "M-15: a triples free move ending on 0 pays 500,000"}
    )
    triples_free_move_passing: bool = dataclasses.field(
        default=True,
        metadata={"doc": "OQ-3: a triples free move collects the Stock Exchange income"},
    )
    city_hall_relocation: str = dataclasses.field(
        default="jump_no_bonus",
        metadata={
            "doc": "M-19, ambiguity 6: 'jump_no_bonus' (any free square) or "
            "'before_stock_exchange' (squares 11 to 39 only)",
            "choices": ("jump_no_bonus", "before_stock_exchange"),
        },
    )
    tallest_scope: str = dataclasses.field(
        default="area",
        metadata={
            "doc": "M-32, OQ-1: the tallest building of the permit's 'area' or 'city'",
            "choices": ("area", "city"),
        },
    )
    tie: str = dataclasses.field(
        default="shared_win",
        metadata={
            "doc": "M-71: a tie for the most cash is a 'shared_win' (the only reading)",
            "choices": ("shared_win",),
        },
    )

    def validate(self) -> None:
        super().validate()
        if not self.auto_claim_rent:  # M-31: rent is always paid at once
            raise OptionError("option 'auto_claim_rent' is fixed to true in metropol (M-31)")
