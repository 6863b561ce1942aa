"""Frame kinds of the pending-decision stack.

A frame is a tuple `(kind, seat, *data)`. Decision frames wait on `seat`; chance frames
wait on a dice outcome; step frames (names starting with `STEP_`) are run by the engine
itself until a decision or chance frame is on top.
"""

from __future__ import annotations

from typing import Final

# Decision frames: (kind, seat, ...)
PRE_ROLL: Final = 1  # (PRE_ROLL, seat)
JAIL: Final = 2  # (JAIL, seat)
BUY: Final = 3  # (BUY, seat, square)
AUCTION: Final = 4  # (AUCTION, asker, square, start, high, high_bidder, order, idx, out_mask)
CARD_CHOICE: Final = 5  # (CARD_CHOICE, seat, card)
DEBT: Final = 6  # (DEBT, seat, creditor, amount, reason, from_card)
OFFER: Final = 7  # (OFFER, responder, offer_kind, from_seat, what, price)
ACQUIRED: Final = 8  # (ACQUIRED, seat, mask of mortgaged deeds to settle, C-68)
END_TURN: Final = 9  # (END_TURN, seat)
FINAL_CLAIM: Final = 10  # (FINAL_CLAIM, owner, payer)
ROLL_AGAIN: Final = 11  # (ROLL_AGAIN, seat, doubles so far): roll again after a double (W-25)
DEMAND: Final = 12  # (DEMAND, asker, building, initiator, square, order, idx, wants): W-77 step 1
PLACE: Final = 13  # (PLACE, seat, building): place the building won at a shortage auction (W-77.4)
EDITION_FRAMES: Final = 16  # editions number their own decision frames from here (below DICE)
# Chance frames
DICE: Final = 20  # (DICE, seat, purpose, first_total, extra)
# Step frames
STEP_MOVE: Final = 30  # (STEP_MOVE, seat, steps, dice_total or -1)
STEP_LAND: Final = 31  # (STEP_LAND, seat, dice_total or -1)
STEP_NEXT_TURN: Final = 32  # (STEP_NEXT_TURN, -1)
STEP_COLLECT_EACH: Final = 33  # (STEP_COLLECT_EACH, drawer, amount, payers)
STEP_BANK_AUCTIONS: Final = 34  # (STEP_BANK_AUCTIONS, bankrupt_seat, squares)
STEP_GAME_END: Final = 35  # (STEP_GAME_END, -1[, termination])
STEP_SHORTAGE: Final = 38  # (STEP_SHORTAGE, -1, building, initiator, wants): next building auction
STEP_SETTLE_CLAIMS: Final = 37  # (STEP_SETTLE_CLAIMS, -1): every open claim is paid (W-92, Q-3)

DECISIONS: Final = frozenset(
    {PRE_ROLL, JAIL, BUY, AUCTION, CARD_CHOICE, DEBT, OFFER, ACQUIRED}
    | {END_TURN, FINAL_CLAIM, ROLL_AGAIN, DEMAND, PLACE}
)

# DICE purposes
ROLL_FIRST: Final = 0
ROLL_SECOND: Final = 1
ROLL_JAIL: Final = 2
ROLL_UTILITY: Final = 3
ROLL_ORDER: Final = 4
ROLL_EDITION: Final = 5  # an edition's own roll (builder: Roll for Resources); `Edition.on_dice`

# Buildings in a shortage (an auction of a building has square HOUSE_LOT or HOTEL_LOT)
HOUSE: Final = 0
HOTEL: Final = 1
HOUSE_LOT: Final = -1
HOTEL_LOT: Final = -2

# OFFER kinds
OFFER_SALE: Final = 0
OFFER_CARD: Final = 1
OFFER_IN_KIND: Final = 2
# what = (give mask, get mask), price = cash the offerer pays (< 0: receives)
OFFER_TRADE: Final = 3
