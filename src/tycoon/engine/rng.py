"""The game's own random generator (SplitMix64), stored in the state.

Pure integer arithmetic, so the same seed gives the same numbers on every machine
and Python version; copying a state copies the generator.
"""

from __future__ import annotations

from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")

_SMALL: Final = 64
_LIMITS: Final = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(_SMALL))
"""`Rng.below(n)`'s largest unbiased draw for the small `n` of dice and shuffles."""


class Rng:
    """SplitMix64: a 64-bit state that advances by a constant and is mixed on output."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64 random bits."""
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        limit = _LIMITS[n] if 0 < n < _SMALL else _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.state)
