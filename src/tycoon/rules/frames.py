"""Frame kinds of the pending-decision stack.

A frame is a tuple `(kind, seat, *data)`. Decision frames wait on `seat`; chance frames
wait on a dice outcome; step frames (names starting with `STEP_`) are run by the engine
itself until a decision or chance frame is on top.
"""

from __future__ import annotations

# Decision frames: (kind, seat, ...)
PRE_ROLL = 1  # (PRE_ROLL, seat)
JAIL = 2  # (JAIL, seat)
BUY = 3  # (BUY, seat, square)
AUCTION = 4  # (AUCTION, asker, square, start, high, high_bidder, order, idx, out_mask)
CARD_CHOICE = 5  # (CARD_CHOICE, seat, card)
DEBT = 6  # (DEBT, seat, creditor, amount, reason, from_card)
OFFER = 7  # (OFFER, responder, offer_kind, from_seat, what, price)
ACQUIRED = 8  # (ACQUIRED, seat, mask of mortgaged deeds to settle, C-68)
END_TURN = 9  # (END_TURN, seat)
FINAL_CLAIM = 10  # (FINAL_CLAIM, owner, payer)
ROLL_AGAIN = 11  # (ROLL_AGAIN, seat, doubles so far): roll again after a double (W-25)
DEMAND = 12  # (DEMAND, asker, building, initiator, square, order, idx, wants): W-77 step 1
PLACE = 13  # (PLACE, seat, building): place the building won at a shortage auction (W-77.4)
EDITION_FRAMES = 16  # editions number their own decision frames from here (below DICE)
# Chance frames
DICE = 20  # (DICE, seat, purpose, first_total, extra)
# Step frames
STEP_MOVE = 30  # (STEP_MOVE, seat, steps, dice_total or -1)
STEP_LAND = 31  # (STEP_LAND, seat, dice_total or -1)
STEP_NEXT_TURN = 32  # (STEP_NEXT_TURN, -1)
STEP_COLLECT_EACH = 33  # (STEP_COLLECT_EACH, drawer, amount, payers)
STEP_BANK_AUCTIONS = 34  # (STEP_BANK_AUCTIONS, bankrupt_seat, squares)
STEP_GAME_END = 35  # (STEP_GAME_END, -1[, termination])
STEP_SHORTAGE = 38  # (STEP_SHORTAGE, -1, building, initiator, wants): next building auction
STEP_SETTLE_CLAIMS = 37  # (STEP_SETTLE_CLAIMS, -1): every open claim is paid (W-92, Q-3)

DECISIONS = frozenset({PRE_ROLL, JAIL, BUY, AUCTION, CARD_CHOICE, DEBT, OFFER, ACQUIRED})
DECISIONS |= {END_TURN, FINAL_CLAIM, ROLL_AGAIN, DEMAND, PLACE}

# DICE purposes
ROLL_FIRST = 0
ROLL_SECOND = 1
ROLL_JAIL = 2
ROLL_UTILITY = 3
ROLL_ORDER = 4
ROLL_EDITION = 5  # an edition's own roll (builder: Roll for Resources); `Edition.on_dice`

# Buildings in a shortage (an auction of a building has square HOUSE_LOT or HOTEL_LOT)
HOUSE = 0
HOTEL = 1
HOUSE_LOT = -1
HOTEL_LOT = -2

# OFFER kinds
OFFER_SALE = 0
OFFER_CARD = 1
OFFER_IN_KIND = 2
OFFER_TRADE = 3  # what = (give mask, get mask), price = cash the offerer pays (< 0: receives)
