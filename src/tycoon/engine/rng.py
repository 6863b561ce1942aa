"""The game's own random generator (SplitMix64), stored in the state.

Pure integer arithmetic, so the same seed gives the same numbers on every machine
and Python version; copying a state copies the generator.

The 64-bit state is kept as two 32-bit halves. Interpreted, a draw is the textbook
formula on Python's big integers. Compiled (`setup.py`), where a big
integer is an allocated object, a draw takes every product 16 bits of one factor at a
time (`_times`), so no intermediate value passes 2^50 and all of it is machine-word
arithmetic (`i64`, which is plain `int` when interpreted): about ten times faster there.
Both forms give the same numbers, which the tests check draw by draw in both builds.
"""

from __future__ import annotations

from types import FunctionType
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_GOLDEN_HI: Final = _GOLDEN >> 32
_GOLDEN_LO: Final = _GOLDEN & _M32
_MIX1_HI: Final = _MIX1 >> 32
_MIX1_LO: Final = _MIX1 & _M32
_MIX2_HI: Final = _MIX2 >> 32
_MIX2_LO: Final = _MIX2 & _M32

_SMALL: Final = 64
_LIMITS: Final = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(_SMALL))
"""`Rng.below(n)`'s largest unbiased draw for the small `n` of dice and shuffles."""
_LIMITS_HI: Final = tuple(x >> 32 for x in _LIMITS)
_LIMITS_LO: Final = tuple(x & _M32 for x in _LIMITS)
_WRAP: Final = tuple((1 << 32) % n if n else 0 for n in range(_SMALL))
"""2^32 mod n: a draw hi * 2^32 + lo is (hi mod n) * _WRAP[n] + lo, modulo n."""


def _times(hi: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """(hi, lo) * (c_hi, c_lo) mod 2^64, in 32-bit halves; every step stays below 2^50."""
    lo_lo = (lo & _M16) * c_lo
    lo_hi = (lo >> 16) * c_lo
    low = lo_lo + ((lo_hi & _M16) << 16)
    high = (low >> 32) + (lo_hi >> 16)
    # the cross products count only modulo 2^32, in the high half
    high += (hi & _M16) * c_lo + ((((hi >> 16) * c_lo) & _M16) << 16)
    high += (lo & _M16) * c_hi + ((((lo >> 16) * c_hi) & _M16) << 16)
    return high & _M32, low & _M32


HALVES: Final = not isinstance(_times, FunctionType)
"""True when this module runs compiled (its functions are then not Python functions): draws
then take the halves form."""


class Rng:
    """SplitMix64: a 64-bit state that advances by a constant and is mixed on output."""

    __slots__ = ("_hi", "_lo")

    _hi: i64
    _lo: i64

    def __init__(self, seed: int) -> None:
        seed &= _MASK
        self._hi = seed >> 32
        self._lo = seed & _M32

    @property
    def state(self) -> int:
        """The 64-bit state (records and snapshots store it)."""
        return (int(self._hi) << 32) | int(self._lo)

    def next_u64(self) -> int:
        """The next 64 random bits."""
        if HALVES:
            hi, lo = self.next_halves()
            return (int(hi) << 32) | int(lo)
        return self.next_big()

    def next_big(self) -> int:
        """The next 64 random bits by the textbook formula on big integers."""
        s = (self.state + _GOLDEN) & _MASK
        self._hi = s >> 32
        self._lo = s & _M32
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def next_halves(self) -> tuple[i64, i64]:
        """The next 64 random bits as 32-bit halves (hi, lo), in machine words."""
        lo = self._lo + _GOLDEN_LO
        hi = (self._hi + _GOLDEN_HI + (lo >> 32)) & _M32
        lo &= _M32
        self._hi = hi
        self._lo = lo
        # s ^= s >> 30; s *= MIX1
        hi, lo = _times(hi ^ (hi >> 30), lo ^ (((hi << 2) & _M32) | (lo >> 30)), _MIX1_HI, _MIX1_LO)
        # s ^= s >> 27; s *= MIX2
        hi, lo = _times(hi ^ (hi >> 27), lo ^ (((hi << 5) & _M32) | (lo >> 27)), _MIX2_HI, _MIX2_LO)
        # s ^ (s >> 31)
        return hi ^ (hi >> 31), lo ^ (((hi << 1) & _M32) | (lo >> 31))

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (1 <= n <= 2^64)."""
        if HALVES and 0 < n < _SMALL:
            limit_hi: i64 = _LIMITS_HI[n]
            limit_lo: i64 = _LIMITS_LO[n]
            wrap: i64 = _WRAP[n]
            m: i64 = n
            while True:
                hi, lo = self.next_halves()
                if hi < limit_hi or (hi == limit_hi and lo <= limit_lo):
                    return int(((hi % m) * wrap + lo) % m)
        if not 0 < n <= _MASK + 1:
            raise ValueError(f"Rng.below: n must be 1 to 2^64, got {n}")
        limit = _LIMITS[n] if n < _SMALL else _MASK - (_MASK + 1) % n
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
