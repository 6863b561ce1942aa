"""`tycoon analyze` and the plots of analyze and simulate (PNG and SVG, non-empty)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tycoon.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize("edition", ["classic", "wonders", "builder", "metropol"])
def test_analyze_json_and_heat_map(edition: str, tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    r = runner.invoke(app, ["analyze", edition, "--json", str(out), "--plot", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "Expected rent per opponent roll" in r.output
    data = json.loads(out.read_text())
    assert data["policy"]["jail"] == "leave"
    assert sum(c["per_roll"] for c in data["cells"]) == pytest.approx(1.0, abs=1e-4)
    assert data["rents"] and all(row["rent_per_roll"] >= 0 for row in data["rents"])
    for ext in ("png", "svg"):
        assert (tmp_path / f"{edition}-landing.{ext}").stat().st_size > 5000


def test_analyze_policy_and_stdout_json() -> None:
    r = runner.invoke(app, ["analyze", "classic", "--policy", "jail=stay", "--json", "-"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["policy"]["jail"] == "stay"
    # C-42.1: two served turns without a roll: In Jail is far likelier per turn than per roll
    assert data["in_jail"]["per_turn"] > 2 * data["in_jail"]["per_roll"]


def test_analyze_bad_policy_is_one_line_error() -> None:
    r = runner.invoke(app, ["analyze", "classic", "--policy", "jail=sometimes"])
    assert r.exit_code == 2
    assert "policy 'jail' must be one of leave, stay" in r.output


def test_simulate_plots(tmp_path: Path) -> None:
    args = ["simulate", "metropol", "--games", "3", "--seats", "heuristic,random,random"]
    r = runner.invoke(app, [*args, "--jobs", "1", "--plot", str(tmp_path)])
    assert r.exit_code == 0, r.output
    for stem in ("game-length", "win-rates", "net-worth"):
        for ext in ("png", "svg"):
            assert (tmp_path / f"metropol-{stem}.{ext}").stat().st_size > 1000


def test_unknown_backend_is_a_clear_error() -> None:
    r = runner.invoke(app, ["simulate", "classic", "--games", "2", "--backend", "spark"])
    assert r.exit_code == 2 and "unknown backend 'spark'" in r.output
