"""The build of tycoon (setuptools; the project's metadata is in pyproject.toml).

The typed core is compiled to C with mypyc, the compiler that ships with mypy, the way black
and mypy ship theirs: `pip install .`, `pip install -e .` and `python -m build` compile it
when a C compiler and Python's headers are there, and build pure Python otherwise. The
environment variable TYCOON_COMPILE forces either:

    TYCOON_COMPILE=1    compile, or fail (no C compiler, a mypyc error)
    TYCOON_COMPILE=0    pure Python
    unset (or empty)    compile when a C compiler (`CC`, else the one Python was built with)
                        and Python.h are there, else pure Python

Either way the build writes `tycoon/_compiled.txt` (`tycoon.native`): the SHA-256 of each
compiled module's source and each extension's name, or why the build is pure. At run time a
compiled module is used only while that list holds, so an edited source never runs as its
stale compiled module (an editable install puts the extensions beside the sources).

Compiled: the ground (`engine/`: state and edition hooks, notation, board schema, frames),
the rules, the bots other than the search bots and the analysis tools' bots, the sim driver,
and the editions (the base and each edition's package with its hooks), into one shared
library (`tycoon_core__mypyc`, beside the package) and a small extension per module. Left as
Python:
- `api.py` (the public API) and `engine/bounds.py`, the boundary: they judge values of any type from
  outside (a seat of "0", a bid of 1.5) before compiled code, which checks declared types
  and would raise TypeError, ever sees them;
- `bots/search.py`: its rollouts run compiled code, and its hooks stay patchable;
  `bots/learned.py` subclasses it (a compiled class cannot extend a Python one), and its hot
  path, the features of a leaf, is compiled in `bots/valuation.py`;
- `bots/mover.py`, `bots/policy.py`: the analysis tools' movement bots, off the hot path;
- the options (`editions/options.py`, each edition's `options.py`): frozen dataclasses
  built and validated by `dataclasses` machinery, read rarely;
- the other package `__init__` files (their lazy `__getattr__` exports crash compiled), and
  everything outside the core (records, the simulator's runner, the server, the CLI).
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
from collections.abc import Collection, Mapping
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "tycoon"
GROUP = "tycoon_core"
"""The shared library of the compiled modules, `tycoon_core__mypyc.<ext>` beside the package
(mypyc's C names break on a group inside a package)."""
ENV = "TYCOON_COMPILE"
COMPILED = [
    "engine/*.py",
    "rules/*.py",
    "bots/*.py",
    "sim/driver.py",
    "editions/base.py",
    "editions/*/*.py",
]
INTERPRETED = {
    "engine/bounds.py",
    "bots/search.py",
    "bots/learned.py",
    "bots/mover.py",
    "bots/policy.py",
}


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """The package's files to compile, relative to the package ('engine/state.py')."""
    files = []
    for pattern in COMPILED:
        for f in sorted(package.glob(pattern)):
            rel = f.relative_to(package).as_posix()
            edition = rel.startswith("editions/") and rel.count("/") == 2
            if f.name == "options.py" or rel in INTERPRETED:
                continue
            if f.name != "__init__.py" or edition:
                files.append(rel)
    return files


def build_sources(package: Path = PACKAGE) -> list[str]:
    """The sources the compiled core is built from: the compiled modules and every tycoon
    module they import, directly or not (mypyc reads their types and inlines their `Final`
    constants), relative to the package. Editing any of them makes the compiled core stale."""
    seen: set[str] = set()
    todo = compiled_modules(package)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        module = ["tycoon", *Path(rel).with_suffix("").parts]
        if module[-1] == "__init__":
            module.pop()
        for node in ast.walk(ast.parse((package / rel).read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = module[: len(module) - node.level + (rel.endswith("__init__.py"))]
                base = base if node.level else []
                head = ".".join([*base, *(node.module.split(".") if node.module else [])])
                names = [head] + [f"{head}.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[0] != "tycoon" or len(parts) < 2:  # `from tycoon import api`: its names
                    continue
                for cand in (Path(*parts[1:]).with_suffix(".py"), Path(*parts[1:], "__init__.py")):
                    if parts[1:] and (package / cand).is_file():
                        todo.append(cand.as_posix())
    return sorted(seen)


def missing_toolchain() -> str:
    """Why no extension can be built here, or ''."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.is_file():
        return f"no Python headers ({header})"
    return ""


def compile_choice(env: Mapping[str, str] = os.environ) -> str:
    """'' to compile the core, else why the build is pure Python. TYCOON_COMPILE=1 without
    a toolchain, or a value other than 0, 1 or empty, is an error."""
    wanted = env.get(ENV, "").strip()
    if wanted not in ("", "0", "1"):
        raise SystemExit(f"{ENV} must be 1 (compile), 0 (pure Python) or unset, not {wanted!r}")
    if wanted == "0":
        return f"{ENV}=0"
    missing = missing_toolchain()
    if missing and wanted == "1":
        raise SystemExit(f"{ENV}=1, but the core cannot be compiled here: {missing}")
    return missing


def native() -> ModuleType:
    """`tycoon.native`, loaded from its file (importing the package would select a build)."""
    spec = importlib.util.spec_from_file_location("_tycoon_native", PACKAGE / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def remove_build(package: Path, keep: Collection[Path] = ()) -> None:
    """Remove the extension modules under `package` and its shared library beside it that
    are not in `keep`, and the build's list: what a former build left must not be taken for
    this one's."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [*package.rglob("*"), *package.parent.glob(f"{GROUP}__mypyc.*")]
    for path in found:
        if path.name.endswith(suffixes) and path.resolve() not in keep:
            path.unlink()
    (package / native().MANIFEST).unlink(missing_ok=True)


def write_pure(package: Path, why: str) -> None:
    """A pure build's list in `package` (why it is pure), and no extension beside it."""
    remove_build(package)
    native().write_manifest(package, [], [], pure=why)


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    from setuptools import Distribution, setup
    from setuptools.command.build_ext import build_ext
    from setuptools.command.build_py import build_py

    WHY_PURE = compile_choice()
    if WHY_PURE:
        print(f"tycoon: building pure Python ({WHY_PURE})", file=sys.stderr)

    class TycoonDistribution(Distribution):
        def has_ext_modules(self) -> bool:  # the extensions come from mypyc in build_ext
            return not WHY_PURE

    class BuildPy(build_py):
        """A pure build writes why it is pure, and leaves no extension of a former build
        (in place too, for an editable install)."""

        def run(self) -> None:
            super().run()
            if WHY_PURE:  # an editable install copies nothing: its package is the sources'
                write_pure(
                    PACKAGE if self.editable_mode else Path(self.build_lib) / "tycoon", WHY_PURE
                )

    class BuildExt(build_ext):
        """Compiles the core with mypyc (only when this command runs: the metadata steps
        need no compiler) and writes the list of what it compiled."""

        def finalize_options(self) -> None:
            if not WHY_PURE and not self.distribution.ext_modules:
                from mypyc.build import mypycify

                paths = [f"src/tycoon/{f}" for f in compiled_modules()]
                config = ["--config-file", str(ROOT / "pyproject.toml")]
                self.distribution.ext_modules = mypycify(
                    paths + config,
                    opt_level="3",
                    multi_file=True,
                    group_name=GROUP,
                    target_dir=str(Path("build") / "mypyc"),
                )
            if self.parallel is None:
                self.parallel = os.cpu_count() or 1
            super().finalize_options()

        def _files(self) -> list[str]:
            """The extensions' files, relative to the package ('engine/state.<ext>',
            '../tycoon_core__mypyc.<ext>')."""
            names = [self.get_ext_filename(self.get_ext_fullname(e.name)) for e in self.extensions]
            return [Path(os.path.relpath(n, "tycoon")).as_posix() for n in names]

        def run(self) -> None:
            files = self._files()
            built = Path(self.build_lib) / "tycoon"
            remove_build(built, {(built / f).resolve() for f in files})
            super().run()
            if self.inplace:  # an editable install: the extensions sit beside the sources
                built = PACKAGE
                remove_build(built, {(built / f).resolve() for f in files})
            native().write_manifest(built, build_sources(), files)

    setup(
        distclass=TycoonDistribution,
        cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
    )
