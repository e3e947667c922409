"""The server's garbage collector policy: old objects out of sight, cycles
still collected at the full collections."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Callable

from triominoes.server.collector import tend


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


async def until(holds: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


def test_objects_are_frozen_and_cycles_still_collected() -> None:
    async def run() -> tuple[bool, bool, bool]:
        gc.unfreeze()
        garbage = Node()
        alive = weakref.ref(garbage)
        task = asyncio.create_task(tend(freeze_seconds=0.02, full_seconds=0.3))
        frozen = await until(lambda: gc.get_freeze_count() > 0)
        del garbage
        gc.collect()  # a collection does not look at frozen objects ...
        kept = alive() is not None
        collected = await until(lambda: alive() is None)  # ... the next full one does
        task.cancel()
        return frozen, kept, collected

    try:
        frozen, kept, collected = asyncio.run(run())
    finally:
        gc.unfreeze()
    assert frozen
    assert kept
    assert collected
