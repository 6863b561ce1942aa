"""The builder edition: Monopoly Builder (spec: builder.md, rules B-1 to B-71 and B-66a).

Players buy the 16 deeds of a 40-square track, collect resource chips (from deeds whose dice
number is rolled, from a 6 for everyone, from squares, from piles on the track, from trades
with players and 4:1 with the bank), spend them on floors of buildings on the island grid
and win on points. The penthouse ends the game at once. Bankrupt players stay in the game
for scoring.

The shared mechanics (`tycoon.rules`) run the track, the deeds, rent claims, auctions,
exchanges, debts and jail, set by `BUILDER_MECHANICS`; this package adds the chips
(`chips`), the island (`island`), its own decisions (`turn`) and the scoring (`scoring`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from tycoon.editions.base import Edition, Mechanics
from tycoon.editions.builder import chips, island, scoring, turn, why
from tycoon.editions.builder.chips import T
from tycoon.editions.builder.data import BuilderData, load
from tycoon.editions.builder.options import BuilderOptions
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.actions import chips as chip_bits
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import OptionError
from tycoon.engine.state import GameState
from tycoon.engine.types import BANK
from tycoon.rules.debt import pay
from tycoon.rules.why import Refusal

OUTLOOK_ROUNDS: Final = 2
"""Rounds of chip production a search leaf counts (`Builder.outlook`; a game lasts about
nine rounds between `basic` bots)."""
CHIP_POINTS: Final = 1.5
"""Points a chip counts at a search leaf (`Builder.outlook`). Floors give 0.5 to 1.3
points a chip (B-44, B-67); against three `basic` bots at 50 ms, 240 games each, weights
1.0 and 1.5 won 30.8% and 35.4% (0.6 and 2.0: 33.1% and 38.1% of 160)."""

ONE_CHIP: Final = tuple(chip_bits([1 if u == t else 0 for u in range(T)]) for t in range(T))
"""The trade item bits of one chip of each type."""

DISCARD: Final = turn.DISCARD
STEAL: Final = turn.STEAL
PARKING: Final = turn.PARKING
CHOOSE: Final = turn.CHOOSE


def chip_swaps(st: GameState, seat: int, partners: list[int]) -> list[tuple[int, int, int]]:
    """(partner, type given, type got) of each `Builder.chip_offers` offer, in its order:
    one chip of a type `seat` holds for one of another type the partner holds."""
    res = st.ext["res"]
    i = seat * T
    mine = [t for t in range(T) if res[i + t]]
    if not mine:
        return []
    out: list[tuple[int, int, int]] = []
    for p in partners:
        j = p * T
        theirs = [u for u in range(T) if res[j + u]]
        for t in mine:
            out.extend((p, t, u) for u in theirs if u != t)
    return out


BUILDER_MECHANICS: Final = Mechanics(
    doubles="reroll",  # B-16, B-17
    doubles_to_jail=3,
    jail="attempts",  # B-51, B-52
    auction_opens_at_half_price=False,  # B-27 (b): 10M opening (board constant)
    auction_decliner_first=True,  # OQ-1: polled from the current player
    jailed_owner_collects=True,  # B-29, B-50
    double_rent_needs_unmortgaged=False,  # B-28
    build_out_of_turn=False,
    others_act="around_rolls",  # OQ-2: before every roll and after every landing
    even_selling=False,
    mortgage_needs_unbuilt_group=False,
    shortage_auctions=False,
    trades="exchange",  # B-40, B-56
    settle_claims_at_end=True,
    backward_to_start_pays=False,  # B-24, A-33
    auction_pass_final=False,  # B-27 (e)
    last_player_wins=False,  # B-61
    pay_in_kind=False,  # B-60
    bankrupt_needs_all_mortgaged=True,  # B-60 (4)
    settle_acquired_mortgages=False,  # B-57, B-62
    auction_bankrupt_deeds=False,  # B-63
    early_release=False,  # B-51
    counter_offers=True,  # B-40, B-56
    claims_lapse_at_end=True,  # A-12, OQ-3: the game ending closes every open claim
    raise_cash_in_auction=True,  # B-27 (h): mortgage first, then bid
    deals_at_buy=True,  # B-26: mortgage or make deals first to raise the money
    trade_cash_in_units=True,  # B-2: every amount a multiple of 5M, deals included
)


def _opts(st: GameState) -> BuilderOptions:
    assert isinstance(st.options, BuilderOptions)
    return st.options


class Builder(Edition):
    """Monopoly Builder: resources, floors on the island, points; see the module doc."""

    id = "builder"
    version = "1"
    title = "Monopoly Builder"
    score_name = "points"
    score_is_money = False  # B-61, B-71: bankrupt players keep their points
    search_horizon_rounds = 1  # a turn carries about six decisions; `outlook` sees further
    search_departure = (0.01, 1.0)  # 400 games, 50 ms, before chip deals: 30.8%; (0.02, 2): 28.5%
    terminations: ClassVar[Mapping[str, str]] = {
        **Edition.terminations,
        "turn_limit": "the turn limit was reached; points decide",
        "penthouse": "the penthouse is built; points decide",
        "no_penthouse": "nobody can build the penthouse any more; points decide",
    }
    actions_help = """\
Builder: `floor L pay 1r,1g` (a floor on cell L), `bank-trade r for y` (4 for 1),
  `discard R`, `steal P R`, `exchange 1r,1p for g`, `take R`,
  `force P take R give R`, `trade P give 2r get 1y cash N`,
  `claim P`, `buy` / `auction`, `bid N` / `pass`
  (`fold` passes for good: a new bid will not ask you again)."""
    data_package = "tycoon.editions.builder"
    options_type = BuilderOptions
    mechanics = BUILDER_MECHANICS
    aliases = ("monopoly-builder",)
    own_decision_frames = frozenset({turn.DISCARD, turn.STEAL, turn.PARKING, turn.CHOOSE})
    """OQ-2: at the discard, Steal, Free Parking and a card's chip the current player may
    also mortgage, lift a mortgage, claim rent and propose deals."""

    refusal_rules = why.RULES

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        return why.refusal(st, seat, a)

    data: BuilderData
    """The edition's own tables (chips, island, floors), loaded with the edition."""

    _producing: dict[int, tuple[tuple[int, int], ...]]
    """Dice total -> (deed, its type) of the deeds with that dice number, in board order
    (B-19)."""

    def __init__(self) -> None:
        super().__init__()
        b = self.board
        d = self.data = load(self.data_package, b.size, b.group_id)
        producing: dict[int, tuple[tuple[int, int], ...]] = {}
        for s in b.deeds:
            producing[d.dice_number[s]] = (
                *producing.get(d.dice_number[s], ()),
                (s, d.deed_type[s]),
            )
        self._producing = producing

    # --- state and setup (B-5, B-6, B-10, B-11) ------------------------------------------------

    def init_ext(self, st: GameState) -> None:
        d = self.data
        n = st.n
        st.ext["res"] = [0] * (n * T)
        st.ext["supply"] = [d.supply_per_type] * T
        st.ext["pile"] = [0] * (self.board.size * T)
        st.ext["cell_owner"] = [-1] * (d.rows * d.cols)
        st.ext["height"] = [0] * (d.rows * d.cols)
        st.ext["blocks"] = [d.blocks] * n
        chosen = _opts(st).tokens
        if chosen and len(chosen.split(",")) != n:
            raise OptionError(f"option 'tokens' must name one token for each of the {n} seats")
        ids = chosen.split(",") if chosen else d.token_ids[:n]
        st.ext["own"] = [d.token_ids.index(t) for t in ids]  # B-7: token i has type i

    def setup(self, st: GameState) -> None:
        """B-10: each player takes 4 chips of his own type (B-7, B-8: his token's type)."""
        for p in range(st.n):
            chips.gain(st, p, chips.own_type(st, p), self.data.starting_chips, "setup")

    # --- turn steps -------------------------------------------------------------------------

    def on_turn_start(self, st: GameState, seat: int) -> None:
        """B-14, B-16, B-51: a hand above the limit is discarded first."""
        if st.alive[seat] and chips.held(st, seat) > self.data.hand_limit:
            st.stack.append((DISCARD, seat))

    def on_production_roll(self, st: GameState, seat: int, total: int) -> None:
        """B-19 to B-21: every active player gathers, clockwise from the roller; each one's
        deeds in board order, then the 6-roll chips."""
        d = self.data
        n = st.n
        owner, mortgaged = st.owner, st.mortgaged
        six = total == d.six_total
        # (owner, type) of the producing deeds, in board order (gathering moves chips only)
        producing = self._producing.get(total, ())
        gets = [(owner[s], t) for s, t in producing if owner[s] >= 0 and not mortgaged[s]]
        if not gets and not six:
            return
        alive = st.alive
        for i in range(n):
            p = (seat + i) % n
            if not alive[p]:
                continue
            for o, t in gets:
                if o == p:
                    chips.gain(st, p, t, d.gather_chips, "deed")
            if six:
                chips.gain(st, p, chips.own_type(st, p), d.six_chips, "six")

    def on_move(self, st: GameState, seat: int, start: int, steps: int) -> None:
        """B-23: piles on every square passed and on the landing square are picked up."""
        chips.pick_up_along(st, seat, start, steps)

    def on_land(self, st: GameState, seat: int, square: int) -> None:
        """B-30, B-31, B-34, B-35 (deeds, Chance and jail squares: the shared rules)."""
        kind = self.board.kind[square]
        d = self.data
        if kind == SquareKind.COLLECT:
            chips.gain(st, seat, d.deed_type[square], d.collect_chips, "collect")
        elif kind == SquareKind.ROLL_FOR_RESOURCES:
            st.stack.append((F.DICE, seat, F.ROLL_EDITION, 0, square))
        elif kind == SquareKind.STEAL:
            if any(p != seat and st.alive[p] and chips.held(st, p) for p in range(st.n)):
                st.stack.append((STEAL, seat))
        elif kind == SquareKind.FREE_PARKING and turn.can_exchange(st, seat):
            st.stack.append((PARKING, seat))

    def on_dice(self, st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
        """B-31: Roll for Resources (purpose `frames.ROLL_EDITION`): the chart of the square
        names the type; not a production roll."""
        _, seat, purpose, _first, square = f
        if purpose != F.ROLL_EDITION:
            return False
        d = self.data
        chips.gain(st, seat, d.chart[square][sum(dice) - 2], d.roll_chips, "roll for resources")
        return True

    def card_effect(self, st: GameState, seat: int, card: int) -> None:
        """§5.6: the builder cards the shared mechanics do not know."""
        c = self.board.card(card)
        if c.effect == "pay_per_block":
            pay(st, seat, BANK, c.x * island.blocks_placed(st, seat), "card", from_card=True)
        elif c.effect == "gain_own_resource":
            chips.gain(st, seat, chips.own_type(st, seat), c.x, "card")
        elif c.effect == "gain_any_resource":
            if any(chips.in_supply(st, t) for t in range(T)):  # B-21: a type it holds
                st.stack.append((CHOOSE, seat, c.x))
        else:  # FORCED TRADE! is kept by the shared draw (B-65)
            super().card_effect(st, seat, card)

    # --- own actions at the shared frames and own frames ----------------------------------------

    def extra_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        return turn.extra_legal(st, f)

    def extra_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return turn.extra_ok(st, f, a)

    def extra_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> None:
        turn.extra_apply(st, f, a)

    def frame_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        return turn.frame_legal(st, f)

    def frame_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return turn.frame_ok(st, f, a)

    def frame_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return turn.frame_apply(st, f, a)

    def anytime_legal(self, st: GameState, seat: int) -> list[Action]:
        """OQ-5 option: FORCED TRADE! in any window."""
        if _opts(st).forced_trade_any_time and turn.forced_card(st, seat) >= 0:
            return turn.force_actions(st, seat)
        return []

    def anytime_ok(self, st: GameState, seat: int, a: Action) -> bool:
        return (
            a.kind == Kind.FORCE
            and not a.d
            and _opts(st).forced_trade_any_time
            and turn.force_ok(st, seat, a)
        )

    def anytime_apply(self, st: GameState, seat: int, a: Action) -> None:
        turn.force(st, seat, a)

    # --- mortgages (B-58, B-59, A-10) -----------------------------------------------------------

    def _percent(self, st: GameState, square: int, pct: int) -> int:
        unit = self.board.constants["money_unit"]
        return self.board.price[square] * pct // 100 // unit * unit

    def mortgage_value(self, st: GameState, square: int) -> int:
        """B-58: the price (option: a share of it)."""
        return self._percent(st, square, _opts(st).mortgage_percent)

    def redeem_cost(self, st: GameState, square: int) -> int:
        """B-59: the mortgage value, no interest (option: a share of the price)."""
        return self._percent(st, square, _opts(st).unmortgage_percent)

    # --- trades of chips (B-40, B-56) --------------------------------------------------------

    def holds_chips(self, st: GameState, seat: int, counts: tuple[int, ...]) -> bool:
        return chips.has(st, seat, counts)

    def move_chips(self, st: GameState, frm: int, to: int, counts: tuple[int, ...]) -> None:
        chips.transfer(st, frm, to, counts, "trade")

    def chip_offers(self, st: GameState, seat: int, partners: list[int]) -> list[Action]:
        """Listed: one chip of a type for one of another type the partner holds."""
        return [
            Action(Kind.TRADE, p, ONE_CHIP[t], ONE_CHIP[u], 0)
            for p, t, u in chip_swaps(st, seat, partners)
        ]

    # --- bankruptcy and the end ----------------------------------------------------------------

    def on_bankrupt(self, st: GameState, seat: int, creditor: int) -> None:
        """B-61 to B-63: the chips go to the creditor (or the supply); B-66a."""
        chips.return_all(st, seat, creditor if creditor != BANK and st.alive[creditor] else BANK)
        turn.check_safety_end(st)

    def scores(self, st: GameState) -> tuple[int, ...]:
        """B-71: each seat's points."""
        return tuple(scoring.totals(st, self.data))

    def outlook(self, st: GameState) -> list[float]:
        """Search leaves: chips become floors (B-44, B-67), so each live seat's chips in
        hand and those its deeds and the 6-roll are expected to gather in `OUTLOOK_ROUNDS`
        rounds (B-19, B-20) count `CHIP_POINTS` each."""
        return [CHIP_POINTS * x for x in scoring.outlook(st, self.data, OUTLOOK_ROUNDS)]

    frame_names: ClassVar[dict[int, str]] = {
        DISCARD: "discard",
        STEAL: "steal",
        PARKING: "free_parking",
        CHOOSE: "choose",
    }

    def public_view(self, st: GameState, players: list[dict[str, Any]]) -> dict[str, Any]:
        """Chips, supply, piles, the island and the points so far: all public (A-15)."""
        from tycoon.editions.builder.public import public

        data = public(st)
        for p, row in enumerate(data["players"]):
            players[p]["resources"] = row["resources"]
        return {"builder": data}

    def frame_view(self, st: GameState, f: tuple[Any, ...]) -> dict[str, Any]:
        """The builder decision in a few words (B-16, B-34, B-35, B-65)."""
        return {"summary": _SUMMARIES[f[0]]} if f[0] in _SUMMARIES else {}

    def layout_view(self, lang: str) -> dict[str, Any]:
        """The island grid (A-5), the resource types and tokens (B-7, B-8), each deed's dice
        number and type and the chips it pays when that number is rolled (B-19), the Collect
        squares and Roll for Resources charts (B-30, B-31), the floor costs (B-44) and the
        points (B-67 to B-70)."""
        d = self.data
        names = d.type_names
        return {
            "kind": "island",
            "rows": d.rows,
            "cols": d.cols,
            "cells": list(d.cells),
            "resource_types": list(names),
            "tokens": [
                {"id": i, "name": n, "resource": names[t]}
                for t, (i, n) in enumerate(zip(d.token_ids, d.token_names, strict=True))
            ],
            "gather_chips": d.gather_chips,
            "squares": {
                str(s): {
                    **({"dice_number": d.dice_number[s]} if d.dice_number[s] else {}),
                    "resource": names[d.deed_type[s]],
                }
                for s in range(self.board.size)
                if d.deed_type[s] >= 0
            },
            "roll_charts": {
                str(s): [names[t] for t in chart] for s, chart in sorted(d.chart.items())
            },
            "floor_costs": [
                {**dict(zip(names, named, strict=True)), "any": wild}
                for named, wild in zip(d.floor_named, d.floor_any, strict=True)
            ],
            "building_points": list(d.building_points),
            "monopoly_points": list(d.monopoly_points),
            "billionaire_points": d.billionaire_points,
            "community_points": d.community_points,
            "hand_limit": d.hand_limit,
            "blocks_per_player": d.blocks,
            "max_floors": d.max_floors,
        }

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """B-71: the most points, bankrupt players included; then the most cash."""
        return scoring.winners(st, self.data)


_SUMMARIES: Final = {
    DISCARD: "discard: more than 6 chips; put the excess on your square, one or more at once",
    STEAL: "Steal 1 Resource: take one chip from another player",
    PARKING: "Free Parking: exchange two of your chips for one of a third type, or pass",
    CHOOSE: "choose the type of chip to take from the supply",
}
"""One line per builder decision frame (views: `pending.summary`)."""

BUILDER: Final = Builder()

__all__ = [
    "BUILDER",
    "BUILDER_MECHANICS",
    "CHOOSE",
    "DISCARD",
    "PARKING",
    "STEAL",
    "Builder",
    "BuilderOptions",
    "chip_swaps",
]
