"""The public API of the engine (OpenSpiel's contract with Pythonic names), above the
editions: it finds an edition by name, so it sits over the ground, the rules and the
editions (docs/architecture.md); `tycoon.engine` re-exports it.

st = new_game("classic", ["Ann", "Bob", "Cy"], seed=7)
while not is_terminal(st):
    if st.current_player == CHANCE:
        apply_action(st, sample_chance(st))
    else:
        apply_action(st, legal_actions(st)[0])
outcome(st)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tycoon.editions.base import Edition
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import Action, parse_text
from tycoon.engine.bounds import fault
from tycoon.engine.errors import ActionParseError, IllegalActionError, OptionError, echo
from tycoon.engine.events import Event
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.engine.state import clone as clone  # the API's name too
from tycoon.engine.types import CHANCE, TERMINAL, Outcome, Termination
from tycoon.rules import flow

__all__ = [
    "CHANCE",
    "TERMINAL",
    "apply_action",
    "chance_outcomes",
    "clone",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "returns",
    "sample_chance",
]


def new_game(
    edition: str | Edition,
    players: int | Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    events: bool = True,
    count_landings: bool = False,
) -> GameState:
    """A new game. `players` is a count or a list of names (seat order).

    `options` are the edition's house rules (unknown or ill-typed keys raise OptionError).
    With `events=False` no events are built (the simulator's fast path). With
    `count_landings=True`, `st.landings[s]` counts the moves that end on square s.
    """
    ed = find_edition(edition) if isinstance(edition, str) else edition
    opts = ed.options_type.parse(options)
    names = tuple(f"P{i}" for i in range(players)) if isinstance(players, int) else tuple(players)
    lo, hi = ed.player_range(opts)
    if not lo <= len(names) <= hi:
        raise OptionError(f"{ed.id} is for {lo} to {hi} players, not {len(names)}")
    b = ed.board
    c = b.constants
    st = GameState()
    st.edition = ed
    st.options = opts
    st.n = len(names)
    st.names = names
    st.seed = int(seed)
    st.rng = Rng(st.seed)
    st.cash = [opts.starting_cash or c["starting_cash"]] * st.n  # house rule, or the board's
    st.pos = [0] * st.n
    st.alive = [True] * st.n
    st.jail = [-1] * st.n
    st.owner = [-1] * b.size
    st.mortgaged = [False] * b.size
    st.level = [0] * b.size
    st.houses_left = c["houses_in_bank"]
    st.hotels_left = c["hotels_in_bank"]
    st.bank = (c["starting_cash"] - st.cash[0]) * st.n  # the ledger counts from the board's
    st.decks = []
    for d, cards in enumerate(b.decks):
        order = [b.card_code(d, i) for i in range(len(cards))]
        st.rng.shuffle(order)  # C-9
        st.decks.append(order)
    st.card_holder = {}
    st.active = 0
    st.turn = 0
    st.rounds = 0
    st.first = 0
    st.last_dice = 0
    st.claims = []
    st.built_mask = st.houses_built = st.hotels_built = 0
    st.stack = []
    st.history = []
    st.events = [] if events else None
    st.landings = [0] * b.size if count_landings else None
    st.winners = ()
    st.termination = ""
    st.ext = {}
    ed.init_ext(st)
    ed.setup(st)
    flow.begin(st)
    return st


def legal_actions(st: GameState, seat: int | None = None) -> list[Action]:
    """Sorted legal actions of `seat` (default: the seat the game waits on; at a chance
    node, the 36 dice outcomes). Amount-carrying actions (bids, sale prices) are listed at
    representative amounts; `apply_action` accepts any amount the rules allow. A seat not
    in the game has none."""
    if not _seat_ok(st, seat):
        return []
    return flow.legal_actions(st, seat)


def is_legal(st: GameState, action: Action, seat: int | None = None) -> bool:
    """Would `apply_action(st, action, seat)` accept it? Any value gives a plain answer."""
    cur = st.current_player
    if cur == TERMINAL or fault(st, action) or not _seat_ok(st, seat):
        return False
    return flow.is_legal(st, action, cur if seat is None else seat)


def _seat_ok(st: GameState, seat: object) -> bool:
    return seat is None or (type(seat) is int and CHANCE <= seat < st.n)


def apply_action(st: GameState, action: Action | str, seat: int | None = None) -> list[Event]:
    """Apply an action (or its text) for `seat` (default: the seat the game waits on).

    Raises IllegalActionError, listing the legal actions and saying which rule refuses it
    and why (`rule`, `reason`; see `tycoon.rules.why`), if the rules forbid it, and
    ActionParseError for text that is no action of the edition; the state is then
    unchanged. Any value is judged against the edition's ranges first (`bounds.fault`),
    so no value, however large or odd, costs more than its text. Returns the events it
    caused (empty when events are off).
    """
    if not _seat_ok(st, seat):
        raise IllegalActionError(action, [], f"seat {echo(repr(seat), 30)} is not in the game")
    if isinstance(action, str):
        action = parse_action(st, action)
    else:
        bad = fault(st, action)
        if bad:
            raise IllegalActionError(action, legal_actions(st, seat), bad)
    log = st.events
    start = len(log) if log is not None else 0
    try:
        flow.apply_action(st, action, seat)
    except IllegalActionError as e:
        from tycoon.rules.why import why_illegal  # only on a refusal: off the hot path

        refusal = why_illegal(st, action, seat)
        if refusal is None or e.reason:
            raise
        raise IllegalActionError(action, e.legal, refusal.reason, refusal.rule) from None
    return log[start:] if log is not None else []


def chance_outcomes(st: GameState) -> list[tuple[Action, float]]:
    return flow.chance_outcomes(st)


def sample_chance(st: GameState) -> Action:
    """The dice outcome the state's own generator gives next. The state is not changed:
    applying a chance outcome advances the generator (see `flow.apply_action`)."""
    if st.current_player != CHANCE:
        raise ValueError("not a chance node")
    return flow.draw_dice(st.rng.copy(), flow.dice_count(st))


def parse_action(st: GameState, text: str) -> Action:
    """The action written as `text` (see the vocabulary in `tycoon.engine.actions`), its
    numbers within the edition's ranges (squares of the board, seats of the game, cards of
    the decks); ActionParseError otherwise, in time linear in the text."""
    if not isinstance(text, str):
        raise ActionParseError(f"expected action text, got {type(text).__name__}")
    a = parse_text(text)
    why = fault(st, a)
    if why:
        raise ActionParseError(f"'{echo(text)}': {why}")
    return a


def is_terminal(st: GameState) -> bool:
    return bool(st.termination)


def outcome(st: GameState) -> Outcome | None:
    """How the game ended, its winners (ties share) and each seat's score: what decides the
    winner in its edition (net worth; builder points; metropol the M-72 ranking values)."""
    if not st.termination:
        return None
    return Outcome(Termination(st.termination), st.winners, st.edition.scores(st))


def returns(st: GameState) -> list[float]:
    """Per seat: 1 shared among winners, the rest -1/(losers); all 0 while running."""
    if not st.termination:
        return [0.0] * st.n
    w = set(st.winners)
    losers = st.n - len(w)
    return [(1.0 / len(w)) if p in w else (-1.0 / losers if losers else 0.0) for p in range(st.n)]
