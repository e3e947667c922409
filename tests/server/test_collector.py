"""The server's garbage collector policy: old objects out of sight, cycles
still collected at the full collections."""

from __future__ import annotations

import asyncio
import gc
import weakref

from triominoes.server.collector import tend


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_objects_are_frozen_and_cycles_still_collected() -> None:
    async def run() -> tuple[int, bool, bool]:
        gc.unfreeze()
        garbage = Node()
        alive = weakref.ref(garbage)
        task = asyncio.create_task(tend(freeze_seconds=0.02, full_seconds=0.2))
        await asyncio.sleep(0.05)  # frozen, with the cycle among them
        frozen = gc.get_freeze_count()
        del garbage
        gc.collect()  # a collection does not look at frozen objects ...
        kept = alive() is not None
        await asyncio.sleep(0.3)  # ... until the next full collection
        task.cancel()
        return frozen, kept, alive() is None

    try:
        frozen, kept, collected = asyncio.run(run())
    finally:
        gc.unfreeze()
    assert frozen > 0
    assert kept
    assert collected
