"""The garbage collector, kept out of the way of the acks.

A server holds every table's game in memory, and that state only grows
while games go on. Python's collector scans all of it at each full
collection: at 200 tables, pauses of 30 to 140 ms of the event loop, every
few seconds (measured with benchmarks/server_load.py), which was most of
the ack latency's 99th percentile. So what has lived a while is taken out
of the collector's sight (``gc.freeze``) every minute, and once every ten
minutes everything is looked at again in one full collection, so that
garbage in cycles is not kept for good.
"""

from __future__ import annotations

import asyncio
import gc
import time

FREEZE_SECONDS = 10.0
FULL_SECONDS = 600.0


async def tend(freeze_seconds: float = FREEZE_SECONDS, full_seconds: float = FULL_SECONDS) -> None:
    """Run for the server's life (a task of the hub's)."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_seconds)
        if time.monotonic() - last_full >= full_seconds:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()
