"""The `learned` bot: a value network trained by self-play, played in numpy (docs/rl.md).

It is `strong`'s search (`tycoon.bots.search`), small, with a learned leaf, as a value
network serves a search in the line of TD-Gammon and AlphaGo: at a decision with more than
one legal action it takes `strong`'s candidates (the `basic` choice first, a spread of the
other listed actions, the offers `basic` prices), plays each in `WORLDS` sampled worlds
(common random numbers) for `HORIZON_ROUNDS` round of `basic` play, and values the last
state with the edition's network: the chance that the acting seat wins, from `features`,
which describe every seat by the edition's own scores, cash, expected rent flow, holdings
and outlook, the acting seat first and the others by their prospects, so one network
serves 2 to 6 players. It keeps the `basic` choice unless another candidate leads it by
the network's own `margin` and `errors` (standard errors of the paired differences), values
the policy was tuned with, and departs from `basic` at most `search.MAX_DEPARTURES` times in
a player-turn. Response windows are answered as `basic` does.

The weights of each edition ship in `tycoon/bots/weights/learned_<edition>.npz`
(`scripts/train_policy.py` writes them); `learned:PATH` plays another file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from tycoon.api import clone
from tycoon.bots.search import CANDIDATES, SearchBot
from tycoon.bots.valuation import FEATURES_VERSION, SIZE, features
from tycoon.engine.actions import Action
from tycoon.engine.state import GameState
from tycoon.rules import flow

WORLDS: Final = 4
"""Sampled worlds per decision (every candidate is played in each)."""
HORIZON_ROUNDS: Final = 1
"""Rounds of `basic` play after a candidate before the network values the state."""


class LearnedWeightsError(ValueError):
    """A weights file that is missing, unreadable or made for other features."""


class ValueNet:
    """A small multilayer perceptron: ReLU hidden layers, one sigmoid output (P(win))."""

    def __init__(self, layers: Sequence[tuple[NDArray[np.floating], NDArray[np.floating]]]) -> None:
        self.layers = list(layers)

    def __call__(self, x: NDArray[np.floating]) -> NDArray[np.floating]:
        """P(win) of each row of `x`."""
        h = x
        for w, b in self.layers[:-1]:
            h = np.maximum(h @ w + b, 0.0)
        w, b = self.layers[-1]
        z = (h @ w + b)[:, 0]
        out: NDArray[np.floating] = 1.0 / (1.0 + np.exp(-np.clip(z, -60.0, 60.0)))
        return out


class Policy:
    """A trained network and how to play it: the feature scale and the departure margin."""

    def __init__(
        self,
        net: ValueNet,
        mean: NDArray[np.float32],
        scale: NDArray[np.float32],
        margin: float,
        edition: str,
        errors: float = 1.0,
        candidates: int = CANDIDATES,
    ) -> None:
        self.net = net
        self.mean = mean
        self.scale = scale
        self.margin = margin
        """How far a candidate must lead the `basic` choice on average (P(win))..."""
        self.errors = errors
        """... and by how many standard errors of the paired differences."""
        self.candidates = candidates
        """Listed candidates a decision plays at most (`SearchBot.k`; builder's 3 win as
        often as 5 and take a third less time, its rounds being long)."""
        self.edition = edition
        w0, b0 = (a.astype(np.float64) for a in net.layers[0])
        scale64 = scale.astype(np.float64)
        w0 = w0 / scale64[:, None]
        self._play = ValueNet(
            [(w0, b0 - (mean.astype(np.float64) @ w0))]
            + [(w.astype(np.float64), b.astype(np.float64)) for w, b in net.layers[1:]]
        )
        """The network as played: in float64, the feature scaling folded into its first
        layer, so a value does not hang on float32 rounding (nor on the batch it is in)."""

    def values(self, rows: Sequence[Sequence[float]]) -> NDArray[np.floating]:
        """P(win) of each feature row."""
        return self._play(np.asarray(rows, dtype=np.float64))

    def save(self, path: Path, **meta: float | int | str) -> None:
        """Write the policy (and `meta`, e.g. how it was trained) as a .npz file."""
        arrays: dict[str, NDArray[np.float32] | NDArray[np.str_]] = {
            "mean": self.mean,
            "scale": self.scale,
            "margin": np.float32(self.margin) * np.ones(1, np.float32),
            "errors": np.float32(self.errors) * np.ones(1, np.float32),
            "candidates": np.array([self.candidates], np.float32),
            "version": np.array([FEATURES_VERSION], np.float32),
            "edition": np.array([self.edition]),
        }
        for i, (w, b) in enumerate(self.net.layers):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        for k, v in meta.items():
            arrays[f"meta_{k}"] = np.array([v])
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            np.savez_compressed(fh, **arrays)  # type: ignore[arg-type, unused-ignore]


def load_policy(path: Path | str) -> Policy:
    """Read a weights file written by `Policy.save`; `LearnedWeightsError` says what is wrong."""
    try:
        with np.load(path, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except (OSError, ValueError) as e:
        raise LearnedWeightsError(f"cannot read learned weights '{path}': {e}") from None
    for key in ("mean", "scale", "margin", "version", "edition", "w0", "b0"):
        if key not in data:
            raise LearnedWeightsError(f"learned weights '{path}' have no '{key}'")
    if int(data["version"][0]) != FEATURES_VERSION:
        raise LearnedWeightsError(
            f"learned weights '{path}' are for features version {int(data['version'][0])}, "
            f"this bot computes version {FEATURES_VERSION}: train them again"
        )
    layers = []
    i = 0
    while f"w{i}" in data:
        layers.append((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
        i += 1
    if layers[0][0].shape[0] != SIZE:
        raise LearnedWeightsError(
            f"learned weights '{path}' take {layers[0][0].shape[0]} features, not {SIZE}"
        )
    return Policy(
        ValueNet(layers),
        data["mean"].astype(np.float32),
        data["scale"].astype(np.float32),
        float(data["margin"][0]),
        str(data["edition"][0]),
        float(data["errors"][0]) if "errors" in data else 1.0,
        int(data["candidates"][0]) if "candidates" in data else CANDIDATES,
    )


def shipped_path(edition: str) -> Path:
    """Where the package keeps the weights of `edition` (an edition id)."""
    return Path(str(resources.files("tycoon.bots") / "weights" / f"learned_{edition}.npz"))


def has_weights(edition: str) -> bool:
    """Does the package ship weights for `edition` (an edition id)?"""
    return shipped_path(edition).is_file()


@cache
def shipped_policy(edition: str) -> Policy:
    """The package's policy of `edition`, read once per process."""
    path = shipped_path(edition)
    if not path.is_file():
        raise LearnedWeightsError(f"the learned bot has no weights for {edition}")
    return load_policy(path)


class LearnedBot(SearchBot):
    """`strong`'s search, small, with the edition's trained network as its leaf (module doc)."""

    name = "learned"
    thinks = False
    """A decision takes about a millisecond: a server need not move it off its loop."""

    def __init__(self, seed: int, weights: str | Path | Policy | None = None) -> None:
        super().__init__(seed, rounds=WORLDS, horizon_rounds=HORIZON_ROUNDS)
        if isinstance(weights, Policy):
            self._fixed: Policy | None = weights
        elif weights is not None:
            self._fixed = load_policy(weights)
        else:
            self._fixed = None
        self._pol: Policy | None = None

    def policy(self, st: GameState) -> Policy:
        """The policy this bot plays in `st`'s edition; weights trained for another edition
        are refused (`LearnedWeightsError`)."""
        if self._fixed is None:
            return shipped_policy(st.edition.id)
        if self._fixed.edition != st.edition.id:
            raise LearnedWeightsError(
                f"these learned weights are for {self._fixed.edition}, not {st.edition.id}"
            )
        return self._fixed

    def choose(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        if len(legal) <= 1:
            return self.basic.choose(st, seat, legal)
        pol = self._pol = self.policy(st)
        self.margin, self.errors, self.k = pol.margin, pol.errors, pol.candidates
        return super().choose(st, seat, legal)

    def leaf_values(self, leaves: list[GameState], seat: int) -> list[float]:
        """The network's P(win) of `seat` at each leaf (at the end, 1/k for one of k
        winners, else 0), the live leaves in one matrix product, a feature row once: two
        candidates that lead to the same leaf tie exactly, so noise never departs from
        `basic` (`search.ahead` needs a lead above zero)."""
        assert self._pol is not None
        out = [0.0] * len(leaves)
        live = []
        for i, w in enumerate(leaves):
            if w.termination:
                out[i] = 1.0 / len(w.winners) if seat in w.winners else 0.0
            else:
                live.append(i)
        if live:
            rows: dict[tuple[float, ...], int] = {}  # equal leaves, one row: equal values
            at = [rows.setdefault(tuple(features(leaves[i], seat)), len(rows)) for i in live]
            values = self._pol.values(list(rows)).tolist()
            for i, j in zip(live, at, strict=True):
                out[i] = values[j]
        return out


def afterstate(st: GameState, seat: int, a: Action) -> list[float]:
    """The features of the state `a` leads to (played on a copy)."""
    w = clone(st)
    w.events = None
    flow.apply_action(w, a, seat)
    return features(w, seat)


__all__ = [
    "FEATURES_VERSION",
    "SIZE",
    "LearnedBot",
    "LearnedWeightsError",
    "Policy",
    "ValueNet",
    "afterstate",
    "features",
    "has_weights",
    "load_policy",
    "shipped_path",
    "shipped_policy",
]
