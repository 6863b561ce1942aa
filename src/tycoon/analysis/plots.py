"""Plots (matplotlib, Agg backend; each written as PNG and SVG).

- `landing_heatmap`: landing probability per roll on the edition's board (40 squares
  round an 11 x 11 square, Start at the bottom right); metropol's city is drawn inside,
  each city block coloured by the landings per roll of the permits it faces (M-31);
- `length_histogram`: player-turns per game;
- `net_worth`: each seat's score (net worth; builder: points) turn by turn in one game;
- `win_rates`: each seat's win rate with its 95% Wilson interval;
- `impact_plot`: the paired differences of `tycoon impact` with their 95% intervals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

FORMATS = ("png", "svg")


def save(fig: Figure, folder: str | Path, stem: str) -> list[Path]:
    """Write `stem`.png and `stem`.svg into `folder` (made if missing)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in FORMATS:
        p = out / f"{stem}.{fmt}"
        fig.savefig(p, format=fmt, dpi=110, bbox_inches="tight")
        paths.append(p)
    return paths


def ring_position(square: int, size: int) -> tuple[float, float]:
    """Cell (x, y) of a square on the square ring of `size` squares (a multiple of 4)."""
    side = size // 4
    i = square % size
    if i <= side:
        return float(side - i), 0.0
    if i <= 2 * side:
        return 0.0, float(i - side)
    if i <= 3 * side:
        return float(i - 2 * side), float(side)
    return float(side), float(4 * side - i)


def landing_heatmap(
    values: Sequence[float],
    names: Sequence[str],
    folder: str | Path,
    stem: str,
    title: str,
    in_jail: float | None = None,
    city: Mapping[int, float] | None = None,
) -> list[Path]:
    """The board as a ring of coloured squares (percent per roll written on each)."""
    size = len(values)
    side = size // 4
    fig = Figure(figsize=(8.5, 8.5))
    ax = fig.add_subplot()
    cmap = matplotlib.colormaps["YlOrRd"]
    top = max(values) or 1.0
    low = min((v for v in values if v > 0), default=0.0)

    def shade(v: float) -> Any:
        return cmap(0.05 + 0.7 * max(0.0, v - low) / ((top - low) or 1.0))

    for s, v in enumerate(values):
        x, y = ring_position(s, size)
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=shade(v), edgecolor="black", lw=0.6))
        label = names[s][:14]
        ax.text(x + 0.5, y + 0.62, label, ha="center", va="center", fontsize=4.5)
        ax.text(x + 0.5, y + 0.3, f"{100 * v:.2f}%", ha="center", va="center", fontsize=6)
    if in_jail is not None:
        jx, jy = ring_position(side, size)
        ax.text(jx + 0.5, jy - 0.25, f"In Jail {100 * in_jail:.2f}%", ha="center", fontsize=6)
    if city:
        cells = 7
        scale = (side - 1.6) / cells
        lo, hi = min(city.values()), max(city.values())
        ccmap = matplotlib.colormaps["Blues"]
        for blk, v in city.items():
            row, col = divmod(blk, 6)
            cx = col + (1 if col >= 3 else 0)
            cy = row + (1 if row >= 3 else 0)
            x0 = 1.3 + cx * scale
            y0 = 1.3 + (cells - 1 - cy) * scale
            ax.add_patch(
                Rectangle(
                    (x0, y0),
                    scale * 0.92,
                    scale * 0.92,
                    facecolor=ccmap(0.2 + 0.8 * (v - lo) / ((hi - lo) or 1.0)),
                    lw=0.4,
                    edgecolor="grey",
                )
            )
            ax.text(
                x0 + scale * 0.46,
                y0 + scale * 0.46,
                f"{100 * v:.1f}",
                ha="center",
                va="center",
                fontsize=5,
            )
        ax.text(
            side / 2 + 0.5,
            side - 0.25,
            "city blocks: landings per roll of the facing permits",
            ha="center",
            fontsize=6,
        )
    ax.set_xlim(-0.1, side + 1.1)
    ax.set_ylim(-0.6, side + 1.1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10)
    return save(fig, folder, stem)


def length_histogram(turns: Sequence[int], folder: str | Path, stem: str, title: str) -> list[Path]:
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    ax.hist(list(turns), bins=min(40, max(5, len(turns) // 5)), color="#4477aa", edgecolor="white")
    ax.set_xlabel("player-turns per game")
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=10)
    return save(fig, folder, stem)


def net_worth(
    series: Sequence[Sequence[int]],
    labels: Sequence[str],
    folder: str | Path,
    stem: str,
    title: str,
    ylabel: str = "net worth",
) -> list[Path]:
    """`series[t][p]`: seat p's score after turn t."""
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    for p, label in enumerate(labels):
        ax.plot(range(len(series)), [row[p] for row in series], label=label, lw=1.2)
    ax.set_xlabel("player-turn")
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=7)
    ax.set_title(title, fontsize=10)
    return save(fig, folder, stem)


def win_rates(summary: Mapping[str, Any], folder: str | Path, stem: str, title: str) -> list[Path]:
    rates = summary["win_rate"]
    labels = [f"{p}: {bot}" for p, bot in enumerate(summary["seats"])]
    mid = [r["rate"] for r in rates]
    err = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
    fig = Figure(figsize=(6, 3.8))
    ax = fig.add_subplot()
    ax.bar(labels, mid, yerr=err, capsize=5, color="#66aa55")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    return save(fig, folder, stem)


def impact_plot(result: Mapping[str, Any], folder: str | Path, stem: str) -> list[Path]:
    """Each paired difference relative to its base (rates as points of percent)."""
    ms = result["metrics"]
    fig = Figure(figsize=(7, 0.45 * len(ms) + 1.2))
    ax = fig.add_subplot()
    ys = list(range(len(ms)))
    diffs = [m["diff"] for m in ms]
    errs = [[m["diff"] - m["low"] for m in ms], [m["high"] - m["diff"] for m in ms]]
    ax.errorbar(diffs, ys, xerr=errs, fmt="o", capsize=4, color="#aa3377")
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(ys, [m["metric"] for m in ms], fontsize=7)
    ax.set_xscale("symlog", linthresh=1.0)
    ax.set_xlabel("changed - base (paired, 95% interval)")
    changed = ", ".join(f"{k}={v}" for k, v in result["changed_options"].items())
    ax.set_title(f"{result['edition']}: {changed} ({result['games']} paired games)", fontsize=9)
    return save(fig, folder, stem)


# --- what the commands draw ------------------------------------------------------------


def plot_analysis(result: Mapping[str, Any], folder: str | Path) -> list[Path]:
    """`analyze --plot`: the heat map of landing per roll (metropol: with its city)."""
    edition = str(result["edition"]).split("@")[0]
    cells = result["cells"]
    squares = [c for c in cells if c["landings_per_roll"] is not None]
    values = [c["per_roll"] for c in squares]
    names = [c["name"] for c in squares]
    city: dict[int, float] | None = None
    if edition == "metropol":
        from tycoon.editions.metropol import city as mcity

        faced: dict[int, float] = {}
        for permit, blocks in mcity.PERMIT_BLOCKS.items():
            for b in blocks:
                faced[b] = faced.get(b, 0.0) + float(cells[permit]["landings_per_roll"])
        city = faced
    jail = result["in_jail"]["per_roll"] if len(cells) > len(squares) else None
    title = f"{result['edition']}: probability of ending a roll on each square"
    return landing_heatmap(values, names, folder, f"{edition}-landing", title, jail, city)


def score_series(
    edition: str, seats: Sequence[str], seed: int, options: Mapping[str, Any]
) -> list[list[int]]:
    """Each seat's score at every player-turn of the game `simulate` plays for `seed`."""
    from tycoon.api import new_game
    from tycoon.bots.base import make_bot
    from tycoon.bots.bot import claims_only, step
    from tycoon.sim.runner import MAX_ACTIONS, bot_seed, sim_options

    bots = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(seats)]
    st = new_game(edition, list(seats), seed, sim_options(options), events=False)
    only_claims = claims_only(bots)
    series = [list(st.edition.scores(st))]
    turn = st.turn
    for _ in range(MAX_ACTIONS):
        if st.termination:
            break
        step(st, bots, only_claims)
        if st.turn != turn or st.termination:
            turn = st.turn
            series.append(list(st.edition.scores(st)))
    return series


def plot_simulation(
    summary: Mapping[str, Any], turns: Sequence[int], folder: str | Path
) -> list[Path]:
    """`simulate --plot`: game lengths, win rates, and net worth over the first game."""
    edition = str(summary["edition"]).split("@")[0]
    seats = summary["seats"]
    n = summary["games"]
    paths = length_histogram(
        turns,
        folder,
        f"{edition}-game-length",
        f"{summary['edition']}: {n} games, {', '.join(seats)}",
    )
    paths += win_rates(
        summary, folder, f"{edition}-win-rates", f"{summary['edition']}: win rates, {n} games"
    )
    series = score_series(summary["edition"], seats, summary["seed"], summary["options"])
    labels = [f"seat {p} ({b})" for p, b in enumerate(seats)]
    ylabel = "points" if edition == "builder" else "net worth"
    paths += net_worth(
        series,
        labels,
        folder,
        f"{edition}-net-worth",
        f"{summary['edition']}: seed {summary['seed']}, score by player-turn",
        ylabel,
    )
    return paths
