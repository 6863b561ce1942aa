"""Which build of tycoon runs: its typed core compiled to C by mypyc, or pure Python.

The package's build (`setup.py`) compiles the core into extension modules that sit beside
their sources, and writes `_compiled.txt` beside them: the SHA-256 of every source the core
is built from (the compiled modules and the tycoon modules they import) and the name of every
extension, or for a pure build why it is pure. At `import tycoon`, `select` lets the compiled
modules load only when that list still holds (every source as it was compiled, every
extension in place). Otherwise, and under `TYCOON_BUILD=python`, a finder loads every tycoon
module from its source: an edited `.py` never runs as the stale compiled module beside it,
and a stale core says so (`StaleBuildWarning`, naming the file) until it is built again.
`TYCOON_BUILD=compiled` refuses to import without a current compiled core.

Standard library only, and no tycoon import: `setup.py` loads this file by its path.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

MANIFEST = "_compiled.txt"
"""The list of the compiled core, in the package's directory (written by the build)."""
ENV = "TYCOON_BUILD"
CHOICES = ("python", "compiled")
PACKAGE = Path(__file__).resolve().parent
PREFIX = "tycoon."
REBUILD = "rebuild it with `make native` (or pip install again)"

chosen = "python"
"""What `select` let run: 'compiled' or 'python'."""
reason = ""
"""Why the compiled core does not run ('' when it does, or when none was built)."""


class StaleBuildWarning(RuntimeWarning):
    """The compiled core no longer matches its sources: tycoon runs as pure Python."""


def source_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(
    package: Path, sources: Sequence[str], extensions: Sequence[str], pure: str = ""
) -> Path:
    """Write the list of the build into `package`: the compiled core's sources and extensions
    (paths relative to `package`, 'engine/state.py'), or for a pure build why it is pure."""
    lines = ["# tycoon's build (tycoon.native): pure WHY, or source SHA256 PATH and extension PATH"]
    lines += [f"pure {pure}"] if pure else []
    lines += [f"source {source_hash(package / s)} {s}" for s in sources]
    lines += [f"extension {e}" for e in extensions]
    path = package / MANIFEST
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def core_state(package: Path = PACKAGE) -> tuple[str, str]:
    """The compiled core of `package` and why: ('current', ''), ('stale', the first source
    changed or gone, or extension missing) or ('none', why there is none)."""
    try:
        text = (package / MANIFEST).read_text(encoding="utf-8")
    except FileNotFoundError:
        return "none", "no compiled core was built"
    for line in text.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "pure":
            return "none", f"built as pure Python: {rest}"
        if kind == "source":
            digest, _, rel = rest.partition(" ")
            path = package / rel
            if not path.is_file():
                return "stale", f"{rel} is gone"
            if source_hash(path) != digest:
                return "stale", f"{rel} changed since it was compiled"
        elif kind == "extension" and not (package / rest).is_file():
            return "stale", f"its extension {rest} is missing"
    return "current", ""


class SourceFinder:
    """Finds tycoon's modules as source files only, never as an extension module beside
    them. A module that has only an extension left (its source is gone) is refused. (A meta
    path finder by its methods: importlib.abc would import importlib.resources at start.)"""

    def __init__(self) -> None:
        self._dirs: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PREFIX) or not path:
            return None
        for entry in path:
            finder = self._dirs.get(entry)
            if finder is None:
                loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
                finder = self._dirs[entry] = importlib.machinery.FileFinder(entry, loader)
            spec = finder.find_spec(fullname, target)
            if spec is not None and spec.loader is not None:
                return spec
        other = importlib.machinery.PathFinder.find_spec(fullname, path)
        if other is not None and isinstance(other.loader, importlib.machinery.ExtensionFileLoader):
            raise ImportError(
                f"{fullname}: only its compiled extension is left ({other.origin}), and tycoon "
                f"runs as pure Python: {REBUILD}",
                name=fullname,
            )
        return None  # namespace directories (data/, static/) and missing modules

    def invalidate_caches(self) -> None:
        for finder in self._dirs.values():
            finder.invalidate_caches()


def select(env: Mapping[str, str] = os.environ, package: Path = PACKAGE) -> str:
    """Choose the build before any other tycoon module loads (`tycoon/__init__.py` calls
    this): 'compiled' when `package`'s compiled core is current and `TYCOON_BUILD` allows
    it, else 'python' (then tycoon's modules load from source). Returns the choice."""
    global chosen, reason
    wanted = env.get(ENV, "")
    if wanted not in ("", *CHOICES):
        raise ValueError(
            f"{ENV} must be 'python' or 'compiled' (or unset: the compiled core when it is "
            f"current), not {wanted!r}"
        )
    state, why = core_state(package)
    if state == "current" and wanted != "python":
        chosen, reason = "compiled", ""
        return chosen
    if wanted == "python":
        why = f"{ENV}=python"
    elif state == "stale":
        why = f"the compiled core is stale ({why})"
    if wanted == "compiled":
        raise ImportError(f"{ENV}=compiled, but {why}: {REBUILD}")
    if state == "stale" and wanted != "python":
        warnings.warn(
            f"tycoon runs as pure Python, since {why}: {REBUILD}",
            StaleBuildWarning,
            stacklevel=2,
        )
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    chosen, reason = "python", why
    return chosen


def is_compiled(module: str) -> bool:
    """Is `module` (a dotted name) loaded from a compiled extension?"""
    path = str(importlib.import_module(module).__file__)
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def engine_build() -> str:
    """'compiled' when the rules run compiled, else 'python'."""
    return "compiled" if is_compiled("tycoon.rules.flow") else "python"


def describe() -> str:
    """The build that runs, and why it is not the compiled one when it is not:
    'compiled', 'python: no compiled core was built'."""
    build = engine_build()
    return f"{build}: {reason}" if build == "python" and reason else build
