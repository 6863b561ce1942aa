"""Edition-independent helpers for scripting games in rule tests: text actions, the decision
stack, events, and direct setup of a fresh state that keeps the money ledger consistent
(`sum(cash) + bank == n * starting cash`). Each edition's `helpers` module adds its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tycoon.api import CHANCE, apply_action, is_legal, legal_actions, new_game
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, card_text
from tycoon.engine.events import Event
from tycoon.engine.state import Frame, GameState


def top(st: GameState) -> Frame:
    """The frame on top of the decision stack."""
    return st.stack[-1]


def top_kind(st: GameState) -> int:
    return int(st.stack[-1][0])


def act(st: GameState, text: str, seat: int | None = None) -> list[Event]:
    """Apply an action given as text for `seat` (default: the seat the game waits on)."""
    return apply_action(st, text, seat)


def texts(st: GameState, seat: int | None = None) -> list[str]:
    """Legal actions of `seat` (default: the seat the game waits on) as text."""
    return [str(a) for a in legal_actions(st, seat)]


def kinds(evs: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [e.kind for e in evs]


def events_of(evs: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in evs if e.kind == kind]


def end_turn(st: GameState) -> list[Event]:
    """The waiting seat ends its turn (must be at END_TURN)."""
    assert top_kind(st) == F.END_TURN, f"not at end of turn: {top(st)!r}"
    return apply_action(st, "end-turn")


def set_cash(st: GameState, seat: int, amount: int) -> None:
    """Set a seat's cash, moving the difference to or from the bank ledger."""
    st.bank += st.cash[seat] - amount
    st.cash[seat] = amount


def card_id(text: str) -> int:
    """Card code from its text form: "B12" -> 111, "C6" -> 205 (letter * 100 + index - 1)."""
    return (ord(text[0].upper()) - 65) * 100 + int(text[1:]) - 1


def give_deeds(st: GameState, seat: int, squares: Iterable[int], mortgaged: bool = False) -> None:
    """Make `seat` the owner of `squares`, paying the printed price to the bank (and
    receiving the mortgage value back if `mortgaged`)."""
    b = st.edition.board
    for s in squares:
        assert st.owner[s] == -1, f"square {s} already owned by {st.owner[s]}"
        price = b.price[s]
        st.cash[seat] -= price
        st.bank += price
        st.owner[s] = seat
        if mortgaged:
            st.mortgaged[s] = True
            st.cash[seat] += b.mortgage[s]
            st.bank -= b.mortgage[s]


def place(st: GameState, seat: int, square: int) -> None:
    """Put a token on a square (no movement, no Start bonus, nothing resolved)."""
    st.pos[seat] = square


def put_on_top(st: GameState, card: int | str) -> None:
    """Move a card (id or text like "B12") to the top of its deck."""
    cid = card_id(card) if isinstance(card, str) else card
    deck = st.decks[st.edition.board.deck_index(cid)]
    assert cid in deck, f"{card_text(cid)} is not in its deck"
    deck.remove(cid)
    deck.insert(0, cid)


def set_level(st: GameState, square: int, level: int) -> None:
    """Put `level` buildings on an owned street (5 = hotel) without payment, adjusting the
    bank's house and hotel stock (cash is untouched)."""
    old = st.level[square]
    if old == 5:
        st.hotels_left += 1
    else:
        st.houses_left += old
    if level == 5:
        st.hotels_left -= 1
    else:
        st.houses_left -= level
    st.level[square] = level


def ledger_ok(st: GameState) -> bool:
    """The money conservation invariant: sum(cash) + bank == n * starting cash."""
    return sum(st.cash) + st.bank == st.n * st.edition.board.constants["starting_cash"]


def scripted_game(
    edition: str,
    n: int = 3,
    first: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    events: bool = True,
) -> GameState:
    """A new game with `n` seats; the roll-off is scripted so `first` starts (it rolls
    6+6, every other seat 1+2). Returns the state at `first`'s first decision."""
    st = new_game(edition, n, seed=seed, options=options, events=events)
    for seat in range(n):
        assert st.current_player == CHANCE
        apply_action(st, "roll 6 6" if seat == first else "roll 1 2")
    assert st.current_player == first and st.active == first
    return st


def roll(st: GameState, d1: int, d2: int) -> list[Event]:
    """Roll: the `roll` decision where it is legal (pre-roll, roll again, a jail try), then
    the dice outcome `d1 d2`. Returns every event caused by both."""
    out: list[Event] = []
    if st.current_player >= 0 and is_legal(st, Action(Kind.ROLL)):
        out += apply_action(st, "roll")
    assert st.current_player == CHANCE, f"not at a dice roll: {top(st)!r}"
    out += apply_action(st, f"roll {d1} {d2}")
    return out
