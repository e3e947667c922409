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
    listed = [line.split()[0] for line in result.stdout.splitlines()]
    assert listed == ["standard", "pressman", "czech", "german", "spanish"]
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


def test_bad_output_and_endless_games_fail_before_or_without_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import triominoes.sim.match

    monkeypatch.setattr(triominoes.sim.match, "MAX_ACTIONS", 2_000)
    for args, message in [
        (["-o", str(tmp_path)], "is a folder"),
        (["-o", str(tmp_path / "no" / "x.json")], "there is no folder"),
        (["--bot", "random", "--bot", "greedy", "--bot", "greedy"], "3 bots for 2 players"),
        (["--set", "draw_penalty=20"], "actions, totals"),
        (["--set", "draw_penalty=1e300"], "draw_penalty must be at most 1,000,000"),
        (["--rules", str(tmp_path / "missing.json")], "cannot read"),
    ]:
        result = runner.invoke(app, ["selfplay", *args])
        assert result.exit_code == 2, args
        assert message in result.stderr


def test_an_endless_house_rule_game_is_stopped_with_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import triominoes.sim.match

    monkeypatch.setattr(triominoes.sim.match, "MAX_ACTIONS", 2_000)
    args = ["selfplay", "--set", "draw_penalty=1000000", "--set", "target_score=1000000"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: stopped after ")
    assert "no one reached target_score 1,000,000; can a game end under these rules?" in (
        result.stderr
    )


def test_an_unwritable_output_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import triominoes.cli.main

    played: list[object] = []
    monkeypatch.setattr(triominoes.cli.main, "play_game", lambda *a: played.append(a))
    unwritable = Path("/sys/x.json")  # not even root may make a file there
    result = runner.invoke(app, ["selfplay", "-o", str(unwritable)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: -o /sys/x.json: cannot write in /sys (")
    assert played == []
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    result = runner.invoke(app, ["selfplay", "-o", str(notes / "x.json")])
    assert result.exit_code == 2
    assert f"{notes} is not a folder" in result.stderr
    assert played == []
    assert notes.read_text() == "mine"


def test_negative_seeds_are_refused_not_folded_onto_positive_ones(tmp_path: Path) -> None:
    # Python seeds with the absolute value: -5 would replay the game of 5.
    result = runner.invoke(app, ["selfplay", "--seed", "-5"])
    assert result.exit_code == 2
    assert "Invalid value for '--seed'" in result.stderr


def test_a_record_given_as_rules_is_named_a_record(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    assert runner.invoke(app, ["selfplay", "--rules", "czech", "-o", str(game)]).exit_code == 0
    for command in (["selfplay", "--rules", str(game)], ["rules", str(game)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert (
            result.stderr
            == f"error: {game} is a game record, not a rule set (its rules: 'czech')\n"
        )


def test_version_in_rules_is_read_alike_however_it_is_written() -> None:
    as_field = runner.invoke(app, ["rules", "czech", "--set", "version=7"])
    as_object = runner.invoke(app, ["rules", '{"preset": "czech", "version": 7}'])
    assert as_field.exit_code == as_object.exit_code == 0
    assert as_field.stdout == as_object.stdout == runner.invoke(app, ["rules", "czech"]).stdout


def test_one_round_is_one_round(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    result = runner.invoke(app, ["selfplay", "--rules", "german", "-o", str(game)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{game}: 1 round, totals")


def test_help_shows_no_types_of_flags_and_gives_the_defaults() -> None:
    top = runner.invoke(app, ["--help"]).stdout
    assert "<bool>" not in top
    assert "--version  Show the version." in top
    selfplay = " ".join(runner.invoke(app, ["selfplay", "--help"]).stdout.split())
    assert "<bool>" not in selfplay
    assert "reuse the bots given, in turn. [default: greedy]" in selfplay
    assert "[default: 1; x>=0]" in selfplay  # the seed
    tournament = " ".join(runner.invoke(app, ["tournament", "--help"]).stdout.split())
    assert "[default: 100, without --games]" in tournament
    assert "[default: all cores]" in tournament
