"""``triominoes tournament`` as a user runs it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
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


def test_outputs_are_checked_before_the_run(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    base = ["tournament", "greedy", "random", "--rounds", "2", "--quiet", "--jobs", "1"]
    for args, message in [
        (["--plot", str(tmp_path / "m.txt")], "name a picture file"),
        (["--plot", str(notes / "m.png")], "notes.txt is not a folder"),
        (["--out", str(notes)], "not a tournament results file"),
        (["--out", str(tmp_path)], "is a folder"),
        (["--records", str(notes)], "is a file, not a folder"),
        (["--address", "127.0.0.1:1"], "--address goes with --backend ray"),
        (["ismcts:depth=3"], "no setting depth (settings of ismcts: iterations"),
    ]:
        result = runner.invoke(app, [*base, *args])
        assert result.exit_code == 2, args
        assert message in result.stderr
    assert notes.read_text() == "my notes"
    result = runner.invoke(app, [*base, "--plot", str(tmp_path / "new" / "m.svg")])
    assert result.exit_code == 0
    assert (tmp_path / "new" / "m.svg").read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_run_stops_its_workers_and_resumes(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "run.jsonl"
    # The console script, with Ctrl-C handled as from a terminal even if
    # this test runs with SIGINT ignored.
    script = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    script += "from triominoes.cli.main import main; main()"
    command = [sys.executable, "-c", script, "tournament", "greedy", "random"]
    command += ["--rounds", "100000", "--jobs", "2", "--quiet", "--out", str(out)]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and len(out.read_text().splitlines()) > 20):
            assert time.monotonic() < deadline and run.poll() is None
            time.sleep(0.1)
        listing = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        children = listing.read_text().split() if listing.exists() else []
        run.send_signal(signum)
        assert run.wait(timeout=60) == 128 + signum
    finally:
        run.kill()
        run.wait()
    for child in children:  # the workers went with it
        status = Path(f"/proc/{child}/status")
        assert not status.exists() or "zombie" in status.read_text()
    kept = out.read_text().splitlines()
    assert len(kept) > 20
    assert not Path(f"{out}.lock").exists()
    assert all(json.loads(line) for line in kept[1:])
