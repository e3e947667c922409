"""Puzzle ratings in the store, on both backends: the first try at a
puzzle moves the rating by Elo against its difficulty, later tries are
kept but count for nothing, and a player who never tried has the start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.conftest import pg_url, sqlite_url  # noqa: F401 - fixtures
from triominoes.puzzles import rating
from triominoes.storage import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    opened = Store(url)
    try:
        yield opened
    finally:
        opened.close()


def test_only_the_first_try_at_a_puzzle_moves_the_rating(store: Store) -> None:
    ann = store.accounts.create("ann-id", "Ann", "ann", "hash").id
    puzzles = store.puzzles
    assert puzzles.standing(ann) == puzzles.standing("nobody")
    assert puzzles.standing(ann).rating == rating.START and puzzles.standing(ann).tried == 0
    won = puzzles.attempt(ann, "h-0001", 1500, True)
    assert won.rated and won.before == rating.START
    assert won.after == pytest.approx(rating.START + rating.K_NEW / 2)
    again = puzzles.attempt(ann, "h-0001", 1500, False)
    assert not again.rated and again.before == again.after == won.after
    lost = puzzles.attempt(ann, "d-0002", 2200, False)
    assert lost.rated and lost.after < lost.before
    assert lost.before - lost.after < rating.K_NEW / 2  # a hard puzzle costs little
    standing = puzzles.standing(ann)
    assert (standing.solved, standing.tried) == (1, 2)
    assert standing.rating == pytest.approx(lost.after)
    assert puzzles.tried(ann) == {"h-0001", "d-0002"}


def test_the_rating_settles_after_the_first_tries() -> None:
    early = rating.updated(1500, 1500, True, 0) - 1500
    late = rating.updated(1500, 1500, True, rating.SETTLING) - 1500
    assert early == pytest.approx(rating.K_NEW / 2) and late == pytest.approx(rating.K / 2)
    assert rating.updated(rating.LOWEST, 2500, False, 50) == rating.LOWEST
