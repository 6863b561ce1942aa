"""Per-player views: what one seat may see, as plain JSON data (schema: docs/views.md).

Everything on the table is public (cash, pawns, deeds, buildings, mortgages, jail, kept
cards, open rent claims, passports where the edition keeps them, the pending decision). The
order of the decks, the seed and the state of the random generator are secret: a view is
built from a whitelist of public facts (never by deleting fields from the state) and shows
only how many cards each deck holds.

`public_view(st)` is what everyone (a spectator) sees; `view(st, seat)` adds the seat's
legal actions, as text (`legal_actions`) and as forms a user interface renders (`actions`,
see `tycoon.records.forms`). The edition adds its own public facts through
`Edition.public_view` and `Edition.frame_view`; its static board is `Edition.board_view`.
"""

from __future__ import annotations

from typing import Any

from tycoon.api import legal_actions
from tycoon.engine import frames as F
from tycoon.engine.actions import action_text, card_text, squares_of
from tycoon.engine.state import Frame, GameState
from tycoon.engine.types import CHANCE, TERMINAL
from tycoon.records.forms import action_forms, trade_items
from tycoon.rules.auction import min_bid

__all__ = ["public_view", "seat_part", "view"]

_FRAME_NAMES = {
    F.PRE_ROLL: "pre_roll",
    F.JAIL: "jail",
    F.BUY: "buy",
    F.AUCTION: "auction",
    F.CARD_CHOICE: "card_choice",
    F.DEBT: "debt",
    F.OFFER: "offer",
    F.ACQUIRED: "acquired",
    F.END_TURN: "end_turn",
    F.FINAL_CLAIM: "final_claim",
    F.ROLL_AGAIN: "roll_again",
    F.DEMAND: "shortage_demand",
    F.PLACE: "shortage_place",
    F.DICE: "dice",
}
_OFFER_KINDS = {
    F.OFFER_SALE: "sale",
    F.OFFER_CARD: "card",
    F.OFFER_IN_KIND: "in_kind",
    F.OFFER_TRADE: "trade",
}


def _pending(st: GameState, f: Frame) -> dict[str, Any]:
    """The public facts of the decision (or chance node) the game waits on."""
    k = f[0]
    name = _FRAME_NAMES.get(k) or st.edition.frame_names.get(k, str(k))
    out: dict[str, Any] = {"kind": name, "seat": f[1]}
    if k == F.BUY:
        out["square"] = f[2]
    elif k == F.AUCTION:
        _, _asker, square, start, high, high_bidder, order, _idx, out_mask = f[:9]
        out.update(
            square=square,
            start=start,
            high=high,
            high_bidder=high_bidder,
            min_bid=min_bid(st, f),
            bidders=[s for s in order if not out_mask >> s & 1],
        )
    elif k == F.CARD_CHOICE:
        out["card"] = card_text(f[2])
    elif k == F.DEBT:
        out.update(creditor=f[2], amount=f[3], reason=f[4])
    elif k == F.OFFER:
        _, _resp, kind, frm, what, price = f[:6]
        out.update(offer=_OFFER_KINDS.get(kind, str(kind)), offerer=frm, price=price)
        if kind == F.OFFER_TRADE:
            give, get = what
            out.update(give=trade_items(give), get=trade_items(get))
        elif kind == F.OFFER_CARD:
            out["card"] = card_text(what)
        else:
            out["squares"] = squares_of(what)
            if kind == F.OFFER_IN_KIND:
                out["cash"] = f[6]  # W-87: the settlement's cash part
    elif k == F.ACQUIRED:
        out["squares"] = squares_of(f[2])
    elif k == F.FINAL_CLAIM:
        out["payer"] = f[2]
    elif k == F.ROLL_AGAIN:
        out["doubles"] = f[2]
    elif k == F.DICE:
        out["purpose"] = f[2]
    elif F.EDITION_FRAMES <= k < F.DICE:
        out.update(st.edition.frame_view(st, f))
    return out


def public_view(st: GameState) -> dict[str, Any]:
    """What everyone sees (a spectator's view has no legal actions). JSON-able."""
    cur = st.current_player
    cards: list[list[str]] = [[] for _ in range(st.n)]
    for card, holder in sorted(st.card_holder.items()):
        cards[holder].append(card_text(card))
    players = [
        {
            "seat": p,
            "name": st.names[p],
            "cash": st.cash[p],
            "position": st.pos[p],
            "alive": st.alive[p],
            "jail": st.jail[p],
            "cards": cards[p],
        }
        for p in range(st.n)
    ]
    extra = st.edition.public_view(st, players)
    return {
        "edition": st.edition.tag,
        "edition_id": st.edition.id,
        "options": st.options.to_dict(),
        "seat": None,
        "players": players,
        "owner": st.owner[:],
        "level": st.level[:],
        "mortgaged": st.mortgaged[:],
        "rent": st.edition.rents(st),
        "houses_left": st.houses_left,
        "hotels_left": st.hotels_left,
        "deck_sizes": [len(d) for d in st.decks],
        "claims": [
            {"owner": o, "payer": p, "amount": amt, "turn": t} for o, p, amt, t in st.claims
        ],
        "active": st.active,
        "turn": st.turn,
        "rounds": st.rounds,
        "last_dice": st.last_dice,
        "current_player": cur,
        "chance": cur == CHANCE,
        "pending": _pending(st, st.stack[-1]) if st.stack and cur != TERMINAL else None,
        "legal_actions": [],
        "actions": [],
        "termination": st.termination,
        "winners": list(st.winners),
        "scores": list(st.edition.scores(st)),
        **extra,
    }


def seat_part(st: GameState, seat: int | None) -> dict[str, Any]:
    """The keys of `view(st, seat)` that differ from seat to seat: `seat`, `legal_actions`
    and `actions` (a server builds the public view once and adds this for each seat)."""
    if seat is None or st.current_player == TERMINAL:
        return {"seat": seat, "legal_actions": [], "actions": []}
    acts = legal_actions(st, seat)
    return {
        "seat": seat,
        "legal_actions": [action_text(a) for a in acts],
        "actions": action_forms(st, seat, acts),
    }


def view(st: GameState, seat: int | None = None) -> dict[str, Any]:
    """What `seat` sees (None: a spectator, with no legal actions). JSON-able."""
    out = public_view(st)
    out.update(seat_part(st, seat))
    return out
