"""Build the compiled engine: a copy of the package in `build/native` whose typed core is
compiled to C with mypyc (it ships with mypy). The same source runs either way; only the
speed differs.

    python scripts/build_native.py [OUT]      # OUT defaults to build/native

Run a command against it with `PYTHONPATH=build/native` (`make bench` and `make test` do).
Without a C compiler (`CC`, else the one Python was built with) or Python's headers it says
so and builds nothing: everything then runs as pure Python.

Compiled: the engine state and notation, the rules, the sim driver, the bots other than
the search bot, and the editions (the base, the board, and each edition's package with its
hooks). Left as Python:
- `engine/api.py` and `engine/bounds.py`, the boundary: they judge values of any type from
  outside (a seat of "0", a bid of 1.5) before compiled code, which checks declared types
  and would raise TypeError, ever sees them;
- `bots/search.py`: its rollouts run compiled code, and its hooks stay patchable;
- the options (`editions/options.py`, each edition's `options.py`): frozen dataclasses
  built and validated by `dataclasses` machinery, read rarely;
- the other package `__init__` files (their lazy `__getattr__` exports crash compiled).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = [
    "engine/*.py",
    "rules/*.py",
    "bots/*.py",
    "sim/driver.py",
    "editions/base.py",
    "editions/board.py",
    "editions/*/*.py",
]
INTERPRETED = {"engine/api.py", "engine/bounds.py", "bots/search.py"}


def compiled_modules(package: Path) -> list[str]:
    """The package's files to compile, relative to the package's parent."""
    files = []
    for pattern in COMPILED:
        for f in sorted(package.glob(pattern)):
            rel = f.relative_to(package).as_posix()
            edition = rel.startswith("editions/") and rel.count("/") == 2
            if f.name == "options.py" or rel in INTERPRETED:
                continue
            if f.name != "__init__.py" or edition:
                files.append(f"{package.name}/{rel}")
    return files


def missing_toolchain() -> str:
    """Why no extension can be built here, or ''."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.is_file():
        return f"no Python headers ({header})"
    return ""


def build(out: Path) -> None:
    """Copy the package to `out` and compile its typed core in place there."""
    package = out / "tycoon"
    if package.exists():
        shutil.rmtree(package)
    shutil.copytree(
        ROOT / "src" / "tycoon", package, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    files = compiled_modules(package)
    setup = (
        "from mypyc.build import mypycify\n"
        "from setuptools import setup\n"
        f"setup(name='tycoon-native', ext_modules=mypycify({files!r} + "
        f"['--config-file', {str(ROOT / 'pyproject.toml')!r}], opt_level='3', multi_file=True))\n"
    )
    jobs = str(os.cpu_count() or 1)
    subprocess.run(
        [sys.executable, "-c", setup, "build_ext", "--inplace", "-j", jobs],
        cwd=out,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"compiled {len(files)} modules into {out}")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else ROOT / "build" / "native").resolve()
    why = missing_toolchain()
    if why:
        print(f"{why}: no compiled engine; tycoon runs as pure Python")
        return 0
    done = out / ".built"
    done.unlink(missing_ok=True)
    build(out)
    done.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
