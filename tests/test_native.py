"""The compiled build: setup.py compiles the typed core with mypyc, `tycoon.native` lets it
run only while it matches its sources. `make test` runs the whole suite twice, with
`TYCOON_BUILD=python` and `TYCOON_BUILD=compiled`; these tests check that each run is the
build it claims, and that a stale compiled module never runs."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

from tycoon import native
from tycoon.native import engine_build, is_compiled

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "tycoon"
EXPECTED = os.environ.get(native.ENV) or (
    "compiled" if native.core_state()[0] == "current" else "python"
)
CORE = [
    "tycoon.rules.flow",
    "tycoon.engine.state",
    "tycoon.sim.driver",
    "tycoon.bots.heuristic",
    "tycoon.editions.base",
    "tycoon.editions.classic",
    "tycoon.editions.metropol.city",
]
PYTHON = [
    "tycoon.api",
    "tycoon.engine.bounds",
    "tycoon.bots.search",
    "tycoon.engine",
    "tycoon.editions.options",
    "tycoon.editions.wonders.options",
]


def _setup() -> ModuleType:
    """setup.py as a module (its `setup()` call runs only as __main__)."""
    spec = importlib.util.spec_from_file_location("tycoon_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_suite_runs_against_the_build_it_expects() -> None:
    assert EXPECTED in native.CHOICES
    assert engine_build() == EXPECTED == native.chosen


@pytest.mark.parametrize("module", CORE)
def test_the_core_is_compiled_in_the_compiled_build(module: str) -> None:
    assert is_compiled(module) == (EXPECTED == "compiled")


@pytest.mark.parametrize("module", PYTHON)
def test_the_boundary_the_search_bot_and_the_options_stay_python(module: str) -> None:
    """The boundary judges values of any type before typed compiled code sees them; the
    search bot's hooks stay patchable; options are dataclasses built by `dataclasses`."""
    assert not is_compiled(module)


def test_the_build_compiles_the_typed_core_and_leaves_the_boundary() -> None:
    files = _setup().compiled_modules()
    assert "rules/flow.py" in files and "sim/driver.py" in files
    assert "bots/heuristic.py" in files and "engine/state.py" in files
    assert "editions/base.py" in files and "editions/wonders/__init__.py" in files
    for left in (
        "api.py",
        "engine/bounds.py",
        "bots/search.py",
        "engine/__init__.py",
        "editions/__init__.py",
        "editions/options.py",
        "editions/builder/options.py",
        "native.py",
    ):
        assert left not in files
    assert not any(f.startswith(("server/", "cli/", "web/")) for f in files)


def test_the_compiled_core_is_stale_when_a_module_it_imports_changes() -> None:
    """mypyc reads the types of the interpreted modules the core imports and inlines their
    `Final` constants: their sources are in the build's list too, the server's are not."""
    setup = _setup()
    sources = setup.build_sources()
    assert set(setup.compiled_modules()) < set(sources)
    assert {"editions/options.py", "api.py", "editions/registry.py"} <= set(sources)
    assert not any(f.startswith(("server/", "cli/", "web/")) for f in sources)


@pytest.mark.parametrize(
    ("env", "why"),
    [
        ({"TYCOON_COMPILE": "0"}, "TYCOON_COMPILE=0"),
        ({"CC": "/no/such-cc"}, "no C compiler (/no/such-cc)"),
        ({"CC": "/no/such-cc", "TYCOON_COMPILE": ""}, "no C compiler (/no/such-cc)"),
        ({"CC": "/no/such-cc", "TYCOON_COMPILE": "0"}, "TYCOON_COMPILE=0"),
    ],
)
def test_without_a_c_compiler_or_with_tycoon_compile_0_the_build_is_pure(
    env: dict[str, str], why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build never fails for want of a compiler: it builds pure Python and says why."""
    monkeypatch.delenv("TYCOON_COMPILE", raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert _setup().compile_choice() == why


def test_tycoon_compile_1_fails_without_a_compiler_and_bad_values_name_the_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    setup = _setup()
    monkeypatch.setenv("CC", "/no/such-cc")
    with pytest.raises(SystemExit, match=r"TYCOON_COMPILE=1, but .*no C compiler"):
        setup.compile_choice({"TYCOON_COMPILE": "1"})
    with pytest.raises(SystemExit, match=r"must be 1 \(compile\), 0 \(pure Python\) or unset"):
        setup.compile_choice({"TYCOON_COMPILE": "yes"})


def _fake_core(tmp_path: Path) -> Path:
    """A package with two 'compiled' sources, their 'extensions' and the build's list."""
    pkg = tmp_path / "pkg"
    (pkg / "engine").mkdir(parents=True)
    for name in ("engine/state", "rules"):
        (pkg / f"{name}.py").write_text(f"# {name}\n")
        (pkg / f"{name}.so").write_bytes(b"\x7fELF")
    (pkg.parent / "core__mypyc.so").write_bytes(b"\x7fELF")
    native.write_manifest(
        pkg, ["engine/state.py", "rules.py"], ["engine/state.so", "rules.so", "../core__mypyc.so"]
    )
    return pkg


def test_the_build_s_list_says_whether_the_compiled_core_is_current(tmp_path: Path) -> None:
    pkg = _fake_core(tmp_path)
    assert native.core_state(pkg) == ("current", "")
    (pkg / "engine/state.py").write_text("# engine/state, edited\n")
    assert native.core_state(pkg) == ("stale", "engine/state.py changed since it was compiled")
    (pkg / "engine/state.py").write_text("# engine/state\n")  # the same bytes again
    assert native.core_state(pkg) == ("current", "")
    (pkg.parent / "core__mypyc.so").unlink()
    assert native.core_state(pkg) == ("stale", "its extension ../core__mypyc.so is missing")
    (pkg / "rules.py").unlink()
    assert native.core_state(pkg) == ("stale", "rules.py is gone")


def test_a_pure_build_says_why_and_no_build_at_all_says_so(tmp_path: Path) -> None:
    assert native.core_state(tmp_path) == ("none", "no compiled core was built")
    native.write_manifest(tmp_path, [], [], pure="no C compiler (cc)")
    assert native.core_state(tmp_path) == ("none", "built as pure Python: no C compiler (cc)")


@pytest.fixture
def keep_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    """`select` in a test leaves this process's finders and choice as they were."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(native, "chosen", native.chosen)
    monkeypatch.setattr(native, "reason", native.reason)


@pytest.mark.usefixtures("keep_selection")
def test_select_runs_a_current_core_and_never_a_stale_one(tmp_path: Path) -> None:
    pkg = _fake_core(tmp_path)
    assert native.select({}, pkg) == "compiled"
    assert native.select({"TYCOON_BUILD": "compiled"}, pkg) == "compiled"
    assert native.select({"TYCOON_BUILD": "python"}, pkg) == "python"
    assert native.reason == "TYCOON_BUILD=python"
    assert any(isinstance(f, native.SourceFinder) for f in sys.meta_path)
    (pkg / "rules.py").write_text("# rules, edited\n")
    with pytest.warns(native.StaleBuildWarning, match=r"rules.py changed .*make native"):
        assert native.select({}, pkg) == "python"
    with pytest.raises(ImportError, match=r"TYCOON_BUILD=compiled, but the compiled core is "):
        native.select({"TYCOON_BUILD": "compiled"}, pkg)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # asked for: no warning
        assert native.select({"TYCOON_BUILD": "python"}, pkg) == "python"
    with pytest.raises(ValueError, match=r"TYCOON_BUILD must be 'python' or 'compiled'"):
        native.select({"TYCOON_BUILD": "fast"}, pkg)


def _copy_of_the_compiled_package(tmp_path: Path) -> Path:
    """The checkout's package with its compiled core, copied to `tmp_path` (its parent is
    then the first entry of PYTHONPATH)."""
    if native.core_state(PACKAGE)[0] != "current":
        pytest.skip("the checkout's core is not compiled (no C compiler, or TYCOON_COMPILE=0)")
    shutil.copytree(PACKAGE, tmp_path / "tycoon", ignore=shutil.ignore_patterns("__pycache__"))
    for lib in PACKAGE.parent.glob("tycoon_core__mypyc.*"):
        shutil.copy2(lib, tmp_path)
    return tmp_path / "tycoon"


def _run(where: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != native.ENV}
    full |= {"PYTHONPATH": str(where), **env}
    cmd = [sys.executable, "-c", f"import tycoon.native as n\n{code}"]
    return subprocess.run(cmd, capture_output=True, text=True, env=full, timeout=120)


def test_an_edited_source_runs_as_python_and_never_as_its_stale_extension(
    tmp_path: Path,
) -> None:
    pkg = _copy_of_the_compiled_package(tmp_path)
    show = "import tycoon.rules.flow as f; print(n.describe(), f.__file__)"
    fresh = _run(tmp_path, show)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.startswith("compiled ") and str(pkg) in fresh.stdout
    with (pkg / "rules" / "flow.py").open("a") as fh:
        fh.write("EDITED = 1\n")
    edited = _run(tmp_path, show + "; print(f.EDITED)")
    assert edited.returncode == 0, edited.stderr
    assert edited.stdout.split("\n")[:2] == [
        "python: the compiled core is stale (rules/flow.py changed since it was compiled) "
        + str(pkg / "rules" / "flow.py"),
        "1",
    ]
    assert "StaleBuildWarning" in edited.stderr and "make native" in edited.stderr
    refused = _run(tmp_path, show, TYCOON_BUILD="compiled")
    assert refused.returncode != 0 and "TYCOON_BUILD=compiled, but" in refused.stderr


def test_a_module_left_only_as_an_extension_is_refused_in_python(tmp_path: Path) -> None:
    pkg = _copy_of_the_compiled_package(tmp_path)
    (pkg / "rules" / "why.py").unlink()
    gone = _run(tmp_path, "import tycoon.rules.why")
    assert gone.returncode != 0
    assert "tycoon.rules.why: only its compiled extension is left" in gone.stderr
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    assert f"rules/why{suffix}" in gone.stderr


def test_an_edition_defined_outside_the_package_may_subclass_the_base() -> None:
    """`Edition` allows interpreted subclasses (tests/analysis/usboard), compiled or not."""
    from tycoon.editions.base import Edition

    class Tiny(Edition):
        id = "tiny"
        version = "1"
        data_package = "tycoon.editions.classic"

        def dice_count(self, st: object, purpose: int) -> int:  # type: ignore[override]
            return 3

    assert Tiny().dice_count(object(), 0) == 3 and Tiny().tag == "tiny@1"


def test_an_interpreted_edition_s_mechanics_reach_the_compiled_rules() -> None:
    """`mechanics` is an instance attribute of the compiled base: the class attribute an
    outside edition sets is what the compiled hooks read too (the default `dice_count`
    reads `mechanics.dice`)."""
    from tycoon.api import legal_actions, new_game
    from tycoon.editions.base import Edition, Mechanics
    from tycoon.editions.registry import find_edition

    class ThreeDice(Edition):
        id = "three"
        version = "1"
        data_package = "tycoon.editions.classic"
        mechanics = Mechanics(dice=3, doubles="sum")

    ed = ThreeDice()
    st = new_game(ed, 3, 0)
    assert len(legal_actions(st)) == 216  # the first roll-off: 6 ** mechanics.dice outcomes
    assert ed.mechanics.doubles == "sum"
    assert find_edition("classic").mechanics.doubles == "sum"  # a compiled edition's own
    assert find_edition("wonders").mechanics.doubles == "reroll"


def test_tycoon_version_says_which_build_runs() -> None:
    from typer.testing import CliRunner

    import tycoon
    from tycoon.cli.app import app

    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0
    assert out.output.startswith(f"tycoon {tycoon.__version__} ({EXPECTED}")
    assert out.output.strip() == f"tycoon {tycoon.__version__} ({native.describe()})"


def test_the_server_says_which_build_runs_when_it_starts(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "tycoon.cli.app", "serve", "--port", "0"]
    cmd += ["--db", str(tmp_path / "t.db")]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.kill()
        proc.wait(10)
    assert "listening on http://127.0.0.1:" in line
    assert f"engine: {EXPECTED}" in line
