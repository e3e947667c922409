"""``triominoes selfplay`` and ``triominoes rules``."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app, main
from triominoes.core.record import loads, replay

runner = CliRunner()


def test_selfplay_writes_a_record_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = runner.invoke(
        app, ["selfplay", "--seed", "7", "--players", "3", "--rules", "czech", "-o", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(out.read_text())
    assert data["rules"] == "czech"
    assert len(data["players"]) == 3
    game = replay(loads(out.read_text()))
    assert game.finished
    assert data["result"] == {"totals": game.totals, "winners": game.winners}
    assert data["meta"]["seed"] == 7
    assert str(out) in result.stdout


def test_the_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    texts = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        result = runner.invoke(
            app, ["selfplay", "--seed", "11", "--bot", "random", "--bot", "greedy", "-o", str(path)]
        )
        assert result.exit_code == 0
        texts.append(path.read_text())
    assert texts[0] == texts[1]
    other = tmp_path / "c.json"
    runner.invoke(app, ["selfplay", "--seed", "12", "--bot", "random", "-o", str(other)])
    assert other.read_text() != texts[0]


def test_selfplay_house_rules_and_stdout() -> None:
    result = runner.invoke(
        app,
        [
            "selfplay",
            "--seed",
            "3",
            "--rules",
            "german",
            "--set",
            "tile_set=extended76",
            "--set",
            "max_draws=null",
        ],
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["rules"] == {"preset": "german", "tile_set": "extended76", "max_draws": None}
    assert sum(len(h) for h in data["rounds"][0]["hands"]) + len(data["rounds"][0]["pool"]) == 76


def test_selfplay_bad_options_exit_2() -> None:
    result = runner.invoke(app, ["selfplay", "--rules", "poker"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown rule set 'poker'")
    result = runner.invoke(app, ["selfplay", "--bot", "grandmaster"])
    assert result.exit_code == 2
    assert "unknown player 'grandmaster'" in result.stderr
    result = runner.invoke(app, ["selfplay", "--set", "max_draws"])
    assert result.exit_code == 2


def test_rules_command_lists_and_shows() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.stdout.split() == ["standard", "pressman", "czech", "german", "spanish"]
    result = runner.invoke(app, ["rules", "spanish", "--set", "pass_penalty=5"])
    data = json.loads(result.stdout)
    assert data["pass_penalty"] == 5
    assert data["corner_fallback"] is True


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The console script as a user runs it: exit status and standard error."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["triominoes", *args])
        patch.setattr(signal, "signal", lambda *_: None)  # keep pytest's handlers
        with pytest.raises(SystemExit) as exited:
            main()
    code = exited.value.code
    return code if isinstance(code, int) else 0, capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["selfplay", "--players", "7"], "error: Invalid value for '--players'"),
        (["selfplay", "--seed", "abc"], "error: Invalid value for '--seed'"),
        (["tournament"], "error: Missing argument"),
        (["replay", "--bogus", "x"], "error: No such option: --bogus"),
        (["nosuch"], "error: No such command"),
        ([], ""),  # the help, and no empty error line
        (["replay", "/no/such/record.json"], "error: cannot read /no/such/record.json"),
    ],
)
def test_usage_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = run_main(args, capsys)
    assert code == 2
    assert err.startswith(message)
    assert err.count("\n") == (1 if message else 0)


def test_bad_output_and_endless_games_fail_before_or_without_traceback(tmp_path: Path) -> None:
    for args, message in [
        (["-o", str(tmp_path)], "is a folder"),
        (["-o", str(tmp_path / "no" / "x.json")], "there is no folder"),
        (["--bot", "random", "--bot", "greedy", "--bot", "greedy"], "3 bots for 2 players"),
        (["--set", "draw_penalty=20"], "no one reached target_score 400 in 200 rounds"),
        (["--set", "draw_penalty=1e300"], "draw_penalty must be at most 1,000,000"),
        (["--rules", str(tmp_path / "missing.json")], "cannot read"),
    ]:
        result = runner.invoke(app, ["selfplay", *args])
        assert result.exit_code == 2, args
        assert message in result.stderr
