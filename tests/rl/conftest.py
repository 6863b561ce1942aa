"""Short games for the environment checks: every edition ends within a few rounds."""

from typing import Any

SHORT: dict[str, dict[str, Any]] = {
    "classic": {"turn_limit": 8},
    "wonders": {"turn_limit": 8},
    "builder": {"turn_limit": 8},
    "metropol": {"turn_limit": 8, "blocks_total": 20},
}
EDITIONS = tuple(SHORT)
