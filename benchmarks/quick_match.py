"""Quick match and ratings: how long 1,000 waiting players take to seat, and
how many rating updates a second the model and the store make.

1. ``match``: the pairing alone (:func:`triominoes.players.matching.match`)
   over 1,000 tickets: 70% rated duels, 20% rated 4-player tables, 10%
   unrated duels of the Czech rules; ratings drawn around 1500 (spread
   250), waiting 0 to 60 s, a third allowing bots after 30 s.
2. ``round``: a server's whole round of matching (``Matcher.round``) over
   the same 1,000 tickets in its queue: the pairing, every table made in
   the database with its players seated, and its first deal committed —
   server time, on a fresh SQLite file (the default database).
3. ``ratings``: OpenSkill updates a second (2 and 4 seats), and finished
   rated duels a second through the store (each one append whose
   transaction reads, computes and writes the two ratings).

Beside them, the engine's own speed (random 2-player actions a second,
``engine_speed.py``): machines differ up to 3 times.

    python benchmarks/quick_match.py
    python benchmarks/quick_match.py --players 1000 --repeat 20
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from triominoes.players import ratings
from triominoes.players.matching import Ticket, match
from triominoes.players.ratings import Skill
from triominoes.server.config import ServerConfig
from triominoes.server.hub import Hub
from triominoes.server.tickets import Waiting
from triominoes.storage import (
    Append,
    ChangeRow,
    GameRow,
    Outcome,
    SeatOutcome,
    SeatRow,
    Store,
    TableRow,
)

HERE = Path(__file__).parent
BOTS = {pool: dict(ratings.BOT_SEEDS) for pool in ratings.POOLS}


def tickets(count: int, now: float, seed: int) -> list[Ticket]:
    rng = random.Random(seed)
    out = []
    for n in range(count):
        kind = rng.random()
        pool, players, rules, rated = (
            ("duel", 2, "standard", True)
            if kind < 0.7
            else ("table", 4, "standard", True)
            if kind < 0.9
            else ("duel", 2, "czech", False)
        )
        out.append(
            Ticket(
                id=f"t{n}",
                player=f"p{n}",
                pool=pool,
                players=players,
                rules=rules,
                rated=rated,
                rating=round(rng.gauss(1500, 250)),
                since=now - rng.uniform(0, 60),
                bots_after=30.0 if rng.random() < 1 / 3 else None,
                name=f"P{n}",
            )
        )
    return out


def engine_rate() -> float:
    sys.path.insert(0, str(HERE))
    from engine_speed import random_rounds

    spent, actions = random_rounds(2, 200, 1)
    return actions / spent


def time_match(count: int, repeat: int) -> tuple[float, float, int]:
    """(best, median) seconds of one pairing of ``count`` tickets, players seated."""
    now = time.time()
    waiting = tickets(count, now, 1)
    times = []
    seated = 0
    for _ in range(repeat):
        start = time.perf_counter()
        found = match(waiting, now, BOTS)
        times.append(time.perf_counter() - start)
        seated = sum(len(m.tickets) for m in found)
    return min(times), statistics.median(times), seated


async def time_round(count: int, folder: Path) -> tuple[float, float, int, int]:
    """(wall, CPU) seconds of a server's round over ``count`` tickets, the
    tables made and the players seated."""
    hub = Hub(ServerConfig(db=f"sqlite:///{folder / 'queue.db'}"))
    await hub.start()
    hub.matcher.stop()  # this round alone
    try:
        now = time.time()
        waiting = tickets(count, now, 1)
        accounts = hub.store.accounts
        for ticket in waiting:
            accounts.create(ticket.player, ticket.name, ticket.name.lower(), "not a hash")
        queue = hub.matcher.tickets
        for ticket in waiting:
            await queue.put(Waiting(ticket, "http://bench", now))
        await hub.matcher.bots()  # read once a minute: not a round's work
        cpu, wall = time.process_time(), time.perf_counter()
        made = await hub.matcher.round(now)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        left = await queue.count()
        return wall, cpu, len(made), count - left
    finally:
        await hub.stop()


def time_ratings(seconds: float) -> dict[int, float]:
    out = {}
    for seats in (2, 4):
        skills = [Skill() for _ in range(seats)]
        places = list(range(1, seats + 1))
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            skills = ratings.rate(skills, places)
            done += 1
        out[seats] = done / (time.perf_counter() - start)
    return out


def time_rated_games(games: int, folder: Path) -> float:
    """Finished rated duels a second through ``Store.append_many``."""
    store = Store(f"sqlite:///{folder / 'rated.db'}")
    try:
        store.accounts.create("a", "Ann", "ann", "x")
        store.accounts.create("b", "Ben", "ben", "x")
        now = time.time()
        for n in range(games):
            row = TableRow(f"g{n}", "standard", {"rated": True}, "playing", 0, 1, now, now)
            store.create_table(row, [SeatRow(0, "human", player_id="a"), SeatRow(1, "human")])
        start = time.perf_counter()
        for n in range(games):
            seats = [
                SeatOutcome(0, "a", True, 1 + n % 2, n % 2 == 0, 100, 3, 1, 0),
                SeatOutcome(1, "b", True, 2 - n % 2, n % 2 == 1, 90, 3, 0, 1),
            ]
            store.append_many(
                [
                    Append(
                        f"g{n}",
                        0,
                        [ChangeRow(1, 1, "act", 0, "last", {"action": "pass"})],
                        "finished",
                        GameRow(1, [0, 1], now),
                        GameRow(1, [0, 1], now, now, {"players": ["Ann", "Ben"]}),
                        Outcome("duel", "standard", True, seats),
                    )
                ]
            )
        return games / (time.perf_counter() - start)
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--games", type=int, default=300, help="rated games through the store")
    args = parser.parse_args()
    print(f"engine: {engine_rate():,.0f} random 2-player actions a second (one core)")
    best, median, seated = time_match(args.players, args.repeat)
    print(
        f"match: {args.players:,} tickets paired in {1000 * best:.1f} ms"
        f" (median {1000 * median:.1f} ms of {args.repeat}), {seated:,} players seated"
    )
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu, tables, seated = asyncio.run(time_round(args.players, Path(folder)))
        print(
            f"round: {args.players:,} tickets, {tables} tables made and dealt, {seated:,} players"
            f" seated in {wall:.2f} s of server time (CPU {cpu:.2f} s), SQLite"
        )
        rates = time_ratings(2.0)
        print(
            f"ratings: {rates[2]:,.0f} updates a second of a duel,"
            f" {rates[4]:,.0f} of a 4-player table (the model alone)"
        )
        rated = time_rated_games(args.games, Path(folder))
        print(f"rated games: {rated:,.0f} finished rated duels a second through the store (SQLite)")


if __name__ == "__main__":
    main()
