"""The metropol edition: Metropol, the Finnish Metropoli (spec: metropol.md, M-1 to M-73).

Three dice, every free permit auctioned with the active player's veto, blocks stacked on the
36 city blocks of four building areas, four skyscrapers that cap their areas, bridges that
cross the city, forced auctions in debt, and a final phase after the last of the 80 blocks.
The city lives in `st.ext` (see `city`), the turn in `turn`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, ClassVar, Final

from tycoon.editions.base import Edition, Mechanics
from tycoon.editions.metropol import city, turn, why
from tycoon.editions.metropol.options import MetropolOptions
from tycoon.engine import events as ev
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.rules import debt
from tycoon.rules.common import emit
from tycoon.rules.why import Refusal

_CHOICE_NAMES: Final = ("triples", "city_hall", "free_block", "veto", "cross", "call_out")
"""Names of the CHOICE frame's kinds in views (turn.TRIPLES to turn.CALLOUT)."""


def _choice_summary(st: GameState, f: tuple[Any, ...]) -> str:
    """One line about a metropol choice (M-14, M-19, M-27, M-36, M-38, M-56)."""
    sub = f[2]
    name = st.edition.board.name_en
    if sub == turn.TRIPLES:
        return f"triples ({f[3]}): go to any square, or the normal move"
    if sub == turn.HALL:
        return "City Hall: (a) go to a free permit and auction it, or (b) a free block"
    if sub == turn.FREE:
        return "place a free block" + (" (or pass)" if f[3] == turn.OWN else "")
    if sub == turn.VETO:
        who = st.names[f[5]]
        return f"veto: {who} won {name[f[3]]} for {f[4]}; take it for {f[4] + 50000}?"
    if sub == turn.CROSS:
        return f"cross the city from {name[f[3]]}?"
    return f"call out {st.names[f[3]]}'s missing block (you get 100000)?"


class Metropol(Edition):
    """Metropol: permits, auctions with veto, a city of blocks and skyscrapers."""

    id = "metropol"
    version = "1"
    title = "Metropol"
    score_name = "cash and permits"
    terminations: ClassVar[Mapping[str, str]] = {
        **Edition.terminations,
        "turn_limit": "the turn limit was reached; cash and permits decide",
        "completed": "everyone has left the city and the permits are cashed in; cash decides",
    }
    actions_help = """\
Metropol: `roll` (three dice), `bid N` (exactly +50,000) / `pass` (final),
  `veto` (take the permit for 50,000 more), `block B` (0 to 35, at most 2 a turn),
  `go S` (triples or City Hall), `cross`, `put-up S` (a debtor's auction),
  `call-out P`, `trade ...` and `end-turn`."""
    data_package = "tycoon.editions.metropol"
    options_type = MetropolOptions
    aliases = ("metropoli",)
    languages = ("en", "fi")
    mechanics = Mechanics(
        dice=3,
        mortgages=False,
        debt="forced_auction",
        trade_active_only=True,
        build_out_of_turn=False,
        # M-11: only the active player acts; no mortgages, no buildings on deeds, and only
        # he proposes exchanges (M-59), so `others_act` leaves nothing to the others
        shortage_auctions=False,
    )

    refusal_rules = why.RULES

    def why_illegal(self, st: GameState, seat: int, a: Action) -> Refusal | None:
        return why.refusal(st, seat, a)

    def __init__(self) -> None:
        super().__init__()
        roles = [""] * 40
        text = resources.files(self.data_package).joinpath("data", "board.json").read_text()
        for sq in json.loads(text)["squares"]:
            roles[sq["index"]] = sq["role"]
        turn.ROLE = tuple(turn.ROLE_NAMES[r] for r in roles)

    # --- state and setup (M-4 to M-10) ---------------------------------------------------

    def init_ext(self, st: GameState) -> None:
        o = st.options
        assert isinstance(o, MetropolOptions)
        city.init(st, o.blocks_total)
        st.ext["left"] = [0] * st.n
        st.ext["out"] = [0] * st.n
        st.ext["cashed"] = [0] * st.n
        st.ext[debt.TRIED] = [0] * st.n

    def setup(self, st: GameState) -> None:
        """M-5: two street permits dealt to each player; M-7: one district card per
        district; the Metropol deck is shuffled by `new_game` (M-8)."""
        values = list(city.DISTRICT_VALUES)
        st.rng.shuffle(values)
        st.ext["base"][:] = values
        streets = list(self.board.streets)
        st.rng.shuffle(streets)
        per = self.board.constants["starting_permits"]
        for i in range(per * st.n):
            seat, square = i % st.n, streets[i]
            st.owner[square] = seat
            emit(st, ev.BOUGHT, seat, square, 0, -1, "dealt")

    # --- hooks -------------------------------------------------------------------------------

    def dice_count(self, st: GameState, purpose: int) -> int:
        return 2 if purpose == turn.ROLL_HIGHWAY else 3

    def on_dice(self, st: GameState, f: tuple[Any, ...], dice: tuple[int, ...]) -> bool:
        return turn.on_dice(st, f, dice)

    def resolve_square(self, st: GameState, seat: int, square: int, dice: int) -> bool:
        turn.resolve(st, seat, square, dice)
        return True

    def close_auction(self, st: GameState, f: tuple[Any, ...], winner: int, price: int) -> bool:
        return turn.close_auction(st, f, winner, price)

    def next_player(self, st: GameState, seat: int) -> int:
        return turn.next_mover(st, seat)

    def in_play(self, st: GameState, seat: int) -> bool:
        return turn.in_play(st, seat)

    def on_bankrupt(self, st: GameState, seat: int, creditor: int) -> None:
        """M-72: remember the order of bankruptcy; M-69: the end when nobody moves."""
        out = st.ext["out"]
        out[seat] = max(out) + 1
        if city.final_phase(st) and not any(turn.in_play(st, p) for p in range(st.n)):
            turn.finish(st)

    def frame_legal(self, st: GameState, f: tuple[Any, ...]) -> list[Action]:
        return turn.frame_legal(st, f)

    frame_names: ClassVar[dict[int, str]] = {turn.CHOICE: "choice", turn.BUILDING: "building"}

    def public_view(self, st: GameState, players: list[dict[str, Any]]) -> dict[str, Any]:
        """The city, the district values and who has left the city."""
        c = st.ext["city"]
        for p in range(st.n):
            players[p]["left"] = bool(st.ext["left"][p])
        return {
            "city": {
                "height": st.ext["height"][:],
                "roof": st.ext["roof"][:],
                "blocks_left": c[0],
                "skyscrapers": c[1],
                "final_phase": bool(c[2]),
                "base": st.ext["base"][:],
                "rent": {str(s): city.street_rent(st, s) for s in self.board.streets},
            }
        }

    def rents(self, st: GameState) -> list[int | None]:
        """M-31: an owned street permit's rent; M-37: an owned bridge's toll (100,000 per
        bridge its owner holds). No mortgages in metropol."""
        out: list[int | None] = [None] * self.board.size
        for s in self.board.deeds:
            o = st.owner[s]
            if o >= 0:
                out[s] = city.toll(st, o) if s in city.CROSSING else city.street_rent(st, s)
        return out

    def frame_view(self, st: GameState, f: tuple[Any, ...]) -> dict[str, Any]:
        """A one-off choice: what is chosen, and on what; the building phase: whether a block
        is due (M-56). Each with a one-line `summary`."""
        if f[0] == turn.BUILDING:
            due = turn.must_build(st, f[1])
            tail = " (a block is due: 4 skyscrapers stand)" if due else ""
            return {
                "due": due,
                "summary": "building phase: place up to 2 blocks at 100000 each, then end "
                f"the turn{tail}",
            }
        if f[0] != turn.CHOICE:
            return {}
        return {
            "choice": _CHOICE_NAMES[f[2]],
            "data": list(f[3:5]) if f[2] != turn.CALLOUT else [f[3]],
            "summary": _choice_summary(st, f),
        }

    def layout_view(self, lang: str) -> dict[str, Any]:
        """The city (spec 2.5): four 3x3 areas of city blocks (id, x, y, area, the two
        permits each faces), the Highway exits, the bridge crossings, the district cards and
        the value card (M-31 to M-35)."""
        text = (
            resources.files(self.data_package)
            .joinpath("data", "city.json")
            .read_text(encoding="utf-8")
        )
        data: dict[str, Any] = json.loads(text)
        data.pop("schema", None)
        return {"kind": "city", **data}

    def frame_ok(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return turn.frame_ok(st, f, a)

    def frame_apply(self, st: GameState, f: tuple[Any, ...], a: Action) -> bool:
        return turn.frame_apply(st, f, a)

    def winners(self, st: GameState, alive: list[int]) -> tuple[int, ...]:
        """M-71: the most cash after the valuation (permits still held count at their
        final value when the game is cut short); ties share the win."""
        worth = {p: st.cash[p] + city.permits_value(st, p) for p in alive}
        best = max(worth.values())
        return tuple(p for p in alive if worth[p] == best)

    def listed_price(self, st: GameState, square: int) -> int:
        """A listed exchange asks the permit's final value now (at least 200,000): permits
        have no printed price (M-58: any price may be agreed)."""
        return max(city.final_value(st, square), 200_000)

    def scores(self, st: GameState) -> tuple[int, ...]:
        """M-72's ranking values, what decides the winner (M-71): a player never bankrupt
        scores his cash after the valuation (M-70; permits still held count at their final
        value when the game is cut short); a bankrupt one scores below every such player,
        -1 for the last one out, -2 for the one before, and so on."""
        out = st.ext["out"]
        last = max(out) + 1
        return tuple(
            out[p] - last if out[p] else st.cash[p] + city.permits_value(st, p) for p in range(st.n)
        )

    def ranking(self, st: GameState) -> list[int]:
        """M-72: players never bankrupt by cash (and permit value), then the bankrupt in
        reverse order of elimination: the seats by falling `scores`."""
        scores = self.scores(st)
        return sorted(range(st.n), key=lambda p: -scores[p])


METROPOL: Final = Metropol()

__all__ = ["METROPOL", "Metropol", "MetropolOptions"]
