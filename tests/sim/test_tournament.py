"""Tournaments: statistics, seat rotation, resuming, and every backend."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from triominoes.sim.backends import inline, local_processes, ray_cluster
from triominoes.sim.stats import summarize, wilson_interval
from triominoes.sim.tournament import (
    ResultsFile,
    Tally,
    TournamentConfig,
    TournamentError,
    run_tournament,
    run_unit,
)

TINY = TournamentConfig(entrants=("greedy", "random"), units=6, seed=3)


def results_of(config: TournamentConfig) -> list[dict[str, Any]]:
    return run_tournament(config, backend=inline).results


def test_wilson_interval_known_values() -> None:
    # Reference values of the Wilson score interval (as statsmodels gives them).
    low, high = wilson_interval(55, 100)
    assert (round(low, 4), round(high, 4)) == (0.4524, 0.6439)
    low, high = wilson_interval(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_seats_rotate_and_each_rotation_shares_a_deal() -> None:
    config = TournamentConfig(entrants=("greedy", "random", "heuristic"), units=6)
    lineups = [config.lineup(i) for i in range(3)]
    assert lineups == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in lineups) == [0, 1, 2]
    assert len({config.deal_seed(i) for i in range(3)}) == 1
    assert config.deal_seed(2) != config.deal_seed(3)


def test_the_same_deal_is_played_from_both_seats() -> None:
    a = run_unit(TINY.to_json(), 0, keep_record=True)
    b = run_unit(TINY.to_json(), 1, keep_record=True)
    assert a["record"]["rounds"][0]["hands"] == b["record"]["rounds"][0]["hands"]
    assert a["lineup"] == [0, 1]
    assert b["lineup"] == [1, 0]


def test_statistics_of_a_tiny_fixed_run() -> None:
    results = results_of(TINY)
    assert [r["unit"] for r in results] == list(range(6))
    stats = summarize(TINY.entrants, results)
    # Recount by hand from the raw results.
    for entrant, s in enumerate(stats):
        wins = 0.0
        score = margin = 0
        hexagons = 0
        for r in results:
            seat = r["lineup"].index(entrant)
            if seat in r["winners"]:
                wins += 1 / len(r["winners"])
            score += r["totals"][seat]
            margin += r["totals"][seat] - r["totals"][1 - seat]
            hexagons += r["bonuses"][seat][0]
        assert s.wins == pytest.approx(wins)
        assert s.win_rate == pytest.approx(wins / 6)
        assert (s.ci_low, s.ci_high) == pytest.approx(wilson_interval(wins, 6))
        assert s.mean_score == pytest.approx(score / 6)
        assert s.mean_margin == pytest.approx(margin / 6)
        assert s.hexagons == hexagons
        assert s.units == 6
    assert stats[0].mean_margin == pytest.approx(-stats[1].mean_margin)
    assert sum(s.wins for s in stats) == pytest.approx(6)


def test_ratings_follow_results() -> None:
    def unit(
        index: int, lineup: list[int], totals: list[int], winners: list[int]
    ) -> dict[str, Any]:
        bonuses = [[0, 0, 0], [0, 0, 0]]
        return {
            "unit": index,
            "lineup": lineup,
            "totals": totals,
            "winners": winners,
            "bonuses": bonuses,
            "rounds": 1,
        }

    # Entrant 0 wins every unit, from either seat; a shared win counts half.
    results = [
        unit(0, [0, 1], [50, 10], [0]),
        unit(1, [1, 0], [5, 40], [1]),
        unit(2, [0, 1], [30, 30], [0, 1]),
    ]
    first, second = summarize(("a", "b"), results)
    assert (first.wins, second.wins) == (2.5, 0.5)
    assert first.rating > second.rating
    assert first.mu > 25 > second.mu
    assert first.mean_margin == pytest.approx((40 + 35 + 0) / 3)


def test_results_do_not_depend_on_the_order_units_run_in() -> None:
    forward = results_of(TINY)

    def backwards(
        config: TournamentConfig, units: Iterable[int], keep: bool
    ) -> Iterator[dict[str, Any]]:
        yield from inline(config, list(reversed(list(units))), keep)

    assert run_tournament(TINY, backend=backwards).results == forward


def no_workers_left() -> bool:
    """Whether every worker process has exited (given a moment to do so)."""
    import multiprocessing

    deadline = time.monotonic() + 10
    while multiprocessing.active_children():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_local_processes_give_the_same_results() -> None:
    assert run_tournament(TINY, backend=local_processes(2)).results == results_of(TINY)


def test_stopping_early_terminates_the_workers() -> None:
    # What Ctrl-C does: the consumer stops, and the workers must not play on.
    long = TournamentConfig(entrants=("greedy", "random"), units=400, seed=3)
    units = local_processes(2)(long, list(range(400)), False)
    first = next(units)
    assert first["unit"] in range(400)
    units.close()
    assert no_workers_left()


def dies_on_unit_one(config_json: dict[str, Any], index: int, keep: bool) -> dict[str, Any]:
    if index == 1:
        os._exit(1)  # as if killed for want of memory
    return run_unit(config_json, index, keep)


def test_a_dead_worker_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    import triominoes.sim.backends

    monkeypatch.setattr(triominoes.sim.backends, "run_unit", dies_on_unit_one)
    with pytest.raises(TournamentError, match="a worker process died"):
        run_tournament(TINY, backend=local_processes(2))
    assert no_workers_left()


def test_a_failing_unit_stops_a_process_run(monkeypatch: pytest.MonkeyPatch) -> None:
    import triominoes.sim.match

    monkeypatch.setattr(triominoes.sim.match, "MAX_ACTIONS", 3_000)  # inherited by the workers
    endless = TournamentConfig(
        entrants=("greedy", "greedy"),
        rules={"preset": "standard", "draw_penalty": 20},
        units=4,
        unit="game",
    )
    with pytest.raises(TournamentError, match=r"unit \d: stopped after \d+ rounds \(3,\d+ actions"):
        run_tournament(endless, backend=local_processes(2))
    assert no_workers_left()


def counting_backend(ran: list[int]) -> Any:
    """The inline backend, noting which units it was asked to run."""

    def run(config: TournamentConfig, units: Iterable[int], keep: bool) -> Iterator[dict[str, Any]]:
        todo = list(units)
        ran.extend(todo)
        yield from inline(config, todo, keep)

    return run


class Interrupted(Exception):
    pass


def stopping_after(count: int) -> Any:
    def run(config: TournamentConfig, units: Iterable[int], keep: bool) -> Iterator[dict[str, Any]]:
        for done, result in enumerate(inline(config, units, keep)):
            if done == count:
                raise Interrupted
            yield result

    return run


def test_an_interrupted_tournament_resumes_where_it_stopped(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with pytest.raises(Interrupted):
        run_tournament(TINY, backend=stopping_after(4), output=out)
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["tournament"] == TINY.to_json()
    assert len(lines) == 1 + 4
    ran: list[int] = []
    counting = counting_backend(ran)

    resumed = run_tournament(TINY, backend=counting, output=out)
    assert ran == [4, 5]
    assert resumed.results == results_of(TINY)
    assert len(out.read_text().splitlines()) == 1 + 6


def test_a_torn_last_line_is_dropped_and_rerun(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with pytest.raises(Interrupted):
        run_tournament(TINY, backend=stopping_after(3), output=out)
    with out.open("a") as f:
        f.write('{"unit": 3, "lineup": [1')  # the process died mid-write
    resumed = run_tournament(TINY, backend=inline, output=out)
    assert resumed.results == results_of(TINY)
    assert all(json.loads(line) for line in out.read_text().splitlines())


def test_a_whole_last_line_without_its_newline_is_rerun_not_glued(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    with pytest.raises(Interrupted):
        run_tournament(TINY, backend=stopping_after(3), output=out)
    text = out.read_text()
    out.write_text(text.rstrip("\n"))  # died before the newline
    resumed = run_tournament(TINY, backend=inline, output=out)
    assert resumed.results == results_of(TINY)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 6
    assert sorted(json.loads(line)["unit"] for line in lines[1:]) == list(range(6))


@pytest.mark.parametrize("text", ["my precious notes", '{"format": "triominoes-record"}'])
def test_a_file_without_a_whole_header_line_is_not_ours(tmp_path: Path, text: str) -> None:
    # The header is written atomically, so it is never torn: a one-line file
    # is someone else's (notes, a compact record) and must not be replaced.
    out = tmp_path / "results.jsonl"
    out.write_text(text)
    with pytest.raises(TournamentError, match="not a tournament results file"):
        run_tournament(TINY, backend=inline, output=out)
    assert out.read_text() == text
    assert list(tmp_path.iterdir()) == [out]
    out.write_text(text + "\n")
    with pytest.raises(TournamentError, match="not a tournament results file"):
        run_tournament(TINY, backend=inline, output=out)


def test_an_empty_file_or_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("")
    assert run_tournament(TINY, backend=inline, output=out).results == results_of(TINY)
    with pytest.raises(TournamentError, match="is a folder"):
        run_tournament(TINY, backend=inline, output=tmp_path)


def test_a_blank_first_line_does_not_skip_the_check(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_tournament(TINY, backend=inline, output=out)
    out.write_text("\n" + out.read_text())
    other = TournamentConfig(entrants=("random", "random"), units=6, seed=3)
    with pytest.raises(TournamentError, match="holds a different tournament"):
        run_tournament(other, backend=inline, output=out)


def test_garbage_lines_are_refused_with_a_reason(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_tournament(TINY, backend=inline, output=out)
    lines = out.read_text().splitlines()
    for bad, reason in [
        ("[1, 2]", "not a results entry"),
        ('{"x": 1}', "not a unit's result"),
        ("{oops", "not JSON"),
    ]:
        out.write_text("\n".join([lines[0], bad, *lines[1:]]) + "\n")
        with pytest.raises(TournamentError, match=f"line 2 is {reason}"):
            run_tournament(TINY, backend=inline, output=out)


def test_a_finished_run_can_be_extended(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_tournament(TINY, backend=inline, output=out)
    longer = TournamentConfig(entrants=TINY.entrants, units=8, seed=TINY.seed)
    ran: list[int] = []
    counting = counting_backend(ran)

    extended = run_tournament(longer, backend=counting, output=out)
    assert ran == [6, 7]
    assert extended.results == results_of(longer)
    shorter = run_tournament(TINY, backend=counting, output=out)
    assert shorter.results == results_of(TINY)


def test_two_runs_cannot_write_one_file(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    holder = ResultsFile(out, TINY)
    holder.open()
    try:
        with pytest.raises(TournamentError, match="another tournament is writing"):
            run_tournament(TINY, backend=inline, output=out)
    finally:
        holder.close()
    run_tournament(TINY, backend=inline, output=out)
    assert not Path(f"{out}.lock").exists()  # the lock goes with the run


def test_results_of_another_version_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text(json.dumps({"tournament": TINY.to_json(), "version": "0.0.1"}) + "\n")
    with pytest.raises(TournamentError, match=r"written by triominoes 0\.0\.1"):
        run_tournament(TINY, backend=inline, output=out)


def test_records_are_saved_and_replay(tmp_path: Path) -> None:
    from triominoes.core.record import loads, replay

    run_tournament(TINY, backend=inline, records=tmp_path)
    files = sorted(tmp_path.glob("unit-*.json"))
    assert len(files) == 6
    game = replay(loads(files[0].read_text()))
    assert game.round.over


def test_resume_with_records_replays_finished_units(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    records = tmp_path / "records"
    run_tournament(TINY, backend=inline, output=out)
    lines = out.read_text()
    ran: list[int] = []
    steps: list[int] = []
    again = run_tournament(
        TINY, backend=counting_backend(ran), output=out, records=records, progress=steps.append
    )
    assert ran == list(range(6))  # no record yet: each unit is played again
    assert sum(steps) == 6
    assert again.results == results_of(TINY)
    assert out.read_text() == lines  # and not counted twice
    assert len(list(records.glob("unit-*.json"))) == 6
    ran.clear()
    run_tournament(TINY, backend=counting_backend(ran), output=out, records=records)
    assert ran == []


def test_records_of_another_tournament_are_not_overwritten(tmp_path: Path) -> None:
    run_tournament(TINY, backend=inline, records=tmp_path)
    before = (tmp_path / "unit-000000.json").read_text()
    other = TournamentConfig(entrants=("random", "random"), units=2, seed=3)
    with pytest.raises(TournamentError, match="another tournament's records"):
        run_tournament(other, backend=inline, records=tmp_path)
    assert (tmp_path / "unit-000000.json").read_text() == before
    (tmp_path / "tournament.json").unlink()
    with pytest.raises(TournamentError, match="records of an unknown tournament"):
        run_tournament(TINY, backend=inline, records=tmp_path)
    with pytest.raises(TournamentError, match="is a file"):
        run_tournament(TINY, backend=inline, records=tmp_path / "unit-000000.json")


def test_bad_configs() -> None:
    with pytest.raises(TournamentError):
        TournamentConfig(entrants=("greedy",))
    with pytest.raises(TournamentError):
        TournamentConfig(entrants=("greedy", "random"), unit="match")
    with pytest.raises(TournamentError):
        TournamentConfig(entrants=("greedy", "random"), units=0)
    with pytest.raises(ValueError, match="unknown player"):
        TournamentConfig(entrants=("greedy", "oracle"))


def test_ray_backend_on_a_local_ray_gives_the_same_results() -> None:
    pytest.importorskip("ray")
    config = TournamentConfig(entrants=("greedy", "heuristic"), units=4, seed=8)
    on_ray = run_tournament(config, backend=ray_cluster(cpus=2)).results
    assert on_ray == run_tournament(config, backend=inline).results


def test_a_bot_that_breaks_the_rules_stops_the_tournament_with_a_reason() -> None:
    from triominoes.ai.player import Player
    from triominoes.ai.registry import PLAYERS
    from triominoes.core.moves import DRAW

    class Cheater(Player):
        name = "cheater"

        def choose_move(self, state, view):  # type: ignore[no-untyped-def]
            return DRAW  # even when opening

    PLAYERS["cheater"] = Cheater
    try:
        config = TournamentConfig(entrants=("cheater", "greedy"), units=2)
        with pytest.raises(TournamentError, match=r"unit 0: seat \d \(cheater\) chose draw"):
            run_tournament(config, backend=inline)
    finally:
        del PLAYERS["cheater"]


def test_statistics_with_three_seats_and_ties() -> None:
    def unit(
        index: int, lineup: list[int], totals: list[int], winners: list[int]
    ) -> dict[str, Any]:
        return {
            "unit": index,
            "lineup": lineup,
            "totals": totals,
            "winners": winners,
            "bonuses": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "rounds": 1,
        }

    results = [
        unit(0, [0, 1, 2], [60, 20, 20], [0]),  # b and c tie behind a
        unit(1, [1, 2, 0], [10, 10, 70], [2]),
        unit(2, [2, 0, 1], [30, 50, 40], [1]),
    ]
    a, b, c = summarize(("a", "b", "c"), results)
    assert (a.wins, b.wins, c.wins) == (3, 0, 0)
    # Margin: own total minus the best other total.
    assert a.mean_margin == pytest.approx((40 + 60 + 10) / 3)
    assert b.mean_margin == pytest.approx((-40 - 60 - 10) / 3)
    assert c.mean_margin == pytest.approx((-40 - 60 - 20) / 3)
    assert a.rating > b.rating and a.rating > c.rating
    assert (a.hexagons, a.bridges, a.two_sided) == (1, 1, 1)
    assert b.hexagons + c.hexagons == 2


class Enough(Exception):
    pass


def test_the_units_to_do_are_not_listed_up_front(tmp_path: Path) -> None:
    # A million units asked for, three played: memory must not grow with
    # the count asked for (a list of a million ints is over 30 MB).
    import tracemalloc

    huge = TournamentConfig(entrants=("greedy", "random"), units=1_000_000, seed=3)
    taken: list[int] = []

    def three(
        config: TournamentConfig, units: Iterable[int], keep: bool
    ) -> Iterator[dict[str, Any]]:
        for index in units:
            taken.append(index)
            if len(taken) > 3:
                raise Enough
            yield run_unit(config.to_json(), index, keep)

    for output, records in [(None, None), (tmp_path / "run.jsonl", tmp_path / "records")]:
        taken.clear()
        tracemalloc.start()
        try:
            with pytest.raises(Enough):
                run_tournament(huge, backend=three, output=output, records=records)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert taken == [0, 1, 2, 3]
        assert peak < 3_000_000


def test_local_processes_take_units_lazily() -> None:
    many = TournamentConfig(entrants=("greedy", "random"), units=10**12, seed=3)
    taken: list[int] = []

    def units() -> Iterator[int]:
        for index in range(many.units):
            taken.append(index)
            yield index

    results = local_processes(2)(many, units(), False)
    assert next(results)["unit"] in range(8)
    results.close()
    assert len(taken) <= 2 * 4 + 1  # the window in flight, not the tournament
    assert no_workers_left()


def test_a_forked_child_does_not_hold_the_results_lock(tmp_path: Path) -> None:
    # A pool worker is forked while the run holds the lock; if the run is
    # killed (no close, the lock file left behind), a worker still alive
    # must not keep the next run out.
    import multiprocessing

    out = tmp_path / "results.jsonl"
    holder = ResultsFile(out, TINY)
    holder.open()
    context = multiprocessing.get_context("fork")
    child_ready = context.Event()
    release = context.Event()
    child = context.Process(target=_hold_on, args=(child_ready, release))
    child.start()
    try:
        assert child_ready.wait(10)
        assert holder._lock is not None
        holder._lock.close()  # the run's process died: the kernel drops its lock
        again = ResultsFile(out, TINY)
        again.open()  # not "another tournament is writing"
        again.close()
    finally:
        release.set()
        child.join(10)


def _hold_on(ready: Any, release: Any) -> None:
    ready.set()
    release.wait(10)


def test_a_busy_results_file_names_the_process_writing_it(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    holder = ResultsFile(out, TINY)
    holder.open()
    try:
        with pytest.raises(TournamentError) as caught:
            ResultsFile(out, TINY).open()
        assert str(caught.value) == (f"another tournament is writing {out} (process {os.getpid()})")
    finally:
        holder.close()


def test_the_tally_says_what_was_found_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    tally = Tally(TINY.units)
    with pytest.raises(Interrupted):
        run_tournament(TINY, backend=stopping_after(4), output=out, tally=tally)
    assert (tally.wanted, tally.found, tally.kept) == (6, 0, 4)
    longer = TournamentConfig(entrants=TINY.entrants, units=10, seed=TINY.seed)
    tally = Tally(longer.units)
    run_tournament(longer, backend=inline, output=out, tally=tally)
    assert (tally.wanted, tally.found, tally.kept) == (10, 4, 10)
    tally = Tally(2)
    shorter = TournamentConfig(entrants=TINY.entrants, units=2, seed=TINY.seed)
    run_tournament(shorter, backend=inline, output=out, tally=tally)
    assert (tally.found, tally.kept) == (2, 2)  # only the units asked for count


def test_output_folders_are_not_made_up(tmp_path: Path) -> None:
    # One rule for every output: its folder must exist (a typo in a path
    # should not silently make a tree of folders).
    with pytest.raises(TournamentError, match="there is no folder"):
        run_tournament(TINY, backend=inline, output=tmp_path / "no" / "run.jsonl")
    with pytest.raises(TournamentError, match="there is no folder"):
        run_tournament(TINY, backend=inline, records=tmp_path / "no" / "records")
    assert list(tmp_path.iterdir()) == []


def test_a_unit_written_just_before_an_interruption_is_counted(tmp_path: Path) -> None:
    # Ctrl-C may come after a line is written and before the run counts it:
    # what the run reports as saved must be what the file holds.
    out = tmp_path / "results.jsonl"
    results = ResultsFile(out, TINY)
    results.open()
    try:
        results.append(run_unit(TINY.to_json(), 0))
        assert results.appended() == 1
        with out.open("a") as f:  # written, not yet counted
            f.write(json.dumps(run_unit(TINY.to_json(), 1)) + "\n")
        assert results.appended() == 2
        with out.open("a") as f:  # torn: the next run drops it
            f.write('{"unit": 2, "lin')
        assert results.appended() == 2
    finally:
        results.close()
    again = ResultsFile(out, TINY)
    assert len(again.open()) == 2
    again.close()


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_a_worker_dies_with_its_parent_however_the_parent_ends(platform: str) -> None:
    # The parent forks a worker and dies at once without stopping it (as
    # under kill -9); off Linux the worker's own watch must notice.
    import subprocess
    import sys

    script = f"""
import os, sys, time
import triominoes.processes as processes
parent = os.getpid()
child = os.fork()
if child == 0:
    processes.sys.platform = {platform!r}
    processes.die_with_parent(parent)
    time.sleep(30)
    os._exit(0)
print(child, flush=True)
os._exit(0)
"""
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=30
    )
    worker = Path(f"/proc/{run.stdout.strip()}/status")

    def alive() -> bool:
        try:
            return "zombie" not in worker.read_text()
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 10
    while alive():
        assert time.monotonic() < deadline, "the worker outlived its parent"
        time.sleep(0.05)
