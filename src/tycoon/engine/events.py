"""Events: what happened, including every random result, for logs, views and tests.

Events are only built when `state.events` is a list (someone listens); the simulator
turns them off. Each event is a small immutable value; `kind` names it.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One thing that happened. `other` is a second seat (creditor, buyer) or -1 for the bank."""

    kind: str
    seat: int = -1
    square: int = -1
    amount: int = 0
    other: int = -1
    detail: str = ""


# Event kinds (the `kind` field).
FIRST_PLAYER = "first_player"
DICE_ROLLED = "dice_rolled"  # seat rolled (square=die 1, amount=die 2, detail=purpose)
MOVED = "moved"  # seat moved to square (amount = steps, negative = back)
PASSED_START = "passed_start"  # seat collected amount
LANDED = "landed"
BOUGHT = "bought"  # seat bought square for amount
AUCTION_STARTED = "auction_started"  # square at start price amount
BID = "bid"
PASSED = "passed"
AUCTION_WON = "auction_won"  # seat won square for amount (paid to other: a forced auction)
AUCTION_UNSOLD = "auction_unsold"
RENT_DUE = "rent_due"  # seat (payer) owes other (owner) amount, claimable
RENT_PAID = "rent_paid"  # seat paid other amount
CLAIM_LAPSED = "claim_lapsed"
PAID = "paid"  # seat paid other (or bank) amount; detail = reason
COLLECTED = "collected"  # seat received amount from other (or bank)
CARD_DRAWN = "card_drawn"  # detail = card id
CARD_KEPT = "card_kept"
CARD_RETURNED = "card_returned"
JAILED = "jailed"
JAIL_SERVED = "jail_served"
RELEASED = "released"
BUILT = "built"  # amount = new level (5 = hotel)
SOLD_BUILDING = "sold_building"  # amount = new level; detail "bankruptcy": returned unpaid
MORTGAGED = "mortgaged"
UNMORTGAGED = "unmortgaged"
OFFERED = "offered"
ACCEPTED = "accepted"
REJECTED = "rejected"
TRANSFERRED = "transferred"  # square passes from seat to other (-1: back to the bank, free)
DEBT = "debt"  # seat owes other amount and must raise cash
BANKRUPT = "bankrupt"
TURN_STARTED = "turn_started"
GAME_OVER = "game_over"
SHORTAGE = "shortage"  # seat asked to build on square; the bank has amount left (detail: kind)
WANTS = "wants"  # seat wants amount buildings in a shortage
