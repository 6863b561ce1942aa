"""GameState: every mutable fact of a game in a few flat, copyable containers.

Read-only edition data (squares, prices, cards) is shared by reference, never copied.
Multi-step decisions are frames on `stack` (tuples; the top one decides who acts).

What the engine and the shared rules need of an edition is defined here too, beside the state
that holds it: `EditionHooks`, the interface every edition implements (the way OpenSpiel's
`Game` or python-chess's variant boards are), with the defaults the ground can give
(`tycoon.editions.base.Edition` implements the rest on the shared rules), and `HouseRules`,
what the rules read of an edition's options. The ground never imports an edition: the
registry hands one in. `EditionHooks` is a class, not a `typing.Protocol`, so that the
compiled rules call its hooks and read its `board` and `mechanics` through the compiled
class (to compiled code a protocol is a plain Python object, every hook a look-up by name).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from mypy_extensions import mypyc_attr

from tycoon.engine import frames as F
from tycoon.engine.board import Board, load_board
from tycoon.engine.mechanics import Mechanics
from tycoon.engine.rng import Rng
from tycoon.engine.types import CHANCE, TERMINAL

if TYPE_CHECKING:
    from tycoon.engine.actions import Action
    from tycoon.engine.errors import Refusal
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

    edition: EditionHooks
    """The edition (`tycoon.editions`, handed in by the registry), read through the hooks."""
    options: HouseRules
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
        return current_player(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return snapshot(self) == snapshot(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.edition.id} turn={self.turn} active={self.active}>"


class HouseRules(Protocol):
    """The options of a game as the engine and the shared rules read them (every edition's
    options, `tycoon.editions.options.Options`, have these)."""

    @property
    def turn_limit(self) -> int: ...
    @property
    def auto_claim_rent(self) -> bool: ...
    @property
    def in_kind_needs_unbuilt_group(self) -> bool: ...
    @property
    def offer_limit(self) -> int: ...
    @property
    def starting_cash(self) -> int: ...
    @property
    def free_parking_pot(self) -> bool: ...
    @property
    def no_rent_in_jail(self) -> bool: ...
    @property
    def no_auction_on_decline(self) -> bool: ...
    @property
    def uneven_building(self) -> bool: ...
    @property
    def no_double_rent(self) -> bool: ...

    def setting(self, name: str, default: Any) -> Any:
        """The value of option `name`, `default` where the edition has no such option."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, as plain JSON values (snapshots and records)."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class EditionHooks:
    """What the engine and the shared rules ask of an edition: subclasses set the class
    attributes and may override hooks (an edition defined outside the package, say in a
    test, may subclass the compiled build's too)."""

    id: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    data_package: ClassVar[str]
    mechanics: Mechanics = Mechanics()
    """Set by each edition in its class body. An instance attribute: compiled code reads
    it from the edition's struct instead of looking the name up on the class at every
    use (the rules read it several times a turn)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    score_name: ClassVar[str] = "net worth"
    """What `scores` counts, as a client labels it (`board_view`)."""
    search_horizon_rounds: ClassVar[int] = 2
    """Rounds a search bot's rollout plays before it values the leaf (`bots.search`)."""
    search_departure: ClassVar[tuple[float, float]] = (0.02, 2.0)
    """(margin, standard errors) by which a search bot's best candidate must lead the
    `basic` choice, paired world by world, before the bot departs from it (`bots.search`)."""
    score_is_money: ClassVar[bool] = True
    """True: `scores` are amounts of money (a bankrupt's says nothing); False: points, which
    bankrupt players keep (`board_view`)."""
    terminations: ClassVar[Mapping[str, str]] = {
        "last_player": "every other player went bankrupt",
        "turn_limit": "the turn limit was reached; net worth decides",
    }
    """How each way a game of this edition can end reads, in one English line, with what
    then decides (`board_view`)."""
    actions_help: ClassVar[str] = ""
    """The edition's actions in one English paragraph, each action text in backquotes
    (`board_view` key `help`; the terminal's `help` command)."""

    board: Board
    """The edition's board, loaded with the edition (a plain attribute: the rules read it on
    every action)."""

    def __init__(self) -> None:
        self.board = load_board(self.data_package)
        # a compiled edition's own `mechanics` is its instance attribute's default; an
        # interpreted subclass of the compiled base (an outside edition) sets a plain class
        # attribute, which compiled reads would not see: copy it onto the instance
        declared = getattr(type(self), "mechanics")  # noqa: B009 (descriptor or value)
        if isinstance(declared, Mechanics):
            self.mechanics = declared

    @property
    def tag(self) -> str:
        """`id@version`, as written in records."""
        return f"{self.id}@{self.version}"

    def setup(self, st: GameState) -> None:
        """Hook: adjust a new game before the first-player roll (default: nothing)."""

    def houses_per_hotel(self, st: GameState) -> int:
        """Houses a hotel needs (and stands for in sale)."""
        return self.board.constants.get("houses_per_hotel", 4)

    def valued_houses_per_hotel(self, st: GameState) -> int:
        """Houses a hotel stands for in net worth (C-77, W-93)."""
        return self.houses_per_hotel(st)

    def mortgage_value(self, st: GameState, square: int) -> int:
        """What the bank pays for mortgaging a deed (the board's mortgage value)."""
        return self.board.mortgage[square]

    def redeem_cost(self, st: GameState, square: int) -> int:
        """What lifting a mortgage costs: the mortgage value plus the board's interest."""
        b = self.board
        return b.mortgage[square] + b.interest[square]

    def on_land(self, st: GameState, seat: int, square: int) -> None:
        """Hook: a move of `seat` ended on `square`, before the square is resolved. Frames
        pushed here run after the square's own resolution."""

    def on_bank_deed(self, st: GameState, seat: int, square: int) -> None:
        """Hook: `seat` got `square` from the bank (bought, won at auction or dealt)."""

    def frame_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        """Legal actions of an edition's own decision frame."""
        raise AssertionError(f"no decision on frame {f!r}")

    def frame_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Apply an edition frame's own action; False if it is not one."""
        return False

    def frame_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Is `a` one of the edition frame's own actions (must agree with frame_legal)?"""
        return False

    def dice_count(self, st: GameState, purpose: int) -> int:
        """Hook: how many dice a chance node of `purpose` rolls (default: `mechanics.dice`)."""
        return self.mechanics.dice

    def on_dice(self, st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
        """Hook: an edition's own use of a dice outcome (the dice frame `f` is popped and the
        roll announced); True if handled (default: the shared turn flow handles it)."""
        return False

    def resolve_square(self, st: GameState, seat: int, square: int, dice: int) -> bool:
        """Hook: resolve the square a move ended on; True if the edition did it (default:
        the shared buy / rent / card / tax resolution)."""
        return False

    def close_auction(self, st: GameState, f: tuple[Any, ...], winner: int, price: int) -> bool:
        """Hook: an auction of a deed closed (winner -1: nobody bid); True if the edition
        settled it itself (default: the winner pays the bank and takes the deed)."""
        return False

    def listed_price(self, st: GameState, square: int) -> int:
        """Hook: the price a listed exchange of a deed asks (default: the printed price)."""
        return self.board.price[square]

    def in_play(self, st: GameState, seat: int) -> bool:
        """Hook: does `seat` still take part (bid, pay, act)? Default: not bankrupt."""
        return bool(st.alive[seat])

    own_decision_frames: ClassVar[frozenset[int]] = frozenset()
    """The edition's own decision frames at which the seat deciding may also take the
    actions of his own turn windows: mortgage, lift a mortgage, claim rent, propose an
    exchange (builder OQ-2: "at each of their own decision points")."""

    frame_names: ClassVar[dict[int, str]] = {}
    """Names of the edition's own decision frames in views."""

    def public_view(self, st: GameState, players: list[dict[str, Any]]) -> dict[str, Any]:
        """Hook: the edition's own public state for a view (keys added to the view), and
        per-seat facts added to `players` (default: nothing)."""
        return {}

    def frame_view(self, st: GameState, f: tuple[Any, ...]) -> dict[str, Any]:
        """Hook: the public facts of one of the edition's own frames, with a `summary` line
        in English where the edition has one (default: none)."""
        return {}

    languages: ClassVar[tuple[str, ...]] = ("en",)
    """Languages the board's names are given in: English, then the board's own language."""

    def layout_view(self, lang: str) -> dict[str, Any]:
        """Hook: the edition's own static layout for `board_view` (an island grid, the city
        areas and blocks); default: none."""
        return {}

    def init_ext(self, st: GameState) -> None:
        """Hook: set the edition's own state in `st.ext` (lists of ints, copied on clone)."""

    # --- hooks of editions with their own turn steps (builder) ---------------------------

    def on_turn_start(self, st: GameState, seat: int) -> None:
        """Hook: a turn (or an extra turn after a double) of `seat` begins; frames pushed
        here run before its first decision."""

    def on_production_roll(self, st: GameState, seat: int, total: int) -> None:
        """Hook: `seat` rolled `total` in the roll step (a move roll or a jail try)."""

    def on_move(self, st: GameState, seat: int, start: int, steps: int) -> None:
        """Hook: `seat` moves `steps` squares (negative: backward) from `start`, square by
        square, before the Start bonus and the landing."""

    def card_effect(self, st: GameState, seat: int, card: int) -> None:
        """Hook: carry out a card effect the shared mechanics do not know."""
        raise AssertionError(f"edition {self.id} has no card effect for card {card}")

    def extra_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        """The edition's own actions at a shared frame `f` for its seat (default none)."""
        return []

    def extra_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Is `a` one of the edition's own actions at shared frame `f` (agrees with
        `extra_legal`)?"""
        return False

    def extra_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> None:
        """Apply one of the edition's own actions at a shared frame."""
        raise AssertionError(f"unhandled action {a}")

    def anytime_legal(self, st: GameState, seat: int) -> list[Action]:
        """The edition's own actions `seat` may take in any window (default none)."""
        return []

    def anytime_ok(self, st: GameState, seat: int, a: Action) -> bool:
        """Is `a` one of `anytime_legal` (agrees with it)?"""
        return False

    def anytime_apply(self, st: GameState, seat: int, a: Action) -> None:
        raise AssertionError(f"unhandled action {a}")

    refusal_rules: ClassVar[Mapping[str, str]] = {}
    """The edition's rule id of each shared refusal topic of `tycoon.rules.why`
    (`{"build_evenly": "C-51", ...}`); set in the edition's `why.py`."""

    def rule_of(self, topic: str) -> str:
        """The rule id that refuses an action for `topic` ('' if the edition has none)."""
        return self.refusal_rules.get(topic, "")

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        """Hook: the edition's own reason why `a` is refused (its own actions, its own
        rules), or None to let the shared reasons of `tycoon.rules.why` apply."""
        return None

    def on_bankrupt(self, st: GameState, seat: int, creditor: int) -> None:
        """Hook: `seat` went bankrupt to `creditor` (a seat; BANK for the bank or for several
        creditors), after the shared transfers and the turn's frames are settled; the
        edition may end the game here."""

    def holds_chips(self, st: GameState, seat: int, counts: tuple[int, ...]) -> bool:
        """Does `seat` hold these resource chips (trades)? No chips in the default."""
        return False

    def move_chips(self, st: GameState, frm: int, to: int, counts: tuple[int, ...]) -> None:
        """Resource chips change hands in a trade."""
        raise AssertionError("this edition has no resource chips")

    def chip_offers(self, st: GameState, seat: int, partners: list[int]) -> list[Action]:
        """Listed exchanges of resource chips `seat` may offer (default none)."""
        return []

    def outlook(self, st: GameState) -> list[float] | None:
        """Hook for search leaves where scores are not money (an estimate, not a rule): the
        points each seat's holdings are expected to bring beyond its score; None: nothing
        beyond the scores (money editions count rent to come in `bots.search.rent_flow`)."""
        return None

    def next_player(self, st: GameState, seat: int) -> int:
        """Hook: the seat whose turn follows `seat`'s (`Edition`: the next one still in)."""
        raise NotImplementedError

    def rents(self, st: GameState) -> list[int | None]:
        """Hook: per square, the rent an owned, unmortgaged deed charges now by its buildings
        and its owner's holdings (C-30, C-31; a utility's entry is the multiplier of the dice
        total); None for every other square (a view's `rent`)."""
        raise NotImplementedError

    def board_view(self, lang: str = "en") -> dict[str, Any]:
        """The static board as plain JSON (`Edition`: `tycoon.editions.board_view`)."""
        raise NotImplementedError

    def scores(self, st: GameState) -> tuple[int, ...]:
        """Each seat's score in the outcome (`Edition`: net worth, 0 for a bankrupt, C-77,
        W-93)."""
        raise NotImplementedError

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """The winning seats among `alive` (`Edition`: the highest net worth, ties share the
        win, C-77, W-94)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Edition {self.tag}>"


def current_player(st: GameState) -> int:
    """The seat the game waits on: the top frame's, `CHANCE` at a dice frame, `TERMINAL`
    once the game is over."""
    if st.termination:
        return TERMINAL
    f = st.stack[-1]
    k: int = f[0]  # typed: compiled code compares machine ints, not objects
    seat: int = f[1]
    return CHANCE if k == F.DICE else seat


SNAPSHOT_FORMAT: Final = "tycoon.snapshot/1"


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


def snapshot(st: GameState) -> dict[str, Any]:
    """The state as plain JSON data (`tycoon.records.snapshot` reads it back); two states
    are equal when their snapshots are."""
    return {
        "format": SNAPSHOT_FORMAT,
        "edition": st.edition.tag,
        "options": st.options.to_dict(),
        "players": list(st.names),
        "seed": st.seed,
        "rng": st.rng.state,
        "cash": st.cash[:],
        "pos": st.pos[:],
        "alive": st.alive[:],
        "jail": st.jail[:],
        "owner": st.owner[:],
        "mortgaged": st.mortgaged[:],
        "level": st.level[:],
        "houses_left": st.houses_left,
        "hotels_left": st.hotels_left,
        "bank": st.bank,
        "decks": [d[:] for d in st.decks],
        "card_holder": {str(k): v for k, v in sorted(st.card_holder.items())},
        "active": st.active,
        "turn": st.turn,
        "rounds": st.rounds,
        "first": st.first,
        "last_dice": st.last_dice,
        "claims": _plain(st.claims),
        "build_window": [st.built_mask, st.houses_built, st.hotels_built],
        "stack": _plain(st.stack),
        "winners": list(st.winners),
        "termination": st.termination,
        "ext": {k: v[:] for k, v in sorted(st.ext.items())},
    }


def shallow_copy(st: GameState) -> GameState:
    """A new state whose every field is `st`'s own object, containers shared: the start of
    `clone`, and alone a what-if for reading only that replaces a
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


def clone(st: GameState) -> GameState:
    """An independent copy: mutable containers are copied, edition data is shared."""
    new = shallow_copy(st)
    new.rng = st.rng.copy()
    new.cash = st.cash[:]
    new.pos = st.pos[:]
    new.alive = st.alive[:]
    new.jail = st.jail[:]
    new.owner = st.owner[:]
    new.mortgaged = st.mortgaged[:]
    new.level = st.level[:]
    new.decks = [d[:] for d in st.decks]
    new.card_holder = dict(st.card_holder)
    new.claims = st.claims[:]
    new.stack = st.stack[:]
    new.ext = {k: v[:] for k, v in st.ext.items()}
    new.history = st.history[:]
    new.events = st.events[:] if st.events is not None else None
    new.landings = st.landings[:] if st.landings is not None else None
    return new
