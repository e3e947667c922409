"""Tournaments: many games or rounds between named players.

A tournament is split into *units* (one round, or one whole game). A unit's
result depends only on the tournament's config and the unit's index: the
deal, the seating and every bot's seed are derived from them. So units can
run in any order, on any number of processes or machines (see backends.py),
and an interrupted tournament resumes by running the units its results file
does not hold yet.

Seats rotate: unit ``i`` seats entrant ``(seat + i) mod n`` at each seat, and
the ``n`` units of a rotation share one deal, so every entrant plays every
deal from every seat.
"""

from __future__ import annotations

import hashlib
import json
import os
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from triominoes import __version__
from triominoes.ai.player import Player
from triominoes.ai.registry import make_player
from triominoes.core.errors import IllegalAction
from triominoes.core.events import ActionTaken, Event
from triominoes.core.game import Game
from triominoes.core.record import record_of
from triominoes.core.rules import RuleSet
from triominoes.sim.fast import FastGame, takes_turn_views
from triominoes.sim.match import EndlessGame, play_game, play_round
from triominoes.sim.stats import EntrantStats, entrant_names, summarize

UNIT_KINDS = ("round", "game")


class TournamentError(ValueError):
    """A tournament that cannot be run as asked (bad config, foreign results file)."""


@dataclass(frozen=True)
class TournamentConfig:
    entrants: tuple[str, ...]
    """Player specs, one per seat (repeat a spec for several such seats)."""
    rules: str | dict[str, Any] = "standard"
    units: int = 100
    unit: str = "round"
    seed: int = 0

    def __post_init__(self) -> None:
        if not 2 <= len(self.entrants) <= 6:
            raise TournamentError("a tournament seats 2 to 6 players per game")
        if self.unit not in UNIT_KINDS:
            raise TournamentError(f"unit must be one of {', '.join(UNIT_KINDS)}")
        if self.units < 1:
            raise TournamentError("a tournament needs at least one unit")
        try:
            RuleSet.from_json(self.rules).hand_size_for(len(self.entrants))
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        for spec in self.entrants:
            make_player(spec)  # raises ValueError for an unknown player

    @property
    def players(self) -> int:
        return len(self.entrants)

    @property
    def names(self) -> list[str]:
        return entrant_names(self.entrants)

    def lineup(self, index: int) -> list[int]:
        """Entrant index at each seat of unit ``index``."""
        n = self.players
        return [(seat + index) % n for seat in range(n)]

    def deal_seed(self, index: int) -> str:
        return f"{self.seed}/deal/{index // self.players}"

    def bot_seed(self, index: int, seat: int) -> str:
        return f"{self.seed}/bot/{index}/{seat}"

    def to_json(self) -> dict[str, Any]:
        return {
            "entrants": list(self.entrants),
            "rules": self.rules,
            "units": self.units,
            "unit": self.unit,
            "seed": self.seed,
        }

    def header(self) -> dict[str, Any]:
        """What a results file and a records folder are marked with."""
        return {"tournament": self.to_json(), "version": __version__}

    def mismatch(self, header: dict[str, Any]) -> str | None:
        """Why ``header`` (see :meth:`header`) is not this tournament's, or
        None; the number of units may differ (a run can be extended)."""
        theirs = header["tournament"]
        mine = self.to_json()
        keys = (theirs.keys() | mine.keys()) - {"units"}
        differ = sorted(key for key in keys if theirs.get(key) != mine.get(key))
        if differ:
            verb = "differs" if len(differ) == 1 else "differ"
            return (
                f"holds a different tournament (its {' and '.join(differ)} {verb}); "
                "use another output file"
            )
        if header.get("version") != __version__:
            return (
                f"was written by triominoes {header.get('version')}, "
                f"this is {__version__}: results of two versions would mix"
            )
        return None

    @staticmethod
    def from_json(data: dict[str, Any]) -> TournamentConfig:
        return TournamentConfig(
            entrants=tuple(data["entrants"]),
            rules=data["rules"],
            units=int(data["units"]),
            unit=data["unit"],
            seed=int(data["seed"]),
        )


def _seed_int(text: str) -> int:
    """A 64-bit seed from a string, the same in every process and machine."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@lru_cache(maxsize=16)
def _parsed(config_text: str) -> tuple[TournamentConfig, RuleSet]:
    """The config and its rules, checked once per tournament rather than for
    every unit (checking makes every entrant and costs as much as a random
    round). Both are frozen, so sharing them is safe."""
    config = TournamentConfig.from_json(json.loads(config_text))
    return config, RuleSet.from_json(config.rules)


def run_unit(config_json: dict[str, Any], index: int, keep_record: bool = False) -> dict[str, Any]:
    """Play one unit and return its result (plain JSON data).

    A top-level function of plain arguments, so that process pools and Ray
    can ship it anywhere.
    """
    config, rules = _parsed(json.dumps(config_json, sort_keys=True))
    lineup = config.lineup(index)
    players = [
        make_player(config.entrants[entrant], seed=_seed_int(config.bot_seed(index, seat)))
        for seat, entrant in enumerate(lineup)
    ]
    seed = _seed_int(config.deal_seed(index))
    if not keep_record and takes_turn_views(players):
        return _run_fast(config, index, rules, seed, players)
    game = Game(rules, config.players, seed=seed, auto_deal=False)
    bonuses = [[0, 0, 0] for _ in range(config.players)]

    def count(_: Game, event: Event) -> None:
        if isinstance(event, ActionTaken) and event.score is not None:
            mine = bonuses[event.seat]
            mine[0] += event.score.hexagons
            mine[1] += event.score.bridge
            mine[2] += event.score.two_sided

    try:
        if config.unit == "round":
            winners = list(play_round(game, players, count).winners)
        else:
            play_game(game, players, count)
            winners = list(game.winners)
    except (IllegalAction, EndlessGame) as exc:
        raise TournamentError(f"unit {index}: {exc}") from None
    result: dict[str, Any] = {
        "unit": index,
        "lineup": lineup,
        "totals": list(game.totals),
        "winners": winners,
        "bonuses": bonuses,
        "rounds": len(game.rounds),
    }
    if keep_record:
        names = [config.names[e] for e in lineup]
        meta = {"tournament_seed": config.seed, "unit": index, "bots": names}
        result["record"] = record_of(game, names, meta).to_json()
    return result


def _run_fast(
    config: TournamentConfig, index: int, rules: RuleSet, seed: int, players: list[Player]
) -> dict[str, Any]:
    """:func:`run_unit` on the fast path (sim/fast.py): the same result."""
    game = FastGame(rules, config.players, seed)
    try:
        if config.unit == "round":
            winners = list(game.play_round(players).winners)
        else:
            game.play_game(players)
            winners = list(game.winners)
    except (IllegalAction, EndlessGame) as exc:
        raise TournamentError(f"unit {index}: {exc}") from None
    return {
        "unit": index,
        "lineup": config.lineup(index),
        "totals": list(game.totals),
        "winners": winners,
        "bonuses": game.bonuses,
        "rounds": game.rounds,
    }


# --- the results file -------------------------------------------------------


class ResultsFile:
    """JSON lines: a header with the config, then one line per finished unit.

    Each unit is appended and flushed to disk as it finishes, so an
    interruption loses at most the units still running. Opening the file
    rewrites it whole (atomically) from its valid lines: a torn last line is
    dropped, the header is made sure of. A lock file keeps a second process
    from writing the same results at the same time. A run may be extended:
    the header must match in everything but the number of units.
    """

    def __init__(self, path: Path, config: TournamentConfig) -> None:
        self.path = path
        self.config = config
        self._lock: IO[str] | None = None
        # Units appended by this run, and the file's size after them: one
        # value, set in one step, so that an interruption leaves it behind
        # by at most the line being written (see appended()).
        self._mark = (0, 0)

    @property
    def _lock_path(self) -> Path:
        return Path(f"{self.path}.lock")

    def open(self) -> dict[int, dict[str, Any]]:
        """Lock the file and return the results already in it."""
        if not self.path.parent.is_dir():
            raise TournamentError(f"{self.path}: there is no folder {self.path.parent}")
        self._lock = _acquire(self._lock_path, f"another tournament is writing {self.path}")
        try:
            done = self._read()
            self._rewrite(done)
        except BaseException:
            self.close()
            raise
        return done

    def _read(self) -> dict[int, dict[str, Any]]:
        if self.path.is_dir():
            raise TournamentError(f"{self.path} is a folder, not a results file")
        if not self.path.exists():
            return {}
        data = self.path.read_bytes()
        # Only newline-terminated lines are whole; anything after the last
        # newline was torn by an interruption. The header is written whole
        # (atomically), so a file with text but no whole line is not ours.
        lines = data.split(b"\n")[:-1]
        if data.strip() and not lines:
            raise TournamentError(f"{self.path} is not a tournament results file")
        header: dict[str, Any] | None = None
        done: dict[int, dict[str, Any]] = {}
        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            try:
                entry = json.loads(raw)
            except ValueError:
                if header is None:
                    raise TournamentError(f"{self.path} is not a tournament results file") from None
                raise TournamentError(f"{self.path}: line {number} is not JSON") from None
            if not isinstance(entry, dict):
                raise TournamentError(f"{self.path}: line {number} is not a results entry")
            if header is None:
                if not isinstance(entry.get("tournament"), dict):
                    raise TournamentError(f"{self.path} is not a tournament results file")
                header = entry
                self._check_header(header)
                continue
            if not isinstance(entry.get("unit"), int) or not isinstance(entry.get("totals"), list):
                raise TournamentError(f"{self.path}: line {number} is not a unit's result")
            done[entry["unit"]] = entry
        return done

    def _check_header(self, header: dict[str, Any]) -> None:
        reason = self.config.mismatch(header)
        if reason:
            raise TournamentError(f"{self.path} {reason}")

    def _rewrite(self, done: dict[int, dict[str, Any]]) -> None:
        lines = [self.config.header(), *(done[index] for index in sorted(done))]
        write_atomically(self.path, "".join(json.dumps(line) + "\n" for line in lines))
        self._mark = (0, self.path.stat().st_size)

    def append(self, result: dict[str, Any]) -> None:
        with self.path.open("ab") as f:
            f.write((json.dumps(result) + "\n").encode())
            f.flush()
            os.fsync(f.fileno())
            self._mark = (self._mark[0] + 1, f.tell())

    def appended(self) -> int:
        """Units this run has added to the file, exactly, even just after an
        interruption: a line written whole but not yet counted is counted
        (a torn one is not: the next run drops it)."""
        count, end = self._mark
        try:
            with self.path.open("rb") as f:
                f.seek(end)
                count += f.read().count(b"\n")
        except OSError:
            pass
        return count

    def close(self) -> None:
        if self._lock is not None:
            # Unlink while still holding the lock: a process that opened the
            # old file meanwhile sees it is gone and retries (see _acquire).
            self._lock_path.unlink(missing_ok=True)
            _HELD_LOCKS.discard(self._lock)
            self._lock.close()
            self._lock = None


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` whole, so an interruption leaves the old or the new."""
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def _acquire(path: Path, busy: str) -> IO[str] | None:
    """An exclusive lock on ``path`` (created if missing), or TournamentError;
    None where there is no ``fcntl`` (not POSIX): the run goes unlocked.

    The lock is the kernel's (``flock``): it goes with the process that
    holds it, however that process ends, so a lock file left behind by a
    killed run does not block the next one. Only the process that took it
    holds it: a forked child (a pool worker) drops its copy at once (see
    :func:`_drop_locks_in_child`), or a worker outliving its parent would
    keep the lock.
    """
    try:
        import fcntl
    except ImportError:
        return None
    while True:
        lock = path.open("a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.seek(0)
            holder = lock.read(20).strip()
            lock.close()
            suffix = f" (process {holder})" if holder.isdigit() else ""
            raise TournamentError(busy + suffix) from None
        try:
            if os.stat(path).st_ino == os.fstat(lock.fileno()).st_ino:
                # Who holds it, for the message of a second run.
                lock.truncate(0)
                lock.write(f"{os.getpid()}\n")
                lock.flush()
                _HELD_LOCKS.add(lock)
                return lock
        except FileNotFoundError:
            pass
        lock.close()  # the holder unlinked it as we opened it: try the new one


_HELD_LOCKS: weakref.WeakSet[IO[str]] = weakref.WeakSet()


def _drop_locks_in_child() -> None:
    # Closing the child's copy of the descriptor leaves the parent's lock
    # as it is (a flock belongs to the open file, shared until the last
    # copy closes).
    for lock in list(_HELD_LOCKS):
        lock.close()
    _HELD_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_locks_in_child)


# --- running ---------------------------------------------------------------

Progress = Callable[[int], None]
Backend = Callable[[TournamentConfig, Iterable[int], bool], Iterable[dict[str, Any]]]
"""Runs the given units (an iterable, consumed lazily: it may be far too long
for a list) and yields their results in any order; see backends.py."""


@dataclass
class Tally:
    """How far a run is, kept up to date while it runs: what to tell the
    user when it is interrupted, or when it resumes."""

    wanted: int
    """Units the tournament asks for."""
    found: int = 0
    """Of those, units whose results were in the results file at the start."""
    kept: int = 0
    """Units finished so far, found ones included (in the results file, if any)."""


@dataclass
class TournamentResult:
    config: TournamentConfig
    results: list[dict[str, Any]]

    @property
    def stats(self) -> list[EntrantStats]:
        return summarize(self.config.entrants, self.results)

    def to_json(self) -> dict[str, Any]:
        return {
            "tournament": self.config.to_json(),
            "players": [s.to_json() for s in self.stats],
        }


def run_tournament(
    config: TournamentConfig,
    *,
    backend: Backend,
    output: Path | None = None,
    records: Path | None = None,
    progress: Progress | None = None,
    tally: Tally | None = None,
) -> TournamentResult:
    """Run the units not yet in ``output`` on ``backend``; return all results.

    Memory grows with the units played, not with the units asked for: the
    units to do are generated as the backend takes them.
    """
    done: dict[int, dict[str, Any]] = {}
    if records is not None and records.exists() and not records.is_dir():
        raise TournamentError(f"--records {records} is a file, not a folder")
    results_file = ResultsFile(output, config) if output is not None else None
    if results_file is not None:
        done = results_file.open()
    tally = tally if tally is not None else Tally(config.units)
    tally.found = tally.kept = sum(1 for index in done if 0 <= index < config.units)
    try:
        wanted = range(config.units)
        todo: Iterator[int] = (i for i in wanted if i not in done)
        skipped = tally.found
        if records is not None:
            _open_records(records, config)
            # Units are pure functions of the config: replay the finished
            # ones whose record is missing (a resume that adds --records).
            folder = records
            todo = (i for i in wanted if i not in done or not _record_path(folder, i).exists())
            skipped = sum(
                1 for i in done if 0 <= i < config.units and _record_path(folder, i).exists()
            )
        if progress is not None:
            progress(skipped)
        for result in backend(config, todo, records is not None):
            record = result.pop("record", None)
            if records is not None and record is not None:
                write_atomically(
                    _record_path(records, result["unit"]), json.dumps(record, indent=1) + "\n"
                )
            if result["unit"] not in done:  # a unit replayed for its record keeps its result
                if results_file is not None:
                    results_file.append(result)
                done[result["unit"]] = result
                tally.kept += 1
            if progress is not None:
                progress(1)
    finally:
        if results_file is not None:
            tally.kept = tally.found + results_file.appended()
            results_file.close()
    return TournamentResult(config, [done[i] for i in wanted])


def _record_path(records: Path, index: int) -> Path:
    return records / f"unit-{index:06d}.json"


def _open_records(records: Path, config: TournamentConfig) -> None:
    """Make the records folder, or check it holds this tournament's records
    (the same marker as a results file's header)."""
    if not records.parent.is_dir():
        raise TournamentError(f"{records}: there is no folder {records.parent}")
    records.mkdir(exist_ok=True)
    marker = records / "tournament.json"
    if marker.exists():
        try:
            theirs = json.loads(marker.read_text(encoding="utf-8"))
        except ValueError:
            theirs = None
        if (
            not isinstance(theirs, dict)
            or not isinstance(theirs.get("tournament"), dict)
            or config.mismatch(theirs)
        ):
            raise TournamentError(f"{records} holds another tournament's records")
    elif any(records.glob("unit-*.json")):
        raise TournamentError(f"{records} holds records of an unknown tournament")
    else:
        write_atomically(marker, json.dumps(config.header(), indent=1) + "\n")
