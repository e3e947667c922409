"""What a finished game leaves for its players, written in the transaction
of the action that finished it: each signed-in player's result (profiles)
and, for a rated game, every seat's rating change.

In that one transaction, so that a crash can never leave a finished rated
game unrated, nor rate it twice: the ratings are read there (locked, on
PostgreSQL), the new ones computed from them, and each change is a row
keyed by (table, game, seat) — a second write of the same game would be
refused by the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, select, update

from triominoes.players import ratings
from triominoes.players.ratings import Skill
from triominoes.storage import schema


@dataclass(frozen=True)
class SeatOutcome:
    seat: int
    """The engine seat."""
    subject: str | None
    """A signed-in player's id, ``bot:LEVEL``, or None (a guest, or a bot
    that is no level)."""
    account: bool
    """``subject`` is a person's account (their profile keeps the game)."""
    place: int
    won: bool
    points: int
    rounds: int
    hexagons: int
    bridges: int


@dataclass(frozen=True)
class Outcome:
    """A finished game, for its players."""

    pool: str
    preset: str
    """The preset's name, or ``house``."""
    rated: bool
    seats: Sequence[SeatOutcome]


@dataclass(frozen=True)
class RatingChange:
    seat: int
    subject: str
    pool: str
    before: int
    after: int


def subjects(outcome: Outcome) -> list[str]:
    """The ratings a finished game changes (to lock them first, in one order)."""
    if not outcome.rated:
        return []
    return sorted({s.subject for s in outcome.seats if s.subject is not None})


def lock(c: Connection, keys: Sequence[str], pool: str, *, sqlite: bool) -> None:
    """Lock the rating rows of ``keys`` in one order (PostgreSQL): two
    processes finishing games of the same players wait for each other
    rather than deadlock."""
    if keys and not sqlite:
        c.execute(
            select(schema.ratings.c.subject)
            .where(schema.ratings.c.subject.in_(list(keys)), schema.ratings.c.pool == pool)
            .order_by(schema.ratings.c.subject)
            .with_for_update()
        )


def write(c: Connection, table_id: str, game: int, outcome: Outcome, now: float) -> None:
    """Keep a finished game's outcome (inside the append's transaction)."""
    rows = [
        {
            "player_id": s.subject,
            "table_id": table_id,
            "game": game,
            "seat": s.seat,
            "players": len(outcome.seats),
            "pool": outcome.pool,
            "preset": outcome.preset,
            "rated": outcome.rated,
            "place": s.place,
            "won": s.won,
            "points": s.points,
            "rounds": s.rounds,
            "hexagons": s.hexagons,
            "bridges": s.bridges,
            "at": now,
        }
        for s in outcome.seats
        if s.account and s.subject is not None
    ]
    if rows:
        c.execute(insert(schema.player_games), rows)
    if outcome.rated:
        _rate(c, table_id, game, outcome, now)


def _rate(c: Connection, table_id: str, game: int, outcome: Outcome, now: float) -> None:
    seated = [s for s in outcome.seats if s.subject is not None]
    if len(seated) != len(outcome.seats):
        raise ValueError("every seat of a rated game is rated")
    keys = subjects(outcome)
    known = {
        str(r.subject): Skill(float(r.mu), float(r.sigma), int(r.games))
        for r in c.execute(
            select(schema.ratings).where(
                schema.ratings.c.subject.in_(keys), schema.ratings.c.pool == outcome.pool
            )
        ).all()
    }
    befores = [known.get(s.subject or "") or first_skill(s.subject or "") for s in seated]
    afters = ratings.rate(befores, [s.place for s in seated])
    changes = []
    for seat, before, after in zip(seated, befores, afters, strict=True):
        changes.append(
            {
                "table_id": table_id,
                "game": game,
                "seat": seat.seat,
                "subject": seat.subject,
                "pool": outcome.pool,
                "place": seat.place,
                "mu_before": before.mu,
                "sigma_before": before.sigma,
                "mu_after": after.mu,
                "sigma_after": after.sigma,
                "before": ratings.displayed(before),
                "after": ratings.displayed(after),
                "at": now,
            }
        )
    c.execute(insert(schema.rating_changes), changes)
    for key in keys:
        mine = [a for s, a in zip(seated, afters, strict=True) if s.subject == key]
        before = known.get(key) or first_skill(key)
        skill = mine[0] if len(mine) == 1 else ratings.merged(before, mine)
        values = {"mu": skill.mu, "sigma": skill.sigma, "games": skill.games, "updated_at": now}
        if key in known:
            c.execute(
                update(schema.ratings)
                .where(schema.ratings.c.subject == key, schema.ratings.c.pool == outcome.pool)
                .values(values)
            )
        else:
            c.execute(insert(schema.ratings).values(subject=key, pool=outcome.pool, **values))


def first_skill(subject: str) -> Skill:
    """A rating never written yet: a bot level's seed, or a newcomer's."""
    if subject.startswith("bot:") and subject[4:] in ratings.BOT_SEEDS:
        return ratings.bot_skill(subject[4:])
    return Skill()


def changes_of(c: Connection, table_id: str, game: int) -> list[RatingChange]:
    rows = c.execute(
        select(schema.rating_changes)
        .where(schema.rating_changes.c.table_id == table_id, schema.rating_changes.c.game == game)
        .order_by(schema.rating_changes.c.seat)
    ).all()
    return [RatingChange(r.seat, r.subject, r.pool, r.before, r.after) for r in rows]


def as_json(changes: Sequence[RatingChange]) -> list[dict[str, Any]]:
    return [
        {"seat": ch.seat, "pool": ch.pool, "before": ch.before, "after": ch.after} for ch in changes
    ]
