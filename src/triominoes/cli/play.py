"""The ``triominoes play`` command: a game in the terminal (:mod:`triominoes.tui`).

The Textual app when standard input and output are a terminal, the plain
line mode otherwise (or with ``--plain``). Option errors end the command
with one ``error:`` line, like every other command.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from triominoes.cli.errors import fail
from triominoes.cli.options import RULES_HELP, rules_from_options
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
        int | None,
        typer.Option(min=2, max=6, metavar="N", help="Number of players (default: 1 + bots)."),
    ] = None,
    rules: Annotated[
        str | None, typer.Option(metavar="RULES", help=RULES_HELP + "  [default: standard]")
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="House rule (a JSON value); repeatable."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SPEC",
            help=(
                "A bot (easy, medium, hard, expert or a player spec) for the next seat after "
                "yours; repeatable, reused in turn for more --players.  [default: medium]"
            ),
        ),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            metavar="human|bot:SPEC",
            help="Every seat in order, instead of --bot (a hot seat: several humans).",
        ),
    ] = None,
    # Python seeds with the absolute value: -5 would play the game of 5.
    seed: Annotated[
        int | None,
        typer.Option(min=0, metavar="N", help="Seed for the deals and the bots (a new game)."),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            metavar="LANG", help=f"Language: {', '.join(LANGUAGES)} (default: the locale's)."
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain", help="Lines of text, actions read from standard input (no Textual)."
        ),
    ] = False,
    resume: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Go on with a saved game (a record, docs/records.md)."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Where the record goes (default: the resumed file, else a new one here).",
        ),
    ] = None,
    join: Annotated[
        str | None,
        typer.Option(
            metavar="URL", help="Play at a table of a server: its invite or a seat's URL (/t/ID)."
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="Your name at the table (with --join; default: login)."),
    ] = None,
    pace: Annotated[
        float,
        typer.Option(min=0, metavar="SECONDS", help="How long each bot action stays on screen."),
    ] = 0.4,
) -> None:
    """Play a game in the terminal against bots, at a hot seat or on a server."""
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

    game = PlainGame(
        setup.table, setup.save_path, stdin=sys.stdin, stdout=sys.stdout, resumed=setup.resumed
    )
    try:
        return game.run(setup.opening)
    except KeyboardInterrupt:  # Ctrl-C: leave as with quit (an unfinished game is saved)
        game.say("")
        game.leave()
        return 130


def run_app(setup: Setup, pace: float) -> int:
    from triominoes.tui.app import PlayApp

    app = PlayApp(
        setup.table, setup.save_path, opening=setup.opening, pace=pace, resumed=setup.resumed
    )
    app.run()
    if app.farewell:
        typer.echo(app.farewell)
    return 0
