"""``triominoes analyze`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from triominoes.cli.main import app

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_analyze_json_for_one_seat() -> None:
    record = str(GOLDEN / "czech-2p.json")
    code, out, err = run("analyze", record, "--json", "--seat", "1", "--worlds", "4", "-q")
    assert code == 0, err
    report = json.loads(out)
    assert report["worlds"] == 4
    assert [p["seat"] for p in report["players"]] == [1]
    player = report["players"][0]
    assert player.keys() >= {"name", "decisions", "accuracy", "lost_per_round", "lost", "marks"}
    assert player["decisions"] == len(report["decisions"]) > 0
    assert 0 <= player["accuracy"] <= 100
    for decision in report["decisions"]:
        assert decision["seat"] == 1
        assert decision.keys() >= {"round", "turn", "played", "best", "loss", "marks"}
        assert decision["loss"] >= 0 and decision["played"]["action"]


def test_analyze_finish_judges_with_play_outs_ending_by_best_play() -> None:
    """``--finish`` is a different judge (the same decisions, other values),
    and as repeatable for a seed as the default."""
    record = str(GOLDEN / "standard-2p.json")
    args = ["analyze", record, "--json", "--seat", "0", "--worlds", "2", "-q"]
    plain = json.loads(run(*args)[1])
    finished = [json.loads(run(*args, "--finish")[1]) for _ in range(2)]
    assert finished[0] == finished[1]
    assert finished[0]["finish"] is True and plain["finish"] is False
    assert [d["turn"] for d in finished[0]["decisions"]] == [d["turn"] for d in plain["decisions"]]
    assert finished[0]["decisions"] != plain["decisions"]


def test_analyze_text_shows_the_summary_and_a_progress_bar() -> None:
    code, out, err = run("analyze", str(GOLDEN / "czech-2p.json"), "--worlds", "3", "--jobs", "2")
    assert code == 0, err
    assert out.splitlines()[0].split()[:4] == ["seat", "player", "decisions", "accuracy"]
    assert len([line for line in out.splitlines()[1:3] if line.startswith(("0 ", "1 "))]) == 2
    assert "decision" in err  # the bar, on standard error


def test_analyze_refuses_bad_input(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "triominoes-record"}')
    for args in (
        [str(tmp_path / "missing.json")],
        [str(broken)],
        [str(GOLDEN / "czech-2p.json"), "--seat", "2"],
        [str(GOLDEN / "czech-2p.json"), "--worlds", "0"],
    ):
        code, out, err = run("analyze", *args, "-q")
        assert code == 2, (args, out, err)
        assert out == ""
