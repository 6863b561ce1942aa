"""Train the `learned` bot of one edition by self-play (docs/rl.md).

    .venv/bin/python scripts/train_policy.py classic --seed 0 --iterations 2 --games 500

Method: approximate policy iteration on state values, in the line of TD-Gammon. Each
iteration plays `--games` whole games of 2 to 6 players (the edition's range, drawn per
game; `--players` fixes it). Every seat is drawn from a mix: the current policy, earlier
copies of it, `basic` and, in a `--strong` share of the games, one `strong` seat; a share
`--explore` of every seat's decisions is replaced by a random one of `strong`'s candidates,
so that the values of departures are seen. Every decision with more than one legal action
records the features of the state its chosen action leads to (`learned.afterstate`), and
the game's end labels them with that seat's share of the win (the tournament's turn limit
of 500 rounds, then the edition's scores). The value network (`learned.ValueNet`: ReLU
layers, `--hidden`, and a sigmoid) is fitted to all the iterations' data by binary
cross-entropy with Adam, in numpy, a tenth of the rows held out; the next iteration plays
the `learned` bot with it (the leaf of its small search). After each iteration the policy
plays `--eval-games` against three `basic` bots (each of `SETTINGS`: its departure margin
and errors), and the best iteration is kept. Everything is drawn from generators seeded by
`--seed`, so a run is reproducible with the same arguments (and `--jobs`: games are dealt
to processes in a fixed order).

Writes the weights (`--out`, default the shipped file of the edition), the learning curve
(`--plot`, default docs/img/learning_curve_<edition>.png) and its numbers as JSON beside;
the games' rows stay in .train/ (not committed).
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from tycoon.api import is_legal, new_game
from tycoon.bots.base import Bot, make_bot
from tycoon.bots.heuristic import HeuristicBot
from tycoon.bots.learned import (
    SIZE,
    LearnedBot,
    Policy,
    ValueNet,
    afterstate,
    load_policy,
)
from tycoon.bots.search import CANDIDATES, DEALS, MAX_DEPARTURES, candidates
from tycoon.editions.registry import find_edition
from tycoon.engine.actions import Action
from tycoon.engine.rng import Rng
from tycoon.engine.state import GameState
from tycoon.sim.driver import play
from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options
from tycoon.sim.tournament import tournament

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ((0.0, 1.0),)
"""(margin, errors) of departure tried at each evaluation (`Policy.margin`, `.errors`)."""


def uniform(r: Rng) -> float:
    """A uniform draw in [0, 1) from `r`."""
    return r.next_u64() / 2.0**64


class Explorer:
    """Plays `bot`, but replaces a share `eps` of its decisions (more than one legal action)
    by a random one of the learned bot's candidates, at most `MAX_DEPARTURES` a turn; and
    records the afterstate features of every such decision."""

    def __init__(self, bot: Bot, eps: float, seed: int, record: bool = True) -> None:
        self.bot = bot
        self.name = bot.name
        self.responds_only_with_claims = getattr(bot, "responds_only_with_claims", False)
        self.eps = eps
        self.rng = Rng(seed)
        self.basic = HeuristicBot(seed)
        self.record = record
        self.rows: list[list[float]] = []
        self.turn = (-1, 0)

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(st, seat, legal)
        if len(legal) <= 1:
            return a
        turn, k = self.turn
        if turn != st.turn:
            turn, k = st.turn, 0
        if self.eps and k < MAX_DEPARTURES and uniform(self.rng) < self.eps:
            cands = candidates(legal, a, CANDIDATES)
            cands += [d for d in self.basic.deals(st, seat)[:DEALS] if is_legal(st, d, seat)]
            b = cands[self.rng.below(len(cands))]
            if b != a:
                a, k = b, k + 1
        self.turn = (turn, k)
        if self.record:
            self.rows.append(afterstate(st, seat, a))
        return a

    def respond(self, st: GameState, seat: int) -> Action | None:
        return self.bot.respond(st, seat)


policy_of = cache(load_policy)
"""A weights file's policy, read once per process."""


@dataclass
class Mix:
    """Who plays the training games."""

    edition: str
    current: str | None
    """The weights file of the current policy (none at first)."""
    earlier: list[str]
    """Those of the earlier ones."""
    explore: float
    strong: float
    players: int | None


def play_games(
    mix: Mix, lo: int, hi: int, seed: int
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Games `lo`..`hi`-1 of an iteration: their afterstate rows and labels."""
    ed = find_edition(mix.edition)
    opts = sim_options({})
    pmin, pmax = ed.player_range(ed.options_type.parse(opts))
    xs: list[list[float]] = []
    ys: list[float] = []
    for i in range(lo, hi):
        r = Rng(seed * 1_000_003 + i)
        n = mix.players or pmin + r.below(pmax - pmin + 1)
        strong_seat = r.below(n) if uniform(r) < mix.strong else -1
        seats: list[Explorer] = []
        for p in range(n):
            bseed = bot_seed(seed + i, p)
            pick = uniform(r)
            bot: Bot
            if p == strong_seat:
                bot, eps = make_bot("strong:4i", bseed), 0.0
            elif mix.current is not None and pick < 0.35:
                bot, eps = LearnedBot(bseed, policy_of(mix.current)), mix.explore
            elif mix.earlier and pick < 0.5:
                old = mix.earlier[r.below(len(mix.earlier))]
                bot, eps = LearnedBot(bseed, policy_of(old)), mix.explore / 2
            else:
                bot, eps = make_bot("basic", bseed), mix.explore
            seats.append(Explorer(bot, eps, bseed ^ 0x5EED))
        st = new_game(ed.tag, [f"s{p}" for p in range(n)], seed + i, opts, events=False)
        play(st, seats, MAX_ACTIONS)
        won = set(st.winners)
        for p, s in enumerate(seats):
            label = 1.0 / len(won) if p in won else 0.0
            xs += s.rows
            ys += [label] * len(s.rows)
    return np.asarray(xs, np.float32).reshape(-1, SIZE), np.asarray(ys, np.float32)


def collect(
    mix: Mix, games: int, seed: int, jobs: int, progress: Any
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Play `games` training games on `jobs` processes (in a fixed order of chunks)."""
    size = max(1, games // (jobs * 8))
    chunks = [(s, min(games, s + size)) for s in range(0, games, size)]
    task = progress.add_task("games", total=games)
    xs: list[NDArray[np.float32]] = []
    ys: list[NDArray[np.float32]] = []
    if jobs == 1:
        for lo, hi in chunks:
            x, y = play_games(mix, lo, hi, seed)
            xs.append(x)
            ys.append(y)
            progress.advance(task, hi - lo)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futs = [(hi - lo, pool.submit(play_games, mix, lo, hi, seed)) for lo, hi in chunks]
            for k, fut in futs:
                x, y = fut.result()
                xs.append(x)
                ys.append(y)
                progress.advance(task, k)
    progress.remove_task(task)
    return np.concatenate(xs), np.concatenate(ys)


def fit(
    x: NDArray[np.float32],
    y: NDArray[np.float32],
    seed: int,
    epochs: int,
    hidden: Sequence[int],
    start: ValueNet | None,
    progress: Any,
) -> tuple[ValueNet, NDArray[np.float32], NDArray[np.float32], float]:
    """Fit the value network by binary cross-entropy with Adam (numpy); a tenth of the rows
    is held out and the epoch with the lowest held-out loss is kept. Returns the network,
    the feature mean and scale, and that loss."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    xn = (x - mean) / scale
    order = rng.permutation(len(xn))
    cut = len(xn) // 10
    val, tr = order[:cut], order[cut:]
    sizes = [SIZE, *hidden, 1]
    if start is not None:
        params = [p.copy() for wb in start.layers for p in wb]
    else:
        params = []
        for a, b in itertools.pairwise(sizes):
            params.append((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32))
            params.append(np.zeros(b, np.float32))
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, b1, b2, step = 1e-3, 0.9, 0.999, 0

    def net(ps: list[NDArray[np.float32]]) -> ValueNet:
        return ValueNet([(ps[i], ps[i + 1]) for i in range(0, len(ps), 2)])

    def loss(ps: list[NDArray[np.float32]], idx: NDArray[np.int64]) -> float:
        p = np.clip(net(ps)(xn[idx]), 1e-6, 1 - 1e-6)
        t = y[idx]
        return float(-(t * np.log(p) + (1 - t) * np.log(1 - p)).mean())

    best = (loss(params, val), [p.copy() for p in params])
    task = progress.add_task("epochs", total=epochs)
    for _ in range(epochs):
        rng.shuffle(tr)
        for s in range(0, len(tr), 1024):
            idx = tr[s : s + 1024]
            h = [xn[idx]]
            for i in range(0, len(params) - 2, 2):
                h.append(np.maximum(h[-1] @ params[i] + params[i + 1], 0.0))
            z = (h[-1] @ params[-2] + params[-1])[:, 0]
            g = ((1.0 / (1.0 + np.exp(-np.clip(z, -60.0, 60.0)))) - y[idx])[:, None] / len(idx)
            grads: list[NDArray[np.float32]] = [np.zeros(0, np.float32)] * len(params)
            for i in range(len(params) - 2, -1, -2):
                grads[i] = h[i // 2].T @ g
                grads[i + 1] = g.sum(axis=0)
                if i:
                    g = (g @ params[i].T) * (h[i // 2] > 0)
            step += 1
            for j, gr in enumerate(grads):
                m[j] = b1 * m[j] + (1 - b1) * gr
                v[j] = b2 * v[j] + (1 - b2) * gr * gr
                mh = m[j] / (1 - b1**step)
                vh = v[j] / (1 - b2**step)
                params[j] = (params[j] - lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        held = loss(params, val)
        if held < best[0]:
            best = (held, [p.copy() for p in params])
        progress.advance(task)
    progress.remove_task(task)
    return net(best[1]), mean.astype(np.float32), scale.astype(np.float32), best[0]


def evaluate(
    edition: str, policy: Policy, games: int, seed: int, jobs: int
) -> list[tuple[tuple[float, float], float, float, float]]:
    """((margin, errors), win rate, low, high) against three `basic` bots, per setting."""
    out = []
    for margin, errors in SETTINGS:
        policy.margin, policy.errors = margin, errors
        path = ROOT / ".train" / f"eval_{edition}.npz"
        policy.save(path)
        r = tournament(
            edition, [f"learned:{path}", "basic", "basic", "basic"], games, seed, jobs=jobs
        )
        w = r["entries"][0]["win_rate"]
        out.append(((margin, errors), w["rate"], w["low"], w["high"]))
    return out


def plot(curve: list[dict[str, Any]], path: Path, title: str) -> None:
    """The learning curve: win rate against three `basic` bots after each iteration."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    xs = [c["games"] for c in curve]
    ax.plot(xs, [c["rate"] for c in curve], marker="o", label="learned")
    ax.fill_between(xs, [c["low"] for c in curve], [c["high"] for c in curve], alpha=0.2)
    ax.axhline(0.25, color="grey", linestyle=":", label="chance (4 players)")
    ax.axhline(0.40, color="green", linestyle="--", label="target 40%")
    ax.set_xlabel("training games played")
    ax.set_ylabel("win rate vs 3 basic")
    ax.set_ylim(0, 0.7)
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("edition")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--games", type=int, default=600, help="training games per iteration")
    ap.add_argument("--players", type=int, default=None, help="fix the player count")
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--strong", type=float, default=0.05, help="share of games with strong")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--hidden", type=str, default="16", help="hidden layer sizes ('' for none)")
    ap.add_argument("--eval-games", type=int, default=400)
    ap.add_argument("--candidates", type=int, default=5, help="listed candidates per decision")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--plot", type=Path, default=None)
    args = ap.parse_args(argv)
    ed = find_edition(args.edition)
    out = args.out or ROOT / "src" / "tycoon" / "bots" / "weights" / f"learned_{ed.id}.npz"
    plot_path = args.plot or ROOT / "docs" / "img" / f"learning_curve_{ed.id}.png"
    mix = Mix(ed.id, None, [], args.explore, args.strong, args.players)
    work = ROOT / ".train"
    work.mkdir(exist_ok=True)
    xs: list[NDArray[np.float32]] = []
    ys: list[NDArray[np.float32]] = []
    curve: list[dict[str, Any]] = []
    best: tuple[float, Policy | None] = (-1.0, None)
    played = 0
    start = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeElapsedColumn()) as progress:
        for it in range(args.iterations):
            progress.console.print(f"iteration {it + 1}/{args.iterations}")
            x, y = collect(mix, args.games, args.seed + 7919 * it, args.jobs, progress)
            played += args.games
            np.savez_compressed(work / f"{ed.id}_data_{it + 1}.npz", x=x, y=y)
            xs.append(x)
            ys.append(y)
            net, mean, scale, held = fit(
                np.concatenate(xs),
                np.concatenate(ys),
                args.seed + it,
                args.epochs,
                [int(k) for k in args.hidden.split(",") if k],
                policy_of(mix.current).net if mix.current is not None else None,
                progress,
            )
            pol = Policy(net, mean, scale, 0.0, ed.id, candidates=args.candidates)
            rates = evaluate(ed.id, pol, args.eval_games, 10_000 + args.seed, args.jobs)
            (margin, errors), rate, low, high = max(rates, key=lambda r: r[1])
            pol.margin, pol.errors = margin, errors
            curve.append(
                {
                    "iteration": it + 1,
                    "games": played,
                    "rows": int(sum(len(v) for v in ys)),
                    "held_out_loss": round(held, 5),
                    "settings": [[*m, round(r, 4)] for m, r, _, _ in rates],
                    "margin": margin,
                    "errors": errors,
                    "rate": rate,
                    "low": low,
                    "high": high,
                    "seconds": round(time.perf_counter() - start, 1),
                }
            )
            progress.console.print(json.dumps(curve[-1]))
            if mix.current is not None:
                mix.earlier.append(mix.current)
            mix.current = str(work / f"{ed.id}_{it + 1}.npz")
            pol.save(Path(mix.current))
            if rate > best[0]:
                best = (rate, pol)
    rate, chosen = best
    assert chosen is not None
    chosen.save(
        out,
        seed=args.seed,
        iterations=args.iterations,
        games=played,
        win_rate=rate,
    )
    plot(curve, plot_path, f"learned, {ed.id}: self-play iterations")
    plot_path.with_suffix(".json").write_text(json.dumps(curve, indent=1) + "\n")
    print(f"wrote {out} (margin {chosen.margin}, {rate:.1%} vs three basic) and {plot_path}")


if __name__ == "__main__":
    main()
