"""The compiled build (`make native`, `scripts/build_native.py`). `make test` runs the whole
suite twice: as pure Python, then against `build/native` with
`TYCOON_EXPECT_BUILD=compiled`; these tests check that each run is the build it claims."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tycoon.sim.bench import engine_build, is_compiled

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("TYCOON_EXPECT_BUILD", "python")
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
    "tycoon.engine.api",
    "tycoon.engine.bounds",
    "tycoon.bots.search",
    "tycoon.engine",
    "tycoon.editions.options",
    "tycoon.editions.wonders.options",
]


def _script() -> object:
    spec = importlib.util.spec_from_file_location("build_native", ROOT / "scripts/build_native.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_suite_runs_against_the_build_it_expects() -> None:
    assert EXPECTED in ("python", "compiled")
    assert engine_build() == EXPECTED


@pytest.mark.parametrize("module", CORE)
def test_the_core_is_compiled_in_the_compiled_build(module: str) -> None:
    assert is_compiled(module) == (EXPECTED == "compiled")


@pytest.mark.parametrize("module", PYTHON)
def test_the_boundary_the_search_bot_and_the_options_stay_python(module: str) -> None:
    """The boundary judges values of any type before typed compiled code sees them; the
    search bot's hooks stay patchable; options are dataclasses built by `dataclasses`."""
    assert not is_compiled(module)


def test_the_build_compiles_the_typed_core_and_leaves_the_boundary() -> None:
    files = _script().compiled_modules(ROOT / "src" / "tycoon")  # type: ignore[attr-defined]
    assert "tycoon/rules/flow.py" in files and "tycoon/sim/driver.py" in files
    assert "tycoon/bots/heuristic.py" in files and "tycoon/engine/state.py" in files
    assert "tycoon/editions/base.py" in files and "tycoon/editions/wonders/__init__.py" in files
    for left in (
        "engine/api.py",
        "engine/bounds.py",
        "bots/search.py",
        "engine/__init__.py",
        "editions/__init__.py",
        "editions/options.py",
        "editions/builder/options.py",
    ):
        assert f"tycoon/{left}" not in files
    assert not any(f.startswith("tycoon/server") for f in files)


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
    from tycoon.editions.base import Edition, Mechanics
    from tycoon.editions.registry import find_edition
    from tycoon.engine.api import legal_actions, new_game

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


def test_without_a_c_compiler_nothing_is_built_and_it_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`make test` then runs the suite once, as pure Python (no `.built` mark)."""
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert _script().main([str(tmp_path / "native")]) == 0  # type: ignore[attr-defined]
    assert "no C compiler" in capsys.readouterr().out
    assert not (tmp_path / "native").exists()
