"""Puzzle ratings and attempts of signed-in players (guests keep nothing here)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import func, insert, select, update

from triominoes.puzzles import rating
from triominoes.storage import schema

if TYPE_CHECKING:
    from triominoes.storage.store import Store


@dataclass(frozen=True)
class Standing:
    rating: float
    solved: int
    tried: int


@dataclass(frozen=True)
class Tried:
    """One try's effect on the rating (``rated``: it was the first try)."""

    before: float
    after: float
    rated: bool


class PuzzleRatings:
    def __init__(self, store: Store) -> None:
        self.store = store

    def standing(self, player_id: str) -> Standing:
        with self.store.engine.connect() as c:
            row = c.execute(
                select(schema.puzzle_ratings).where(schema.puzzle_ratings.c.player_id == player_id)
            ).first()
        if row is None:
            return Standing(rating.START, 0, 0)
        return Standing(row.rating, row.solved, row.tried)

    def attempt(self, player_id: str, puzzle_id: str, difficulty: int, correct: bool) -> Tried:
        """Record a try; the first at a puzzle moves the rating (in the
        same transaction, so two tries at once cannot both count)."""
        now = time.time()
        table = schema.puzzle_ratings
        attempts = schema.puzzle_attempts
        with self.store._writing() as c:
            row = c.execute(
                select(table).where(table.c.player_id == player_id).with_for_update()
            ).first()
            if row is None:
                c.execute(
                    insert(table).values(
                        player_id=player_id, rating=rating.START, tried=0, solved=0, updated_at=now
                    )
                )
                before, tried, solved = rating.START, 0, 0
            else:
                before, tried, solved = row.rating, row.tried, row.solved
            earlier = c.execute(
                select(func.count())
                .select_from(attempts)
                .where(attempts.c.player_id == player_id, attempts.c.puzzle_id == puzzle_id)
            ).scalar_one()
            rated = earlier == 0
            after = rating.updated(before, difficulty, correct, tried) if rated else before
            c.execute(
                insert(attempts).values(
                    player_id=player_id,
                    puzzle_id=puzzle_id,
                    correct=correct,
                    rated=rated,
                    before=before,
                    after=after,
                    at=now,
                )
            )
            if rated:
                c.execute(
                    update(table)
                    .where(table.c.player_id == player_id)
                    .values(
                        rating=after,
                        tried=tried + 1,
                        solved=solved + int(correct),
                        updated_at=now,
                    )
                )
        return Tried(before, after, rated)

    def tried(self, player_id: str) -> set[str]:
        """The puzzles a player has tried (``next`` offers others first)."""
        attempts = schema.puzzle_attempts
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(attempts.c.puzzle_id).where(attempts.c.player_id == player_id).distinct()
            )
            return {r.puzzle_id for r in rows}
