"""``triominoes tournament`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from triominoes.cli.main import app

runner = CliRunner()


def test_table_with_progress_records_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "margins.png"
    records = tmp_path / "records"
    result = runner.invoke(
        app,
        [
            "tournament",
            "greedy",
            "random",
            "--rounds",
            "4",
            "--jobs",
            "1",
            "--records",
            str(records),
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == '4 rounds, rules "standard", seed 0'
    assert lines[1].split()[:4] == ["player", "units", "wins", "win"]
    assert lines[3].split()[0] == "greedy"
    assert lines[4].split()[0] == "random"
    assert "100%" in result.stderr  # the progress bar
    assert len(list(records.glob("unit-*.json"))) == 4
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_json_output_and_resume(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    args = [
        "tournament",
        "heuristic",
        "greedy",
        "greedy",
        "--games",
        "3",
        "--rules",
        "german",
        "--seed",
        "5",
        "--json",
        "--quiet",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["tournament"]["unit"] == "game"
    assert [p["name"] for p in data["players"]] == ["heuristic", "greedy", "greedy #2"]
    assert all(p["units"] == 3 for p in data["players"])
    again = runner.invoke(app, args)  # everything is on disk: nothing is replayed
    assert json.loads(again.stdout) == data
    assert len(out.read_text().splitlines()) == 4


def test_bad_tournaments_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "greedy", "oracle", "--rounds", "2"])
    assert result.exit_code == 2
    assert "unknown player 'oracle'" in result.stderr
    result = runner.invoke(app, ["tournament", "greedy", "random", "--rounds", "2", "--games", "2"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["tournament", "greedy"])
    assert result.exit_code == 2
    out = tmp_path / "run.jsonl"
    runner.invoke(
        app,
        [
            "tournament",
            "greedy",
            "random",
            "--rounds",
            "2",
            "--out",
            str(out),
            "--quiet",
            "--jobs",
            "1",
        ],
    )
    result = runner.invoke(
        app,
        [
            "tournament",
            "greedy",
            "random",
            "--rounds",
            "2",
            "--seed",
            "9",
            "--out",
            str(out),
            "--quiet",
            "--jobs",
            "1",
        ],
    )
    assert result.exit_code == 2
    assert "holds a different tournament" in result.stderr
    result = runner.invoke(app, ["tournament", "greedy", "random", "--backend", "mpi"])
    assert result.exit_code == 2
