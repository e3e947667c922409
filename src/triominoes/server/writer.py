"""Commits off the event loop, several tables' changes per commit.

One thread writes. An append from any table waits in a queue; the thread
takes every append waiting and commits them in one transaction (each under
its own savepoint, so one refused append refuses nothing else), then wakes
each caller with its result. A commit is a sync to disk, the slowest step
of an action; sharing it between the tables that act at the same moment
keeps every table's ack quick under load.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass

from triominoes.storage import Append, Store

MAX_BATCH = 64


class WriterClosed(RuntimeError):
    """An append after :meth:`Writer.close`."""


@dataclass
class _Waiting:
    append: Append
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[_Waiting | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="triominoes-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        self.appends = 0
        self.closed = False

    async def append(self, append: Append) -> None:
        """Commit one table's changes; raises VersionConflict (or the
        database's error) and then nothing was written."""
        if self.closed:  # the thread is gone: nobody would ever answer
            raise WriterClosed("the server is stopping: nothing more is written")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Waiting(append, loop, future))
        await future

    def close(self) -> None:
        """Finish the appends already queued, then stop."""
        self.closed = True
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[_Waiting]) -> None:
        try:
            results: list[Exception | None] = list(
                self.store.append_many([waiting.append for waiting in batch])
            )
        except Exception as exc:
            results = [exc] * len(batch)
        self.commits += 1
        self.appends += len(batch)
        for item, error in zip(batch, results, strict=True):
            item.loop.call_soon_threadsafe(_settle, item.future, error)


def _settle(future: asyncio.Future[None], error: Exception | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
