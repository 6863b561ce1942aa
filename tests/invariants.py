"""A generic invariant checker: plays complete games with bots and checks the engine's
contract at every step (OpenSpiel's random_sim_test, TAG's ForwardModelTester).

It is edition-generic: the money, stock and jail bounds come from the board's constants, and
where the edition keeps passports (`st.ext["marks"]`, wonders) the marks are checked too;
where it keeps resource chips and an island (`st.ext["res"]`, builder) the chips are conserved
(supply + hands + piles), the blocks of every player are counted and buildings only grow.
Cheap invariants (money, property, buildings, cards, jail, who acts, passports) run after
every step. With events on, every change of a seat's cash, a deed's owner, its mortgage or
its buildings must be named by an event of the action that made it (`check_named`): the
game log, replays and the views read events, not state differences.
Expensive ones (every legal action applied on a clone, clone independence, snapshot JSON
round trip, out-of-turn actions of other seats) run every `deep_every` steps. At the end
the record must replay to an equal state and the game must have ended within its cap.

`random_options` and `play_listed` sweep random valid options (every int option also at
the ends of its range): every listed action of random games is accepted by `is_legal` and
`apply_action`, and the RL observation encoder runs through them with a constant shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tycoon.api import (
    apply_action,
    chance_outcomes,
    clone,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
)
from tycoon.bots.base import Bot, make_bot
from tycoon.engine import events as ev
from tycoon.engine.actions import Action, Kind, action_text
from tycoon.engine.board import SquareKind
from tycoon.engine.errors import IllegalActionError
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE, TERMINAL
from tycoon.records.record import replay, to_record
from tycoon.records.snapshot import from_json, snapshot, to_json
from tycoon.rules import flow
from tycoon.sim.driver import step

HOTEL = 5


class InvariantError(AssertionError):
    """An invariant that does not hold; the message names the game, the step and the fact."""


@dataclass
class Stats:
    games: int = 0
    steps: int = 0
    deep_steps: int = 0
    clone_applies: int = 0
    out_of_turn_applies: int = 0
    named_checks: int = 0
    terminations: dict[str, int] = field(default_factory=dict)


STATS = Stats()


def _fail(where: str, msg: str) -> None:
    raise InvariantError(f"{where}: {msg}")


@dataclass(frozen=True)
class _BoardFacts:
    non_deeds: tuple[int, ...]
    non_streets: tuple[int, ...]
    deeds: tuple[int, ...]
    cards: tuple[int, ...]
    jail_cards: frozenset[int]
    street_mask: int
    jail_max: int
    """The largest jail counter: turns served (C-42) or failed attempts (W-66: the last
    failed attempt releases at once)."""


_FACTS: dict[str, _BoardFacts] = {}


def _facts(st: GameState) -> _BoardFacts:
    tag = st.edition.tag
    if tag not in _FACTS:
        b = st.edition.board
        kinds = (SquareKind.STREET, SquareKind.RAILWAY, SquareKind.UTILITY)
        cards = [b.card_code(d, i) for d, deck in enumerate(b.decks) for i in range(len(deck))]
        _FACTS[tag] = _BoardFacts(
            non_deeds=tuple(s for s in range(b.size) if b.kind[s] not in kinds),
            non_streets=tuple(s for s in range(b.size) if b.kind[s] != SquareKind.STREET),
            deeds=tuple(s for s in range(b.size) if b.kind[s] in kinds),
            cards=tuple(cards),
            jail_cards=frozenset(c for c in cards if b.card(c).kept),
            street_mask=sum(1 << s for s in range(b.size) if b.kind[s] == SquareKind.STREET),
            jail_max=b.constants.get("jail_skip_turns", b.constants.get("jail_attempts", 1) - 1),
        )
    return _FACTS[tag]


def check_state(st: GameState, where: str) -> None:
    """Facts that hold in every state: money, property, buildings, cards, jail, turn."""
    b = st.edition.board
    c = b.constants
    facts = _facts(st)
    n = st.n
    cash, alive, owner, level, mortgaged = st.cash, st.alive, st.owner, st.level, st.mortgaged
    if sum(cash) + st.bank != n * c["starting_cash"]:
        _fail(where, f"money not conserved: cash {cash} + bank {st.bank} != {n} * start")
    if min(cash) < 0:
        _fail(where, f"negative cash {cash}")
    if min(st.pos) < 0 or max(st.pos) >= b.size:
        _fail(where, f"a pawn is off the board: {st.pos}")
    if min(st.jail) < -1 or max(st.jail) > facts.jail_max:
        _fail(where, f"jail counters out of range: {st.jail}")
    for p in range(n):
        if not alive[p] and (cash[p] or st.jail[p] != -1):
            _fail(where, f"bankrupt seat {p} still has cash {cash[p]} or jail {st.jail[p]}")
    for s in facts.non_deeds:
        if owner[s] != -1 or mortgaged[s]:
            _fail(where, f"square {s} is not a deed but has an owner or a mortgage")
    for s in facts.non_streets:
        if level[s]:
            _fail(where, f"square {s} is not a street but has level {level[s]}")
    for s in facts.deeds:
        o = owner[s]
        if o < 0:
            if level[s] or mortgaged[s]:
                _fail(where, f"bank deed {s} has level {level[s]} or a mortgage")
        elif o >= n or not alive[o]:
            _fail(where, f"deed {s} is owned by seat {o}, not a seat in the game")
    houses = hotels = 0
    for s, lvl in enumerate(level):
        if not lvl:
            continue
        if not 0 < lvl <= HOTEL:
            _fail(where, f"square {s} has level {lvl}")
        if mortgaged[s]:
            _fail(where, f"mortgaged deed {s} has level {lvl}")
        if any(owner[g] != owner[s] for g in b.groups[b.group[s]]):
            _fail(where, f"street {s} has buildings but its owner lacks the whole country")
        if lvl == HOTEL:
            hotels += 1
        else:
            houses += lvl
    if st.houses_left + houses != c["houses_in_bank"] or st.houses_left < 0:
        _fail(where, f"houses: {st.houses_left} left + {houses} on board != {c['houses_in_bank']}")
    if st.hotels_left + hotels != c["hotels_in_bank"] or st.hotels_left < 0:
        _fail(where, f"hotels: {st.hotels_left} left + {hotels} on board != {c['hotels_in_bank']}")
    if "marks" in st.ext:
        check_passports(st, where)
    if st.edition.id == "metropol":
        check_city(st, where)
    all_cards: list[int] = [card for deck in st.decks for card in deck]
    all_cards.extend(st.card_holder)
    if len(all_cards) != len(facts.cards) or sorted(all_cards) != list(facts.cards):
        _fail(where, f"cards lost or duplicated: {sorted(all_cards)}")
    for card, holder in st.card_holder.items():
        if not 0 <= holder < n or not alive[holder]:
            _fail(where, f"card {card} is held by seat {holder}")
        if card not in facts.jail_cards:
            _fail(where, f"card {card} is held but is not a card one keeps")
    for o, payer, amount, _turn in st.claims:
        if not (alive[o] and alive[payer]) or o == payer or amount < 0:
            _fail(where, f"bad claim {(o, payer, amount)}")
    limit = st.options.turn_limit
    if limit and st.rounds > limit:
        _fail(where, f"rounds {st.rounds} beyond the turn limit {limit}")
    cur = st.current_player
    kept = not st.edition.mechanics.last_player_wins  # bankrupt players stay (builder B-61)
    if st.termination:
        if cur != TERMINAL or st.stack or not st.winners:
            _fail(where, "terminal state with a stack, no winners or a current player")
        if not kept and any(not alive[w] for w in st.winners):
            _fail(where, f"a bankrupt seat among the winners {st.winners}")
    elif not (cur == CHANCE or (0 <= cur < n and alive[cur])):
        _fail(where, f"current player {cur} is not chance or a seat in the game")
    if not any(alive) and not (kept and st.termination):
        _fail(where, "nobody is left")
    if "res" in st.ext:
        check_builder(st, where)


def check_builder(st: GameState, where: str) -> None:
    """Builder (B-6, B-14, B-23, B-45 to B-48, B-61, B-66): every chip type's total (supply +
    hands + piles) is constant, no count is negative, a bankrupt holds nothing, blocks left
    plus blocks placed is 12 per player, buildings stand only on foundation cells, at most
    one penthouse, which ends the game."""
    ext = st.ext
    d = st.edition.data  # type: ignore[attr-defined]
    n = st.n
    res, supply, pile = ext["res"], ext["supply"], ext["pile"]
    unlimited = bool(getattr(st.options, "unlimited_resources", False))
    for t in range(4):
        total = supply[t] + sum(res[t::4]) + sum(pile[t::4])
        if total != d.supply_per_type:
            _fail(where, f"chips of type {t} not conserved: {total} != {d.supply_per_type}")
        if supply[t] < 0 and not unlimited:
            _fail(where, f"supply of type {t} is negative: {supply[t]}")
    if min(res) < 0 or min(pile) < 0:
        _fail(where, f"a negative chip count: hands {res}, piles {pile}")
    for p in range(n):
        if not st.alive[p] and any(res[p * 4 : p * 4 + 4]):
            _fail(where, f"bankrupt seat {p} still holds chips")
    owner, height, blocks = ext["cell_owner"], ext["height"], ext["blocks"]
    cells = set(d.cells)
    placed = [0] * n
    penthouses = 0
    for c, (o, h) in enumerate(zip(owner, height, strict=True)):
        if (o < 0) != (h == 0) or not 0 <= h <= 5 or o >= n:
            _fail(where, f"cell {c} has owner {o} and height {h}")
        if o >= 0:
            if c not in cells:
                _fail(where, f"a building on water cell {c}")
            placed[o] += min(h, 4)
            penthouses += h == 5
    for p in range(n):
        if blocks[p] < 0 or blocks[p] + placed[p] != d.blocks:
            _fail(where, f"seat {p}: {blocks[p]} blocks left + {placed[p]} placed != {d.blocks}")
    if penthouses > 1:
        _fail(where, f"{penthouses} penthouses")
    if penthouses and st.termination != "penthouse":
        _fail(where, f"the penthouse is placed but the game ended by '{st.termination}'")
    if st.termination == "penthouse" and not penthouses:
        _fail(where, "the game ended by the penthouse but none is placed")


def check_buildings_kept(before: tuple[list[int], list[int]], st: GameState, where: str) -> None:
    """B-48: a placed block is never moved or removed; buildings only grow."""
    owners, heights = before
    for c, (o, h) in enumerate(zip(owners, heights, strict=True)):
        if o >= 0 and (st.ext["cell_owner"][c] != o or st.ext["height"][c] < h):
            _fail(where, f"the building on cell {c} lost blocks or changed hands")


def check_city(st: GameState, where: str) -> None:
    """Metropol's city (M-10, M-45, M-51 to M-53, M-65, M-67): block conservation (at most
    the supply placed, never more than 80), the height caps, one skyscraper per area
    numbered in order and as tall as its number + 1, the final phase iff the supply is
    empty, and departed players not bankrupt."""
    from tycoon.editions.metropol import city

    height, roof, c = st.ext["height"], st.ext["roof"], st.ext["city"]
    total = st.options.blocks_total  # type: ignore[attr-defined]
    placed = sum(height)
    if placed + c[city.SUPPLY] != total or not 0 <= placed <= min(total, 80):
        _fail(where, f"blocks not conserved: {placed} placed + {c[city.SUPPLY]} != {total}")
    if bool(c[city.FINAL]) != (c[city.SUPPLY] == 0):
        _fail(where, f"final phase {c[city.FINAL]} with {c[city.SUPPLY]} blocks left")
    k = c[city.SKY]
    numbers = sorted(r for r in roof if r)
    if numbers != list(range(1, k + 1)):
        _fail(where, f"skyscraper numbers {numbers} with k = {k}")
    for b, r in enumerate(roof):
        if r and height[b] != r + 1:
            _fail(where, f"skyscraper {r} on block {b} has {height[b]} floors")
    for a, blocks in enumerate(city.AREA_BLOCKS):
        roofs = [b for b in blocks if roof[b]]
        if len(roofs) > 1:
            _fail(where, f"area {a} has {len(roofs)} skyscrapers")
        top = height[roofs[0]] if roofs else k + 1
        if any(height[b] > top for b in blocks):
            _fail(where, f"area {a} breaks its height cap {top}: {[height[b] for b in blocks]}")
    if max(height) > 5 or min(height) < 0:
        _fail(where, f"heights out of range {height}")
    for p, gone in enumerate(st.ext["left"]):
        if gone and not st.alive[p]:
            _fail(where, f"seat {p} both departed and bankrupt")


def check_passports(st: GameState, where: str) -> None:
    """Passports (W-13 to W-21, W-92): one mask per seat, marks only on wonders (streets), at
    most all of them; a complete passport ends the game (COMPLETED) and only it does."""
    marks = st.ext["marks"]
    c = st.edition.board.constants
    street_mask = _facts(st).street_mask
    if len(marks) != st.n:
        _fail(where, f"{len(marks)} passports for {st.n} seats")
    full = c["wonders_to_complete"]
    complete = False
    for p, m in enumerate(marks):
        if m < 0 or m & ~street_mask:
            _fail(where, f"seat {p} has marks off the wonders: {m:#x}")
        count = m.bit_count()
        if count > full:
            _fail(where, f"seat {p} has {count} marks, more than {full}")
        complete = complete or count == full
    if st.termination == "completed" and not complete:
        _fail(where, "the game ended by completion but no passport is complete")
    if st.termination and complete and st.termination != "completed":
        _fail(where, f"a passport is complete but the game ended by {st.termination}")


def check_marks_kept(before: list[int], st: GameState, where: str) -> None:
    """A mark is never lost: each seat's new mask holds its old one."""
    for p, (old, new) in enumerate(zip(before, st.ext["marks"], strict=True)):
        if old & ~new:
            _fail(where, f"seat {p} lost passport marks {old & ~new:#x}")


_PARSED: dict[str, Action] = {}
_TEXTS: dict[Action, str] = {}
_CACHE_LIMIT = 200_000


def _text(a: Action) -> str:
    """`action_text`, cached (an action's text depends on nothing else)."""
    t = _TEXTS.get(a)
    if t is None:
        if len(_TEXTS) >= _CACHE_LIMIT:
            _TEXTS.clear()
            _PARSED.clear()
        t = _TEXTS[a] = action_text(a)
    return t


def check_legal_list(
    st: GameState, seat: int | None, acts: list[Action], where: str, full: bool = True
) -> None:
    """Sorted, unique text forms, each parses back to itself (text forms and parsing do not
    depend on the state, so each is computed once per process); with `full`, each is_legal."""
    if acts != sorted(acts):
        _fail(where, f"legal actions of seat {seat} not sorted: {acts}")
    texts = [_text(a) for a in acts]
    if len(set(texts)) != len(texts):
        _fail(where, f"duplicate text forms among legal actions: {texts}")
    for a, t in zip(acts, texts, strict=True):
        back = _PARSED.get(t)
        if back is None:
            back = _PARSED[t] = parse_action(st, t)
        if back != a:
            _fail(where, f"'{t}' parses to {back!r}, not {a!r}")
        if full and not is_legal(st, a, seat):
            _fail(where, f"listed action '{t}' of seat {seat} is not is_legal")


def _sample(rng: Rng, items: list[Action], k: int) -> list[Action]:
    if len(items) <= k:
        return items
    pool = items[:]
    rng.shuffle(pool)
    return pool[:k]


_PROBES = (
    Action(Kind.ROLL),
    Action(Kind.BUY),
    Action(Kind.END_TURN),
    Action(Kind.ACCEPT),
    Action(Kind.BANKRUPT),
    Action(Kind.PAY),
    Action(Kind.SERVE),
    Action(Kind.USE_CARD),
    Action(Kind.BUILD, 39),
    Action(Kind.MORTGAGE, 1),
    Action(Kind.CLAIM, 0),
    Action(Kind.BID, 3),
    Action(Kind.PAY_FINE),
    Action(Kind.MARK, 1),
)


def check_deep(st: GameState, rng: Rng, where: str, sample: int = 8) -> None:
    """Clone equality and independence, every (sampled) legal action applies on a clone,
    out-of-turn actions of the other seats apply, illegal actions change nothing, and the
    snapshot JSON round trip."""
    STATS.deep_steps += 1
    before = snapshot(st)
    hist = len(st.history)
    cur = st.current_player
    c = clone(st)
    if c != st:
        _fail(where, "clone differs from the original")
    if cur == CHANCE:
        outs = chance_outcomes(st)
        want = 6 ** flow.dice_count(st)
        if len(outs) != want or abs(sum(p for _, p in outs) - 1.0) > 1e-9:
            _fail(where, "chance outcomes are not 36 (or 216) outcomes summing to 1")
        if [a for a, _ in outs] != legal_actions(st):
            _fail(where, "chance outcomes differ from the legal actions at a chance node")
    acts = legal_actions(st)
    if cur >= 0:
        check_legal_list(st, cur, acts, where)
    for a in _sample(rng, acts, sample):
        c = clone(st)
        apply_action(c, a, cur)
        STATS.clone_applies += 1
        check_state(c, f"{where} after '{a}' on a clone")
    if cur >= 0:
        for seat in range(st.n):
            if seat == cur:
                continue
            other = legal_actions(st, seat)
            if other and not st.alive[seat]:
                _fail(where, f"bankrupt seat {seat} is offered {other}")
            check_legal_list(st, seat, other, f"{where} (out of turn, seat {seat})")
            for a in _sample(rng, other, 2):
                c = clone(st)
                apply_action(c, a, seat)
                STATS.out_of_turn_applies += 1
                check_state(c, f"{where} after out-of-turn '{a}' of seat {seat} on a clone")
        for probe in _PROBES:
            if is_legal(st, probe, cur):
                continue
            try:
                apply_action(st, probe, cur)
            except IllegalActionError:
                pass
            else:
                _fail(where, f"illegal probe '{probe}' was applied")
    if snapshot(st) != before or len(st.history) != hist:
        _fail(where, "the original changed while its clones were played")
    back = from_json(to_json(st))
    if back != st:
        _fail(where, "snapshot JSON round trip differs")
    if cur >= 0 and legal_actions(back) != acts:
        _fail(where, "a state rebuilt from its snapshot has other legal actions")


CASH_EVENTS = frozenset(
    {ev.PASSED_START, ev.BOUGHT, ev.AUCTION_WON, ev.RENT_PAID, ev.PAID, ev.COLLECTED}
    | {ev.BUILT, ev.SOLD_BUILDING, ev.MORTGAGED, ev.UNMORTGAGED, ev.ACCEPTED}
    | {"vetoed", "cashed"}
)
"""Events that name a change of cash: the seat (`seat` or `other`) whose cash changed."""
OWNER_EVENTS = frozenset({ev.BOUGHT, ev.AUCTION_WON, ev.TRANSFERRED, "vetoed"})
"""Events that name a change of a deed's owner (the deed is `square`)."""
MORTGAGE_EVENTS = frozenset({ev.MORTGAGED, ev.UNMORTGAGED, ev.TRANSFERRED})
LEVEL_EVENTS = frozenset({ev.BUILT, ev.SOLD_BUILDING})


CASH_DETAILS = frozenset({("placed", "paid")})
"""(kind, detail) of other events that name a payment (metropol M-46: a block paid for)."""


def _seats_named(events: Sequence[ev.Event], kinds: frozenset[str]) -> set[int]:
    out: set[int] = set()
    for e in events:
        if e.kind in kinds or (e.kind, e.detail) in CASH_DETAILS:
            out.add(e.seat)
            out.add(e.other)
    return out


def _squares_named(events: Sequence[ev.Event], kinds: frozenset[str]) -> set[int]:
    return {e.square for e in events if e.kind in kinds}


def check_named(
    before: tuple[list[int], list[int], list[bool], list[int]],
    st: GameState,
    events: Sequence[ev.Event],
    where: str,
) -> None:
    """Every change of cash, owner, mortgage or buildings since `before` is named by one of
    `events` (the events of the one action that made it)."""
    cash, owner, mortgaged, level = before
    if cash != st.cash:
        named = _seats_named(events, CASH_EVENTS)
        for p, (old, new) in enumerate(zip(cash, st.cash, strict=True)):
            if old != new and p not in named:
                _fail(where, f"seat {p}'s cash {old} -> {new} is named by no event: {events}")
    for what, old_list, new_list, kinds in (
        ("owner", owner, st.owner, OWNER_EVENTS),
        ("mortgage", mortgaged, st.mortgaged, MORTGAGE_EVENTS),
        ("buildings", level, st.level, LEVEL_EVENTS),
    ):
        if old_list == new_list:
            continue
        squares = _squares_named(events, kinds)
        for s, (old, new) in enumerate(zip(old_list, new_list, strict=True)):
            if old != new and s not in squares:
                _fail(where, f"square {s}'s {what} {old} -> {new} is named by no event: {events}")


class _NamedCheck:
    """`check_named` after every action of a game with events on, one by one (so the
    out-of-turn actions of a response window are checked each on its own). It watches the
    game from outside, as compiled code cannot be patched: each answer of a bot (`watch`
    wraps them) is checked when the next bot is asked or the step ends (`settle`), and a
    chance outcome around its step (`expect` before it)."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.checked = 0
        self.pending: tuple[GameState, tuple[list[int], ...], int, str] | None = None

    def expect(self, st: GameState, what: str) -> None:
        """The next change of `st` is `what`: remember the state it starts from."""
        self.settle()
        log = st.events
        if log is not None:
            before = (st.cash[:], st.owner[:], st.mortgaged[:], st.level[:])
            self.pending = (st, before, len(log), what)

    def settle(self) -> None:
        """Check the change since `expect` against the events it logged."""
        if self.pending is None:
            return
        st, before, start, what = self.pending
        self.pending = None
        assert st.events is not None
        self.checked += 1
        check_named(before, st, st.events[start:], f"{self.tag} history {len(st.history)} {what}")

    def watch(self, bot: Bot) -> Bot:
        return _Watched(bot, self)


class _Watched:
    """A bot whose every answer `_NamedCheck` checks once it is applied."""

    def __init__(self, bot: Bot, named: _NamedCheck) -> None:
        self.bot, self.named, self.name = bot, named, bot.name

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        self.named.settle()
        a = self.bot.choose(st, seat, legal)
        self.named.expect(st, f"'{action_text(a)}' of seat {seat}")
        return a

    def respond(self, st: GameState, seat: int) -> Action | None:
        self.named.settle()
        a = self.bot.respond(st, seat)
        if a is not None:
            self.named.expect(st, f"'{action_text(a)}' of seat {seat} out of turn")
        return a


def make_bots(kinds: Sequence[str], seed: int) -> list[Bot]:
    return [make_bot(k, seed * 101 + i) for i, k in enumerate(kinds)]


def play_checked(
    kinds: Sequence[str],
    seed: int,
    turn_limit: int = 200,
    deep_every: int = 1,
    json_every: int = 50,
    events: bool = False,
    options: dict[str, object] | None = None,
    edition: str = "classic",
) -> GameState:
    """Play one game with bots of `kinds` (one per seat) checking invariants at each step.

    Cheap checks every step; `check_deep` every `deep_every` steps (1 = every step) and at
    least every `json_every` steps; with `events`, `check_named` after every action; at the
    end the record round trip and the cap.
    """
    n = len(kinds)
    opts: dict[str, object] = {"turn_limit": turn_limit, **(options or {})}
    st = new_game(edition, n, seed, opts, events=events)
    bots = make_bots(kinds, seed)
    rng = Rng(seed ^ 0x5EED)
    tag = f"{edition} game {list(kinds)} seed {seed}"
    cap = turn_limit * n * 400 + 10_000
    named = _NamedCheck(tag)
    _play_loop(st, [named.watch(b) for b in bots], rng, tag, cap, deep_every, json_every, named)
    if events and not named.checked:
        _fail(tag, "no action was checked for its events")
    STATS.named_checks += named.checked
    if legal_actions(st) or any(legal_actions(st, p) for p in range(n)):
        _fail(tag, "legal actions at a terminal state")
    # bankruptcies (or a builder's end on the island) may end round 0
    first = 0 if st.termination in ("last_player", "penthouse", "no_penthouse") else 1
    if not first <= st.rounds <= turn_limit and turn_limit:
        _fail(tag, f"ended after {st.rounds} rounds, cap {turn_limit}")
    again = replay(to_record(st))
    if again != st:
        _fail(tag, "replay of the record differs from the final state")
    if from_json(to_json(st)) != st:
        _fail(tag, "final snapshot JSON round trip differs")
    STATS.games += 1
    STATS.terminations[st.termination] = STATS.terminations.get(st.termination, 0) + 1
    return st


def _play_loop(
    st: GameState,
    bots: list[Bot],
    rng: Rng,
    tag: str,
    cap: int,
    deep_every: int,
    json_every: int,
    named: _NamedCheck,
) -> None:
    passports = "marks" in st.ext
    builder = "res" in st.ext
    steps = 0
    while not st.termination:
        where = f"{tag} step {steps} (history {len(st.history)})"
        cur = st.current_player
        if cur >= 0:
            acts = legal_actions(st)
            if not acts:
                _fail(where, f"no legal action for current seat {cur}")
            check_legal_list(st, cur, acts, where, full=False)
        elif cur == CHANCE and legal_actions(st) != list(flow.dice_outcomes(st)):
            _fail(where, "legal actions at a chance node are not the dice outcomes")
        if steps % deep_every == 0 or steps % json_every == 0:
            check_deep(st, rng, where)
        marks = st.ext["marks"][:] if passports else None
        grid = (st.ext["cell_owner"][:], st.ext["height"][:]) if builder else None
        if cur == CHANCE:
            named.expect(st, "a chance outcome")
        step(st, bots)
        named.settle()
        steps += 1
        STATS.steps += 1
        check_state(st, f"{tag} after step {steps}")
        if marks is not None:
            check_marks_kept(marks, st, f"{tag} after step {steps}")
        if grid is not None:
            check_buildings_kept(grid, st, f"{tag} after step {steps}")
        if steps > cap:
            _fail(tag, f"not over after {steps} steps (rounds {st.rounds})")


# --- random valid options: every listed action is accepted ------------------------------------


def str_choices(opts_type: type, name: str) -> tuple[str, ...]:
    """The values of a str option the sweep draws from: its declared `choices` (field
    metadata, as the lobby offers them); for a list of distinct choices (`multiple`, builder's
    tokens) none, two of them and all of them in reverse order."""
    import dataclasses

    meta = {f.name: f.metadata for f in dataclasses.fields(opts_type)}[name]
    choices = tuple(meta["choices"])
    if meta.get("multiple"):
        return ("", ",".join(choices[2:]), ",".join(reversed(choices)))
    return choices


def _draw_int(rng: Rng, lo: int, hi: int) -> int:
    """Either end of the range, a value just above the low end (a tiny starting cash), or a
    value of a random number of digits."""
    k = rng.below(4)
    if k == 0:
        return lo
    if k == 1:
        return hi
    if k == 2:
        return min(hi, lo + rng.below(50))
    return min(hi, max(lo, rng.below(10 ** (1 + rng.below(len(str(hi)))))))


def random_options(
    edition: str, rng: Rng, fixed: dict[str, object] | None = None
) -> tuple[int, dict[str, object]]:
    """A player count and random options of `edition` that the edition accepts (drawn again
    until `new_game` accepts them), with the `fixed` ones kept as given."""
    from tycoon.editions.registry import find_edition
    from tycoon.engine.errors import OptionError

    opts_type = find_edition(edition).options_type
    ranges = opts_type.ranges()
    for _ in range(200):
        opts: dict[str, object] = {}
        for name, typ, _default, _doc in opts_type.describe():
            if name == "auto_claim_rent" and edition == "metropol":
                continue  # fixed to true (M-31)
            if typ == "bool":
                opts[name] = rng.below(2) == 1
            elif typ == "int":
                opts[name] = _draw_int(rng, *ranges[name])
            else:
                choices = str_choices(opts_type, name)
                opts[name] = choices[rng.below(len(choices))]
        opts.update(fixed or {})
        ed = find_edition(edition)
        try:
            lo, hi = ed.player_range(opts_type.parse(opts))
            n = lo + rng.below(hi - lo + 1)
            new_game(edition, n, 0, opts, events=False)
        except OptionError:
            continue
        return n, opts
    raise AssertionError(f"no valid {edition} options with {fixed} in 200 draws")


def play_listed(edition: str, n: int, options: dict[str, object], seed: int, steps: int) -> int:
    """Play up to `steps` random listed actions of a game, checking that every action listed
    for the seat to act (and, every fifth step, for every other seat) is `is_legal` and is
    accepted by `apply_action` on a clone, the state facts after each step, and the RL
    observation of every decision (its shape never changes; an encoder built at the end has
    the same size). Returns the decisions played."""
    from tycoon.api import sample_chance
    from tycoon.rl.game import codec_for
    from tycoon.rl.observation import Encoder

    st = new_game(edition, n, seed, options, events=False)
    codec = codec_for(st.edition)
    enc = Encoder(codec, st)
    size = enc.size
    rng = Rng(seed ^ 0x0971)
    tag = f"{edition} {n} players seed {seed} options {options}"
    played = 0
    for k in range(steps):
        if st.termination:
            break
        cur = st.current_player
        where = f"{tag} step {k} (history {len(st.history)})"
        if cur == CHANCE:
            apply_action(st, sample_chance(st))
            check_state(st, where)
            continue
        mine: list[Action] = []
        for seat in [cur, *(p for p in range(st.n) if p != cur and k % 5 == 0)]:
            acts = legal_actions(st, seat)
            if seat == cur:
                mine = acts
            for a in acts:
                if not is_legal(st, a, seat):
                    _fail(where, f"listed action '{a}' of seat {seat} is not is_legal")
                try:
                    apply_action(clone(st), a, seat)
                except IllegalActionError as e:
                    _fail(where, f"listed action '{a}' of seat {seat} is refused: {e}")
            obs = enc.encode(st, seat, seat != cur, 100)
            if obs.shape != (size,):
                _fail(where, f"observation of shape {obs.shape}, not ({size},)")
        if not mine:
            _fail(where, f"no legal action for current seat {cur}")
        apply_action(st, mine[rng.below(len(mine))])
        played += 1
        check_state(st, where)
    late = Encoder(codec, st)
    if late.size != size:
        _fail(tag, f"an encoder built at step {len(st.history)} has {late.size} values, not {size}")
    late.encode(st, 0, False, 100)
    return played
