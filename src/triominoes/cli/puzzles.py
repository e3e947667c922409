"""``triominoes puzzles mine`` and ``triominoes puzzles check``: finding
puzzles in self-play rounds and records, and re-verifying a puzzle file
(docs/puzzles.md)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated, Any

import typer

from triominoes.cli.errors import fail, read_text
from triominoes.cli.help import PlainHelp
from triominoes.core.errors import TriominoesError
from triominoes.core.record import loads as load_record
from triominoes.core.rules import PRESETS, preset
from triominoes.i18n import LANGUAGES
from triominoes.puzzles.checking import check
from triominoes.puzzles.mining import from_record, numbered, self_play
from triominoes.puzzles.model import (
    SHIPPED,
    THEMES,
    Puzzle,
    PuzzleError,
    dumps,
    loads,
    shipped,
)
from triominoes.tui.puzzle import PuzzleApp, run_plain
from triominoes.tui.text import use_language

puzzles_app = typer.Typer(
    cls=PlainHelp,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    help="Puzzles from real rounds: mine them, check them.",
)


def _seed_puzzles(args: tuple[str, int, bool]) -> list[dict[str, Any]]:
    """One self-play round's puzzles (a worker's task, in JSON)."""
    rules, seed, exact = args
    return [p.to_json() for p in self_play(preset(rules), [seed], exact=exact)]


def _record_puzzles(path: str) -> list[dict[str, Any]]:
    try:
        record = load_record(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TriominoesError) as exc:
        raise PuzzleError(f"{path}: {exc}") from None
    return [p.to_json() for p in from_record(record, Path(path).name)]


def _stored_puzzles(args: tuple[str, str]) -> list[dict[str, Any]]:
    """A finished game's puzzles, from its record as the database keeps it."""
    text, name = args
    try:
        record = load_record(text)
    except TriominoesError as exc:
        raise PuzzleError(f"{name}: {exc}") from None
    return [p.to_json() for p in from_record(record, name)]


def _stored_records(db: str) -> list[tuple[str, str]]:
    """The records of the database's finished games whose players all let
    them become puzzles, each with its name (TABLE/GAME)."""
    # Here, not at the top: the database layer is for this option only.
    from sqlalchemy.exc import SQLAlchemyError

    from triominoes.storage import Store

    url = db if "://" in db else f"sqlite:///{db}"
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        fail(f"there is no database {url.removeprefix('sqlite:///')}")
    try:
        store = Store(url)
    except (SQLAlchemyError, ValueError) as exc:
        fail(f"cannot open {db}: {exc}")
    try:
        return [(text, f"{table}/{game}") for table, game, text in store.accounts.puzzle_records()]
    finally:
        store.close()


@puzzles_app.command("mine")
def mine_command(
    out: Annotated[str, typer.Option(metavar="FILE", help="Where to write the puzzles.")],
    seeds: Annotated[
        str, typer.Option(metavar="FIRST-LAST", help="Self-play seeds, e.g. 1-100 (0-0: none).")
    ] = "1-20",
    rules: Annotated[str, typer.Option(metavar="PRESET", help="The self-play rule set.")] = (
        "standard"
    ),
    records: Annotated[
        str | None,
        typer.Option(
            metavar="DIR",
            help="Also mine every game record (*.json) in DIR; only records of "
            "games whose human players agreed may be put there.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Also mine the server database's finished games (sqlite:///FILE, a "
            "file, or postgresql://...) whose every player agreed; none with a guest.",
        ),
    ] = None,
    jobs: Annotated[int, typer.Option(min=1, help="Processes mining side by side.")] = 1,
    exact: Annotated[
        bool,
        typer.Option(
            "--endgame", help="Only endgame puzzles, by the exact solver (self-play seeds)."
        ),
    ] = False,
) -> None:
    """Find positions where one action is clearly the best."""
    if rules not in PRESETS:
        fail(f"unknown preset {rules!r} (one of {', '.join(PRESETS)})")
    try:
        first, last = (int(part) for part in seeds.split("-", 1))
    except ValueError:
        fail("--seeds is FIRST-LAST, two whole numbers")
    tasks = [(rules, seed, exact) for seed in range(first, last + 1) if seed > 0]
    files = sorted(str(p) for p in Path(records).glob("*.json")) if records else []
    if records and not Path(records).is_dir():
        fail(f"{records} is not a directory")
    stored = _stored_records(db) if db else []
    found: list[Puzzle] = []
    try:
        with ProcessPoolExecutor(jobs) as pool:
            for batch in pool.map(_seed_puzzles, tasks):
                found.extend(Puzzle.from_json(entry) for entry in batch)
            for batch in pool.map(_record_puzzles, files):
                found.extend(Puzzle.from_json(entry) for entry in batch)
            for batch in pool.map(_stored_puzzles, stored):
                found.extend(Puzzle.from_json(entry) for entry in batch)
    except PuzzleError as exc:
        fail(str(exc))
    puzzles = numbered(found)
    try:
        Path(out).write_text(dumps(puzzles), encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc}")
    counts = Counter(p.theme for p in puzzles)
    typer.echo(f"{len(puzzles)} puzzles: " + ", ".join(f"{t} {n}" for t, n in counts.items()))


def _check_one(args: tuple[dict[str, Any], bool]) -> tuple[str, list[str]]:
    data, full = args
    puzzle = Puzzle.from_json(data)
    return puzzle.id, check(puzzle, full=full)


@puzzles_app.command("check")
def check_command(
    file: Annotated[
        str | None,
        typer.Argument(metavar="FILE", help="A puzzle file (default: the shipped puzzles)."),
    ] = None,
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="Also demand what mining did (stored values, full margin, second search).",
        ),
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help="Processes checking side by side.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the problems as JSON.")] = False,
) -> None:
    """Re-verify puzzles with the engine and the search."""
    try:
        puzzles = list(shipped()) if file is None else loads(read_text(file))
    except PuzzleError as exc:
        fail(str(exc))
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_check_one, [(p.to_json(), full) for p in puzzles]))
    bad = {ident: problems for ident, problems in results if problems}
    if as_json:
        typer.echo(json.dumps({"checked": len(puzzles), "failed": bad}, indent=1))
    else:
        for ident, problems in bad.items():
            for problem in problems:
                typer.echo(f"{ident}: {problem}")
        where = file or SHIPPED
        typer.echo(f"{len(puzzles) - len(bad)} of {len(puzzles)} puzzles in {where} hold")
    if bad:
        raise typer.Exit(1)


def puzzle_command(
    theme: Annotated[
        str | None, typer.Option(metavar="THEME", help=f"Only this theme: {', '.join(THEMES)}.")
    ] = None,
    start: Annotated[
        str | None, typer.Option("--id", metavar="ID", help="Begin with this puzzle (h-0042).")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            metavar="LANG", help=f"Language: {', '.join(LANGUAGES)} (default: the locale's)."
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option("--plain", help="Lines of text, actions read from standard input."),
    ] = False,
) -> None:
    """Solve the shipped puzzles in the terminal, easiest first."""
    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang!r}: one of {', '.join(LANGUAGES)}")
    if theme is not None and theme not in THEMES:
        fail(f"--theme {theme!r}: one of {', '.join(THEMES)}")
    use_language(lang)
    chosen = sorted(
        (p for p in shipped() if theme is None or p.theme == theme),
        key=lambda p: (p.difficulty, p.id),
    )
    if start is not None:
        ids = [p.id for p in chosen]
        if start not in ids:
            fail(f"there is no puzzle {start}" + (f" of theme {theme}" if theme else ""))
        at = ids.index(start)
        chosen = chosen[at:] + chosen[:at]
    if not chosen:
        fail("no puzzles to play")
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        run_plain(chosen, sys.stdin, sys.stdout)
    else:
        PuzzleApp(chosen).run()
