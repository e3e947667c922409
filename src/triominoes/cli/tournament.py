"""The ``triominoes tournament`` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from triominoes.cli.options import rules_from_options
from triominoes.sim.backends import local_processes, ray_cluster
from triominoes.sim.plot import check_plot_path, plot_margins
from triominoes.sim.stats import format_table
from triominoes.sim.tournament import TournamentConfig, TournamentError, run_tournament


def tournament_command(
    entrants: Annotated[
        list[str],
        typer.Argument(help="Player specs, one per seat: e.g. ismcts greedy greedy greedy."),
    ],
    rounds: Annotated[int | None, typer.Option(help="Play this many single rounds.")] = None,
    games: Annotated[int | None, typer.Option(help="Play this many whole games.")] = None,
    rules: Annotated[str, typer.Option(help="Preset name, JSON object or .json file.")] = (
        "standard"
    ),
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="House rule FIELD=VALUE; repeatable.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed for deals and bots.")] = 0,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Local processes (default: all cores).")
    ] = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (with --backend ray).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Results file (JSON lines); run again with it to resume."),
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Save every unit's game record in this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Save the score-margin distributions (PNG).")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
) -> None:
    """Play many rounds or games between bots, seats rotated, and rate them."""
    from triominoes.cli.main import fail

    if rounds is not None and games is not None:
        fail("give --rounds or --games, not both")
    units = games if games is not None else (rounds if rounds is not None else 100)
    if units < 1:
        fail("a tournament needs at least one round or game")
    if address is not None and backend != "ray":
        fail("--address goes with --backend ray")
    seats = len(entrants)
    if seats and units % seats:
        # Every deal is played once from every seat: whole rotations only.
        rounded = units + seats - units % seats
        typer.echo(f"note: {units} units rounded up to {rounded}, whole seat rotations", err=True)
        units = rounded
    if any("seconds=" in spec for spec in entrants):
        typer.echo("note: time budgets make results depend on the machine's speed", err=True)
    try:
        ruleset = rules_from_options(rules, set_)
        config = TournamentConfig(
            entrants=tuple(entrants),
            rules=ruleset.to_record(),
            units=units,
            unit="game" if games is not None else "round",
            seed=seed,
        )
        if plot is not None:
            check_plot_path(plot)
    except ValueError as exc:
        fail(str(exc))
    if backend == "local":
        runner = local_processes(jobs)
    elif backend == "ray":
        runner = ray_cluster(address, jobs)
    else:
        fail(f"unknown backend {backend!r} (local or ray)")

    from tqdm import tqdm

    bar = tqdm(total=config.units, unit=config.unit, disable=quiet, dynamic_ncols=True)
    try:
        result = run_tournament(
            config, backend=runner, output=out, records=records, progress=bar.update
        )
    except (TournamentError, OSError) as exc:
        bar.close()
        fail(str(exc))
    bar.close()
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
    else:
        kind = "rounds" if config.unit == "round" else "games"
        typer.echo(f"{config.units} {kind}, rules {json.dumps(config.rules)}, seed {seed}")
        typer.echo(format_table(result.stats))
    if plot is not None:
        try:
            plot_margins(config.entrants, result.results, plot)
        except OSError as exc:
            fail(f"--plot: {exc}")
