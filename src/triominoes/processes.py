"""Worker processes that end with the process that started them.

Bots, tournaments and the analysis compute in pools of worker processes.
A parent stopped by ``kill -9`` has no chance to stop its workers, and
they would play on for nobody; each worker calls :func:`die_with_parent`
as it starts. One module for the engine's users (ai, sim, server) alike,
so that none of them imports another for it.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""


def die_with_parent(parent: int) -> None:
    """End this process when process ``parent`` ends, however it ends.

    A parent stopped by ``kill -9`` has no chance to stop its workers, and
    they would play on for nobody. On Linux the kernel sends the signal
    (``PR_SET_PDEATHSIG``); elsewhere a thread watches for the worker being
    handed to a new parent.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass  # no prctl after all: watch instead
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
