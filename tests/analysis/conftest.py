"""Chains are built once per test process (they take a second or two each)."""

from __future__ import annotations

import functools

from tycoon.analysis.chain import Chain, build_chain
from tycoon.bots.policy import MovePolicy


@functools.cache
def chain_of(edition: str, **policy: str) -> Chain:
    return build_chain(edition, None, MovePolicy(**policy))
