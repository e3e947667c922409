"""``triominoes stats`` as a user runs it: tables, JSON, Markdown, and one
clear error line for every bad option, before any game is played."""

from __future__ import annotations

import json
import signal
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app, main
from triominoes.sim.game_stats import FIGURES

runner = CliRunner()
SMALL = ["stats", "--presets", "german,standard", "--players", "2,3", "--games", "2"]


def test_json_counts_add_up_for_every_preset_and_player_count() -> None:
    result = runner.invoke(app, [*SMALL, "--bot", "greedy", "--json", "--quiet", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["bots"] == ["greedy"] and data["seed"] == 0
    tables = data["tables"]
    assert [(t["rules"], t["players"]) for t in tables] == [
        ("german", 2),
        ("german", 3),
        ("standard", 2),
        ("standard", 3),
    ]
    for table in tables:
        counts = table["counts"]
        assert counts["games"] == 2
        assert counts["out"] + counts["blocked"] == counts["rounds"]
        assert list(table["figures"]) == list(FIGURES)
        assert len(table["wins_by_position"]) == table["players"]
        rounds = table["figures"]["rounds_per_game"]["mean"]
        assert rounds == counts["rounds"] / 2
        if table["rules"] == "german":
            assert rounds == 1  # a one-round game
    assert "8 games in" in result.stderr  # 2 presets x 2 counts x 2 games, and the time


def test_the_table_names_each_preset_and_player_count() -> None:
    result = runner.invoke(app, [*SMALL, "--bot", "greedy", "--seed", "3"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "german (greedy, seed 3; 95% intervals)"
    assert lines[1].split() == ["2", "players", "3", "players"]
    assert lines[2].split() == ["games", "2", "2"]
    assert any(line.startswith("the first player wins the game ") for line in lines)
    assert "standard (greedy, seed 3; 95% intervals)" in lines
    assert "100%" in result.stderr  # the progress bar


def test_markdown_and_house_rules() -> None:
    result = runner.invoke(
        app,
        [
            *("stats", "--presets", "german", "--players", "2", "--games", "2", "--markdown"),
            *("--set", "going_out_bonus=30", "--quiet", "--bot", "greedy"),
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("### german (house rules)\n")
    assert "| | 2 players |" in result.stdout
    assert "| the first player wins the game |" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--presets", "british"], "--presets: unknown preset 'british' (known: standard,"),
        (["--presets", ","], "--presets: name at least one preset"),
        (["--players", "2,7"], "--players: '7' is not a number of players (2 to 6"),
        (["--players", "two"], "--players: 'two' is not a number of players"),
        (["--games", "0"], "--games: play at least one game"),
        (["--backend", "spark"], "unknown backend 'spark' (local or ray)"),
        (["--address", "10.0.0.1:6379"], "--address goes with --backend ray"),
        (["--json", "--markdown"], "give --json or --markdown, not both"),
        (["--bot", "oracle"], "unknown player 'oracle'"),
        (["--set", "going_out_bonus"], "--set 'going_out_bonus': write FIELD=VALUE"),
        (["--workers", "0"], "Invalid value for '--workers'"),
    ],
)
def test_bad_options_are_one_clear_error(
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Through the entry point: typer's own checks (--workers 0) are turned
    # into the same one line there.
    monkeypatch.setattr(sys, "argv", ["triominoes", "stats", *args])
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # keep pytest's handlers
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert message in lines[0]


def test_an_interrupted_run_says_how_far_it_got(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import triominoes.cli.stats as command
    from triominoes.core.rules import PRESETS
    from triominoes.sim.game_stats import stats_config

    def interrupted(config: Any, *, backend: Any, progress: Any) -> Any:
        for count in (0, 1, 1):  # as run_tournament reports: none found, then each game
            progress(count)
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "run_tournament", interrupted)
    config = stats_config(PRESETS["german"], 2, ["greedy"], 5, 0)
    with pytest.raises(KeyboardInterrupt):
        command._run([config], runner=None, quiet=True)  # no bar: counted all the same
    assert capsys.readouterr().err == "stopped after 2 games; nothing was saved\n"
