"""Readable English lines for events and actions ("Ann rolled 3+4", "Ann bought Athens for $120").

`describe(board, names, event)` needs only the edition's board and the players' names, so
a log can be written without the state; `describe_events(st, events)` is the shortcut.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tycoon.engine import events as ev
from tycoon.engine.actions import (
    Action,
    Kind,
    card_text,
    items_of,
    parse_text,
    resources_of,
    squares_of,
    unpack,
)
from tycoon.engine.board import Board
from tycoon.engine.errors import ActionParseError
from tycoon.engine.events import Event
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK
from tycoon.rules.why import money

__all__ = ["describe", "describe_action", "describe_events"]

_PURPOSE = {
    "0": "",
    "1": " (second roll after a double)",
    "2": " (jail release attempt)",
    "3": " (for utility rent)",
    "4": " (for the first player)",
    "10": " (for the Highway exit)",
    "11": " (for the Courthouse fine)",
    "5": " (Roll for Resources)",
}
_TYPES = ("red", "purple", "green", "yellow")
"""Resource types of the builder edition, by index (B-7)."""


def _chips(packed: int) -> str:
    """'1 red, 2 yellow' for a packed chip list ('no chips' if empty)."""
    words = [f"{c} {_TYPES[t]}" for t, c in enumerate(unpack(packed)) if c]
    return ", ".join(words) or "no chips"


def _cell(cell: int, cols: int = 6) -> str:
    return f"cell {cell} (row {cell // cols}, column {cell % cols})"


_RELEASE = {
    "served": "after serving two turns",
    "card": "with a Get-out-of-Jail card",
    "double": "by rolling a double",
    "fine": "after paying the fine",
}


_NO_RENT = {
    "mortgaged": "; no rent: the deed is mortgaged",
    "owner_jailed": "; no rent: its owner is in jail",
}
"""Why a landing on another player's deed owes no rent (the LANDED event's detail)."""


def _jailed_why(event: Event) -> str:
    d = event.detail
    if d == "doubles":
        return f" ({event.amount} doubles in a row)" if event.amount else " (doubles)"
    if d == "square":
        return " (landed on Go to Jail)"
    if d == "card":
        return " (sent by a card)"
    return ""


def _jail_payment(board: Board, d: str, cur: str) -> str:
    """The reason of a payment; classic's jail fee and fine say what they are for (C-42 c)."""
    c = board.constants
    if "jail_failed_attempt_total" not in c:
        return d
    if d == "jail fee":
        return "jail fee, to roll once for a double"
    if d == "jail fine":
        total = c["jail_failed_attempt_total"]
        return f"jail fine: no double, the rest of the {money(cur, total)} fine"
    return d


def _who(names: Sequence[str], seat: int) -> str:
    if seat == BANK:
        return "the bank"
    if 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _square(board: Board, square: int) -> str:
    return board.name_en[square] if 0 <= square < board.size else f"square {square}"


def _card(board: Board, text: str) -> str:
    """'B14' -> 'blue card B14 "Get out of Jail free. ..."', 'K10' -> 'community chest card
    K10 "..."' (the deck's name in words; the id alone if unknown)."""
    if len(text) >= 2 and text[0] in board.deck_letters and text[1:].isdigit():
        deck = board.deck_letters.index(text[0])
        pos = int(text[1:]) - 1
        if deck < len(board.decks) and 0 <= pos < len(board.decks[deck]):
            card = board.decks[deck][pos]
            deck_name = board.deck_names[deck].replace("_", " ")
            return f'{deck_name} card {text} "{card.text_en or card.text}"'
    return f"card {text}"


def _items(board: Board, mask: int) -> str:
    """Deeds and cards of a trade item mask in words ('nothing' if empty)."""
    squares, cards = items_of(mask)
    words = [_square(board, s) for s in squares] + [f"card {card_text(c)}" for c in cards]
    res = resources_of(mask)
    if any(res):
        words.append(_chips(sum(c << (8 * t) for t, c in enumerate(res))))
    return ", ".join(words) or "nothing"


def _block(b: int) -> str:
    """Metropol city block id from its index (row by row, skipping the avenues): 'x4y4'."""
    r, c = divmod(b, 6)
    return f"x{c if c < 3 else c + 1}y{r if r < 3 else r + 1}"


def _level(level: int) -> str:
    if level >= 5:
        return "a hotel"
    if level == 0:
        return "no buildings"
    return f"{level} house" + ("s" if level > 1 else "")


def describe(board: Board, names: Sequence[str], event: Event) -> str:
    """One English line for an event of any kind."""
    k = event.kind
    cur = board.currency
    who = _who(names, event.seat)
    other = _who(names, event.other)
    sq = _square(board, event.square)
    amt = f"{money(cur, event.amount)}"
    d = event.detail
    if k == ev.FIRST_PLAYER:
        return f"{who} goes first"
    if k == ev.TURN_STARTED:
        return f"Turn {event.amount + 1}: {who} starts on {sq}"
    if k == ev.DICE_ROLLED:
        third = f"+{event.other}" if event.other > 0 else ""
        return f"{who} rolled {event.square}+{event.amount}{third}{_PURPOSE.get(d, '')}"
    if k == ev.MOVED:
        if event.amount < 0:
            return f"{who} moved back {-event.amount} to {sq}"
        return f"{who} moved {event.amount} to {sq}"
    if k == ev.PASSED_START:
        return f"{who} collected {amt} at Start"
    if k == ev.LANDED:
        return f"{who} landed on {sq}{_NO_RENT.get(d, '')}"
    if k == ev.BOUGHT:
        if d == "dealt" and not event.amount:
            return f"{who} was dealt {sq}"
        how = " (dealt at the start)" if d == "dealt" else ""
        return f"{who} bought {sq} for {amt}{how}"
    if k == ev.AUCTION_STARTED:
        return f"Auction of {sq} opens at {amt}"
    if k == ev.BID:
        return f"{who} bid {amt} for {sq}"
    if k == ev.PASSED:
        return f"{who} passed in the auction of {sq}"
    if k == ev.AUCTION_WON:
        if event.other >= 0:  # a forced auction: the price goes to the debtor (M-62)
            return f"{who} won {sq} at {other}'s forced auction, paying {other} {amt}"
        return f"{who} won {sq} at auction for {amt}"
    if k == ev.AUCTION_UNSOLD:
        return f"Nobody bought {sq} at auction; it stays with the bank"
    if k == ev.RENT_DUE:
        return f"{who} owes {other} {amt} rent for {sq}"
    if k == ev.RENT_PAID:
        return f"{other} claimed {amt} rent from {who}"
    if k == ev.CLAIM_LAPSED:
        return f"{other} did not claim {amt} rent from {who} in time"
    if k == ev.PAID:
        why = f" ({_jail_payment(board, d, cur)})" if d else ""
        return f"{who} paid {other} {amt}{why}"
    if k == ev.COLLECTED:
        why = f" ({d})" if d else ""
        return f"{who} received {amt} from {other}{why}"
    if k == ev.CARD_DRAWN:
        return f"{who} drew {_card(board, d)}"
    if k == ev.CARD_KEPT:
        return f"{who} keeps card {d}"
    if k == ev.CARD_RETURNED:
        return f"Card {d} went back to the bottom of its deck"
    if k == ev.JAILED:
        return f"{who} went to jail{_jailed_why(event)}"
    if k == ev.JAIL_SERVED:
        if "jail_attempts" in board.constants:  # W-66 c: a failed roll for a double
            tries = board.constants["jail_attempts"]
            return f"{who} rolled no double and stays in jail (attempt {event.amount} of {tries})"
        turns = "turn" if event.amount == 1 else "turns"
        return f"{who} served a turn in jail ({event.amount} {turns} served)"
    if k == ev.RELEASED:
        if d == "fine" and "jail_failed_attempt_total" in board.constants:  # C-42 c
            return f"{who} rolled no double and leaves jail; the rest of the fine is due"
        return f"{who} left jail {_RELEASE.get(d, d)}".rstrip()
    if k == ev.BUILT:
        return f"{who} built on {sq}, now {_level(event.amount)}"
    if k == ev.SOLD_BUILDING:
        if d == "bankruptcy":
            return f"The buildings on {sq} went back to the bank ({who} is bankrupt)"
        return f"{who} sold a building on {sq}, now {_level(event.amount)}"
    if k == ev.MORTGAGED:
        return f"{who} mortgaged {sq} for {amt}"
    if k == ev.UNMORTGAGED:
        return f"{who} paid {amt} to lift the mortgage on {sq}"
    if k == ev.OFFERED:
        if d == "in kind":
            return f"{who} offered property worth {amt} to {other} in payment"
        try:
            act = parse_text(d)
        except ActionParseError:
            return f"{who} offered {other}: {d}"
        if act.kind == Kind.SELL_DEED:
            deeds = ", ".join(_square(board, s) for s in squares_of(act.a))
            return f"{who} offered {deeds} to {other} for {amt}"
        if act.kind == Kind.SELL_CARD:
            return f"{who} offered card {card_text(act.a)} to {other} for {amt}"
        if act.kind == Kind.TRADE:
            gives, gets = _items(board, act.b), _items(board, act.c)
            if act.d > 0:
                gives = (
                    f"{money(cur, act.d)}"
                    if gives == "nothing"
                    else f"{gives} and {money(cur, act.d)}"
                )
            elif act.d < 0:
                gets = (
                    f"{money(cur, -act.d)}"
                    if gets == "nothing"
                    else f"{gets} and {money(cur, -act.d)}"
                )
            return f"{who} offered {other} a trade: {gives} for {gets}"
        return f"{who} offered {other}: {d}"
    if k in (ev.ACCEPTED, ev.REJECTED):
        verb = "accepted" if k == ev.ACCEPTED else "rejected"
        if event.amount < 0:  # a trade in which the offerer receives cash
            return (
                f"{who} {verb} the offer of {other} ({other} receives {money(cur, -event.amount)})"
            )
        return f"{who} {verb} the offer of {other} ({amt})"
    if k == ev.TRANSFERRED:
        if event.other == BANK:
            why = " (cashed in)" if d == "cashed in" else ""
            return f"{sq} went back from {who} to the bank{why}"
        return f"{sq} passed from {who} to {other}"
    if k == ev.DEBT:
        why = f" ({d})" if d else ""
        return f"{who} owes {other} {amt}{why} and must raise cash"
    if k == ev.BANKRUPT:
        return f"{who} went bankrupt to {other}"
    if k == ev.GAME_OVER:
        how = {
            "last_player": "everyone else went bankrupt",
            "completed": "a passport is complete"
            if "wonders_to_complete" in board.constants
            else "everyone has left the city",
            "penthouse": "the penthouse is built",
            "no_penthouse": "nobody can build the penthouse any more",
        }.get(d, "time is up")
        return f"Game over ({how}); winner: {who}"
    if k == ev.SHORTAGE:
        return f"Building shortage: {who} asked to build on {sq}; the bank has {event.amount} {d}s"
    if k == ev.WANTS:
        return f"{who} wants {event.amount}"
    if k == "marked":
        via = {"flight": " (free flight)", "deed": " (deed from the bank)"}.get(d, "")
        return f"{who} marked {sq} in the passport{via}"
    if k == "completed":
        return f"{who} visited every wonder and gets the bonus of {money(cur, event.amount)}"
    metropol = _metropol(event, who, other, sq, amt)
    if metropol:
        return metropol
    if k.startswith("chips_") or k in ("floor_built", "forced_trade"):
        return _builder_event(board, names, event)
    return f"{k}: seat {event.seat}, square {event.square}, amount {event.amount}"


def _metropol(event: Event, who: str, other: str, sq: str, amt: str) -> str:
    k = event.kind
    if k == "placed":
        how = {"paid": "", "call-out": " (called out)"}.get(event.detail, f" ({event.detail})")
        return f"{who} placed a block on {_block(event.square)}, now {event.amount} high{how}"
    if k == "skyscraper":
        return f"{_block(event.square)} becomes skyscraper #{event.amount} ({who} puts the roof)"
    if k == "final_phase":
        return "The last block is placed: the final phase begins"
    if k == "left":
        return f"{who} reached the Highway and leaves the game"
    if k == "crossed":
        return f"{who} crossed the city to {sq}"
    if k == "vetoed":
        return f"{who} vetoed and took {sq} for {amt}"
    if k == "cashed":
        return f"{who} cashed in the permits for {amt}"
    if k == "called_out":
        return f"{who} called out {other}'s missing block"
    return ""


def _builder_event(board: Board, names: Sequence[str], event: Event) -> str:
    """The builder edition's events: chips and floors (B-14 to B-65)."""
    k, d = event.kind, event.detail
    who = _who(names, event.seat)
    if k == "floor_built":
        what = "the penthouse" if event.amount >= 5 else f"floor {event.amount}"
        return f"{who} built {what} on {_cell(event.square)}"
    if k == "forced_trade":
        return f"{who} played FORCED TRADE! on {_who(names, event.other)}"
    if k == "chips_moved":
        chips = f"{event.amount} {_TYPES[event.square]}"
        return f"{who} gave {chips} to {_who(names, event.other)} ({d})"
    chips = f"{event.amount} {_TYPES[event.other]}"
    if k == "chips_gained":
        return f"{who} took {chips} from the supply ({d})"
    if k == "chips_picked":
        return f"{who} picked up {chips} lying on {_square(board, event.square)}"
    if event.square >= 0:
        return f"{who} left {chips} on {_square(board, event.square)} ({d})"
    return f"{who} paid {chips} to the supply ({d})"


def describe_events(st: GameState, events: Iterable[Event] | None = None) -> list[str]:
    """Lines for `events` (default: every event of the state so far)."""
    evs = st.events if events is None else events
    board = st.edition.board
    return [describe(board, st.names, e) for e in evs or ()]


def describe_action(st: GameState, seat: int, action: Action) -> str:
    """One English line for an action that `seat` is about to take (or took)."""
    board = st.edition.board
    cur = board.currency
    who = "Chance" if seat < 0 else _who(st.names, seat)
    k = action.kind
    a = action.a
    if k == Kind.DICE:
        return f"Dice: {action.a}+{action.b}" + (f"+{action.c}" if action.c else "")
    if k == Kind.ROLL:
        if seat >= 0 and st.jail[seat] >= 0 and st.edition.mechanics.jail == "attempts":
            return f"{who} rolls for a double to leave jail"
        return f"{who} rolls the dice"
    if k == Kind.BUY:
        return f"{who} buys the deed"
    if k == Kind.AUCTION:
        return f"{who} sends the deed to auction"
    if k == Kind.BID:
        return f"{who} bids {money(cur, a)}"
    if k == Kind.PASS:
        return f"{who} passes"
    if k == Kind.PAY:
        return f"{who} pays"
    if k == Kind.DRAW:
        return f"{who} draws from the other deck"
    if k == Kind.SERVE:
        return f"{who} serves a turn in jail"
    if k == Kind.PAY_FINE:
        if st.edition.mechanics.jail == "attempts":  # W-66 a
            fine = board.constants.get("jail_fine", 0)
            return f"{who} pays the {money(cur, fine)} fine and leaves jail"
        return f"{who} pays the jail fee and rolls"
    if k == Kind.USE_CARD:
        return f"{who} uses a Get-out-of-Jail card"
    if k == Kind.CLAIM:
        return f"{who} claims rent from {_who(st.names, a)}"
    if k == Kind.BUILD:
        return f"{who} builds on {_square(board, a)}"
    if k == Kind.SELL_BUILDING:
        return f"{who} sells a building on {_square(board, a)}"
    if k == Kind.MORTGAGE:
        return f"{who} mortgages {_square(board, a)}"
    if k == Kind.UNMORTGAGE:
        return f"{who} lifts the mortgage on {_square(board, a)}"
    if k == Kind.KEEP_MORTGAGED:
        return f"{who} keeps {_square(board, a)} mortgaged, paying the interest"
    if k in (Kind.SELL_DEED, Kind.PAY_WITH):
        deeds = ", ".join(_square(board, s) for s in squares_of(a))
        if k == Kind.PAY_WITH:
            return f"{who} offers {deeds} worth {money(cur, action.c)} in payment"
        return f"{who} offers {deeds} to {_who(st.names, action.b)} for {money(cur, action.c)}"
    if k == Kind.SELL_CARD:
        card = card_text(a)
        return f"{who} offers card {card} to {_who(st.names, action.b)} for {money(cur, action.c)}"
    if k == Kind.ACCEPT:
        return f"{who} accepts the offer"
    if k == Kind.REJECT:
        return f"{who} rejects the offer"
    if k == Kind.BANKRUPT:
        return f"{who} declares bankruptcy"
    if k == Kind.END_TURN:
        return f"{who} ends the turn"
    if k == Kind.MARK:
        return f"{who} marks {_square(board, a)} in the passport"
    if k == Kind.BUILD_HOTEL:
        return f"{who} builds a hotel on {_square(board, a)}"
    if k == Kind.WANT:
        return f"{who} wants {a} of the scarce buildings"
    if k == Kind.GO:
        return f"{who} goes to {_square(board, a)}"
    if k == Kind.BLOCK:
        return f"{who} places a block on {_block(a)}"
    if k == Kind.VETO:
        return f"{who} vetoes and takes the permit"
    if k == Kind.CROSS:
        return f"{who} crosses the city"
    if k == Kind.PUT_UP:
        return f"{who} puts {_square(board, a)} up for forced auction"
    if k == Kind.CALL_OUT:
        return f"{who} calls out {_who(st.names, a)}'s missing block"
    if k == Kind.DISCARD:
        return f"{who} discards {_chips(a)}"
    if k == Kind.TAKE:
        return f"{who} takes a {_TYPES[a]} chip"
    if k == Kind.STEAL:
        return f"{who} steals a {_TYPES[action.b]} chip from {_who(st.names, a)}"
    if k == Kind.PARKING_TRADE:
        return f"{who} exchanges {_chips(a)} for a {_TYPES[action.b]} chip"
    if k == Kind.BANK_TRADE:
        return f"{who} trades four {_TYPES[a]} chips for a {_TYPES[action.b]} one with the bank"
    if k == Kind.FLOOR:
        return f"{who} builds on {_cell(a)}, paying {_chips(action.b)}"
    if k == Kind.FORCE:
        return (
            f"{who} forces {_who(st.names, a)} to trade a {_TYPES[action.b]} chip"
            f" for a {_TYPES[action.c]} one"
        )
    if k == Kind.TRADE:

        def items(mask: int) -> str:
            return _items(board, mask)

        cash = action.d
        cash_part = (
            f", paying {money(cur, cash)}"
            if cash > 0
            else f", receiving {money(cur, -cash)}"
            if cash < 0
            else ""
        )
        return (
            f"{who} offers {_who(st.names, a)} an exchange: gives {items(action.b)}"
            f" for {items(action.c)}{cash_part}"
        )
    return f"{who}: {action}"
