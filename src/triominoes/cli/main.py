"""The ``triominoes`` command line.

Each command parses its options, calls the library and prints. Errors in
the user's input end the command with one ``error: ...`` line on standard
error and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import random
import signal
import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.exceptions import TyperException

from triominoes import __version__
from triominoes.ai.registry import make_player, player_names
from triominoes.cli.analyze import analyze_command
from triominoes.cli.errors import EXIT_BAD_INPUT, fail, read_text
from triominoes.cli.help import PlainHelp
from triominoes.cli.options import PRESET_LINES, RULES_HELP, rules_from_options
from triominoes.cli.output import OutputError, check_file, counted
from triominoes.cli.play import play_command
from triominoes.cli.puzzles import puzzle_command, puzzles_app
from triominoes.cli.scoresheet import score_sheet
from triominoes.cli.serve import serve_command
from triominoes.cli.tournament import tournament_command
from triominoes.core.commitment import verify as verify_commitments
from triominoes.core.errors import TriominoesError
from triominoes.core.game import Game
from triominoes.core.record import loads, record_of, replay, replay_json
from triominoes.core.rules import PRESETS
from triominoes.sim.match import EndlessGame, play_game

app = typer.Typer(
    cls=PlainHelp,
    add_completion=False,
    no_args_is_help=True,
    # Plain help: the boxed kind shows a type after every flag (--version <bool>).
    rich_markup_mode=None,
    help="Triominoes: rules engine, game records, AI players and tournaments.",
)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"triominoes {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """Triominoes: rules engine, game records, AI players and tournaments."""


@app.command("replay")
def replay_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE", help="A game record (docs/records.md), or - for standard input."
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the machine-readable report.")
    ] = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Also check the deal commitments a server published (meta.deal_commitments).",
        ),
    ] = False,
) -> None:
    """Check a game record and score it with the engine."""
    text = read_text(file)
    try:
        record = loads(text)
        game = replay(record)
        if verify:
            checked = verify_commitments(record.to_json())
    except TriominoesError as exc:
        fail(str(exc))
    if verify and not as_json:
        typer.echo(f"every deal matches its commitment ({checked} rounds)", err=True)
    if as_json:
        typer.echo(json.dumps(replay_json(game), indent=1))
    else:
        typer.echo(score_sheet(game, record.players))


@app.command("selfplay")
def selfplay_command(
    # Python seeds with the absolute value: -5 would play the game of 5.
    seed: Annotated[
        int, typer.Option(min=0, metavar="N", help="Seed for the deal and the bots.")
    ] = 1,
    players: Annotated[int, typer.Option(min=2, max=6, metavar="N", help="Number of players.")] = 2,
    rules: Annotated[str, typer.Option(metavar="RULES", help=RULES_HELP)] = "standard",
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="House rule (a JSON value); repeatable."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SPEC",
            help=(
                f"Player for the next seat ({', '.join(player_names())}); repeatable. "
                "Seats after the last --bot reuse the bots given, in turn.  "
                "[default: greedy]"
            ),
        ),
    ] = None,
    output: Annotated[
        str,
        typer.Option(
            "-o",
            "--output",
            metavar="FILE",
            help="Write the record here (- for standard output); its folder must exist.",
        ),
    ] = "-",
) -> None:
    """Play a whole game between bots and write its record."""
    specs = bot or ["greedy"]
    if len(specs) > players:
        fail(f"{len(specs)} bots for {players} players (give --players)")
    try:
        ruleset = rules_from_options(rules, set_)
        rng = random.Random(seed)
        seats = [make_player(specs[s % len(specs)], rng.randrange(2**32)) for s in range(players)]
        game = Game(ruleset, players, seed=rng.randrange(2**32))
        if output != "-":
            check_file("-o", Path(output))  # before the game, not after it
    except (TriominoesError, OutputError, ValueError) as exc:
        fail(str(exc))
    try:
        play_game(game, seats)
    except EndlessGame as exc:
        fail(str(exc))
    names = [f"{specs[s % len(specs)]} {s}" for s in range(players)]
    meta = {
        "seed": seed,
        "bots": [specs[s % len(specs)] for s in range(players)],
        "generator": f"triominoes {__version__} selfplay",
    }
    text = json.dumps(record_of(game, names, meta).to_json(), indent=1)
    if output == "-":
        typer.echo(text)
        return
    try:
        Path(output).write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {output}: {exc}")
    winners = ", ".join(names[s] for s in game.winners)
    typer.echo(
        f"{output}: {counted(len(game.rounds), 'round')}, totals {game.totals}, winner {winners}"
    )


@app.command("rules")
def rules_command(
    name: Annotated[
        str, typer.Argument(metavar="[RULES]", help=RULES_HELP + " Without it: the presets.")
    ] = "",
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="House rule (a JSON value); repeatable."),
    ] = None,
) -> None:
    """Show a rule set as JSON (or list the presets, each in a line)."""
    if not name and set_:
        name = "standard"
    if not name:
        width = max(len(preset) for preset in PRESETS)
        for preset in PRESETS:
            typer.echo(f"{preset:<{width}}  {PRESET_LINES.get(preset, '')}".rstrip())
        return
    try:
        ruleset = rules_from_options(name, set_)
    except TriominoesError as exc:
        fail(str(exc))
    typer.echo(json.dumps(ruleset.to_json(), indent=1))


app.command("tournament")(tournament_command)
app.command("analyze")(analyze_command)
app.command("serve")(serve_command)
app.command("play")(play_command)
app.add_typer(puzzles_app, name="puzzles")
app.command("puzzle")(puzzle_command)


def _terminated(signum: int, frame: object) -> None:
    # Unwind like Ctrl-C so that worker pools are stopped and files closed.
    raise SystemExit(128 + signum)


def main() -> None:
    signal.signal(signal.SIGTERM, _terminated)
    try:
        status = app(standalone_mode=False)
    except TyperException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # as typer tells it (no public class)
            typer.echo(exc.format_message())  # a bare command: its help, no error line
        else:
            # A usage error: one line, like every other error, not a usage box.
            typer.echo(f"error: {exc.format_message()}", err=True)
        status = EXIT_BAD_INPUT
    sys.exit(status if isinstance(status, int) else 0)
