"""Classic rule tests: makes `tests.editions.classic.helpers` importable and exposes the
helpers as fixtures.

pytest (rootdir-relative, `prepend` import mode) puts `tests/` rather than the repository
root on `sys.path`, because `tests/` has no `__init__.py`; the root is added here so test
modules can write `from tests.editions.classic.helpers import ...`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

_ROOT = str(Path(__file__).resolve().parents[3])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from tests.editions.classic import helpers as _helpers  # noqa: E402


@pytest.fixture
def h() -> ModuleType:
    """The helpers module (start_game, roll, act, texts, give_deeds, place, ...)."""
    return _helpers
