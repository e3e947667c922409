"""``triominoes tournament`` as a user runs it."""

from __future__ import annotations

import contextlib
import json
import os
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
    assert "holds a different tournament (its seed differs)" in result.stderr
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
    result = runner.invoke(app, [*base, "--plot", str(tmp_path / "m.svg")])
    assert result.exit_code == 0
    assert (tmp_path / "m.svg").read_text().lstrip().startswith("<?xml")


def test_every_output_is_checked_before_any_unit_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import triominoes.cli.tournament

    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("the tournament ran")

    monkeypatch.setattr(triominoes.cli.tournament, "run_tournament", no_run)
    base = ["tournament", "greedy", "random", "--rounds", "2", "--quiet", "--jobs", "1"]
    missing = tmp_path / "missing"
    for args, message in [
        (["--plot", "/sys/m.png"], "error: --plot /sys/m.png: cannot write in /sys ("),
        (["--out", "/sys/run.jsonl"], "error: --out /sys/run.jsonl: cannot write in /sys ("),
        (["--records", "/sys/games"], "error: --records /sys/games: cannot write in /sys ("),
        # One rule for missing folders, whatever the output.
        (["--plot", f"{missing}/m.png"], f"error: --plot {missing}/m.png: there is no folder"),
        (["--out", f"{missing}/r.jsonl"], f"error: --out {missing}/r.jsonl: there is no folder"),
        (["--records", f"{missing}/g"], f"error: --records {missing}/g: there is no folder"),
    ]:
        result = runner.invoke(app, [*base, *args])
        assert result.exit_code == 2, args
        assert result.stderr.startswith(message), result.stderr
        assert result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_plotting_without_matplotlib_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    args = ["tournament", "greedy", "random", "--rounds", "2", "--quiet", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--plot", str(tmp_path / "m.png")])
    assert result.exit_code == 2
    assert result.stderr == "error: --plot needs matplotlib: pip install 'triominoes[plot]'\n"
    assert runner.invoke(app, args).exit_code == 0  # only --plot needs it


def test_notes_come_only_when_the_run_starts(tmp_path: Path) -> None:
    args = ["tournament", "greedy", "random", "greedy", "--rounds", "1", "--quiet", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--rules", "poker"])
    assert result.stderr == (
        "error: unknown rule set 'poker' (presets: standard, pressman, czech, german, spanish)\n"
    )
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stderr == "note: 1 round rounded up to 3, whole seat rotations\n"
    assert result.stdout.startswith("3 rounds, rules")


def test_a_resumed_run_says_what_it_found(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    args = ["tournament", "greedy", "random", "--quiet", "--jobs", "1", "--out", str(out)]
    assert runner.invoke(app, [*args, "--rounds", "4"]).exit_code == 0
    result = runner.invoke(app, [*args, "--rounds", "6"])
    assert result.exit_code == 0
    assert result.stderr == f"note: 4 of 6 rounds already in {out}\n"
    assert result.stdout.startswith("6 rounds")


def test_a_closed_standard_output_loses_only_the_table(tmp_path: Path) -> None:
    # As `triominoes tournament ... --plot m.png | head -1` when head has
    # gone: the picture, the results and the records are still written.
    plot, out, records = tmp_path / "m.png", tmp_path / "run.jsonl", tmp_path / "records"
    reading, writing = os.pipe()
    os.close(reading)
    command = [sys.executable, "-m", "triominoes", "tournament", "greedy", "random"]
    command += ["--rounds", "4", "--jobs", "1", "--quiet", "--plot", str(plot)]
    command += ["--out", str(out), "--records", str(records)]
    try:
        proc = subprocess.run(command, stdout=writing, stderr=subprocess.PIPE, check=False)
    finally:
        os.close(writing)
    assert b"Traceback" not in proc.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(out.read_text().splitlines()) == 1 + 4
    assert len(list(records.glob("unit-*.json"))) == 4


def test_the_plot_counts_units_in_whole_numbers() -> None:
    from triominoes.sim.plot import margins_figure

    results = [
        {"unit": 0, "lineup": [0, 1], "totals": [50, 10]},
        {"unit": 1, "lineup": [1, 0], "totals": [5, 40]},
    ]
    fig = margins_figure(["greedy", "random"], results, unit="game")
    fig.canvas.draw()
    (ax,) = fig.axes
    assert ax.get_ylabel() == "games"
    assert ax.get_title() == "Score margins over 2 games"
    ticks = [t for t in ax.get_yticks() if 0 <= t <= 2]
    assert ticks and all(t == int(t) for t in ticks)


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
        # Units finish in any order (a worker may wait for the CPU while the
        # other plays dozens): wait for the first ten the rerun asks for.
        while not (out.exists() and _first_units_in(out, 10)):
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
    assert run.stderr is not None
    assert run.stderr.read().decode() == (
        f"{len(kept) - 1:,} of 100,000 rounds saved in {out}; run the same command to continue\n"
    )


def test_an_interrupted_run_without_a_results_file_says_nothing_was_kept() -> None:
    script = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    script += "from triominoes.cli.main import main; main()"
    command = [sys.executable, "-c", script, "tournament", "greedy", "random"]
    command += ["--rounds", "100000", "--jobs", "1"]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert run.stderr is not None
        os.set_blocking(run.stderr.fileno(), False)
        seen = b""
        deadline = time.monotonic() + 60
        while b"round/s" not in seen and b"s/round" not in seen:  # the bar: it is playing
            assert time.monotonic() < deadline and run.poll() is None
            seen += run.stderr.read() or b""
            time.sleep(0.1)
        run.send_signal(signal.SIGINT)
        assert run.wait(timeout=60) == 130
        os.set_blocking(run.stderr.fileno(), True)
        seen += run.stderr.read()
    finally:
        run.kill()
        run.wait()
    last = seen.decode().replace("\r", "\n").splitlines()[-1]
    assert last.startswith("stopped after ")
    assert last.endswith(
        " of 100,000 rounds; nothing was saved (--out FILE keeps results to continue)"
    )


def test_killing_the_run_kills_its_workers_and_frees_its_results_file(tmp_path: Path) -> None:
    # kill -9 gives the run no chance to stop its workers or remove its lock
    # file: the workers must go by themselves, and the lock with them.
    out = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "triominoes", "tournament", "greedy", "random"]
    command += ["--rounds", "100000", "--jobs", "2", "--quiet", "--out", str(out)]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: list[str] = []
    try:
        deadline = time.monotonic() + 120
        # Units finish in any order (a worker may wait for the CPU while the
        # other plays dozens): wait for the first ten the rerun asks for.
        while not (out.exists() and _first_units_in(out, 10)):
            assert time.monotonic() < deadline and run.poll() is None
            time.sleep(0.1)
        listing = Path(f"/proc/{run.pid}/task/{run.pid}/children")
        children = listing.read_text().split()
        assert len(children) >= 2  # the workers
        run.kill()
        run.wait()
        deadline = time.monotonic() + 10
        alive = children
        while alive and time.monotonic() < deadline:
            time.sleep(0.05)
            alive = [c for c in alive if _alive(c)]
        assert alive == [], "workers outlived their tournament"
    finally:
        run.kill()
        run.wait()
        for child in children:
            if _alive(child):
                os.kill(int(child), signal.SIGKILL)
    assert Path(f"{out}.lock").exists()  # left behind, and harmless:
    kept = len(out.read_text().splitlines()) - 1
    again = ["tournament", "greedy", "random", "--rounds", "10", "--quiet", "--out", str(out)]
    result = runner.invoke(app, again)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == f"note: 10 of 10 rounds already in {out}\n"
    assert kept >= 10


def _first_units_in(out: Path, count: int) -> bool:
    """Whether the results file holds units 0 .. count - 1 (whole lines)."""
    found = set()
    for line in out.read_text().splitlines()[1:]:
        with contextlib.suppress(ValueError, KeyError, TypeError):  # a line being written
            found.add(json.loads(line)["unit"])
    return set(range(count)) <= found and len(found) > 2 * count


def _alive(pid: str) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "zombie" not in status.read_text()
    except FileNotFoundError:
        return False
