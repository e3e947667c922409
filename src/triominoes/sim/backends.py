"""Where tournament units run: in this process, on local cores, or on Ray.

A backend takes the config, the unit indices to run and whether to keep
records, and yields unit results as they finish (in any order). Results do
not depend on the backend: a unit is a pure function of config and index.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
from collections.abc import Iterator
from typing import Any

from triominoes.sim.tournament import TournamentConfig, TournamentError, run_unit


def inline(config: TournamentConfig, units: list[int], keep: bool) -> Iterator[dict[str, Any]]:
    """Run every unit in this process (for tests and ``--jobs 1``)."""
    data = config.to_json()
    for index in units:
        yield run_unit(data, index, keep)


def cpu_count() -> int:
    """Cores this process may use (the affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    # Ctrl-C goes to the whole process group: only the parent should act on
    # it (by terminating the workers), not each worker with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_processes(jobs: int | None = None) -> Any:
    """A backend on ``jobs`` local processes (default: every core)."""
    workers = jobs or cpu_count()

    def run(config: TournamentConfig, units: list[int], keep: bool) -> Iterator[dict[str, Any]]:
        if workers == 1 or len(units) <= 1:
            yield from inline(config, units, keep)
            return
        data = config.to_json()
        finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
        pool = multiprocessing.Pool(workers, initializer=_ignore_interrupts)
        try:
            # Keep a bounded number of units in flight so memory stays flat
            # for huge tournaments; an interruption terminates the workers
            # at once and loses only the units they were playing.
            def submit(index: int) -> None:
                pool.apply_async(
                    run_unit,
                    (data, index, keep),
                    callback=finished.put,
                    error_callback=finished.put,
                )

            todo = iter(units)
            in_flight = 0
            for index in itertools.islice(todo, workers * 4):
                submit(index)
                in_flight += 1
            while in_flight:
                try:
                    result = finished.get(timeout=0.5)  # wakes up for signals
                except queue.Empty:
                    continue
                in_flight -= 1
                if isinstance(result, BaseException):
                    raise result
                yield result
                index = next(todo, -1)
                if index >= 0:
                    submit(index)
                    in_flight += 1
        finally:
            pool.terminate()
            pool.join()

    return run


def ray_cluster(address: str | None = None, cpus: int | None = None) -> Any:
    """A backend on a Ray cluster (``address``), or a local Ray instance."""

    def run(config: TournamentConfig, units: list[int], keep: bool) -> Iterator[dict[str, Any]]:
        try:
            import ray
        except ImportError:
            raise TournamentError(
                "the Ray backend needs Ray: pip install 'triominoes[ray]'"
            ) from None
        started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address:
                # Ship this package to the cluster's workers with the job.
                import triominoes

                options["address"] = address
                options["runtime_env"] = {"py_modules": [triominoes]}
            elif cpus:
                options["num_cpus"] = cpus
            ray.init(**options)
            started = True
        try:
            remote = ray.remote(run_unit)
            data = ray.put(config.to_json())
            # A bounded window of units in flight: memory stays flat and an
            # interruption loses little, however large the tournament.
            workers = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
            window = max(4, 4 * int(workers))
            queue = iter(units)
            pending = [remote.remote(data, i, keep) for i in itertools.islice(queue, window)]
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    yield ray.get(ref)
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.append(remote.remote(data, nxt, keep))
        finally:
            if started:
                ray.shutdown()

    return run
