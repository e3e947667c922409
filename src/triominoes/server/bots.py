"""Bots on the server: their moves computed in worker processes.

The search bots spend up to a second of CPU per move; in the server's
process that would stall every table. A bot gets the seat's view as JSON
(what a remote bot would get: nothing hidden) and returns an action token.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import secrets
import signal
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from triominoes.ai.hints import hint as find_hint
from triominoes.ai.registry import make_player
from triominoes.core.view import PlayerView
from triominoes.processes import die_with_parent

T = TypeVar("T")

log = logging.getLogger("triominoes.server")

DEADLINE = 10.0
"""Seconds a bot's move may take at most, from asking to the answer, its
wait for a worker included (the slowest level's search, expert's, takes
at most some 0.6 s of CPU, capped at 5 s): past it, or when its worker
failed, the table does not wait for ever but plays the fallback's move."""
FALLBACK = "greedy"
"""The bot whose move stands in for a move not found in time: cheap enough
to find in the server's own process."""


SLACK = 0.5
"""Seconds of the deadline kept for the answer's way back to the table."""


def choose(spec: str, seed: int, view: dict[str, Any], asked: float, deadline: float) -> str | None:
    """A bot's action for a view (runs in a worker process), asked for at
    ``asked`` (epoch seconds). A move whose deadline passed while it waited
    for a worker is not searched (None): the table played the fallback's
    move already, and a worker busy with it would make every move queued
    behind it late too. One that starts late searches for the time left."""
    left = deadline - (time.time() - asked) - SLACK
    if left <= 0:
        return None
    player = make_player(spec, seed=seed)
    player.within(left)
    return str(player.choose(PlayerView.from_json(view)))


def fallback(view: dict[str, Any]) -> str:
    """The fallback's action (in the server's own process: it is cheap)."""
    return str(make_player(FALLBACK, seed=0).choose(PlayerView.from_json(view)))


def hint(view: dict[str, Any]) -> dict[str, Any]:
    """The hint for a seat: the action with what it scores now, the points
    the search expects by the round's end and the reason, as a template
    and its parameters for the client to translate (runs in a worker
    process; the view is all it sees)."""
    found = find_hint(PlayerView.from_json(view), seed=secrets.randbits(32))
    if found is None:
        raise ValueError("a hint is for the seat to move")  # pragma: no cover - the table checks
    return found.to_json()


def start_worker(server: int) -> None:
    """Import the engine and the bots before the first move is asked for;
    die with the server, even a server stopped by ``kill -9`` (a worker
    left behind would hold its memory for nobody); leave Ctrl-C to the
    server, which stops its workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(server)


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=(os.getpid(),),
        )

    async def choose(self, spec: str, view: PlayerView, deadline: float = DEADLINE) -> str:
        """The bot's action; the fallback's, when the bot's is not found
        within ``deadline`` seconds or its worker failed."""
        data = view.to_json()
        found: str | None = None
        try:
            found = await asyncio.wait_for(
                self._run(choose, spec, secrets.randbits(32), data, time.time(), deadline),
                deadline,
            )
        except TimeoutError:
            pass
        except BrokenProcessPool:
            log.warning("bot %s: its worker died; workers started again", spec)
            return fallback(data)
        if found is None:  # late, whether in the queue or in the search
            log.warning("bot %s: no move in %.0f s, %s plays it", spec, deadline, FALLBACK)
            return fallback(data)
        return found

    async def hint(self, view: PlayerView) -> dict[str, Any]:
        return await self._run(hint, view.to_json())

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        """``work`` in a worker; a pool whose worker died (it is broken for
        good, whether the death is noticed before the work is handed over
        or after) is started again for the next work."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, work, *args)
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._start()
            raise

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
