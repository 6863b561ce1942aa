"""Events: what happened, including every random result, for logs, views and tests.

Events are only built when `state.events` is a list (someone listens); the simulator
turns them off. Each event is a small immutable value; `kind` names it.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Event(NamedTuple):
    """One thing that happened. `other` is a second seat (creditor, buyer) or -1 for the bank."""

    kind: str
    seat: int = -1
    square: int = -1
    amount: int = 0
    other: int = -1
    detail: str = ""


# Event kinds (the `kind` field).
FIRST_PLAYER: Final = "first_player"
DICE_ROLLED: Final = "dice_rolled"  # seat rolled (square=die 1, amount=die 2, detail=purpose)
MOVED: Final = "moved"  # seat moved to square (amount = steps, negative = back)
PASSED_START: Final = "passed_start"  # seat collected amount
LANDED: Final = "landed"
BOUGHT: Final = "bought"  # seat bought square for amount
AUCTION_STARTED: Final = "auction_started"  # square at start price amount
BID: Final = "bid"
PASSED: Final = "passed"
AUCTION_WON: Final = "auction_won"  # seat won square for amount (paid to other: a forced auction)
AUCTION_UNSOLD: Final = "auction_unsold"
RENT_DUE: Final = "rent_due"  # seat (payer) owes other (owner) amount, claimable
RENT_PAID: Final = "rent_paid"  # seat paid other amount
CLAIM_LAPSED: Final = "claim_lapsed"
PAID: Final = "paid"  # seat paid other (or bank) amount; detail = reason
COLLECTED: Final = "collected"  # seat received amount from other (or bank)
CARD_DRAWN: Final = "card_drawn"  # detail = card id
CARD_KEPT: Final = "card_kept"
CARD_RETURNED: Final = "card_returned"
JAILED: Final = "jailed"
JAIL_SERVED: Final = "jail_served"
RELEASED: Final = "released"
BUILT: Final = "built"  # amount = new level (5 = hotel)
SOLD_BUILDING: Final = "sold_building"  # amount = new level; detail "bankruptcy": returned unpaid
MORTGAGED: Final = "mortgaged"
UNMORTGAGED: Final = "unmortgaged"
OFFERED: Final = "offered"
ACCEPTED: Final = "accepted"
REJECTED: Final = "rejected"
TRANSFERRED: Final = "transferred"  # square passes from seat to other (-1: back to the bank, free)
DEBT: Final = "debt"  # seat owes other amount and must raise cash
BANKRUPT: Final = "bankrupt"
TURN_STARTED: Final = "turn_started"
GAME_OVER: Final = "game_over"
# seat asked to build on square; the bank has amount left (detail: kind)
SHORTAGE: Final = "shortage"
WANTS: Final = "wants"  # seat wants amount buildings in a shortage
