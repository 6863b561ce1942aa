"""`tycoon impact` (paired runs) and `simulate --games-out` (CSV, Parquet)."""

from __future__ import annotations

import builtins
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tycoon.analysis.export import write_games
from tycoon.analysis.impact import impact, paired
from tycoon.cli.app import app
from tycoon.engine.errors import OptionError
from tycoon.sim.runner import simulate
from tycoon.sim.stats import GameResult

runner = CliRunner()
SEATS = ["heuristic", "heuristic", "random"]


def test_paired_interval() -> None:
    mean, low, high = paired([1.0, 3.0, 2.0, 2.0])
    assert mean == 2.0
    assert low < 2.0 < high
    assert paired([5.0, 5.0]) == (5.0, 5.0, 5.0)


def test_impact_of_the_default_value_is_exactly_zero() -> None:
    """The same seeds with the same rules are the same games: every difference is 0."""
    r = impact("classic", SEATS, 6, 3, {"auto_claim_rent": "false"}, jobs=1)
    assert all(m["diff"] == 0 and m["low"] == 0 and m["high"] == 0 for m in r["metrics"])


def test_impact_pairs_the_same_seeds() -> None:
    r = impact("classic", SEATS, 8, 0, {"auto_claim_rent": "true"}, jobs=2)
    assert r["changed_options"] == {"auto_claim_rent": True}
    assert r["base_options"]["auto_claim_rent"] is False
    base, new = r["summaries"]["base"], r["summaries"]["changed"]
    turns = r["metrics"][0]
    assert turns["metric"] == "player_turns"
    assert turns["base"] == pytest.approx(base["turns"]["mean"])
    assert turns["changed"] == pytest.approx(new["turns"]["mean"])
    assert turns["diff"] == pytest.approx(turns["changed"] - turns["base"])
    names = [m["metric"] for m in r["metrics"]]
    assert "win_rate seat 2 (random)" in names and "bankruptcies" in names
    assert any(n.startswith("termination ") for n in names)


def test_impact_cli_json_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "impact.json"
    args = ["impact", "wonders", "--option", "quick_play=true", "--games", "4"]
    args += ["--seats", "heuristic,random", "--jobs", "1", "--json", str(out)]
    r = runner.invoke(app, [*args, "--plot", str(tmp_path / "plots")])
    assert r.exit_code == 0, r.output
    assert "quick_play=True" in r.output and "95% CI" in r.output
    data = json.loads(out.read_text())
    assert data["games"] == 4 and data["changed_options"] == {"quick_play": True}
    for ext in ("png", "svg"):
        assert (tmp_path / "plots" / f"wonders-impact.{ext}").stat().st_size > 1000


def test_impact_cli_needs_a_change_and_good_options() -> None:
    r = runner.invoke(app, ["impact", "classic", "--games", "2"])
    assert r.exit_code == 2 and "at least one changed option" in r.output
    r = runner.invoke(app, ["impact", "classic", "--option", "nope=1", "--games", "2"])
    assert r.exit_code == 2 and "unknown option 'nope'" in r.output


def _games() -> tuple[dict[str, Any], list[GameResult]]:
    results: list[GameResult] = []
    summary = simulate("classic", SEATS, 5, 11, 1, results=results)
    return summary, results


def test_games_out_csv_round_trip(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    summary, results = _games()
    path = tmp_path / "games.csv"
    assert write_games(path, results, SEATS) == 5
    df = pd.read_csv(path)
    assert list(df["seed"]) == [11, 12, 13, 14, 15]
    assert list(df["seat2_bot"]) == ["random"] * 5
    assert df["player_turns"].mean() == pytest.approx(summary["turns"]["mean"])
    wins = [(df["winner"] == p).sum() for p in range(3)]
    assert wins == [round(w) for w in summary["wins"]]
    assert {"termination", "seat0_score", "seat1_score", "seat2_score"} <= set(df.columns)


def test_games_out_parquet_round_trip(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    path = tmp_path / "games.parquet"
    r = runner.invoke(
        app,
        [
            "simulate",
            "classic",
            "--games",
            "4",
            "--seats",
            ",".join(SEATS),
            "--jobs",
            "1",
            "--games-out",
            str(path),
        ],
    )
    assert r.exit_code == 0, r.output
    df = pd.read_parquet(path)
    assert len(df) == 4 and list(df["seed"]) == [0, 1, 2, 3]


def test_games_out_parquet_without_pyarrow_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def no_pyarrow(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError("No module named 'pyarrow'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(OptionError, match=r"needs pyarrow: pip install 'tycoon\[parquet\]'"):
        write_games(tmp_path / "g.parquet", [], SEATS)
    r = runner.invoke(
        app, ["simulate", "classic", "--games", "2", "--games-out", str(tmp_path / "g.parquet")]
    )
    assert r.exit_code == 2 and "needs pyarrow" in r.output
    assert not (tmp_path / "g.parquet").exists()


def test_games_out_bad_folder_fails_before_playing(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        ["simulate", "classic", "--games", "2", "--games-out", str(tmp_path / "nope" / "g.csv")],
    )
    assert r.exit_code == 2 and "does not exist" in r.output


@pytest.mark.parametrize("name", ["x.xlsx", "games", "g.json", "g.csv.gz"])
def test_games_out_of_an_unknown_format_fails_before_playing(tmp_path: Path, name: str) -> None:
    """`--games-out x.xlsx` wrote CSV under that name; a suffix other than .csv, .parquet or
    .pq is refused before any game, naming the formats."""
    r = runner.invoke(
        app, ["simulate", "classic", "--games", "2", "--games-out", str(tmp_path / name)]
    )
    assert r.exit_code == 2, r.output
    assert "name a .csv file (CSV) or a .parquet or .pq file (Parquet)" in r.output
    assert not (tmp_path / name).exists() and "games of" not in r.output
    with pytest.raises(OptionError, match=r"name a \.csv file"):
        write_games(tmp_path / name, [], SEATS)
