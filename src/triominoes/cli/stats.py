"""The ``triominoes stats`` command: the game's own figures, from whole
games between bots, for each preset and number of players.

Like ``tournament``, it checks everything before the first game (presets,
player counts, bots, house rules) and runs on local processes or Ray. Its
text is English, as every command's but ``play`` (the terminal game, which
people play in their own language): these are figures for the record.
"""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

import typer

from triominoes import __version__
from triominoes.ai.registry import player_names
from triominoes.cli.errors import fail
from triominoes.cli.options import rules_from_options
from triominoes.cli.output import counted
from triominoes.core.errors import quote
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS
from triominoes.sim.backends import cpu_count, local_processes, ray_cluster
from triominoes.sim.game_stats import (
    DEFAULT_BOTS,
    DEFAULT_PLAYERS,
    StatsTable,
    format_markdown,
    format_text,
    run_stats_unit,
    stats_config,
    summarize_games,
)
from triominoes.sim.tournament import TournamentConfig, TournamentError, run_tournament

DEFAULT_GAMES = 200


def parse_presets(text: str) -> list[str]:
    """``standard,czech`` -> the preset names, checked."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise ValueError("--presets: name at least one preset")
    for name in names:
        if name not in PRESETS:
            raise ValueError(
                f"--presets: unknown preset {quote(name)} (known: {', '.join(PRESETS)})"
            )
    return list(dict.fromkeys(names))


def parse_players(text: str) -> list[int]:
    """``2,3,4`` -> the player counts, checked."""
    counts = []
    for part in (piece.strip() for piece in text.split(",")):
        if not part.isdigit() or not MIN_PLAYERS <= int(part) <= MAX_PLAYERS:
            raise ValueError(
                f"--players: {quote(part)} is not a number of players "
                f"({MIN_PLAYERS} to {MAX_PLAYERS}, separated by commas)"
            )
        counts.append(int(part))
    return list(dict.fromkeys(counts))


def stats_command(
    presets: Annotated[
        str,
        typer.Option(metavar="NAMES", help="Presets to play, separated by commas."),
    ] = ",".join(PRESETS),
    players: Annotated[
        str,
        typer.Option(metavar="COUNTS", help="Numbers of players, separated by commas."),
    ] = ",".join(map(str, DEFAULT_PLAYERS)),
    games: Annotated[
        int, typer.Option(metavar="N", help="Whole games for each preset and number of players.")
    ] = DEFAULT_GAMES,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SPEC",
            help=(
                f"Player for the next seat ({', '.join(player_names())}); repeatable. "
                "Seats after the last --bot reuse the bots given, in turn.  "
                f"[default: {', '.join(DEFAULT_BOTS)}]"
            ),
        ),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="FIELD=VALUE",
            help="House rule (a JSON value) for every preset; repeatable.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed for deals and bots.")] = 0,
    backend: Annotated[
        str, typer.Option(metavar="NAME", help="local (processes) or ray.")
    ] = "local",
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "--jobs",
            min=1,
            metavar="N",
            help="Local processes (Ray: CPUs of a local Ray).  [default: all cores]",
        ),
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(metavar="HOST:PORT", help="Ray cluster address (with --backend ray)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the tables as Markdown.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Figures of the game itself: points a round, round ends, hexagons,
    bridges, the first player's advantage, rounds to 400.

    Whole games between bots (hard at every seat by default), a deal each,
    for each preset and number of players, with 95% intervals.
    """
    if games < 1:
        fail("--games: play at least one game")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {quote(backend)} (local or ray)")
    if address is not None and backend != "ray":
        fail("--address goes with --backend ray")
    if as_json and markdown:
        fail("give --json or --markdown, not both")
    specs = tuple(bot or DEFAULT_BOTS)
    try:
        configs = [
            stats_config(rules_from_options(name, set_), count, specs, games, seed)
            for name in parse_presets(presets)
            for count in parse_players(players)
        ]
    except ValueError as exc:  # presets, counts, rules, bots
        fail(str(exc))
    if any("seconds=" in spec for spec in specs):
        typer.echo("note: time budgets make results depend on the machine's speed", err=True)
    runner = (
        local_processes(workers, run_stats_unit)
        if backend == "local"
        else ray_cluster(address, workers, run_stats_unit)
    )
    started = time.monotonic()
    tables = _run(configs, runner, quiet)
    seconds = time.monotonic() - started
    total = sum(config.units for config in configs)
    cores = workers or cpu_count()
    where = "Ray" if backend == "ray" else f"{cores} local process{'' if cores == 1 else 'es'}"
    typer.echo(
        f"{counted(total, 'game')} in {seconds:,.1f} s ({total / seconds:,.1f} games/s, {where})",
        err=True,
    )
    if as_json:
        data: dict[str, Any] = {
            "version": __version__,
            "games": games,
            "bots": list(specs),
            "seed": seed,
            "tables": [table.to_json() for table in tables],
        }
        typer.echo(json.dumps(data, indent=1))
    elif markdown:
        typer.echo(format_markdown(tables))
    else:
        typer.echo(format_text(tables))


def _run(configs: list[TournamentConfig], runner: Any, quiet: bool) -> list[StatsTable]:
    from tqdm import tqdm

    total = sum(config.units for config in configs)
    bar = tqdm(total=total, unit="game", disable=quiet, dynamic_ncols=True)
    played = 0  # counted here: a disabled bar (--quiet) counts nothing

    def advance(count: int) -> None:
        nonlocal played
        played += count
        bar.update(count)

    tables = []
    try:
        for config in configs:
            result = run_tournament(config, backend=runner, progress=advance)
            tables.append(summarize_games(config, result.results))
    except TournamentError as exc:
        bar.close()
        fail(str(exc))
    except (KeyboardInterrupt, SystemExit):
        bar.close()
        typer.echo(f"stopped after {counted(played, 'game')}; nothing was saved", err=True)
        raise
    finally:
        bar.close()
    return tables
