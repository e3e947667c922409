"""Mining a game record finds the puzzles of its positions, as the record
played them, each naming the record it came from."""

from __future__ import annotations

from typing import Any

from triominoes.ai.heuristic import HeuristicPlayer
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.record import read, record_of
from triominoes.core.rules import preset
from triominoes.puzzles.checking import check
from triominoes.puzzles.mining import from_record


def record_of_seed_5() -> dict[str, Any]:
    """The first 14 actions of self-play seed 5's round (as mining plays them)."""
    game = Game(preset("standard"), 2, 5, auto_deal=False)
    game.next_round()
    bots = [HeuristicPlayer(50), HeuristicPlayer(51)]  # as self-play seed 5 has them
    played: list[str] = []
    while len(played) < 14:
        seat = game.round.seat
        knowledge = Knowledge(game.view(seat))
        token = str(game.round.decode(bots[seat].choose_move(knowledge.public_round(), knowledge)))
        game.apply(seat, token)
        played.append(token)
    return record_of(game, ["Ann", "Ben"]).to_json()


def test_a_records_positions_are_mined() -> None:
    data = record_of_seed_5()
    played = data["rounds"][0]["actions"]
    record = read(data)
    found = list(from_record(record, "ann-ben.json"))
    assert found
    for puzzle in found:
        assert puzzle.source["record"] == "ann-ben.json" and puzzle.source["round"] == 1
        assert list(puzzle.actions) == played[: len(puzzle.actions)]
        assert check(puzzle) == []
