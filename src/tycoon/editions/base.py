"""Edition = board data + typed options + a few hooks with defaults.

An edition names itself (`id@version`), loads its board once, declares its options as
a frozen dataclass (`tycoon.editions.options`: every [D] choice with alternatives in its
spec), and sets up a new game. Shared mechanics live in `tycoon.rules`; an edition
overrides only what its rulebook changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from tycoon.editions.board import Board, load_board
from tycoon.editions.options import HOUSE_RULES, Options
from tycoon.rules.common import next_alive

if TYPE_CHECKING:
    from tycoon.engine.actions import Action
    from tycoon.engine.state import GameState
    from tycoon.rules.why import Refusal

__all__ = ["HOUSE_RULES", "Edition", "Mechanics", "Options"]


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


@mypyc_attr(allow_interpreted_subclasses=True)
class Edition:
    """Base edition: subclasses set the class attributes and may override hooks (an edition
    defined outside the package, say in a test, may subclass the compiled build's too)."""

    id: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    data_package: ClassVar[str]
    options_type: ClassVar[type[Options]] = Options
    mechanics: Mechanics = Mechanics()
    """Set by each edition in its class body. An instance attribute: compiled code reads
    it from the edition's struct instead of looking the name up on the class at every
    use (the rules read it several times a turn)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    score_name: ClassVar[str] = "net worth"
    """What `scores` counts, as a client labels it (`board_view`)."""
    search_horizon_rounds: ClassVar[int] = 2
    """Rounds a search bot's rollout plays before it values the leaf (`bots.search`)."""
    search_departure: ClassVar[tuple[float, float]] = (0.02, 2.0)
    """(margin, standard errors) by which a search bot's best candidate must lead the
    `basic` choice, paired world by world, before the bot departs from it (`bots.search`)."""
    score_is_money: ClassVar[bool] = True
    """True: `scores` are amounts of money (a bankrupt's says nothing); False: points, which
    bankrupt players keep (`board_view`)."""
    terminations: ClassVar[Mapping[str, str]] = {
        "last_player": "every other player went bankrupt",
        "turn_limit": "the turn limit was reached; net worth decides",
    }
    """How each way a game of this edition can end reads, in one English line, with what
    then decides (`board_view`)."""
    actions_help: ClassVar[str] = ""
    """The edition's actions in one English paragraph, each action text in backquotes
    (`board_view` key `help`; the terminal's `help` command)."""

    board: Board
    """The edition's board, loaded with the edition (a plain attribute: the rules read it on
    every action)."""

    def __init__(self) -> None:
        self.board = load_board(self.data_package)
        # a compiled edition's own `mechanics` is its instance attribute's default; an
        # interpreted subclass of the compiled base (an outside edition) sets a plain class
        # attribute, which compiled reads would not see: copy it onto the instance
        declared = getattr(type(self), "mechanics")  # noqa: B009 (descriptor or value)
        if isinstance(declared, Mechanics):
            self.mechanics = declared

    @property
    def tag(self) -> str:
        """`id@version`, as written in records."""
        return f"{self.id}@{self.version}"

    def player_range(self, options: Options) -> tuple[int, int]:
        c = self.board.constants
        return c["min_players"], c["max_players"]

    def setup(self, st: GameState) -> None:
        """Hook: adjust a new game before the first-player roll (default: nothing)."""

    def houses_per_hotel(self, st: GameState) -> int:
        """Houses a hotel needs (and stands for in sale)."""
        return self.board.constants.get("houses_per_hotel", 4)

    def valued_houses_per_hotel(self, st: GameState) -> int:
        """Houses a hotel stands for in net worth (C-77, W-93)."""
        return self.houses_per_hotel(st)

    def mortgage_value(self, st: GameState, square: int) -> int:
        """What the bank pays for mortgaging a deed (the board's mortgage value)."""
        return self.board.mortgage[square]

    def redeem_cost(self, st: GameState, square: int) -> int:
        """What lifting a mortgage costs: the mortgage value plus the board's interest."""
        b = self.board
        return b.mortgage[square] + b.interest[square]

    def on_land(self, st: GameState, seat: int, square: int) -> None:
        """Hook: a move of `seat` ended on `square`, before the square is resolved. Frames
        pushed here run after the square's own resolution."""

    def on_bank_deed(self, st: GameState, seat: int, square: int) -> None:
        """Hook: `seat` got `square` from the bank (bought, won at auction or dealt)."""

    def frame_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        """Legal actions of an edition's own decision frame."""
        raise AssertionError(f"no decision on frame {f!r}")

    def frame_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Apply an edition frame's own action; False if it is not one."""
        return False

    def frame_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Is `a` one of the edition frame's own actions (must agree with frame_legal)?"""
        return False

    def dice_count(self, st: GameState, purpose: int) -> int:
        """Hook: how many dice a chance node of `purpose` rolls (default: `mechanics.dice`)."""
        return self.mechanics.dice

    def on_dice(self, st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
        """Hook: an edition's own use of a dice outcome (the dice frame `f` is popped and the
        roll announced); True if handled (default: the shared turn flow handles it)."""
        return False

    def resolve_square(self, st: GameState, seat: int, square: int, dice: int) -> bool:
        """Hook: resolve the square a move ended on; True if the edition did it (default:
        the shared buy / rent / card / tax resolution)."""
        return False

    def close_auction(self, st: GameState, f: tuple[Any, ...], winner: int, price: int) -> bool:
        """Hook: an auction of a deed closed (winner -1: nobody bid); True if the edition
        settled it itself (default: the winner pays the bank and takes the deed)."""
        return False

    def next_player(self, st: GameState, seat: int) -> int:
        """Hook: the seat whose turn follows `seat`'s (default: the next one still in)."""
        return next_alive(st, seat)

    def listed_price(self, st: GameState, square: int) -> int:
        """Hook: the price a listed exchange of a deed asks (default: the printed price)."""
        return self.board.price[square]

    def in_play(self, st: GameState, seat: int) -> bool:
        """Hook: does `seat` still take part (bid, pay, act)? Default: not bankrupt."""
        return bool(st.alive[seat])

    own_decision_frames: ClassVar[frozenset[int]] = frozenset()
    """The edition's own decision frames at which the seat deciding may also take the
    actions of his own turn windows: mortgage, lift a mortgage, claim rent, propose an
    exchange (builder OQ-2: "at each of their own decision points")."""

    frame_names: ClassVar[dict[int, str]] = {}
    """Names of the edition's own decision frames in views."""

    def public_view(self, st: GameState, players: list[dict[str, Any]]) -> dict[str, Any]:
        """Hook: the edition's own public state for a view (keys added to the view), and
        per-seat facts added to `players` (default: nothing)."""
        return {}

    def frame_view(self, st: GameState, f: tuple[Any, ...]) -> dict[str, Any]:
        """Hook: the public facts of one of the edition's own frames, with a `summary` line
        in English where the edition has one (default: none)."""
        return {}

    def rents(self, st: GameState) -> list[int | None]:
        """Hook: per square, the rent an owned, unmortgaged deed charges now by its buildings
        and its owner's holdings (C-30, C-31; a utility's entry is the multiplier of the dice
        total); None for every other square (a view's `rent`)."""
        from tycoon.rules.property import rent

        out: list[int | None] = [None] * self.board.size
        for s in self.board.deeds:
            if st.owner[s] >= 0 and not st.mortgaged[s]:
                out[s] = rent(st, s, 1)
        return out

    languages: ClassVar[tuple[str, ...]] = ("en",)
    """Languages the board's names are given in: English, then the board's own language."""

    def board_view(self, lang: str = "en") -> dict[str, Any]:
        """The static board as plain JSON (see `tycoon.editions.board_view`, docs/views.md);
        an unknown `lang` raises ValueError."""
        from tycoon.editions.board_view import board_view

        return board_view(self, lang)

    def layout_view(self, lang: str) -> dict[str, Any]:
        """Hook: the edition's own static layout for `board_view` (an island grid, the city
        areas and blocks); default: none."""
        return {}

    def init_ext(self, st: GameState) -> None:
        """Hook: set the edition's own state in `st.ext` (lists of ints, copied on clone)."""

    # --- hooks of editions with their own turn steps (builder) ---------------------------

    def on_turn_start(self, st: GameState, seat: int) -> None:
        """Hook: a turn (or an extra turn after a double) of `seat` begins; frames pushed
        here run before its first decision."""

    def on_production_roll(self, st: GameState, seat: int, total: int) -> None:
        """Hook: `seat` rolled `total` in the roll step (a move roll or a jail try)."""

    def on_move(self, st: GameState, seat: int, start: int, steps: int) -> None:
        """Hook: `seat` moves `steps` squares (negative: backward) from `start`, square by
        square, before the Start bonus and the landing."""

    def card_effect(self, st: GameState, seat: int, card: int) -> None:
        """Hook: carry out a card effect the shared mechanics do not know."""
        raise AssertionError(f"edition {self.id} has no card effect for card {card}")

    def extra_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        """The edition's own actions at a shared frame `f` for its seat (default none)."""
        return []

    def extra_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        """Is `a` one of the edition's own actions at shared frame `f` (agrees with
        `extra_legal`)?"""
        return False

    def extra_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> None:
        """Apply one of the edition's own actions at a shared frame."""
        raise AssertionError(f"unhandled action {a}")

    def anytime_legal(self, st: GameState, seat: int) -> list[Action]:
        """The edition's own actions `seat` may take in any window (default none)."""
        return []

    def anytime_ok(self, st: GameState, seat: int, a: Action) -> bool:
        """Is `a` one of `anytime_legal` (agrees with it)?"""
        return False

    def anytime_apply(self, st: GameState, seat: int, a: Action) -> None:
        raise AssertionError(f"unhandled action {a}")

    refusal_rules: ClassVar[Mapping[str, str]] = {}
    """The edition's rule id of each shared refusal topic of `tycoon.rules.why`
    (`{"build_evenly": "C-51", ...}`); set in the edition's `why.py`."""

    def rule_of(self, topic: str) -> str:
        """The rule id that refuses an action for `topic` ('' if the edition has none)."""
        return self.refusal_rules.get(topic, "")

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        """Hook: the edition's own reason why `a` is refused (its own actions, its own
        rules), or None to let the shared reasons of `tycoon.rules.why` apply."""
        return None

    def on_bankrupt(self, st: GameState, seat: int, creditor: int) -> None:
        """Hook: `seat` went bankrupt to `creditor` (a seat; BANK for the bank or for several
        creditors), after the shared transfers and the turn's frames are settled; the
        edition may end the game here."""

    def holds_chips(self, st: GameState, seat: int, counts: tuple[int, ...]) -> bool:
        """Does `seat` hold these resource chips (trades)? No chips in the default."""
        return False

    def move_chips(self, st: GameState, frm: int, to: int, counts: tuple[int, ...]) -> None:
        """Resource chips change hands in a trade."""
        raise AssertionError("this edition has no resource chips")

    def chip_offers(self, st: GameState, seat: int, partners: list[int]) -> list[Action]:
        """Listed exchanges of resource chips `seat` may offer (default none)."""
        return []

    def scores(self, st: GameState) -> tuple[int, ...]:
        """Each seat's score in the outcome: net worth, 0 for a bankrupt (C-77, W-93)."""
        from tycoon.rules.property import net_worth

        return tuple(net_worth(st, p) if st.alive[p] else 0 for p in range(st.n))

    def outlook(self, st: GameState) -> list[float] | None:
        """Hook for search leaves where scores are not money (an estimate, not a rule): the
        points each seat's holdings are expected to bring beyond its score; None: nothing
        beyond the scores (money editions count rent to come in `bots.search.rent_flow`)."""
        return None

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """The seats with the highest net worth (ties share the win, C-77, W-94)."""
        from tycoon.rules.property import net_worth

        worth = {p: net_worth(st, p) for p in alive}
        best = max(worth.values())
        return tuple(p for p in alive if worth[p] == best)

    def __repr__(self) -> str:
        return f"<Edition {self.tag}>"
