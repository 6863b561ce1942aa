"""GameState: every mutable fact of a game in a few flat, copyable containers.

Read-only edition data (squares, prices, cards) is shared by reference, never copied.
Multi-step decisions are frames on `stack` (tuples; the top one decides who acts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tycoon.engine.rng import Rng

if TYPE_CHECKING:
    from tycoon.editions.base import Edition, Options
    from tycoon.engine.actions import Action
    from tycoon.engine.events import Event

Frame = tuple[Any, ...]
"""A pending-decision (or pending-step) frame: (kind, seat, *data)."""


STATE_FIELDS: Final = (
    "active",
    "alive",
    "bank",
    "built_mask",
    "card_holder",
    "cash",
    "claims",
    "decks",
    "edition",
    "events",
    "ext",
    "first",
    "history",
    "hotels_built",
    "hotels_left",
    "houses_built",
    "houses_left",
    "jail",
    "landings",
    "last_dice",
    "level",
    "mortgaged",
    "n",
    "names",
    "options",
    "owner",
    "pos",
    "rng",
    "rounds",
    "seed",
    "stack",
    "termination",
    "turn",
    "winners",
)
"""Every attribute of a `GameState` (its slots): what a copy copies. A compiled build has
no `__slots__` to read at run time."""


class GameState:
    """All data of one game. Mutated in place by `apply_action`; copy with `clone`."""

    __slots__ = STATE_FIELDS

    edition: Edition
    options: Options
    n: int
    names: tuple[str, ...]
    seed: int
    rng: Rng
    cash: list[int]
    pos: list[int]
    alive: list[bool]
    jail: list[int]
    owner: list[int]
    mortgaged: list[bool]
    level: list[int]
    houses_left: int
    hotels_left: int
    bank: int
    decks: list[list[int]]
    card_holder: dict[int, int]
    active: int
    turn: int
    rounds: int
    first: int
    last_dice: int
    claims: list[tuple[int, int, int, int]]
    built_mask: int
    houses_built: int
    hotels_built: int
    stack: list[Frame]
    history: list[tuple[int, Action]]
    events: list[Event] | None
    ext: dict[str, list[int]]
    winners: tuple[int, ...]
    termination: str
    landings: list[int] | None

    # --- fields, documented once -------------------------------------------------------
    # cash[p], pos[p], alive[p]     per seat
    # jail[p]                      -1 if free, else jail turns served (C-40, C-42)
    # owner[s], mortgaged[s]       per square; owner -1 = bank
    # level[s]                     0-4 houses, 5 = hotel
    # bank                         net money the bank has taken in (conservation ledger)
    # decks[d]                     card order of deck d, top first; held cards are absent
    # card_holder[c]               seat holding kept card c (letter * 100 + pos), absent if none
    # claims                       open rent claims: (owner, payer, amount, turn of landing)
    # first                        seat that won the roll-off; rounds count from it (C-76)
    # built_mask/houses_built/hotels_built   this build window (C-49 to C-54)
    # history                      every applied (seat, action), chance outcomes included
    # ext                          an edition's own state: named lists of ints (passports ...)
    # landings[s]                  moves ended on s (None unless counted; not in snapshots)

    @property
    def current_player(self) -> int:
        """The seat the game waits on, `CHANCE` or `TERMINAL`."""
        from tycoon.rules.flow import current_player

        return current_player(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        from tycoon.records.snapshot import snapshot

        return snapshot(self) == snapshot(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.edition.id} turn={self.turn} active={self.active}>"


def shallow_copy(st: GameState) -> GameState:
    """A new state whose every field is `st`'s own object, containers shared: the start of
    `clone` (`tycoon.engine.api`), and alone a what-if for reading only that replaces a
    field or two (a test checks that every field of `STATE_FIELDS` is here)."""
    new = GameState()
    new.active = st.active
    new.alive = st.alive
    new.bank = st.bank
    new.built_mask = st.built_mask
    new.card_holder = st.card_holder
    new.cash = st.cash
    new.claims = st.claims
    new.decks = st.decks
    new.edition = st.edition
    new.events = st.events
    new.ext = st.ext
    new.first = st.first
    new.history = st.history
    new.hotels_built = st.hotels_built
    new.hotels_left = st.hotels_left
    new.houses_built = st.houses_built
    new.houses_left = st.houses_left
    new.jail = st.jail
    new.landings = st.landings
    new.last_dice = st.last_dice
    new.level = st.level
    new.mortgaged = st.mortgaged
    new.n = st.n
    new.names = st.names
    new.options = st.options
    new.owner = st.owner
    new.pos = st.pos
    new.rng = st.rng
    new.rounds = st.rounds
    new.seed = st.seed
    new.stack = st.stack
    new.termination = st.termination
    new.turn = st.turn
    new.winners = st.winners
    return new
