"""The package as a user gets it: `python -m build` (an sdist, then the wheel built from it)
installed in a fresh venv plays `tycoon bench` compiled; the same sdist built without a C
compiler gives a pure wheel that runs as Python. Slow (a mypyc build, about 2-3 minutes on
2 cores, and the venv's dependencies): marked `packaging`, which `make test` runs once.

Offline: when pip's configuration names local package indexes (file:// URLs, as here) the
build's requirements (setuptools, mypy) come from those alone. The venv is fresh but for the
package's dependencies: pip installs the wheel alone (`--no-deps`), the venv reads the
dependencies from this environment's site-packages (a `.pth` file: no index, no network; the
local store does not hold all of them), and `pip check` checks the wheel's requirements
against them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.packaging


def _pip_config() -> dict[str, str]:
    """pip's configuration as `pip config list` shows it ('global.find-links': '/opt/wheels')."""
    out = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True
    ).stdout
    conf = {}
    for line in out.splitlines():
        key, _, value = line.partition("=")
        conf[key.split(".", 1)[-1]] = value.strip().strip("'\"")
    return conf


def offline_env() -> dict[str, str]:
    """The environment for pip: only the local indexes when pip's configuration has any."""
    conf = _pip_config()
    urls = f"{conf.get('index-url', '')} {conf.get('extra-index-url', '')}".split()
    local = [u for u in urls if u.startswith("file:")]
    env = dict(os.environ)
    env.pop("TYCOON_BUILD", None)
    env.pop("TYCOON_COMPILE", None)
    if local:
        env["PIP_INDEX_URL"] = local[0]
        env["PIP_EXTRA_INDEX_URL"] = " ".join(local[1:])
    return env


def _run(cmd: list[str], env: dict[str, str], timeout: float = 900) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    assert done.returncode == 0, f"{cmd}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _toolchain() -> str:
    import importlib.util

    spec = importlib.util.spec_from_file_location("tycoon_setup", ROOT / "setup.py")
    assert spec and spec.loader
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    return str(setup.missing_toolchain())


def _bench(venv: Path, env: dict[str, str]) -> dict[str, object]:
    out = _run([str(venv / "bin" / "tycoon"), "bench", "classic", "--games", "20", "--json"], env)
    result: dict[str, object] = json.loads(out)
    return result


def test_the_wheel_runs_compiled_in_a_fresh_venv_and_without_a_compiler_as_python(
    tmp_path: Path,
) -> None:
    env = offline_env()
    missing = _toolchain()
    times: dict[str, float] = {}

    start = time.perf_counter()
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], env)
    times["build"] = time.perf_counter() - start
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    names = zipfile.ZipFile(wheel).namelist()
    if missing:  # no C compiler here: the wheel is pure and says why
        assert wheel.name.endswith("-py3-none-any.whl")
    else:
        assert "-cp3" in wheel.name and not wheel.name.endswith("-none-any.whl"), wheel.name
        assert any(n.startswith("tycoon/rules/flow.") and n.endswith(".so") for n in names)
        assert any(n.startswith("tycoon_core__mypyc.") for n in names)
        assert not any(n.startswith("tycoon/api.") and n.endswith(".so") for n in names)
    assert "tycoon/_compiled.txt" in names and "tycoon/api.py" in names

    start = time.perf_counter()
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], env)
    python = str(venv / "bin" / "python")
    site = Path(
        _run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], env
        ).strip()
    )
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    _run([python, "-m", "pip", "install", "--no-deps", str(wheel)], env)
    _run([python, "-m", "pip", "check"], env)
    located = _run([python, "-c", "import tycoon.rules.flow as f; print(f.__file__)"], env)
    assert located.startswith(str(site / "tycoon")), located
    times["venv"] = time.perf_counter() - start
    expected = "python" if missing else "compiled"
    assert _bench(venv, env)["build"] == expected
    version = _run([str(venv / "bin" / "tycoon"), "--version"], env)
    assert version.startswith(f"tycoon 0.1.0 ({expected}"), version

    # the same sdist without a compiler: a pure wheel, and the venv runs it as Python
    start = time.perf_counter()
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "src", filter="data")
    (unpacked,) = (tmp_path / "src").iterdir()
    pure = tmp_path / "pure"
    nocc = {**env, "CC": str(tmp_path / "no-such-cc")}
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(pure), str(unpacked)], nocc)
    (pure_wheel,) = pure.glob("*.whl")
    assert pure_wheel.name.endswith("-py3-none-any.whl")
    assert not any(n.endswith(".so") for n in zipfile.ZipFile(pure_wheel).namelist())
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install"]
    _run([*pip, "--force-reinstall", "--no-deps", str(pure_wheel)], env)
    times["pure"] = time.perf_counter() - start
    assert _bench(venv, env)["build"] == "python"
    version = _run([str(venv / "bin" / "tycoon"), "--version"], env)
    assert "(python: built as pure Python: no C compiler" in version, version
    print({k: round(v, 1) for k, v in times.items()})
