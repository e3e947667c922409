"""Players in the database: accounts, sessions, ratings, profiles.

Only hashes of secrets are kept: a password's argon2id hash, a session
token's SHA-256. A deleted account keeps its row (its id is what its
games' rating changes name) without a name or a password; its seats keep
the games but not the name, and its games' records say "deleted player".
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Integer, and_, cast, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from triominoes.players import ratings
from triominoes.players.ratings import Skill
from triominoes.storage import finished, schema
from triominoes.storage.finished import RatingChange

if TYPE_CHECKING:
    from triominoes.storage.store import Store

DELETED = "deleted player"
"""A deleted player's name in their games' records (records are data, in
English; the pages say it in their reader's language)."""


class NameTaken(Exception):
    """Another account has this name (in any case)."""


@dataclass(frozen=True)
class PlayerRow:
    id: str
    name: str
    password_hash: str
    created_at: float
    puzzles_from_games: bool = False
    """The player lets their finished games become puzzles."""


@dataclass(frozen=True)
class Rated:
    """A rating as a list shows it."""

    subject: str
    name: str
    pool: str
    skill: Skill


class Accounts:
    def __init__(self, store: Store) -> None:
        self.store = store

    # --- accounts ---------------------------------------------------------

    def create(self, player_id: str, name: str, key: str, password_hash: str) -> PlayerRow:
        now = time.time()
        try:
            with self.store._writing() as c:
                c.execute(
                    insert(schema.players).values(
                        id=player_id,
                        name=name,
                        name_key=key,
                        password_hash=password_hash,
                        created_at=now,
                    )
                )
                c.execute(
                    insert(schema.ratings),
                    [
                        {
                            "subject": player_id,
                            "pool": pool,
                            "mu": ratings.MU,
                            "sigma": ratings.SIGMA,
                            "games": 0,
                            "updated_at": now,
                        }
                        for pool in ratings.POOLS
                    ],
                )
        except (IntegrityError, self.store._refused):
            raise NameTaken(name) from None
        return PlayerRow(player_id, name, password_hash, now)

    def by_name(self, key: str) -> PlayerRow | None:
        with self.store.engine.connect() as c:
            row = c.execute(select(schema.players).where(schema.players.c.name_key == key)).first()
        return _player(row)

    def by_id(self, player_id: str) -> PlayerRow | None:
        with self.store.engine.connect() as c:
            row = c.execute(
                select(schema.players).where(
                    schema.players.c.id == player_id, schema.players.c.deleted_at.is_(None)
                )
            ).first()
        return _player(row)

    def set_password(self, player_id: str, password_hash: str) -> None:
        with self.store._writing() as c:
            c.execute(
                update(schema.players)
                .where(schema.players.c.id == player_id)
                .values(password_hash=password_hash)
            )

    def set_puzzles_from_games(self, player_id: str, allowed: bool) -> None:
        with self.store._writing() as c:
            c.execute(
                update(schema.players)
                .where(schema.players.c.id == player_id)
                .values(puzzles_from_games=allowed)
            )

    def delete(self, player_id: str) -> list[str]:
        """Delete an account: its name, password and sessions go; its seats
        keep their games without the name; its games' records say "deleted
        player". Returns the tables it sat at."""
        now = time.time()
        with self.store._writing() as c:
            seats = c.execute(
                select(schema.seats.c.table_id, schema.seats.c.seat).where(
                    schema.seats.c.player_id == player_id
                )
            ).all()
            c.execute(delete(schema.sessions).where(schema.sessions.c.player_id == player_id))
            c.execute(
                update(schema.players)
                .where(schema.players.c.id == player_id)
                .values(
                    name=None,
                    name_key=None,
                    password_hash=None,
                    deleted_at=now,
                    puzzles_from_games=False,
                )
            )
            c.execute(
                update(schema.seats).where(schema.seats.c.player_id == player_id).values(name=None)
            )
            chairs = {str(t): int(s) for t, s in seats}
            games = c.execute(
                select(schema.games).where(
                    schema.games.c.table_id.in_(list(chairs)), schema.games.c.record.is_not(None)
                )
            ).all()
            for game in games:
                record = json.loads(game.record)
                order = json.loads(game.order)
                seat = order.index(chairs[game.table_id])
                record["players"][seat] = DELETED
                c.execute(
                    update(schema.games)
                    .where(
                        schema.games.c.table_id == game.table_id,
                        schema.games.c.number == game.number,
                    )
                    .values(record=json.dumps(record))
                )
        return sorted(chairs)

    # --- sessions -----------------------------------------------------------

    def open_session(self, token_hash: str, player_id: str, seconds: float) -> None:
        now = time.time()
        with self.store._writing() as c:
            c.execute(delete(schema.sessions).where(schema.sessions.c.expires_at < now))
            c.execute(
                insert(schema.sessions).values(
                    token_hash=token_hash,
                    player_id=player_id,
                    created_at=now,
                    expires_at=now + seconds,
                )
            )

    def session(self, token_hash: str) -> PlayerRow | None:
        """The player of a session that has not ended or expired."""
        with self.store.engine.connect() as c:
            row = c.execute(
                select(schema.players)
                .join(schema.sessions, schema.sessions.c.player_id == schema.players.c.id)
                .where(
                    schema.sessions.c.token_hash == token_hash,
                    schema.sessions.c.expires_at > time.time(),
                    schema.players.c.deleted_at.is_(None),
                )
            ).first()
        return _player(row)

    def end_session(self, token_hash: str) -> None:
        with self.store._writing() as c:
            c.execute(delete(schema.sessions).where(schema.sessions.c.token_hash == token_hash))

    def end_sessions(self, player_id: str, keep: str | None = None) -> None:
        """End every session of a player (but ``keep``)."""
        with self.store._writing() as c:
            c.execute(
                delete(schema.sessions).where(
                    schema.sessions.c.player_id == player_id,
                    schema.sessions.c.token_hash != (keep or ""),
                )
            )

    # --- ratings ---------------------------------------------------------------

    def skills(self, subject: str) -> dict[str, Skill]:
        """A player's (or a bot level's) rating in each pool."""
        with self.store.engine.connect() as c:
            rows = c.execute(select(schema.ratings).where(schema.ratings.c.subject == subject))
            found = {r.pool: Skill(r.mu, r.sigma, r.games) for r in rows}
        return {pool: found.get(pool) or finished.first_skill(subject) for pool in ratings.POOLS}

    def bots(self) -> dict[str, dict[str, Skill]]:
        """Each pool's bot levels and their ratings."""
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(schema.ratings).where(schema.ratings.c.subject.like("bot:%"))
            ).all()
        out = {
            pool: {level: ratings.bot_skill(level) for level in ratings.BOT_SEEDS}
            for pool in ratings.POOLS
        }
        for r in rows:
            level = r.subject[4:]
            if level in ratings.BOT_SEEDS and r.pool in out:
                out[r.pool][level] = Skill(r.mu, r.sigma, r.games)
        return out

    @staticmethod
    def seed_bots(c: Connection) -> None:
        """The bot levels' ratings, where none is kept yet (at every start,
        in the migration's transaction: processes starting at once seed in turn)."""
        wanted = [(f"bot:{level}", pool) for level in ratings.BOT_SEEDS for pool in ratings.POOLS]
        have = {
            (r.subject, r.pool)
            for r in c.execute(
                select(schema.ratings.c.subject, schema.ratings.c.pool).where(
                    schema.ratings.c.subject.like("bot:%")
                )
            )
        }
        rows = []
        for subject, pool in wanted:
            if (subject, pool) not in have:
                seed = ratings.bot_skill(subject[4:])
                rows.append(
                    {
                        "subject": subject,
                        "pool": pool,
                        "mu": seed.mu,
                        "sigma": seed.sigma,
                        "games": 0,
                        "updated_at": time.time(),
                    }
                )
        if rows:
            c.execute(insert(schema.ratings), rows)

    def leaderboard(self, pool: str, limit: int, least: int = 1, bots: bool = True) -> list[Rated]:
        """The players of a pool with ``least`` games or more by rating,
        best first, and the bot levels (``bots``)."""
        p, r = schema.players, schema.ratings
        wanted = [and_(p.c.deleted_at.is_(None), p.c.id.is_not(None), r.c.games >= least)]
        if bots:
            wanted.append(r.c.subject.like("bot:%"))
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(r.c.subject, r.c.mu, r.c.sigma, r.c.games, p.c.name)
                .select_from(r.outerjoin(p, p.c.id == r.c.subject))
                .where(r.c.pool == pool, or_(*wanted))
                .order_by(r.c.mu.desc())
                .limit(limit)
            ).all()
        return [
            Rated(row.subject, row.name or row.subject, pool, Skill(row.mu, row.sigma, row.games))
            for row in rows
        ]

    def game_ratings(self, table_id: str, game: int) -> list[RatingChange]:
        with self.store.engine.connect() as c:
            return finished.changes_of(c, table_id, game)

    def history(self, player_id: str, limit: int = 500) -> dict[str, list[dict[str, Any]]]:
        """A player's rating after each rated game, per pool, oldest first."""
        rc = schema.rating_changes
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(rc.c.pool, rc.c.at, rc.c.after, rc.c.table_id, rc.c.game)
                .where(rc.c.subject == player_id)
                .order_by(rc.c.at.desc())
                .limit(limit)
            ).all()
        out: dict[str, list[dict[str, Any]]] = {pool: [] for pool in ratings.POOLS}
        for row in reversed(rows):
            out[row.pool].append(
                {"at": row.at, "rating": row.after, "table": row.table_id, "game": row.game}
            )
        return out

    # --- games ------------------------------------------------------------------

    def recent(self, player_id: str, limit: int = 20) -> list[dict[str, Any]]:
        """A player's latest finished games: the table, the game, its rules,
        the players in the game's order, the place, the rating before and
        after (rated games), when."""
        pg, rc, t = schema.player_games, schema.rating_changes, schema.tables
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(
                    pg.c.table_id,
                    pg.c.game,
                    pg.c.seat,
                    pg.c.place,
                    pg.c.won,
                    pg.c.points,
                    pg.c.pool,
                    pg.c.rated,
                    pg.c.at,
                    t.c.rules,
                    rc.c.before,
                    rc.c.after,
                )
                .select_from(
                    pg.join(t, t.c.id == pg.c.table_id).outerjoin(
                        rc,
                        and_(
                            rc.c.table_id == pg.c.table_id,
                            rc.c.game == pg.c.game,
                            rc.c.seat == pg.c.seat,
                        ),
                    )
                )
                .where(pg.c.player_id == player_id)
                .order_by(pg.c.at.desc())
                .limit(limit)
            ).all()
            seated = _players(c, {(r.table_id, r.game) for r in rows})
        return [
            {
                "table": r.table_id,
                "game": r.game,
                "rules": json.loads(r.rules),
                "players": seated.get((r.table_id, r.game), []),
                "seat": r.seat,
                "place": r.place,
                "won": bool(r.won),
                "points": r.points,
                "pool": r.pool,
                "rated": bool(r.rated),
                "before": r.before,
                "after": r.after,
                "at": r.at,
            }
            for r in rows
        ]

    def stats(self, player_id: str) -> list[dict[str, Any]]:
        """Per pool and preset: games, wins, average points per round,
        hexagons and bridges per game, the best game."""
        pg = schema.player_games
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(
                    pg.c.pool,
                    pg.c.preset,
                    func.count(),
                    func.sum(cast(pg.c.won, Integer)),
                    func.sum(pg.c.points),
                    func.sum(pg.c.rounds),
                    func.sum(pg.c.hexagons),
                    func.sum(pg.c.bridges),
                    func.max(pg.c.points),
                )
                .where(pg.c.player_id == player_id)
                .group_by(pg.c.pool, pg.c.preset)
                .order_by(pg.c.pool, pg.c.preset)
            ).all()
            best: dict[tuple[str, str], dict[str, Any]] = {}
            for pool, preset, *_rest, most in rows:
                top = c.execute(
                    select(pg.c.table_id, pg.c.game, pg.c.points)
                    .where(
                        pg.c.player_id == player_id,
                        pg.c.pool == pool,
                        pg.c.preset == preset,
                        pg.c.points == most,
                    )
                    .order_by(pg.c.at.desc())
                    .limit(1)
                ).first()
                if top is not None:
                    best[(pool, preset)] = {
                        "table": top.table_id,
                        "game": top.game,
                        "points": top.points,
                    }
        out = []
        for pool, preset, games, wins, points, rounds, hexagons, bridges, _ in rows:
            out.append(
                {
                    "pool": pool,
                    "preset": preset,
                    "games": int(games),
                    "wins": int(wins or 0),
                    "points_per_round": round(points / rounds, 1) if rounds else 0.0,
                    "hexagons_per_game": round(hexagons / games, 2),
                    "bridges_per_game": round(bridges / games, 2),
                    "best": best.get((pool, preset)),
                }
            )
        return out

    def puzzle_records(self) -> list[tuple[str, int, str]]:
        """The finished games that may become puzzles: (table, game, the
        record's JSON) of each whose every person had an account that lets
        its games become puzzles. A guest could not say yes, so a game
        with one is left out; bots need no one's leave."""
        s, p, g = schema.seats, schema.players, schema.games
        with self.store.engine.connect() as c:
            allowed = {
                str(r[0])
                for r in c.execute(
                    select(p.c.id).where(p.c.puzzles_from_games, p.c.deleted_at.is_(None))
                )
            }
            seats: dict[str, dict[int, Any]] = defaultdict(dict)
            for row in c.execute(select(s.c.table_id, s.c.seat, s.c.kind, s.c.player_id)):
                seats[row.table_id][row.seat] = row
            games = c.execute(
                select(g.c.table_id, g.c.number, g.c.order, g.c.record)
                .where(g.c.record.is_not(None))
                .order_by(g.c.finished_at, g.c.table_id, g.c.number)
            ).all()
        out = []
        for game in games:
            chairs = [seats[game.table_id].get(chair) for chair in json.loads(game.order)]
            if all(
                seat is not None and (seat.kind == "bot" or seat.player_id in allowed)
                for seat in chairs
            ):
                out.append((str(game.table_id), int(game.number), str(game.record)))
        return out

    def tables_of(self, player_id: str, statuses: Sequence[str]) -> list[str]:
        """The tables with these statuses where the player has a seat."""
        s, t = schema.seats, schema.tables
        with self.store.engine.connect() as c:
            rows = c.execute(
                select(t.c.id)
                .join(s, s.c.table_id == t.c.id)
                .where(s.c.player_id == player_id, t.c.status.in_(list(statuses)))
                .order_by(t.c.touched_at.desc())
            ).all()
        return [str(r[0]) for r in rows]


def _players(c: Any, games: set[tuple[str, int]]) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Who played each game, in its order: names (None once deleted), bots."""
    if not games:
        return {}
    tables = sorted({t for t, _ in games})
    seats: dict[str, dict[int, Any]] = defaultdict(dict)
    for row in c.execute(select(schema.seats).where(schema.seats.c.table_id.in_(tables))):
        seats[row.table_id][row.seat] = row
    out = {}
    for row in c.execute(
        select(schema.games.c.table_id, schema.games.c.number, schema.games.c.order).where(
            schema.games.c.table_id.in_(tables)
        )
    ):
        if (row.table_id, row.number) not in games:
            continue
        players = []
        for chair in json.loads(row.order):
            seat = seats[row.table_id][chair]
            players.append(
                {
                    "name": seat.name,
                    "kind": seat.kind,
                    "bot": seat.bot,
                    "player": seat.name if seat.player_id else None,
                    "deleted": seat.player_id is not None and seat.name is None,
                }
            )
        out[(row.table_id, row.number)] = players
    return out


def _player(row: Any) -> PlayerRow | None:
    if row is None or row.name is None or row.password_hash is None:
        return None
    return PlayerRow(
        row.id, row.name, row.password_hash, row.created_at, bool(row.puzzles_from_games)
    )
