"""Where tournament units run: in this process, on local cores, or on Ray.

A backend takes the config, the unit indices to run and whether to keep
records, and yields unit results as they finish (in any order). Results do
not depend on the backend: a unit is a pure function of config and index.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from triominoes.sim.tournament import TournamentConfig, TournamentError, run_unit


def inline(config: TournamentConfig, units: list[int], keep: bool) -> Iterator[dict[str, Any]]:
    """Run every unit in this process (for tests and ``--jobs 1``)."""
    data = config.to_json()
    for index in units:
        yield run_unit(data, index, keep)


def local_processes(jobs: int | None = None) -> Any:
    """A backend on ``jobs`` local processes (default: every core)."""
    workers = jobs or len(os.sched_getaffinity(0)) or 1

    def run(config: TournamentConfig, units: list[int], keep: bool) -> Iterator[dict[str, Any]]:
        if workers == 1 or len(units) <= 1:
            yield from inline(config, units, keep)
            return
        data = config.to_json()
        with ProcessPoolExecutor(max_workers=workers) as pool:
            # Keep a bounded number of units in flight so an interruption
            # loses little and memory stays flat for huge tournaments.
            pending: set[Future[dict[str, Any]]] = set()
            queue = iter(units)
            for index in queue:
                pending.add(pool.submit(run_unit, data, index, keep))
                if len(pending) >= workers * 4:
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(run_unit, data, nxt, keep))

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
