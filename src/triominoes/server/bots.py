"""Bots on the server: their moves computed in worker processes.

The search bots spend up to a second of CPU per move; in the server's
process that would stall every table. A bot gets the seat's view as JSON
(what a remote bot would get: nothing hidden) and returns an action token.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from triominoes.ai.registry import make_player
from triominoes.core.view import PlayerView


def choose(spec: str, seed: int, view: dict[str, Any]) -> str:
    """A bot's action for a view (runs in a worker process)."""
    player = make_player(spec, seed=seed)
    return str(player.choose(PlayerView.from_json(view)))


HINT_BOT = "expert"


def hint(view: dict[str, Any]) -> dict[str, Any]:
    """The strongest bot's suggestion for a seat, with what it scores
    (runs in a worker process; the view is all it sees)."""
    seen = PlayerView.from_json(view)
    action = str(make_player(HINT_BOT, seed=secrets.randbits(32)).choose(seen))
    for legal in seen.legal:
        if str(legal.action) == action:
            return legal.to_json()
    raise ValueError(f"the hint {action} is not a legal action")  # pragma: no cover


def _warm_up() -> None:
    """Import the engine and the bots before the first move is asked for."""


class BotPool:
    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(
            max_workers=max(1, workers), mp_context=context, initializer=_warm_up
        )

    async def choose(self, spec: str, view: PlayerView) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, choose, spec, secrets.randbits(32), view.to_json()
        )

    async def hint(self, view: PlayerView) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, hint, view.to_json())

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
