"""A puzzle's line over HTTP (an endgame's): the answer to a right move that
is not the last carries the opponent's reply and the solver's view after
it, so that a client which decides no rule (the web page) can ask for the
next move. The line is made from a shipped puzzle's position played on."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import httpx
from fastapi import FastAPI

from triominoes.puzzles import shipped
from triominoes.puzzles.model import Puzzle
from triominoes.server.puzzles import puzzle_routes


def line_puzzle() -> Puzzle:
    """A shipped puzzle's answer, an opponent's reply and a second move."""
    for base in shipped():
        if base.view().hand_sizes[base.seat] < 3:
            continue
        first = base.solution[0]
        game = base.game([first])
        for action in game.view(game.round.seat).legal_actions:
            reply = str(action)
            after = base.view([first, reply])
            placements = [str(a) for a in after.legal_actions if "@" in str(a)]
            if after.to_move == base.seat and placements:
                line = (first, reply, placements[0])
                return dataclasses.replace(base, id="e-line", theme="endgame", solution=line)
    raise AssertionError("no shipped puzzle goes on to a second placement")


def post(puzzle: Puzzle, body: dict[str, Any]) -> Any:
    """An attempt at the puzzle routes alone (a guest: the hub, with its
    accounts and ratings, is never asked for)."""
    app = FastAPI()
    app.include_router(puzzle_routes(lambda: None, [puzzle]))  # type: ignore[arg-type,return-value]

    async def ask() -> Any:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://puzzles") as http:
            answer = await http.post(f"/api/puzzles/{puzzle.id}/attempt", json=body)
            assert answer.status_code == 200, answer.text
            return answer.json()

    return asyncio.run(ask())


def test_a_right_move_of_a_line_brings_the_reply_and_the_view_after_it() -> None:
    puzzle = line_puzzle()
    first, reply, second = puzzle.solution
    answer = post(puzzle, {"action": first})
    assert (answer["correct"], answer["next"], answer["reply"]) == (True, True, reply)
    assert answer["view"] == puzzle.view([first, reply]).to_json()
    assert second in {entry["action"] for entry in answer["view"]["legal"]}
    # The board holds the solver's move and the reply.
    cells = {tuple(p["cell"]) for p in answer["view"]["board"]}
    assert len(cells) == len(puzzle.view().board) + 2
    last = post(puzzle, {"action": second, "line": [first, reply]})
    assert (last["correct"], last["next"], last["reply"]) == (True, False, None)
    assert "view" not in last


def test_a_wrong_move_ends_the_line_without_a_view() -> None:
    puzzle = line_puzzle()
    wrong = next(t for t in puzzle.values if t != puzzle.solution[0])
    answer = post(puzzle, {"action": wrong})
    assert (answer["correct"], answer["next"], answer["reply"]) == (False, False, None)
    assert "view" not in answer
