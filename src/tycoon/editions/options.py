"""Edition options: a frozen dataclass per edition (every [D] choice with alternatives in
its spec, and the common house rules its rules have a use for), parsed from a mapping.

Kept apart from `base` so that the editions' hooks can be compiled (`setup.py`)
while the options, read rarely and built with `dataclasses` machinery, stay plain Python.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, get_type_hints

from tycoon.engine.errors import OptionError

if TYPE_CHECKING:
    from tycoon.engine.board import Board


CASH_LIMIT = 10**12
"""The largest `starting_cash`: six players' cash and a long game's income stay far below the
engine's amount bound (`tycoon.engine.bounds.AMOUNT_LIMIT`, 10**15), so every bid, price and
trade of the game is an amount the notation and the records hold."""


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every edition's options. Fields carry a `doc` in their metadata, every int
    option its inclusive `range` (lo, hi), and every enumerated str option its `choices`
    (the lobby's select), both checked by `validate`."""

    turn_limit: int = dataclasses.field(
        default=0,
        metadata={
            "doc": "house rule: rounds before the game ends and the edition's own score "
            "decides (net worth; builder: points; metropol: cash); 0 = no limit",
            "range": (0, 100_000),
        },
    )

    auto_claim_rent: bool = dataclasses.field(
        default=False, metadata={"doc": "C-33: rent is claimed automatically for every owner"}
    )
    in_kind_needs_unbuilt_group: bool = dataclasses.field(
        default=True,
        metadata={"doc": "Q-3: a city paid in property needs no buildings in its whole country"},
    )
    offer_limit: int = dataclasses.field(
        default=3,
        metadata={
            "doc": "offers (sales, exchanges, counter-offers) one seat may make in one "
            "player-turn; 0 = no limit",
            "range": (0, 1000),
        },
    )

    # --- common house rules (every one off by default; an edition offers those its rules
    # have the thing for, `house_rules`) ------------------------------------------------------

    starting_cash: int = dataclasses.field(
        default=0,
        metadata={
            "doc": "house rule: the cash each player starts with; 0 = the rulebook's",
            "range": (0, CASH_LIMIT),
        },
    )
    free_parking_pot: bool = dataclasses.field(
        default=False,
        metadata={
            "doc": "house rule: taxes, card fees and jail fines go to a pot that the next "
            "player stopping on Free Parking takes"
        },
    )
    no_rent_in_jail: bool = dataclasses.field(
        default=False,
        metadata={"doc": "house rule: landing on the deed of an owner in jail costs no rent"},
    )
    no_auction_on_decline: bool = dataclasses.field(
        default=False,
        metadata={
            "doc": "house rule: a deed the lander declines (`auction`) stays with the bank, unsold"
        },
    )
    uneven_building: bool = dataclasses.field(
        default=False,
        metadata={
            "doc": "house rule: houses are built and sold in any order in a group (a hotel "
            "still needs the houses on every street)"
        },
    )
    no_double_rent: bool = dataclasses.field(
        default=False,
        metadata={"doc": "house rule: an unbuilt street of a whole group pays its base rent"},
    )

    house_rules: ClassVar[frozenset[str]] = frozenset({"starting_cash"})
    """The common house rules this edition offers (the others do not apply to its rules)."""

    @classmethod
    def offered(cls) -> list[dataclasses.Field[Any]]:
        """The edition's options: its own, and the house rules its rules have a use for."""
        return [
            f
            for f in dataclasses.fields(cls)
            if f.name not in HOUSE_RULES or f.name in cls.house_rules
        ]

    @classmethod
    def describe(cls) -> list[tuple[str, str, Any, str]]:
        """(name, type, default, doc) of every option."""
        hints = _hints(cls)
        return [
            (f.name, hints[f.name].__name__, f.default, f.metadata.get("doc", ""))
            for f in cls.offered()
        ]

    @classmethod
    def ranges(cls) -> dict[str, tuple[int, int]]:
        """The inclusive range (lo, hi) of every int option, by name."""
        return {f.name: f.metadata["range"] for f in cls.offered() if "range" in f.metadata}

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Options:
        """Build options from a mapping; strings are converted ("true", "12").

        An unknown key or a value of the wrong type raises OptionError naming it.
        """
        if raw is None:
            return cls()
        hints = _hints(cls)
        known = {f.name for f in cls.offered()}
        values: dict[str, Any] = {}
        for key, val in raw.items():
            if key in HOUSE_RULES and key not in known:
                raise OptionError(
                    f"option '{key}' does not apply to this edition: {HOUSE_RULES[key]}"
                )
            if key not in known:
                raise OptionError(
                    f"unknown option '{key}'; known options: {', '.join(sorted(known))}"
                )
            values[key] = _convert(key, hints[key], val)
        opts = cls(**values)
        opts.validate()
        return opts

    def validate(self) -> None:
        """Every int option within its `range`, every enumerated str option one of its
        `choices` (field metadata; a `multiple` list is the edition's to check); editions add
        their own checks."""
        for name, (lo, hi) in self.ranges().items():
            val = getattr(self, name)
            if not lo <= val <= hi:
                raise OptionError(f"option '{name}' must be {lo} to {hi}, got {_shown(val)}")
        for f in self.offered():
            allowed = f.metadata.get("choices")
            multiple = f.metadata.get("multiple")
            if allowed is not None and not multiple and getattr(self, f.name) not in allowed:
                raise OptionError(f"option '{f.name}' must be one of {', '.join(allowed)}")

    def check_dealt_deeds(self, board: Board, per_player: int, rule: str) -> None:
        """A deal of `per_player` deeds to each player, who pays their printed prices (C-11,
        W-96): the starting cash must pay for the dearest such deal, so that nobody starts
        in debt. OptionError naming the least cash otherwise."""
        prices = sorted((board.price[s] for s in board.deeds), reverse=True)
        need = sum(prices[:per_player])
        cash = self.starting_cash or board.constants["starting_cash"]
        if cash < need:
            raise OptionError(
                f"option 'starting_cash' must be at least {need} when deeds are dealt "
                f"({rule}: each player pays for the {per_player} deeds dealt to him, "
                f"and the dearest {per_player} cost {need}), got {cash}"
            )

    def setting(self, name: str, default: Any) -> Any:
        """The option `name`, or `default` where this edition has no such option (a shared
        mechanic reading an edition's house rule, `rules.common.option`). Here, in Python:
        compiled code's `getattr` with a default would build and drop an AttributeError
        each time the option is missing."""
        return getattr(self, name, default)

    def to_dict(self) -> dict[str, Any]:
        """Every option; a house rule only when it is on (records of games without house
        rules keep their form). A fresh dict each call; every value is a scalar."""
        return dict(self._as_dict)

    @cached_property
    def _as_dict(self) -> dict[str, Any]:
        # computed once per (frozen) options object: every view of the game shows them
        out = dataclasses.asdict(self)
        for name in HOUSE_RULES:
            if out[name] == _DEFAULTS[name]:
                del out[name]
        return out


HOUSE_RULES: dict[str, str] = {
    "starting_cash": "",
    "free_parking_pot": "it has no Free Parking square where nothing happens",
    "no_rent_in_jail": "an owner in jail collects no rent by its rules already, or it has no jail",
    "no_auction_on_decline": "it has no deed a lander may decline to buy and have auctioned",
    "uneven_building": "it has no houses built evenly on a group",
    "no_double_rent": "it has no double rent on an unbuilt whole group",
}
"""The common house rules, each with why an edition may lack it (in the error)."""

_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Options) if f.name in HOUSE_RULES}


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of an options class (resolved once: it is slow)."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _shown(val: int) -> str:
    """An int for an error message: its digits, or its size when it is long."""
    return str(val) if -(10**30) < val < 10**30 else f"a {val.bit_length()}-bit number"


def _convert(key: str, typ: type, val: Any) -> Any:
    if typ is bool:
        if isinstance(val, bool):
            return val
        if isinstance(val, str) and val.lower() in (
            "true",
            "1",
            "yes",
            "on",
            "false",
            "0",
            "no",
            "off",
        ):
            return val.lower() in ("true", "1", "yes", "on")
    elif typ is int:
        if isinstance(val, int) and not isinstance(val, bool):
            return val
        if isinstance(val, str):
            try:
                return int(val)
            except ValueError:
                pass
    elif typ is str and isinstance(val, str):
        return val
    raise OptionError(f"option '{key}' expects {typ.__name__}, got {val!r}")
