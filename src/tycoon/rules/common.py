"""Small helpers every mechanic uses: events, transfers of cash between seats and bank."""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine.actions import card_text
from tycoon.engine.events import Event
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK

_READ: Final[tuple[dict[str, tuple[object, bool]], dict[str, tuple[object, bool]]]] = ({}, {})
"""`option`'s last answer per default and name: (the options object, its value)."""


def option(st: GameState, name: str, default: bool) -> bool:
    """An edition-specific house rule read by a shared mechanic (`default` where the edition
    has no such option). Options are frozen: the last answer for the same options object is
    kept (the rules ask at every bid and build test)."""
    opts = st.options
    read = _READ[default]
    last = read.get(name)
    if last is not None and last[0] is opts:
        return last[1]
    value = bool(opts.setting(name, default))
    read[name] = (opts, value)
    return value


def emit(
    st: GameState,
    kind: str,
    seat: int = -1,
    square: int = -1,
    amount: int = 0,
    other: int = -1,
    detail: str = "",
) -> None:
    """Record an event if someone listens."""
    if st.events is not None:
        st.events.append(Event(kind, seat, square, amount, other, detail))


def give(st: GameState, seat: int, amount: int) -> None:
    """The bank pays `seat`."""
    st.cash[seat] += amount
    st.bank -= amount


def take(st: GameState, seat: int, amount: int) -> None:
    """`seat` pays the bank (cash must suffice)."""
    st.cash[seat] -= amount
    st.bank += amount


def move_cash(st: GameState, payer: int, payee: int, amount: int) -> None:
    """Move cash from payer to payee; either may be BANK."""
    if payer == BANK:
        give(st, payee, amount)
    elif payee == BANK:
        take(st, payer, amount)
    else:
        st.cash[payer] -= amount
        st.cash[payee] += amount


def next_alive(st: GameState, seat: int) -> int:
    """The next seat after `seat` (clockwise) that is still in the game."""
    n = st.n
    for i in range(1, n + 1):
        s = (seat + i) % n
        if st.alive[s]:
            return s
    return seat


def seats_from(st: GameState, seat: int) -> list[int]:
    """Seats still in the game in turn order, starting after `seat`."""
    n = st.n
    return [(seat + i) % n for i in range(1, n + 1) if st.alive[(seat + i) % n]]


def return_card(st: GameState, card: int) -> None:
    """A used kept card goes to the bottom of its own deck (C-35, B-65)."""
    del st.card_holder[card]
    st.decks[st.edition.board.deck_index(card)].append(card)
    emit(st, ev.CARD_RETURNED, -1, -1, 0, -1, card_text(card))
