"""Post-game analysis on the server, for the replay viewer.

An analysis judges every decision of a finished game by search
(:mod:`triominoes.ai.analysis`): tens of seconds of CPU. It runs in worker
processes of its own, never in the bots' (a long analysis must not hold up
a bot's move at a table), one analysis at a time, decision by decision, and
tells its progress as it goes: the answer is a stream of JSON lines, a
``progress`` line per decision judged, then the ``analysis``. A finished
analysis is kept (the same game and seed give the same report), so a page
reloaded asks for it again at no cost.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from triominoes.ai.analysis import Decision, Step, judge_step, steps_to_judge, summarize
from triominoes.core.record import Record
from triominoes.server.bots import start_worker

KEPT = 64
"""Finished analyses kept in memory."""


class Analyses:
    def __init__(self, workers: int, worlds: int) -> None:
        self.workers = max(1, workers)
        self.worlds = worlds
        self._pool: ProcessPoolExecutor | None = None
        self._turn = asyncio.Lock()
        self._kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def key(self, record: Record, seats: Sequence[int] | None) -> str:
        text = json.dumps([record.to_json(), sorted(seats) if seats else None, self.worlds])
        return hashlib.sha256(text.encode()).hexdigest()

    async def stream(self, record: Record, seats: Sequence[int] | None) -> AsyncIterator[bytes]:
        """The analysis of a checked record as JSON lines (see the module)."""
        key = self.key(record, seats)
        kept = self._kept.get(key)
        if kept is None:
            steps = steps_to_judge(record, seats)
            yield _line({"type": "progress", "done": 0, "total": len(steps)})
            async with self._turn:
                kept = self._kept.get(key)  # found meanwhile by another request
                if kept is None:
                    found: list[Decision] = []
                    async for decision in self._judge(steps):
                        if decision is not None:
                            found.append(decision)
                        yield _line({"type": "progress", "done": len(found), "total": len(steps)})
                    kept = summarize(record, seats, found, self.worlds).to_json()
                    self._kept[key] = kept
                    while len(self._kept) > KEPT:
                        self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        yield _line({"type": "analysis", "analysis": kept})

    async def _judge(self, steps: Sequence[Step]) -> AsyncIterator[Decision | None]:
        pool = self._started()
        seed = 0  # the same game gives the same report
        futures = [
            asyncio.wrap_future(pool.submit(judge_step, step, self.worlds, seed)) for step in steps
        ]
        try:
            for future in asyncio.as_completed(futures):
                yield await future
        finally:
            for future in futures:  # the reader left: the rest is not judged
                future.cancel()

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode()
