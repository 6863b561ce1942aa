"""Exact landing chains built by the engine itself.

A chain state is a *checkpoint*: a dice chance node of the observed seat. Those of purpose
ROLL_FIRST or ROLL_JAIL are its movement rolls (one "roll" each); the others (the second
roll of a classic double, C-16, which is part of the same move; a utility's rent roll;
metropol's Highway exit roll, M-20) are steps inside a roll. A key is the pawn's square,
its jail counter, the frame stack (the doubles so far ride on the dice frame, W-25) and,
inside a roll, whether the roll is still unfinished.

A transition is computed by applying every dice outcome to a clone of the checkpoint's
state and letting the engine carry it out; a card draw is branched over every card of the
deck, each 1/n (the cards are read from the edition's data; a drawn card is independent of
earlier draws);
movement decisions follow the `MovePolicy`, every other decision a movement-neutral
answer (decline to buy, pass in auctions, pay, end the turn). At the end of the pawn's
turn the engine starts its next turn at once (`flow.start_turn`): the other seats never
move. Every player has ample cash, so no choice is forced by money, and the board is
unowned except that metropol's bridges belong to another seat (so each visit offers the
crossing, M-38, as soon as the bridges have owners in a real game).

So the only movement logic here is the definition of a checkpoint; every rule (doubles,
jail, cards, Start, Highway, crossings, triples) is the engine's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tycoon.api import clone, new_game
from tycoon.bots.policy import NEUTRAL_ORDER, MovePolicy, neutral_choice
from tycoon.editions.base import Edition
from tycoon.editions.registry import find_edition
from tycoon.engine import events as ev
from tycoon.engine import frames as F
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.rules import flow

MOVE_PURPOSES = frozenset({F.ROLL_FIRST, F.ROLL_JAIL})
"""Dice purposes that are a pawn's movement roll (one chain step each)."""
CASH = 10**12
"""Cash of every seat in a probe: no decision is forced by money."""


_NOTHING = object()
"""No action (an origin that is the parent state itself)."""
_RESTART = object()
"""A pseudo-action of the probe log: the pawn's next turn starts (`flow.start_turn`)."""


Origin = tuple[GameState, Any, tuple[tuple[int, ...], ...]]
"""How a probe state was made: apply the action to a copy of the state with those draws."""


def drawn(before: list[int], after: list[int]) -> int:
    """How many cards were drawn from the top of a deck that was `before` and is `after`:
    a drawn card leaves the top, and one put back joins the bottom (C-34). Read from
    the decks themselves, as compiled rules take cards with the list's own `pop`."""
    n = len(before)
    for k in range(n + 1):
        kept = n - k
        if after[:kept] == before[k:] and len(after) - kept <= k:
            return k
    return n


@dataclass
class Branch:
    """One way a transition can go."""

    prob: float
    target: int
    """Index of the next checkpoint."""
    roll_end: int
    """Cell where the roll ended (a square, or `jail_cell` while in jail); -1 if the roll
    did not end in this step."""
    landings: dict[int, int]
    """Moves that ended on each square (as `count_landings` counts them)."""
    card_landings: dict[int, int]
    """The part of `landings` that came after a card draw."""
    turn_ends: dict[int, int]
    """Turns that ended in each cell (a jailed classic turn without a roll is one too)."""


@dataclass
class Chain:
    """The landing chain of one edition under one policy, and its long-run values."""

    edition: str
    options: dict[str, Any]
    policy: MovePolicy
    size: int
    has_jail: bool
    keys: list[tuple[Any, ...]]
    is_roll: np.ndarray = field(repr=False)
    """Per key: is it a movement roll (not a step inside a roll)?"""
    branches: list[list[Branch]]
    names: list[str]
    matrix: np.ndarray = field(repr=False)
    stationary: np.ndarray = field(repr=False)
    _over: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def cells(self) -> int:
        return self.size + (1 if self.has_jail else 0)

    @property
    def jail_cell(self) -> int:
        return self.size

    @property
    def roll_mass(self) -> float:
        """Long-run share of the checkpoints that are movement rolls."""
        return float(self.stationary @ self.is_roll)

    def _expect(self, what: Callable[[Branch], dict[int, int]], n: int) -> np.ndarray:
        """Long-run expected count of `what` per movement roll."""
        out = np.zeros(n)
        for pi, brs in zip(self.stationary, self.branches, strict=True):
            for b in brs:
                for cell, c in what(b).items():
                    out[cell] += pi * b.prob * c
        return out / self.roll_mass

    def per_key(self, what: Callable[[Branch], dict[int, int]], n: int) -> np.ndarray:
        """Matrix [key, cell]: the expected count of `what` in one step from each key."""
        out = np.zeros((len(self.keys), n))
        for i, brs in enumerate(self.branches):
            for b in brs:
                for cell, c in what(b).items():
                    out[i, cell] += b.prob * c
        return out

    def per_roll(self) -> np.ndarray:
        """Long-run probability of ending a roll in each cell (squares, then In Jail)."""
        return self._expect(lambda b: {b.roll_end: 1} if b.roll_end >= 0 else {}, self.cells)

    def per_turn(self) -> np.ndarray:
        """Long-run probability of ending a turn in each cell."""
        t = self._expect(lambda b: b.turn_ends, self.cells)
        return np.asarray(t / t.sum())

    def turns_per_roll(self) -> float:
        return float(self._expect(lambda b: b.turn_ends, self.cells).sum())

    def landings_per_roll(self) -> np.ndarray:
        """Expected moves ending on each square per roll (card moves included)."""
        return self._expect(lambda b: b.landings, self.size)

    def card_landings_per_roll(self) -> np.ndarray:
        return self._expect(lambda b: b.card_landings, self.size)

    def start_deviation(self) -> np.ndarray:
        """What a pawn starting on Start adds to `landings_per_roll` x rolls over a long
        game: with the fundamental matrix Z = (I - P + 1 pi)^-1, d = e0 Z - pi summed over
        the steps, the landings d L less the rolls d r times the landings per roll."""
        n = len(self.keys)
        pi = self.stationary
        z = np.linalg.inv(np.eye(n) - self.matrix + np.outer(np.ones(n), pi))
        e0 = np.zeros(n)
        e0[0] = 1.0
        dev = e0 @ z - pi
        extra = dev @ self.per_key(lambda b: b.landings, self.size)
        return np.asarray(extra - float(dev @ self.is_roll) * self.landings_per_roll())

    def landings_over(self, rolls: int) -> np.ndarray:
        """Expected moves ending on each square for a pawn that starts on Start and takes
        exactly `rolls` movement rolls (each carried out to its end): the exact value for
        a short game, where `rolls` x `landings_per_roll` + `start_deviation` is not yet
        reached."""
        cached = self._over.get(rolls)
        if cached is not None:
            return cached
        roll = self.is_roll.astype(bool)
        steps = self.per_key(lambda b: b.landings, self.size)
        out = np.zeros(self.size)
        v = np.zeros(len(self.keys))
        v[0] = 1.0
        for done in range(rolls + 1):
            inner = np.where(roll, 0.0, v)
            while inner.sum() > 1e-15:  # steps inside the roll (a Highway exit roll, ...)
                out += inner @ steps
                v = np.where(roll, v, 0.0) + inner @ self.matrix
                inner = np.where(roll, 0.0, v)
            if done < rolls:
                out += v @ steps
                v = v @ self.matrix
        self._over[rolls] = out
        return out


def _stationary(p: np.ndarray) -> np.ndarray:
    n = p.shape[0]
    a = p.T - np.eye(n)
    a[-1, :] = 1.0
    rhs = np.zeros(n)
    rhs[-1] = 1.0
    pi = np.linalg.solve(a, rhs)
    return np.asarray(np.clip(pi, 0.0, None) / np.clip(pi, 0.0, None).sum())


class _Explorer:
    """Runs the engine from checkpoints and collects the branches."""

    def __init__(self, ed: Edition, options: dict[str, Any], policy: MovePolicy) -> None:
        self.ed = ed
        self.policy = policy
        b = ed.board
        self.size = b.size
        self.has_jail = "jail_index" in b.constants
        self.base = [
            [b.card_code(d, i) for i in range(len(cards))] for d, cards in enumerate(b.decks)
        ]
        opts = dict(options)
        opts["turn_limit"] = 0
        n = int(b.constants["min_players"])
        st = new_game(ed, n, 0, opts, events=True)
        while flow.current_player(st) == CHANCE:  # the roll-off (C-10)
            flow.apply_sampled_chance(st)
        self.seat = st.active
        st.owner = [-1] * b.size
        if ed.id == "metropol":
            from tycoon.editions.metropol import city

            for bridge in city.CROSSING:
                st.owner[bridge] = (self.seat + 1) % n
        self.owner = st.owner[:]
        self.ext = {k: v[:] for k, v in st.ext.items()}
        self.template = st
        self.no_force: tuple[tuple[int, ...], ...] = tuple(() for _ in self.base)
        self.neutral = [Action(k) for k in NEUTRAL_ORDER]
        self.policy_frames = frozenset({F.JAIL, F.CARD_CHOICE, F.EDITION_FRAMES})
        self.keys: dict[tuple[Any, ...], int] = {}
        self.states: list[GameState] = []
        self.pending: list[bool] = []
        """Per key: does the step from it start or continue an unfinished roll?"""
        self.rolls: list[bool] = []

    # --- probes ---------------------------------------------------------------------------

    def normal(self, st: GameState) -> GameState:
        """A clone with the money, ownership, cards and edition state of the template."""
        s = clone(st)
        s.cash = [CASH] * s.n
        s.alive = [True] * s.n
        s.claims = []
        s.card_holder = {}
        s.owner = self.owner[:]
        s.mortgaged = [False] * len(s.mortgaged)
        s.level = [0] * len(s.level)
        s.ext = {k: v[:] for k, v in self.ext.items()}
        s.decks = [d[:] for d in self.base]
        s.events = []
        s.history = []
        return s

    def step(self, s: GameState, a: Any, forced: tuple[tuple[int, ...], ...]) -> int:
        """Apply `a` to `s` in place with the forced draws on top of the decks; the deck
        that drew more cards than forced (-1 if none). Money and cards are reset after."""
        decks = [[*forced[d], *self.base[d]] for d in range(len(self.base))]
        s.decks = [d[:] for d in decks]
        if a is _RESTART:
            s.stack.clear()
            flow.start_turn(s, self.seat)
            flow.advance(s)
        else:
            flow.apply_action(s, a, flow.current_player(s))
        over = -1
        for d, deck in enumerate(s.decks):
            if drawn(decks[d], deck) > len(forced[d]):
                over = d
                break
        s.decks = [d[:] for d in self.base]
        s.card_holder = {}
        s.cash = [CASH] * s.n
        return over

    def apply(
        self, st: GameState, a: Any, forced: tuple[tuple[int, ...], ...] | None = None
    ) -> list[tuple[float, GameState, Origin]]:
        """Apply `a` to a clone; a card draw branches over every card of its deck. Each
        result carries how to rebuild it: (`st`, `a`, the forced draws)."""
        forced = forced or self.no_force
        s = clone(st)
        d = self.step(s, a, forced)
        if d < 0:
            return [(1.0, s, (st, a, forced))]
        if sum(len(f) for f in forced) > 16:
            raise AssertionError(f"{self.ed.id}: cards draw cards without end")
        cards = self.base[d]
        out: list[tuple[float, GameState, Origin]] = []
        for c in cards:
            more = tuple((*f, c) if i == d else f for i, f in enumerate(forced))
            out.extend((p / len(cards), x, o) for p, x, o in self.apply(st, a, more))
        return out

    def choose(self, st: GameState, cur: int) -> Any:
        """The policy's action, else a movement-neutral one (tested without listing)."""
        top = st.stack[-1]
        if cur == self.seat and top[0] in self.policy_frames:
            a = self.policy.choose(st, cur, flow.legal_actions(st, cur))
            if a is not None:
                return a
        for a in self.neutral:
            if flow.is_legal(st, a, cur):
                return a
        return neutral_choice(flow.legal_actions(st, cur))

    def key(self, st: GameState, pending: bool) -> int:
        seat = self.seat
        k = (pending, st.pos[seat], st.jail[seat], tuple(st.stack))
        if k not in self.keys:
            self.keys[k] = len(self.states)
            self.states.append(self.normal(st))
            self.pending.append(pending or st.stack[-1][2] in MOVE_PURPOSES)
            self.rolls.append(st.stack[-1][2] in MOVE_PURPOSES)
        return self.keys[k]

    def cell(self, st: GameState) -> int:
        seat = self.seat
        return self.size if self.has_jail and st.jail[seat] >= 0 else st.pos[seat]

    def follow(
        self,
        st: GameState,
        prob: float,
        roll_end: int,
        turn_ends: tuple[int, ...],
        origin: Origin | None,
    ) -> list[Branch]:
        """Carry a probe (owned by this call) on to the next checkpoint, branching at chance
        and cards. `roll_end`: -1 while the roll is unfinished, -2 once it ended earlier.
        Actions are applied in place; when one draws a card, the state before it is
        rebuilt from `origin` (the step that made `st`) and the actions since, and the draw
        is branched."""
        seat = self.seat
        if origin is None:
            origin = (clone(st), _NOTHING, self.no_force)
        log: list[Any] = []
        while True:
            if st.termination:
                raise AssertionError(f"a probe of {self.ed.id} ended the game")
            cur = flow.current_player(st)
            top = st.stack[-1]
            over = st.active != seat or (cur == seat and top[0] == F.END_TURN)
            if over:
                cell = self.cell(st)
                if roll_end == -1:
                    roll_end = cell
                turn_ends = (*turn_ends, cell)
                self.step(st, _RESTART, self.no_force)
                log.append(_RESTART)
                continue
            if cur == CHANCE:
                if top[1] == seat:
                    if top[2] in MOVE_PURPOSES and roll_end == -1:
                        roll_end = self.cell(st)
                    return [self.leaf(st, prob, roll_end, turn_ends)]
                acts = flow.dice_outcomes(st)
                p = prob / len(acts)
                out: list[Branch] = []
                for a in acts:
                    for q, s, o in self.apply(st, a):
                        out.extend(self.follow(s, p * q, roll_end, turn_ends, o))
                return out
            a = self.choose(st, cur)
            if self.step(st, a, self.no_force) < 0:
                log.append(a)
                continue
            parent, first, forced = origin
            pre = clone(parent)
            if first is not _NOTHING:
                self.step(pre, first, forced)
            for x in log:
                self.step(pre, x, self.no_force)
            out = []
            for q, s, o in self.apply(pre, a):
                out.extend(self.follow(s, prob * q, roll_end, turn_ends, o))
            return out

    def leaf(self, st: GameState, prob: float, roll_end: int, turn_ends: tuple[int, ...]) -> Branch:
        landings: Counter[int] = Counter()
        card: Counter[int] = Counter()
        drawn = False
        for e in st.events or ():
            if e.kind == ev.CARD_DRAWN:
                drawn = True
            elif e.kind == ev.LANDED and e.seat == self.seat:
                landings[e.square] += 1
                if drawn:
                    card[e.square] += 1
        target = self.key(st, roll_end == -1)
        end = max(roll_end, -1)
        return Branch(prob, target, end, dict(landings), dict(card), dict(Counter(turn_ends)))

    def expand(self, index: int) -> list[Branch]:
        st = self.states[index]
        pending = self.pending[index]
        out: list[Branch] = []
        acts = flow.dice_outcomes(st)
        st.events = []
        for a in acts:
            for q, s, o in self.apply(st, a):
                out.extend(self.follow(s, q / len(acts), -1 if pending else -2, (), o))
        merged: dict[tuple[Any, ...], Branch] = {}
        for b in out:
            k = (
                b.target,
                b.roll_end,
                tuple(sorted(b.landings.items())),
                tuple(sorted(b.card_landings.items())),
                tuple(sorted(b.turn_ends.items())),
            )
            if k in merged:
                merged[k].prob += b.prob
            else:
                merged[k] = b
        return list(merged.values())


def build_chain(
    edition: str | Edition,
    options: dict[str, Any] | None = None,
    policy: MovePolicy | None = None,
) -> Chain:
    """Explore every checkpoint reachable from the first roll of a game and solve the chain."""
    ed = find_edition(edition) if isinstance(edition, str) else edition
    policy = policy or MovePolicy()
    opts = ed.options_type.parse(options or {}).to_dict()
    ex = _Explorer(ed, opts, policy)
    start = ex.normal(ex.template)
    first = ex.follow(start, 1.0, -1, (), None)
    assert len(first) == 1 and first[0].target == 0
    branches: list[list[Branch]] = []
    i = 0
    while i < len(ex.states):
        branches.append(ex.expand(i))
        i += 1
    n = len(ex.states)
    p = np.zeros((n, n))
    for i, brs in enumerate(branches):
        for b in brs:
            p[i, b.target] += b.prob
    names = list(ed.board.name_en)
    if ex.has_jail:
        names.append("In Jail")
    keys = [k for k, _ in sorted(ex.keys.items(), key=lambda kv: kv[1])]
    return Chain(
        edition=ed.tag,
        options=opts,
        policy=policy,
        size=ex.size,
        has_jail=ex.has_jail,
        keys=keys,
        is_roll=np.asarray(ex.rolls, dtype=float),
        branches=branches,
        names=names,
        matrix=p,
        stationary=_stationary(p),
    )
