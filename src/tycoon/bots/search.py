"""The `strong` bot: determinised Monte Carlo search over the engine's own API.

At each decision with more than one legal action it picks a few candidates (the `basic`
bot's own choice first, then a spread of the other listed actions, so an amount-carrying
decision is searched over a few listed amounts, and the offers `basic` prices but the listing
does not hold, `HeuristicBot.deals`: builder's chip purchases, classic's deed sales at the
most a `basic` buyer pays) and plays rounds until its budget is spent.
Each round samples one *world* from the public information -- every deck re-shuffled from
its sorted contents and a fresh dice generator, both drawn from the bot's own seeded
generator, so the real deck order and the game's generator are never read -- and plays every
candidate in that same world (common random numbers): `clone`, `apply_action`, then `basic`
bots for every seat for a short horizon (the edition's `search_horizon_rounds`: two rounds,
builder's one), with the dice drawn by the world's generator at each chance node (`chance
outcomes` of the engine). The leaf value is 1/k for a winner among k at a terminal state,
else the seat's share of the edition's own scores (`Edition.scores`: net worth, builder
points, metropol ranking values); where the scores are money, each seat's score first gains
`FLOW_ROUNDS` rounds of its expected net rent at the leaf's rents, so a house, a group or a
trade counts for what it will earn and not only for what it cost; where they are points, the
edition's `outlook` (builder: the chips in hand and to come, 1.5 points each). After
every round, candidates clearly behind the best are dropped (successive halving). The bot
keeps the `basic` choice unless the best candidate is ahead of it in the paired worlds by
more than a margin on average and by a number of standard errors (at least 3 worlds; the
edition's `search_departure`: 0.02 and two standard errors, builder 0.01 and one): with a
small budget it plays as `basic` does rather than follow noise. In one player-turn it
departs from the `basic` choice at most `MAX_DEPARTURES` times, and never twice to the same
action from the same state.

It never re-implements a rule: every move goes through `legal_actions` and `apply_action`.
Budget: `rounds` per decision (reproducible) and a wall-clock cap in milliseconds (`ms`,
default 1000) on the whole decision, read inside the rollouts too, so a long rollout cannot
overrun it (when the cap cuts a search short the game depends on the machine's speed).
Response windows (out-of-turn claims and the like) are answered as `basic` does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from tycoon.api import clone, is_legal
from tycoon.bots.bot import claims_only, play_until
from tycoon.bots.heuristic import HeuristicBot
from tycoon.bots.valuation import rent_flow
from tycoon.engine.actions import Action
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState, snapshot
from tycoon.rules import flow

DEFAULT_ROUNDS = 8
"""Worlds sampled per decision (each one plays every remaining candidate)."""
DEFAULT_MS = 1000
"""Wall-clock cap per decision in milliseconds."""
CANDIDATES = 5
"""Candidate actions per decision at most (the `basic` choice among them)."""
FLOW_ROUNDS = 30
"""Rounds of expected net rent a leaf adds to money scores (`leaf_value`)."""
DEALS = 2
"""Offers at the `basic` bot's own prices (`HeuristicBot.deals`: builder's chip purchases,
classic's deed sales) tried beside the listed candidates, at most."""
MAX_ROLLOUT_ACTIONS = 3000
"""Safety cap on the actions of one rollout."""
CLOCK_EVERY = 16
"""A rollout reads the clock every this many actions (and stops at the deadline)."""
MAX_DEPARTURES = 8
"""Departures from the `basic` choice per player-turn at most. The bot also never departs
twice to the same action from the same state in one turn, so its noisy search cannot cycle
(mortgage a deed, redeem it as `basic` does, mortgage it again...) and every turn ends as
`basic`'s would."""


def determinise(st: GameState, rng: Rng) -> GameState:
    """A copy of `st` with hidden information replaced by a sample from `rng`: every deck is
    its sorted contents shuffled (the order is hidden, its contents are not), and the dice
    come from a new generator. The result does not depend on the real order or generator."""
    w = clone(st)
    decks = []
    for d in w.decks:
        cards = sorted(d)
        rng.shuffle(cards)
        decks.append(cards)
    w.decks = decks
    w.rng = Rng(rng.next_u64())
    return w


def leaf_value(st: GameState, seat: int, flow_rounds: int = FLOW_ROUNDS) -> float:
    """1/k for one of k winners at the end (0 for a loser), else the seat's share of the
    positive scores (`Edition.scores`); where scores are money, each live seat's score
    first gains `flow_rounds` rounds of its expected net rent (`rent_flow`): what a house,
    a group or a trade earns after the rollout's short horizon. Where they are points, it
    gains the edition's `outlook` instead (builder: chips in hand and to come). With
    `flow_rounds` 0, the scores alone."""
    if st.termination:
        won = st.winners
        return 1.0 / len(won) if seat in won else 0.0
    ed = st.edition
    scores: list[float] = list(ed.scores(st))
    if flow_rounds and ed.score_is_money:
        flow = rent_flow(st)
        scores = [x + flow_rounds * f for x, f in zip(scores, flow, strict=True)]
    elif flow_rounds and (more := ed.outlook(st)) is not None:
        scores = [x + y for x, y in zip(scores, more, strict=True)]
    total = sum(max(0.0, x) for x in scores)
    if total <= 0:
        return 1.0 / st.n
    return max(0.0, scores[seat]) / total


def ahead(xs: list[float], base: list[float], margin: float, errors: float = 2.0) -> bool:
    """Is `xs` ahead of `base` (values of the same worlds, paired) by more than `margin` on
    average and by `errors` standard errors of the paired differences (at least 3 pairs)?"""
    d = [x - b for x, b in zip(xs, base, strict=False)]
    n = len(d)
    if n < 3:
        return False
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean > margin and mean * mean * n > errors * errors * var


def candidates(legal: Sequence[Action], first: Action, k: int) -> list[Action]:
    """`first` (the basic choice) and up to k-1 other listed actions, spread over the list
    (one of each kind first, then evenly spaced: a few amounts of a bid or a price)."""
    out = [first]
    seen_kinds = {first.kind}
    for a in legal:
        if len(out) >= k:
            return out
        if a.kind not in seen_kinds:
            seen_kinds.add(a.kind)
            out.append(a)
    n = len(legal)
    if n and len(out) < k:
        stride = max(1, n // (k - len(out) + 1))
        for i in range(stride // 2, n, stride):
            a = legal[i]
            if a not in out:
                out.append(a)
                if len(out) >= k:
                    break
    return out


class SearchBot:
    """Determinised Monte Carlo search with `basic` rollouts (see the module doc)."""

    name = "strong"
    thinks = True
    """It searches for up to `ms` per decision: a server runs it off its event loop."""

    def __init__(
        self,
        seed: int,
        rounds: int = DEFAULT_ROUNDS,
        ms: int = DEFAULT_MS,
        candidates: int = CANDIDATES,
        horizon_rounds: int | None = None,
        margin: float | None = None,
        flow_rounds: int = FLOW_ROUNDS,
        errors: float | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.rounds = rounds
        self.ms = ms
        self.k = candidates
        self.horizon_rounds = horizon_rounds
        """Rounds (player-turns times players) a rollout plays before the leaf is valued;
        None: the edition's `search_horizon_rounds`."""
        self.margin = margin
        """How far the best candidate must lead the `basic` choice on average; None: the
        edition's `search_departure`."""
        self.errors = errors
        """By how many standard errors of the paired differences it must lead; None: the
        edition's `search_departure`."""
        self.flow_rounds = flow_rounds
        self.basic = HeuristicBot(seed)
        self._policy = [HeuristicBot(seed + p + 1) for p in range(6)]
        self.searched = 0
        """Decisions searched (more than one legal action) so far."""
        self.last: tuple[list[Action], list[float], int] = ([], [], 0)
        """The last search: candidates, summed leaf values, rounds played."""
        self.departed: tuple[int, set[tuple[str, Action]]] = (-1, set())
        """(turn, the states and actions of this turn's departures from `basic`)."""

    @classmethod
    def from_budget(cls, seed: int, text: str) -> SearchBot:
        """`50` (or `50ms`): a 50 ms cap and no round limit; `20i`: 20 rounds, 1 s cap."""
        t = text.strip().lower()
        try:
            if t.endswith("i"):
                return cls(seed, rounds=int(t[:-1]))
            return cls(seed, rounds=1_000_000, ms=int(t.removesuffix("ms")))
        except ValueError:
            raise ValueError(f"bad search budget '{text}': write e.g. 50 (ms) or 20i") from None

    def respond(self, st: GameState, seat: int) -> Action | None:
        return self.basic.respond(st, seat)

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        deadline = time.perf_counter() + self.ms / 1000.0
        first = self.basic.choose(st, seat, legal)
        if len(legal) <= 1:
            return first
        turn, departed = self.departed
        if turn != st.turn:
            departed = set()
            self.departed = (st.turn, departed)
        if len(departed) >= MAX_DEPARTURES:
            return first
        here = json.dumps(snapshot(st))
        listed = candidates(legal, first, self.k)
        listed += [a for a in self.basic.deals(st, seat)[:DEALS] if is_legal(st, a, seat)]
        cands = [a for a in listed if a == first or (here, a) not in departed]
        if len(cands) <= 1:
            return first
        self.searched += 1
        totals = [0.0] * len(cands)
        rows: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        played = 0
        pending: list[tuple[list[int], list[GameState]]] = []  # worlds not yet valued

        def value_pending() -> None:
            """Value the pending worlds' leaves, all in one `leaf_values` call."""
            values = self.leaf_values([w for _, ws in pending for w in ws], seat)
            j = 0
            for ids, _ in pending:
                for i in ids:
                    totals[i] += values[j]
                    rows[i].append(values[j])
                    j += 1
            pending.clear()

        for _ in range(self.rounds):
            world = determinise(st, self.rng)
            leaves = []
            for i in alive:
                w = self._rollout(world, seat, cands[i], deadline)
                if w is None:
                    break
                leaves.append(w)
                if time.perf_counter() >= deadline:
                    break  # a round cut short is dropped (the candidates share worlds)
            if len(leaves) < len(alive):
                break
            pending.append((list(alive), leaves))
            played += 1
            if time.perf_counter() >= deadline:
                break
            if played >= 4 and len(alive) > 2:  # successive halving
                value_pending()
                alive.sort(key=lambda i: -totals[i])
                keep = max(2, (len(alive) + 1) // 2)
                alive = sorted(set(alive[:keep]) | {0})
        if pending:
            value_pending()
        self.last = (cands, totals, played)
        best = max(alive, key=lambda i: (totals[i], -i))
        margin, errors = st.edition.search_departure
        if self.margin is not None:
            margin = self.margin
        if self.errors is not None:
            errors = self.errors
        if best != 0 and ahead(rows[best][-len(rows[0]) :], rows[0], margin, errors):
            departed.add((here, cands[best]))
            return cands[best]
        return first

    def _rollout(self, world: GameState, seat: int, a: Action, deadline: float) -> GameState | None:
        """The leaf state of `a` played in `world`; None if the clock passed `deadline` first
        (it is read every `CLOCK_EVERY` actions, so a long rollout cannot overrun the cap)."""
        w = clone(world)
        w.rng = world.rng.copy()
        flow.apply_action(w, a, seat)
        bots = self._policy[: w.n]
        rounds = self.horizon_rounds
        if rounds is None:
            rounds = w.edition.search_horizon_rounds
        stop = w.turn + rounds * w.n
        only_claims = claims_only(bots)
        clock = time.perf_counter  # this module's clock (a test moves it)
        if not play_until(
            w, bots, stop, MAX_ROLLOUT_ACTIONS, deadline, CLOCK_EVERY, only_claims, clock
        ):
            return None
        return w

    def leaf_values(self, leaves: list[GameState], seat: int) -> list[float]:
        """The values for `seat` of leaf states (the candidates' in one or more worlds):
        `leaf_value` (the learned bot values them with its trained network, in one product)."""
        return [leaf_value(w, seat, self.flow_rounds) for w in leaves]


__all__ = [
    "MAX_DEPARTURES",
    "SearchBot",
    "ahead",
    "candidates",
    "determinise",
    "leaf_value",
    "rent_flow",
]
