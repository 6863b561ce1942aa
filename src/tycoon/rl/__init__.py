"""Reinforcement-learning environments for every edition (docs/rl.md).

    import tycoon.rl
    env = tycoon.rl.env("classic", players=4)       # PettingZoo AEC, every seat an agent
    env = tycoon.rl.classic_v0.env(players=4)        # the same, by its versioned name
    gym_env = tycoon.rl.gym_env("wonders", opponents="basic")   # one seat vs bots
    vec = tycoon.rl.make_vec_env("classic", 8, opponents=["random", "basic", "random"])

Needs the `rl` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

from typing import Any

from tycoon.rl.aec import TycoonAEC
from tycoon.rl.codec import CODEC_VERSION, PASS_WINDOW, Codec, UnencodableAction
from tycoon.rl.gym_env import TycoonGym, make_vec_env
from tycoon.rl.observation import OBS_VERSION, Encoder

EDITIONS = ("classic", "wonders", "builder", "metropol")


def env(edition: str = "classic", **kwargs: Any) -> TycoonAEC:
    """The PettingZoo AEC environment of an edition (see `TycoonAEC` for the options)."""
    return TycoonAEC(edition, **kwargs)


raw_env = env


def gym_env(edition: str = "classic", **kwargs: Any) -> TycoonGym:
    """The single-agent Gymnasium environment (see `TycoonGym` for the options)."""
    return TycoonGym(edition, **kwargs)


class _Versioned:
    """`tycoon.rl.classic_v0.env(...)`: one edition at one codec version (PettingZoo's
    naming); calling it is the same as `.env(...)`."""

    def __init__(self, edition: str) -> None:
        self.edition = edition
        self.version = CODEC_VERSION

    def env(self, **kwargs: Any) -> TycoonAEC:
        return TycoonAEC(self.edition, **kwargs)

    raw_env = env

    def gym_env(self, **kwargs: Any) -> TycoonGym:
        return TycoonGym(self.edition, **kwargs)

    def __call__(self, **kwargs: Any) -> TycoonAEC:
        return self.env(**kwargs)

    def __repr__(self) -> str:
        return f"tycoon.rl.{self.edition}_v{self.version}"


classic_v0 = _Versioned("classic")
wonders_v0 = _Versioned("wonders")
builder_v0 = _Versioned("builder")
metropol_v0 = _Versioned("metropol")

__all__ = [
    "CODEC_VERSION",
    "EDITIONS",
    "OBS_VERSION",
    "PASS_WINDOW",
    "Codec",
    "Encoder",
    "TycoonAEC",
    "TycoonGym",
    "UnencodableAction",
    "builder_v0",
    "classic_v0",
    "env",
    "gym_env",
    "make_vec_env",
    "metropol_v0",
    "raw_env",
    "wonders_v0",
]
