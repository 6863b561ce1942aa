"""The builder edition's options (plain Python: see `tycoon.editions.options`)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from tycoon.editions.builder.data import load
from tycoon.editions.options import Options
from tycoon.engine.board import shared_board
from tycoon.engine.errors import OptionError

PACKAGE = "tycoon.editions.builder"
"""The edition's package: its data is what the options are checked against."""

_TOKENS = ("penguin", "cat", "t_rex", "rubber_duck")
"""The tokens a `tokens` list may name (the edition's data, B-8), for the web form."""


@dataclasses.dataclass(frozen=True)
class BuilderOptions(Options):
    """House rules of builder; every default is the spec's resolution."""

    house_rules: ClassVar[frozenset[str]] = frozenset(
        {"starting_cash", "no_rent_in_jail", "no_auction_on_decline", "no_double_rent"}
    )
    """B-50 rent from jail, B-27 auctions, B-28 double rent; no pot (Free Parking is an
    exchange, B-35) and no houses (floors on the island)."""

    community_metric: str = dataclasses.field(
        default="largest_component",
        metadata={
            "doc": "A-2: Community Builder measure, 'largest_component' or 'adjacent_count'",
            "choices": ("largest_component", "adjacent_count"),
        },
    )
    bonus_tie: str = dataclasses.field(
        default="none",
        metadata={
            "doc": "A-4: a tie for a bonus card gives it to 'none' or to 'all_tied'",
            "choices": ("none", "all_tied"),
        },
    )
    unlimited_resources: bool = dataclasses.field(
        default=False, metadata={"doc": "A-20: the resource supply never runs out"}
    )
    jail_third_try_move: str = dataclasses.field(
        default="new_roll",
        metadata={
            "doc": "OQ-6, A-24: after a third failed jail try, 'new_roll' or 'failed_roll'",
            "choices": ("new_roll", "failed_roll"),
        },
    )

    forced_trade_any_time: bool = dataclasses.field(
        default=False,
        metadata={"doc": "OQ-5, A-16: FORCED TRADE! in any window, not only on your own turn"},
    )
    tokens: str = dataclasses.field(
        default="",
        metadata={
            "doc": "B-8: the distinct tokens seat by seat, e.g. 't_rex,rubber_duck' "
            "(penguin, cat, t_rex, rubber_duck); empty: in that order",
            "choices": _TOKENS,
            "multiple": True,
        },
    )
    mortgage_percent: int = dataclasses.field(
        default=100,
        metadata={
            "doc": "A-10: mortgage value in % of the price (classic: 50)",
            "range": (1, 1000),
        },
    )
    unmortgage_percent: int = dataclasses.field(
        default=100,
        metadata={
            "doc": "A-10: unmortgage cost in % of the price (classic: 55)",
            "range": (1, 1000),
        },
    )

    @property
    def jail_third_try_rerolls(self) -> bool:
        """Read by rules/jail.py (B-52)."""
        return self.jail_third_try_move == "new_roll"

    def validate(self) -> None:
        super().validate()
        if self.tokens:
            ids = self.tokens.split(",")
            b = shared_board(PACKAGE)
            known = load(PACKAGE, b.size, b.group_id).token_ids  # the edition's data names them
            if len(set(ids)) != len(ids) or not set(ids) <= set(known):
                raise OptionError(
                    f"option 'tokens' must name distinct tokens among {', '.join(known)}"
                )
