"""The `tycoon analyze` result: the chain's long-run values as one JSON-ready dict."""

from __future__ import annotations

import functools
import json
from typing import Any

from tycoon.analysis.chain import Chain, build_chain
from tycoon.analysis.rent import group_rents
from tycoon.bots.policy import MovePolicy
from tycoon.editions.registry import find_edition


@functools.lru_cache(maxsize=16)
def _chain(tag: str, options: str, policy: MovePolicy) -> Chain:
    """Chains are kept per process (an edition's chain takes a second or two)."""
    return build_chain(tag, json.loads(options), policy)


def _r(x: float) -> float:
    return round(float(x), 6)


def analyze(
    edition: str, options: dict[str, Any] | None = None, policy: MovePolicy | None = None
) -> tuple[Chain, dict[str, Any]]:
    """Build the chain and summarise it (see README, "Landing analysis")."""
    ed = find_edition(edition)
    opts = ed.options_type.parse(options or {}).to_dict()
    chain = _chain(ed.tag, json.dumps(opts, sort_keys=True), policy or MovePolicy())
    per_roll = chain.per_roll()
    per_turn = chain.per_turn()
    land = chain.landings_per_roll()
    cells = [
        {
            "cell": i,
            "name": chain.names[i],
            "per_roll": _r(per_roll[i]),
            "per_turn": _r(per_turn[i]),
            "landings_per_roll": _r(land[i]) if i < chain.size else None,
        }
        for i in range(chain.cells)
    ]
    result = {
        "edition": chain.edition,
        "options": chain.options,
        "policy": chain.policy.to_dict(),
        "states": len(chain.keys),
        "turns_per_roll": _r(chain.turns_per_roll()),
        "in_jail": {
            "per_roll": _r(per_roll[chain.jail_cell]) if chain.has_jail else 0.0,
            "per_turn": _r(per_turn[chain.jail_cell]) if chain.has_jail else 0.0,
        },
        "cells": cells,
        "rents": group_rents(chain),
    }
    return chain, result
