"""Edition play of the `basic` bot: metropol trades and crossings, the builder penthouse."""

from __future__ import annotations

from collections import Counter

from tycoon.api import apply_action, clone, is_legal, legal_actions, new_game
from tycoon.bots import make_bot
from tycoon.bots.heuristic import HeuristicBot
from tycoon.bots.heuristic_builder import (
    ANYWAY_ROUNDS,
    CHIP_CASH,
    SHARED_WIN_ROUNDS,
    BuilderBrain,
    deficit,
)
from tycoon.editions.builder.chips import T, hand
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind, chips
from tycoon.sim.driver import play, step

_ACCEPT = Action(Kind.ACCEPT)


def _kinds(edition: str, games: int) -> Counter[int]:
    c: Counter[int] = Counter()
    for g in range(games):
        st = new_game(edition, ["a", "b", "c", "d"], g, events=False)
        play(st, [make_bot("basic", 10 * g + p) for p in range(4)])
        c.update(a.kind for s, a in st.history if s >= 0)
    return c


def test_metropol_basic_bot_trades_permits_and_crosses_bridges() -> None:
    """M-12, M-58: permit trades in the building phase; M-38: crossing from a bridge."""
    c = _kinds("metropol", 10)
    assert c[Kind.TRADE] > 0 and c[Kind.ACCEPT] > 0
    assert c[Kind.CROSS] > 0


def test_classic_basic_bots_sell_deeds_that_complete_groups() -> None:
    """C-59: sales for cash between players, so that groups form and games end."""
    c = _kinds("classic", 6)
    assert c[Kind.SELL_DEED] > 0 and c[Kind.ACCEPT] > 0


def test_wonders_basic_bots_exchange_deeds() -> None:
    """W-84: exchanges that complete groups."""
    c = _kinds("wonders", 10)
    assert c[Kind.TRADE] > 0 and c[Kind.ACCEPT] > 0


def test_builder_penthouse_placed_when_the_game_could_otherwise_last_forever() -> None:
    """B-66: a listed penthouse is placed for a sole win, later for a shared one, and after
    `ANYWAY_ROUNDS` rounds in any case."""
    st = new_game("builder", ["a", "b", "c", "d"], 1, events=False)
    brain = BuilderBrain()
    a = Action(Kind.FLOOR, 14, 0)
    assert not brain._penthouse_wins(st, 0, a)  # nobody's building: a four-way tie
    st.ext["cell_owner"][14], st.ext["height"][14] = 0, 4  # its four-floor building
    heights = list(st.ext["height"])
    assert brain._penthouse_wins(st, 0, a)  # its penthouse: a sole win
    assert st.ext["height"] == heights  # read from a what-if copy, never written
    st.ext["cell_owner"][14], st.ext["height"][14] = -1, 0
    st.rounds = SHARED_WIN_ROUNDS
    assert brain._penthouse_wins(st, 0, a)
    st.rounds = ANYWAY_ROUNDS
    assert brain._penthouse_wins(st, 0, a)


def test_b40_basic_bot_sells_a_spare_chip_only_above_its_chip_price() -> None:
    """B-40, B-56: a chip its target floor does not need goes for more than `CHIP_CASH`,
    never for the 20 M it once sold for."""
    st = new_game("builder", ["a", "b", "c", "d"], 1, events=False)
    brain = BuilderBrain()
    own = max(range(T), key=lambda t: hand(st, 0)[t])  # the setup's chips, all spare
    assert deficit(st, 0) == [0] * T and hand(st, 0)[own]

    def offer(cash: int) -> tuple[object, ...]:
        return (F.OFFER, 0, F.OFFER_TRADE, 1, (0, chips([int(t == own) for t in range(T)])), cash)

    assert not brain._good(st, 0, offer(20))
    assert not brain._good(st, 0, offer(CHIP_CASH))
    assert brain._good(st, 0, offer(CHIP_CASH + 10))


def test_b40_chip_purchases_offered_to_the_search_are_legal_and_accepted() -> None:
    """`HeuristicBot.deals`: a needed chip bought for cash from a seat that holds and does
    not need it; the engine takes the offer and a `basic` seller accepts it."""
    st = new_game("builder", ["a", "b", "c", "d"], 5, events=False)
    bots = [HeuristicBot(p) for p in range(4)]
    tried = 0
    while not st.termination and tried < 5:
        me = st.current_player
        for a in bots[me].deals(st, me) if me >= 0 else []:
            assert a.kind == Kind.TRADE and a.d == CHIP_CASH + 10
            if not is_legal(st, a, me):
                continue
            w = clone(st)
            apply_action(w, a, me)
            seller = w.current_player
            assert seller == a.a and bots[seller].choose(w, seller, legal_actions(w)) == _ACCEPT
            tried += 1
        step(st, bots)
    assert tried >= 5


def test_c59_deed_sales_offered_to_the_search_are_at_the_most_a_basic_buyer_pays() -> None:
    """C-59 to C-62, `HeuristicBot.deals` in classic: a deed sold for cash above its printed
    price, to the buyer who pays most for it; the engine takes the offer, a `basic` buyer
    accepts it, and he refuses the same deed for one money unit more."""
    st = new_game("classic", ["a", "b", "c", "d"], 3, events=False)
    bots = [HeuristicBot(p) for p in range(4)]
    board = st.edition.board
    unit = board.constants["money_unit"]
    tried = 0
    while not st.termination and tried < 20:
        me = st.current_player
        for a in bots[me].deals(st, me) if me >= 0 else []:
            square = a.a.bit_length() - 1
            assert a.kind == Kind.SELL_DEED and a.a == 1 << square and st.owner[square] == me
            assert a.c > board.price[square] and a.c % unit == 0
            assert a.c == max(bots[me].best_price(st, p, square) for p in range(4) if p != me)
            for price, answer in ((a.c, _ACCEPT), (a.c + unit, Action(Kind.REJECT))):
                w = clone(st)
                apply_action(w, Action(Kind.SELL_DEED, a.a, a.b, price), me)
                assert w.current_player == a.b
                assert bots[a.b].choose(w, a.b, legal_actions(w)) == answer
            tried += 1
        step(st, bots)
    assert tried == 20
