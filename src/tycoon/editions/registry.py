"""Find an edition by id or alias (`find_edition("classic")`)."""

from __future__ import annotations

from tycoon.editions.base import Edition
from tycoon.engine.errors import TycoonError

_EDITIONS: dict[str, Edition] = {}


def register(edition: Edition) -> Edition:
    for name in (edition.id, *edition.aliases):
        _EDITIONS[name.lower()] = edition
    return edition


def _load_builtin() -> None:
    if not _EDITIONS:
        from tycoon.editions.builder import BUILDER
        from tycoon.editions.classic import CLASSIC
        from tycoon.editions.metropol import METROPOL
        from tycoon.editions.wonders import WONDERS

        register(CLASSIC)
        register(WONDERS)
        register(METROPOL)
        register(BUILDER)


def find_edition(name: str) -> Edition:
    """The edition called `name` (an id, an alias, or `id@version`)."""
    _load_builtin()
    base, _, version = name.partition("@")
    ed = _EDITIONS.get(base.lower())
    if ed is None:
        raise TycoonError(f"unknown edition '{name}'; known: {', '.join(edition_ids())}")
    if version and version != ed.version:
        raise TycoonError(f"edition '{base}' is at version {ed.version}, not {version}")
    return ed


def edition_ids() -> list[str]:
    _load_builtin()
    return sorted({e.id for e in _EDITIONS.values()})


def all_editions() -> list[Edition]:
    _load_builtin()
    return sorted({e.id: e for e in _EDITIONS.values()}.values(), key=lambda e: e.id)
