"""The ``triominoes play`` command: a game in the terminal.

The Textual app when standard input and output are a terminal, the plain
line mode otherwise (or with ``--plain``). Option errors end the command
with one ``error:`` line, like every other command.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from triominoes.cli.options import rules_from_options
from triominoes.core.errors import TriominoesError
from triominoes.i18n import LANGUAGES
from triominoes.tui.start import (
    Setup,
    SetupError,
    join_game,
    new_game,
    resume_game,
    seat_kinds,
)
from triominoes.tui.text import use_language


def play_command(
    players: Annotated[
        int | None, typer.Option(min=2, max=6, help="Number of players (default: 1 + bots).")
    ] = None,
    rules: Annotated[
        str | None, typer.Option(help="Preset name, JSON object or .json file (standard).")
    ] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="House rule FIELD=VALUE; repeatable.")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(help="A bot's level for the next seat after yours, repeated (medium)."),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(help="Every seat in order: human or bot:LEVEL (hot seat: several humans)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the deals and the bots.")] = None,
    lang: Annotated[
        str | None, typer.Option(help=f"Language: {', '.join(LANGUAGES)} (default: the locale).")
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Lines of text and tokens on stdin, no Textual.")
    ] = False,
    resume: Annotated[Path | None, typer.Option(help="Go on with a saved game (a record).")] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where the record goes (default: the resumed file, else a new one)."),
    ] = None,
    join: Annotated[
        str | None,
        typer.Option(help="Play at a table on a server: its invite or seat URL (/t/ID...)."),
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="Your name at the table (with --join; default: login).")
    ] = None,
    pace: Annotated[
        float, typer.Option(min=0, help="Seconds to show each bot action (Textual game).")
    ] = 0.4,
) -> None:
    """Play a game in the terminal against bots, at a hot seat or on a server."""
    from triominoes.cli.main import fail

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang!r}: one of {', '.join(LANGUAGES)}")
    use_language(lang)
    if save is not None and save.is_dir():
        fail(f"--save {save} is a folder")
    local = {
        "--players": players is not None,
        "--rules": rules is not None,
        "--set": bool(set_),
        "--bot": bool(bot),
        "--seat": bool(seat),
        "--seed": seed is not None,
        "--resume": resume is not None,
    }
    if join is not None and any(local.values()):
        given = ", ".join(option for option, used in local.items() if used)
        fail(f"{given} do not go with --join (the server's table has its own)")
    if name is not None and join is None:
        fail("--name goes with --join")
    try:
        if join is not None:
            setup = join_game(join, name, save)
        elif resume is not None:
            if rules is not None or set_:
                fail("--rules and --set do not go with --resume (the record has its rules)")
            if players is not None:
                fail("--players does not go with --resume (the record has its players)")
            kinds = seat_kinds(None, bot or [], seat or []) if (bot or seat) else None
            setup = resume_game(resume, kinds, save)
        else:
            ruleset = rules_from_options(rules or "standard", set_)
            setup = new_game(ruleset, seat_kinds(players, bot or [], seat or []), seed, save)
    except (SetupError, TriominoesError) as exc:
        fail(str(exc))
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        status = run_plain(setup) if plain or not terminal else run_app(setup, pace)
    finally:
        setup.table.close()
    raise typer.Exit(status)


def run_plain(setup: Setup) -> int:
    from triominoes.tui.plain import PlainGame

    game = PlainGame(setup.table, setup.save_path, stdin=sys.stdin, stdout=sys.stdout)
    try:
        return game.run(setup.opening)
    except KeyboardInterrupt:  # Ctrl-C: leave as with quit (an unfinished game is saved)
        game.say("")
        game.leave()
        return 130


def run_app(setup: Setup, pace: float) -> int:
    from triominoes.tui.app import PlayApp

    app = PlayApp(setup.table, setup.save_path, opening=setup.opening, pace=pace)
    app.run()
    if app.farewell:
        typer.echo(app.farewell)
    return 0
