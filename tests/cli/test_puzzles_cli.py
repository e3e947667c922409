"""``triominoes puzzles mine|check`` and ``triominoes puzzle --plain``:
files in and out, exit statuses, and one error line for bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from tests.puzzles.test_records import record_of_seed_5
from tests.storage.test_accounts import consent_tables
from triominoes.cli.main import app
from triominoes.puzzles import shipped
from triominoes.puzzles.model import dumps, loads
from triominoes.storage import Store

runner = CliRunner()


def test_check_passes_good_puzzles_and_fails_a_broken_one(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(dumps(shipped()[:3]))
    result = runner.invoke(app, ["puzzles", "check", str(good)])
    assert result.exit_code == 0 and "3 of 3 puzzles" in result.stdout
    puzzle = shipped()[0]
    wrong = next(t for t in puzzle.values if t != puzzle.solution[0])
    bad = tmp_path / "bad.json"
    bad.write_text(dumps([replace(puzzle, solution=(wrong,))]))
    result = runner.invoke(app, ["puzzles", "check", str(bad), "--json"])
    assert result.exit_code == 1
    assert list(json.loads(result.stdout)["failed"]) == [puzzle.id]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "something else"}')
    result = runner.invoke(app, ["puzzles", "check", str(broken)])
    assert result.exit_code == 2 and result.stderr.startswith("error: not a puzzle file")


def test_mine_reads_records_and_writes_numbered_puzzles(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "game.json").write_text(json.dumps(record_of_seed_5()))
    out = tmp_path / "mined.json"
    result = runner.invoke(
        app, ["puzzles", "mine", "--seeds", "0-0", "--records", str(records), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    mined = loads(out.read_text())
    assert mined and all(p.source["record"] == "game.json" for p in mined)
    assert mined[0].id.endswith("-0001")
    for args, message in [
        (["--seeds", "one-two"], "--seeds is FIRST-LAST"),
        (["--rules", "chess"], "unknown preset"),
        (["--seeds", "0-0", "--records", str(tmp_path / "nowhere")], "is not a directory"),
    ]:
        result = runner.invoke(app, ["puzzles", "mine", "--out", str(out), *args])
        assert result.exit_code == 2 and message in result.stderr


def test_the_plain_puzzle_reads_an_action_and_answers() -> None:
    puzzle = min(shipped(), key=lambda p: (p.difficulty, p.id))
    result = runner.invoke(
        app, ["puzzle", "--plain", "--lang", "en"], input=f"{puzzle.solution[0]}\nquit\n"
    )
    assert result.exit_code == 0
    assert puzzle.id in result.stdout and "Right:" in result.stdout
    result = runner.invoke(app, ["puzzle", "--theme", "chess"])
    assert result.exit_code == 2 and "--theme 'chess'" in result.stderr


def test_mine_reads_the_games_of_a_database_whose_players_agreed(tmp_path: Path) -> None:
    database = tmp_path / "server.db"
    with_store(database, lambda store: consent_tables(store, json.dumps(record_of_seed_5())))
    out = tmp_path / "mined.json"

    def sources() -> set[str]:
        mine = ["puzzles", "mine", "--seeds", "0-0", "--db", str(database), "--out", str(out)]
        result = runner.invoke(app, mine)
        assert result.exit_code == 0, result.output
        return {p.source["record"] for p in loads(out.read_text())}

    # Every table holds the same round, and a position is kept once: the
    # first game allowed names the puzzles (the storage tests tell apart
    # which games are allowed).
    assert sources() == {"t-agreed/1"}
    with_store(database, lambda store: store.accounts.set_puzzles_from_games("ann", False))
    assert sources() == {"t-bot/1"}
    with_store(database, lambda store: store.accounts.set_puzzles_from_games("ben", False))
    assert sources() == set()
    missing = runner.invoke(
        app, ["puzzles", "mine", "--seeds", "0-0", "--db", str(tmp_path / "no.db"), "--out", "x"]
    )
    assert missing.exit_code == 2 and "there is no database" in missing.stderr


def with_store(database: Path, work: Callable[[Store], object]) -> None:
    store = Store(f"sqlite:///{database}")
    try:
        work(store)
    finally:
        store.close()
