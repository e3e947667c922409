"""``triominoes replay`` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.core.test_record import BASE, CASES, Edit, edited
from triominoes.cli.main import app

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", ["standard-2p", "german-3p", "spanish-5p"])
def test_replay_json_prints_the_expected_report(name: str) -> None:
    code, out, err = run("replay", str(GOLDEN / f"{name}.json"), "--json")
    assert code == 0, err
    got = json.loads(out)
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text())
    assert got["totals"] == expected["totals"]
    assert got["winners"] == expected["winners"]
    assert [r["end"] for r in got["rounds"]] == [r["end"] for r in expected["rounds"]]


def test_replay_reads_standard_input() -> None:
    code, out, _ = run("replay", "-", "--json", stdin=(GOLDEN / "czech-2p.json").read_text())
    assert code == 0
    assert json.loads(out)["winners"] == [0]


def test_score_sheet_has_a_column_per_player_and_running_totals() -> None:
    code, out, _ = run("replay", str(GOLDEN / "standard-2p.json"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Round 1 (opener: P0)"
    assert lines[1].split()[-2:] == ["P0", "P1"]
    first = lines[2]
    assert "555@0,0 [opening +10]" in first
    assert first.split()[-2:] == ["25", "0"]
    assert any("[bridge +40]" in line for line in lines)
    assert any("[hexagon +50]" in line for line in lines)
    assert any(line.strip().startswith("end") and "blocked" in line for line in lines)
    assert lines[-2] == "Game over. Winner: P1"
    assert lines[-1] == "Totals: P0 411, P1 415"


@pytest.mark.parametrize(("label", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_records_exit_2_with_one_line(
    label: str, edit: Edit, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edited(edit)))
    for flags in ([], ["--json"]):
        code, out, err = run("replay", str(path), *flags)
        assert code == 2
        assert out == ""
        assert err.startswith("error: " + message)
        assert err.count("\n") == 1


@pytest.mark.parametrize(
    "text",
    ["{", "", "[1, 2]", "null", "[" * 100000, '{"rules": "standard", "players": ["a", "b"]}'],
)
def test_malformed_input_exit_2(text: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run("replay", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1


def test_unreadable_file_exit_2(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "missing.json"))
    assert code == 2
    assert err.startswith("error: cannot read")
    path = tmp_path / "latin1.json"
    path.write_bytes(b"\xff\xfe{")
    code, _, err = run("replay", str(path))
    assert code == 2
    assert err.startswith("error: cannot read")


def test_installed_command_end_to_end(tmp_path: Path) -> None:
    """The real console entry point, in a subprocess, with a broken record."""
    bad = edited(lambda d: d["rounds"][0]["actions"].__setitem__(1, "423@1,0"))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    proc = subprocess.run(
        [sys.executable, "-m", "triominoes", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == (
        "error: round 1, action 2 (seat 1, '423@1,0'): corner (1,0) must be 5, tile has 4\n"
    )
    good = tmp_path / "good.json"
    good.write_text(json.dumps(BASE))
    proc = subprocess.run(
        [sys.executable, "-m", "triominoes", "replay", str(good), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["totals"] == [411, 415]
