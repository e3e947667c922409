"""Bot moves on a busy server: N tables at once, each a person against a bot.

Drives the server's own bot pool (:class:`triominoes.server.bots.BotPool`,
``--workers`` processes, the server's ``bot_workers``) as the server's
tables do: every table is a 2-player game of a simulated person and a bot
(``--bot``, by default ``expert``); the person thinks for a while (uniform
between 0 and twice ``--think`` seconds), then plays a random legal action;
the bot's turn asks the pool, and waits at most the server's deadline
(``bots.DEADLINE``) before the fallback (``bots.FALLBACK``) plays instead.

It prints the bot's move latency (from asking to the answer: the queue for
a worker and the search) p50/p95/max after a warm-up, the moves that fell
back to the fallback (a bot that plays a weaker move because the server is
busy), the machine's load, and first the engine's own speed: the bot's
seconds per decision in this process, nothing else of ours running.

    python benchmarks/bot_load.py [--tables 50] [--workers 2] [--think 5]
        [--seconds 60] [--warmup 15] [--bot expert]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import shlex
import statistics
import sys
import time

from triominoes.ai.registry import LEVELS, make_player
from triominoes.core.game import Game
from triominoes.core.rules import STANDARD
from triominoes.server import bots
from triominoes.server.bots import BotPool


class Fallbacks(logging.Handler):
    """The pool's warnings that the fallback played a move: when (monotonic)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.times: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "no move in" in message or "worker died" in message:
            self.times.append(time.monotonic())


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def engine_speed(spec: str, decisions: int, seed: int) -> None:
    """The bot's seconds per decision with a choice, in this process."""
    bot = make_player(spec, seed=seed)
    person = random.Random(seed)
    times: list[float] = []
    game = Game(STANDARD, 2, seed=seed)
    while len(times) < decisions:
        if game.finished:
            game = Game(STANDARD, 2, seed=seed + len(times))
        state = game.round
        view = game.view(state.seat)
        if state.seat == 0 and len(view.legal_actions) > 1:
            start = time.perf_counter()
            action = bot.choose(view)
            times.append(time.perf_counter() - start)
        else:
            action = person.choice(view.legal_actions)
        game.apply(state.seat, action)
    times.sort()
    print(
        f"engine: {spec} ({LEVELS.get(spec, spec)}) alone in this process: seconds per"
        f" decision mean {statistics.mean(times):.3f}, p50 {times[len(times) // 2]:.3f},"
        f" p95 {times[int(0.95 * len(times))]:.3f}, max {times[-1]:.3f}"
        f" ({len(times)} decisions; {load()})",
        flush=True,
    )


async def table(
    pool: BotPool,
    spec: str,
    think: float,
    seed: int,
    until: float,
    latencies: list[tuple[float, float]],
) -> None:
    """One table until ``until`` (a monotonic time): the bot at seat 0, a
    person at seat 1, games dealt anew as they end. Each bot move adds
    (when it was asked for, how long it took) to ``latencies``."""
    rng = random.Random(seed)
    game = Game(STANDARD, 2, seed=seed)
    while time.monotonic() < until:
        if game.finished:
            game = Game(STANDARD, 2, seed=rng.getrandbits(64))
        state = game.round
        seat = state.seat
        view = game.view(seat)
        if seat == 0:
            start = time.monotonic()
            token = await pool.choose(spec, view)
            latencies.append((start, time.monotonic() - start))
            action = next(a for a in view.legal_actions if str(a) == token)
        else:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            action = rng.choice(view.legal_actions)
        game.apply(seat, action)


async def run(args: argparse.Namespace) -> None:
    pool = BotPool(args.workers)
    fallbacks = Fallbacks()
    logging.getLogger("triominoes.server").addHandler(fallbacks)
    try:
        # Start the workers (they import the engine) before the clock runs.
        await asyncio.gather(*(pool.choose("greedy", Game(seed=i).view(0)) for i in range(4)))
        samples: list[tuple[float, float]] = []
        begin = time.monotonic()
        measure_from = begin + args.warmup
        end = measure_from + args.seconds
        await asyncio.gather(
            *(
                table(pool, args.bot, args.think, args.seed * 1000 + i, end, samples)
                for i in range(args.tables)
            )
        )
        # Moves asked for in the measured time (those answered after its end
        # too: the tables stop asking at the end, so none is left out).
        measured = sorted(latency for asked, latency in samples if asked >= measure_from)
        fell_back = sum(1 for when in fallbacks.times if when - bots.DEADLINE >= measure_from)
        if not measured:
            print("no bot move measured", flush=True)
            return
        n = len(measured)
        print(
            f"{args.tables} tables, {args.workers} bot workers, think {args.think} s:"
            f" {n} {args.bot} moves in {args.seconds:.0f} s ({n / args.seconds:.1f} a second);"
            f" latency p50 {measured[n // 2]:.2f} s, p95 {measured[int(0.95 * n)]:.2f} s,"
            f" max {measured[-1]:.2f} s; fell back to {bots.FALLBACK}: {fell_back}"
            f" (deadline {bots.DEADLINE:.0f} s); {load()}",
            flush=True,
        )
    finally:
        pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--think", type=float, default=5.0, help="a person's mean seconds")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--bot", default="expert")
    parser.add_argument(
        "--speed-decisions",
        type=int,
        default=200,
        help="bot decisions timed alone first, over whole rounds"
        " (heads-up expert searches only their last turns)",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"$ python {shlex.join(sys.argv)}", flush=True)
    now = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{now}, {os.cpu_count()} cores", flush=True)
    engine_speed(args.bot, args.speed_decisions, args.seed)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
