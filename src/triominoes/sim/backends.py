"""Where tournament units run: in this process, on local cores, or on Ray.

A backend takes the config, the unit indices to run (an iterable it takes
from as it goes: a tournament of a billion rounds never lists them) and
whether to keep records, and yields unit results as they finish (in any
order). Results do not depend on the backend: a unit is a pure function of
config and index. What a unit is can be chosen (``play``): a tournament's
(``run_unit``) or another top-level function of the same arguments, such as
``triominoes stats``'s, which gathers more of each game.
"""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from triominoes.processes import die_with_parent
from triominoes.sim.tournament import TournamentConfig, TournamentError, run_unit

UnitPlayer = Callable[[dict[str, Any], int, bool], dict[str, Any]]
"""Plays one unit: (config JSON, index, keep the record) -> its result. A
top-level function, so that process pools and Ray can ship it by name."""


def inline(
    config: TournamentConfig, units: Iterable[int], keep: bool, play: UnitPlayer | None = None
) -> Iterator[dict[str, Any]]:
    """Run every unit in this process (for tests and ``--jobs 1``)."""
    # run_unit is looked up when called, not bound as a default: tests
    # replace it in this module.
    play = play or run_unit
    data = config.to_json()
    for index in units:
        yield play(data, index, keep)


def cpu_count() -> int:
    """Cores this process may use (the affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _worker_start(parent: int) -> None:
    # Ctrl-C goes to the whole process group: only the parent acts on it, by
    # stopping the workers; they die by the default SIGTERM, not a handler
    # inherited from the command line.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def local_processes(jobs: int | None = None, play: UnitPlayer | None = None) -> Any:
    """A backend on ``jobs`` local processes (default: every core), playing
    units with ``play`` (default: a tournament's)."""
    workers = jobs or cpu_count()

    def run(config: TournamentConfig, units: Iterable[int], keep: bool) -> Iterator[dict[str, Any]]:
        unit = play or run_unit
        todo = iter(units)
        # Keep a bounded number of units in flight so memory stays flat
        # for huge tournaments; an interruption stops the workers at
        # once and loses only the units they were playing.
        first = list(itertools.islice(todo, workers * 4))
        if workers == 1 or len(first) <= 1:
            yield from inline(config, itertools.chain(first, todo), keep, unit)
            return
        data = config.to_json()
        pool = ProcessPoolExecutor(
            min(workers, len(first)), initializer=_worker_start, initargs=(os.getpid(),)
        )
        try:
            pending = {pool.submit(unit, data, i, keep) for i in first}
            while pending:
                # A timeout, so that signals are handled while waiting.
                finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished:
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        raise TournamentError(
                            "a worker process died (out of memory?); run again to resume"
                        ) from None
                    yield result
                    index = next(todo, -1)
                    if index >= 0:
                        pending.add(pool.submit(unit, data, index, keep))
        finally:
            _stop(pool)

    return run


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now, not after the units they are playing."""
    # The executor has no public way to stop running work (before 3.14's
    # terminate_workers), so its processes are taken before shutdown drops them.
    # Its own thread then finds them gone and ends; shutdown waits for that.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join()


def ray_cluster(
    address: str | None = None, cpus: int | None = None, play: UnitPlayer | None = None
) -> Any:
    """A backend on a Ray cluster (``address``), or a local Ray instance,
    playing units with ``play`` (default: a tournament's)."""

    def run(config: TournamentConfig, units: Iterable[int], keep: bool) -> Iterator[dict[str, Any]]:
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
        pending: list[Any] = []
        try:
            remote = ray.remote(play or run_unit)
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
            for ref in pending:  # interrupted: stop what is still running
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()

    return run
