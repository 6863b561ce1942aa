"""The Ray backend returns exactly the process pool's JSON for the same seeds.

A local Ray (2 CPUs) is started inside the test, in a network namespace of its own that
has only the loopback interface (`unshare -rn`), because Ray's servers listen on every
interface; the test checks that every listening address is a loopback one.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _namespace_ok() -> str:
    if importlib.util.find_spec("ray") is None:
        return "ray is not installed (pip install 'tycoon[ray]')"
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "needs unshare and ip to give Ray a loopback-only network namespace"
    probe = subprocess.run(["unshare", "-rn", "true"], capture_output=True)
    if probe.returncode:
        return "user and network namespaces are not allowed here (unshare -rn)"
    return ""


@pytest.mark.skipif(bool(_namespace_ok()), reason=_namespace_ok() or "ok")
def test_ray_backend_equals_process_pool_on_loopback() -> None:
    cmd = f"ip link set lo up && exec {sys.executable} -m tests.analysis.ray_check"
    cmd += " classic 24 heuristic,heuristic,random"
    proc = subprocess.run(
        ["unshare", "-rn", "sh", "-c", cmd],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["interfaces"] == ["lo"]
    loopback = ("127.", "[::1]", "[::ffff:127.", "*", "0.0.0.0", "[::]")
    assert out["listen"] and all(a.startswith(loopback) for a in out["listen"]), out["listen"]
    assert out["ray"] == out["pool"]
    assert out["ray"]["games"] == 24
