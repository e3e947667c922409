"""Deal commitments: a record's deals check against what was published."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app
from triominoes.core.commitment import commit, verify
from triominoes.core.errors import RecordError
from triominoes.core.game import Game
from triominoes.core.record import record_of
from triominoes.core.rules import preset
from triominoes.core.tiles import tile_set


def committed_record() -> dict[str, Any]:
    """A bot game whose deals were committed to as a server does."""
    from triominoes.ai.registry import make_player
    from triominoes.sim.match import play_game

    game = Game(preset("standard").with_overrides(target_score=100), 2, seed=3)
    play_game(game, [make_player("greedy"), make_player("random", seed=1)])
    tiles = tile_set("standard56")
    salts, commitments = [], []
    for played in game.rounds:
        salt = secrets.token_bytes(16)
        hands, pool = played.deal.names(tiles)
        salts.append(salt.hex())
        commitments.append(commit(hands, pool, salt))
    meta = {"deal_commitments": commitments, "deal_salts": salts}
    return record_of(game, ["Ann", "Ben"], meta).to_json()


def test_a_record_checks_against_its_commitments() -> None:
    record = committed_record()
    assert verify(record) == len(record["rounds"])


def test_a_rearranged_deal_is_found() -> None:
    record = committed_record()
    pool = record["rounds"][-1]["pool"]
    pool[0], pool[1] = pool[1], pool[0]
    with pytest.raises(
        RecordError, match=f"round {len(record['rounds'])}: the deal does not match"
    ):
        verify(record)
    del record["meta"]["deal_salts"]
    with pytest.raises(RecordError, match="no 'deal_commitments' and 'deal_salts'"):
        verify(record)


def test_replay_verify_on_the_command_line(tmp_path: Path) -> None:
    record = committed_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    runner = CliRunner()
    good = runner.invoke(app, ["replay", str(path), "--verify"])
    assert good.exit_code == 0, good.output
    assert "every deal matches its commitment" in good.output
    record["meta"]["deal_commitments"][0] = "0" * 64
    path.write_text(json.dumps(record))
    bad = runner.invoke(app, ["replay", str(path), "--verify"])
    assert bad.exit_code == 2
    assert "round 1: the deal does not match the commitment" in bad.output
