"""Puzzles over HTTP on a real server: the daily puzzle (the same all day),
the next one near a rating, an answer right and wrong, bad and illegal
actions, and a signed-in solver's rating (guests get none)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.harness import Account, ServerProcess
from triominoes.puzzles import rating, shipped
from triominoes.puzzles.mining import MARGIN
from triominoes.puzzles.model import THEMES, Puzzle
from triominoes.server.puzzles import daily, nearest


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("puzzles")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start()
    try:
        yield process
    finally:
        process.stop()


def get(server: ServerProcess, path: str, **params: Any) -> httpx.Response:
    return httpx.get(f"{server.url}{path}", params=params, timeout=30)


def attempt(server: ServerProcess, ident: str, action: str, who: Account | None = None) -> Any:
    path = f"/api/puzzles/{ident}/attempt"
    if who is not None:
        return who.request("POST", path, json={"action": action})
    return httpx.post(
        f"{server.url}{path}", json={"action": action}, headers={"Origin": server.url}, timeout=30
    )


def wrong_action(puzzle: Puzzle) -> str:
    return next(token for token in puzzle.values if token != puzzle.solution[0])


def test_the_daily_puzzle_is_the_same_all_day(server: ServerProcess) -> None:
    first, second = (
        get(server, "/api/puzzles/daily").json(),
        get(server, "/api/puzzles/daily").json(),
    )
    assert first == second
    assert first["date"] == datetime.datetime.now(datetime.UTC).date().isoformat()
    puzzles = shipped()
    day = datetime.date(2026, 12, 3)
    assert daily(puzzles, day) == daily(tuple(reversed(puzzles)), day)
    days = {daily(puzzles, day + datetime.timedelta(days=n)).id for n in range(30)}
    assert len(days) > 10  # the days differ


def test_a_puzzle_is_served_as_the_solver_saw_it(server: ServerProcess) -> None:
    puzzle = shipped()[0]
    served = get(server, f"/api/puzzles/{puzzle.id}").json()
    assert served["id"] == puzzle.id and served["theme"] == puzzle.theme
    assert served["moves"] == 1 and served["prompt"] == puzzle.prompt
    view = served["view"]
    assert view["seat"] == puzzle.seat == view["to_move"]
    assert {entry["action"] for entry in view["legal"]} == set(puzzle.values)
    assert "solution" not in served and "values" not in served
    assert "hands" not in view and "round_end" not in view
    others = [
        t for s, hand in enumerate(puzzle.game().round.hands) if s != puzzle.seat for t in [hand]
    ]
    assert len(view["hand"]) == view["hand_sizes"][puzzle.seat] and others
    missing = get(server, "/api/puzzles/x-9999")
    assert missing.status_code == 404 and missing.json()["error"] == "no-puzzle"


def test_themes_count_every_puzzle(server: ServerProcess) -> None:
    themes = get(server, "/api/puzzles/themes").json()
    assert [t["theme"] for t in themes] == list(THEMES)
    assert sum(t["count"] for t in themes) == len(shipped())


def test_next_is_near_the_rating_of_the_theme_and_never_the_one_before(
    server: ServerProcess,
) -> None:
    puzzles = shipped()
    theme = max(THEMES, key=lambda t: sum(p.theme == t for p in puzzles))
    previous = None
    for _ in range(8):
        params: dict[str, Any] = {"theme": theme, "rating": 1200}
        if previous is not None:
            params["after"] = previous
        answer = get(server, "/api/puzzles/next", **params).json()
        assert answer["theme"] == theme and answer["id"] != previous
        previous = answer["id"]
    easy = nearest(puzzles, 0)
    hard = nearest(puzzles, 4000)
    assert easy is not None and hard is not None and easy.difficulty < hard.difficulty
    bad = get(server, "/api/puzzles/next", theme="chess")
    assert bad.status_code == 400 and bad.json()["error"] == "bad-theme"


def test_right_and_wrong_answers_are_explained_and_guests_get_no_rating(
    server: ServerProcess,
) -> None:
    puzzle = shipped()[0]
    right = attempt(server, puzzle.id, puzzle.solution[0]).json()
    assert right["correct"] is True and right["solution"] == list(puzzle.solution)
    assert right["explanation"]["margin"] == 0 and right["explanation"]["reason"] == puzzle.reason
    assert right["rating"] is None and right["next"] is False and right["reply"] is None
    wrong = attempt(server, puzzle.id, wrong_action(puzzle)).json()
    assert wrong["correct"] is False and wrong["rating"] is None
    assert wrong["explanation"]["margin"] >= MARGIN
    hexagon = next((p for p in shipped() if p.theme == "hexagon"), None)
    if hexagon is not None:
        shown = attempt(server, hexagon.id, wrong_action(hexagon)).json()["explanation"]
        assert len(shown["cells"]) == 6 and shown["reason"] == "completes-hexagon"


def test_bad_and_illegal_actions_are_refused(server: ServerProcess) -> None:
    puzzle = shipped()[0]
    bad = attempt(server, puzzle.id, "hexagon please")
    assert bad.status_code == 400 and bad.json()["error"] == "bad-action"
    illegal = attempt(server, puzzle.id, "555@40,40")
    assert illegal.status_code == 400 and illegal.json()["error"] == "illegal-action"
    nowhere = attempt(server, "x-9999", puzzle.solution[0])
    assert nowhere.status_code == 404


def test_a_signed_in_solver_has_a_rating_that_first_tries_move(server: ServerProcess) -> None:
    assert get(server, "/api/me/puzzles").status_code == 401
    ann = Account(server, "Puzzler").sign_up()
    assert ann.request("GET", "/api/me/puzzles").json() == {
        "rating": 1500,
        "solved": 0,
        "tried": 0,
    }
    first, second = shipped()[0], shipped()[1]
    won = attempt(server, first.id, first.solution[0], ann).json()
    expected = rating.shown(rating.updated(rating.START, first.difficulty, True, 0))
    assert won["rating"] == {"before": 1500, "after": expected} and expected > 1500
    again = attempt(server, first.id, wrong_action(first), ann).json()
    assert again["rating"] == {"before": expected, "after": expected}
    lost = attempt(server, second.id, wrong_action(second), ann).json()
    assert lost["rating"]["before"] == expected > lost["rating"]["after"]
    assert ann.request("GET", "/api/me/puzzles").json() == {
        "rating": lost["rating"]["after"],
        "solved": 1,
        "tried": 2,
    }
    # Signed in, the next puzzle comes from the stored rating, untried first.
    offered = ann.request("GET", "/api/puzzles/next").json()
    assert offered["id"] not in {first.id, second.id}
