"""Mechanics: how an edition plays the shared mechanics of `tycoon.rules` (plain flags the
rules read; each edition sets what its rulebook changes, `EditionHooks.mechanics`)."""

from __future__ import annotations

import dataclasses

__all__ = ["Mechanics"]


@dataclasses.dataclass(frozen=True)
class Mechanics:
    """How an edition plays the shared mechanics of `tycoon.rules` (the standard Hasbro rules
    by default; each edition sets what its rulebook changes)."""

    doubles: str = "reroll"
    """"reroll": move, then roll again; the Nth double in a row jails (W-25 to W-28).
    "sum": do not move on a double, roll again and move by the sum; a second double jails
    (C-16)."""
    doubles_to_jail: int = 3
    jail: str = "attempts"
    """"attempts": pay the fine, use a card or roll for a double, up to N tries (W-66).
    "skip_turns": serve N turns, use a card, or pay and roll once (C-42)."""
    auction_opens_at_half_price: bool = False
    """True: the first bid is at least half the price (C-22); False: any amount (W-36)."""
    auction_decliner_first: bool = True
    """True: bidding starts with the lander (W-36); False: with the player after him (C-24)."""
    jailed_owner_collects: bool = True
    """False: an owner in jail loses his rent (C-27, C-43); True: he collects (W-67)."""
    double_rent_needs_unmortgaged: bool = True
    """True: no double rent if a deed of the group is mortgaged (W-41); False: C-30."""
    build_out_of_turn: bool = True
    """True: anyone may build between turns (W-24 b); False: own pre-roll phase only (C-49)."""
    others_act: str = "between_turns"
    """When seats other than the one the game waits on may sell buildings, mortgage, lift a
    mortgage, build, propose exchanges and leave jail early (rent claims stay open at every
    decision, C-28, W-39):
    "between_turns": only in the window between the active player's `end-turn` and the next
    player's first roll, his pre-roll or jail decision (W-24 b, Q-7, W-66, W-78, W-80, W-83);
    "around_rolls": in the windows before every roll and after every landing, the pre-roll,
    roll-again, end-of-turn and jail decisions (builder OQ-2);
    "any_decision": at any decision point but an auction or a card (C-13)."""
    even_selling: bool = True
    """True: buildings are sold evenly (W-78); False: in any order (C-58, A-12)."""
    mortgage_needs_unbuilt_group: bool = True
    """True: no building in the whole group (W-81); False: on that deed only (C-65, A-13)."""
    shortage_auctions: bool = True
    """True: scarce buildings wanted by several players are auctioned (W-77); False: whoever
    builds first gets them (C-55)."""
    trades: str = "exchange"
    """"exchange": two-party exchanges of deeds, cards and cash in the action windows (W-84);
    "sale": deeds sold for cash in the seller's pre-roll phase, cards at any time (C-59 to
    C-63)."""
    backward_to_start_pays: bool = False
    """True: a backward move that ends exactly on Start pays the bonus (C-19); False: no
    backward move ever does (W-31)."""
    settle_claims_at_end: bool = True
    """True: open rent claims are paid automatically when the game ends (W-92, Q-3);
    False: each owner is asked once (C-76, Q-7)."""
    dice: int = 2
    """Dice rolled per move: 2 (36 ordered outcomes) or 3 (216, metropol M-1, M-13)."""
    mortgages: bool = True
    """False: deeds cannot be mortgaged (metropol has no mortgages)."""
    debt: str = "raise"
    """"raise": sell buildings and mortgage to pay (C-69); "forced_auction": the debtor puts
    his deeds up for auction one at a time, the money goes to him, and on bankruptcy his
    cash goes to the creditors and his deeds back to the bank (metropol M-62, M-63)."""
    trade_active_only: bool = False
    """True: only the active player may propose exchanges, and never while in debt
    (metropol M-59, M-61)."""
    auction_pass_final: bool = True
    """True: a pass leaves the auction for good (C-24, W-36); False: a new bid cancels every
    pass and the auction closes when all but the high bidder have passed since (B-27 e)."""
    last_player_wins: bool = True
    """True: the game ends when one player is left (C-76); False: bankrupt players stay in
    the game for scoring and play goes on while anyone is active (builder B-61)."""
    pay_in_kind: bool = True
    """True: a debtor may hand deeds to a player creditor as payment (C-70, W-87)."""
    bankrupt_needs_all_mortgaged: bool = False
    """True: bankruptcy only once every deed is mortgaged (builder B-60 (4)); False: as soon
    as everything that could be raised falls short (C-69, W-86)."""
    settle_acquired_mortgages: bool = True
    """True: an acquired mortgaged deed is redeemed now or kept for the interest (C-68);
    False: it simply stays mortgaged (builder B-57, B-62)."""
    auction_bankrupt_deeds: bool = True
    """True: deeds returned to the bank by a bankrupt are auctioned (C-73); False: they are
    for sale again as at the start (builder B-63)."""
    early_release: bool = True
    """True: a jailed player may pay the fine or use a card in any window (W-66); False:
    only at his jail decision (builder B-51)."""
    counter_offers: bool = False
    """True: the player an exchange is offered to may answer with an exchange of his own to
    the offerer (a counter-offer, builder B-40, B-56)."""
    claims_lapse_at_end: bool = False
    """True: open rent claims lapse when the game ends, also at a turn limit (builder A-12,
    OQ-3); False: `settle_claims_at_end` says what happens to them."""
    raise_cash_in_auction: bool = False
    """True: the bidder asked in an auction may mortgage before bidding (builder B-27 h);
    False: no out-of-turn actions while an auction runs (C-13)."""
    deals_at_buy: bool = False
    """True: the lander deciding whether to buy may also propose exchanges to raise the
    money (builder B-26); False: only mortgages and sales of buildings (C-21)."""
    trade_cash_in_units: bool = False
    """True: the cash of an exchange is a multiple of the board's money unit (builder B-2);
    False: any whole amount."""

    def __post_init__(self) -> None:
        if self.others_act not in ("between_turns", "around_rolls", "any_decision"):
            raise ValueError(f"unknown others_act {self.others_act!r}")
