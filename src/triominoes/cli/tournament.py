"""The ``triominoes tournament`` command.

Everything that can be checked is checked before the first unit is played
(entrants, rules, every output path); the files are written before the
table is printed, so that a closed standard output (``| head -1``) loses
nothing but the table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from triominoes.cli.errors import fail
from triominoes.cli.options import RULES_HELP, rules_from_options
from triominoes.cli.output import OutputError, check_file, check_folder, counted
from triominoes.core.errors import quote
from triominoes.sim.backends import local_processes, ray_cluster
from triominoes.sim.plot import check_plot_path, plot_margins
from triominoes.sim.stats import by_deal, format_deal_table, format_table
from triominoes.sim.tournament import (
    Backend,
    Tally,
    TournamentConfig,
    TournamentError,
    TournamentResult,
    run_tournament,
)

DEFAULT_ROUNDS = 100


def tournament_command(
    entrants: Annotated[
        list[str],
        typer.Argument(
            metavar="SPEC...",
            help="Player specs, one per seat: e.g. ismcts greedy greedy greedy.",
        ),
    ],
    rounds: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help=f"Play this many single rounds.  [default: {DEFAULT_ROUNDS}, without --games]",
        ),
    ] = None,
    games: Annotated[
        int | None, typer.Option(metavar="N", help="Play this many whole games instead.")
    ] = None,
    rules: Annotated[str, typer.Option(metavar="RULES", help=RULES_HELP)] = "standard",
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="House rule (a JSON value); repeatable."),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed for deals and bots.")] = 0,
    jobs: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Local processes.  [default: all cores]"),
    ] = None,
    backend: Annotated[
        str, typer.Option(metavar="NAME", help="local (processes) or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(metavar="HOST:PORT", help="Ray cluster address (with --backend ray)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Results file (JSON lines); run the same command again to continue.",
        ),
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(metavar="FOLDER", help="Save every unit's game record in this folder."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Save the score-margin distributions (.png, .svg, ...; needs triominoes[plot]).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Also count by deal: every deal is played from every seat, "
            "so its luck cancels; intervals over deals.",
        ),
    ] = False,
) -> None:
    """Rate bots over many rounds or games, seats rotated.

    Output folders must exist; every output is checked before the first
    unit is played.
    """
    if rounds is not None and games is not None:
        fail("give --rounds or --games, not both")
    unit = "game" if games is not None else "round"
    units = games if games is not None else (rounds if rounds is not None else DEFAULT_ROUNDS)
    if units < 1:
        fail("a tournament needs at least one round or game")
    if address is not None and backend != "ray":
        fail("--address goes with --backend ray")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {quote(backend)} (local or ray)")
    seats = len(entrants)
    # Every deal is played once from every seat: whole rotations only.
    rounded = units + (seats - units % seats) % seats if seats else units
    try:
        ruleset = rules_from_options(rules, set_)
        config = TournamentConfig(
            entrants=tuple(entrants),
            rules=ruleset.to_record(),
            units=rounded,
            unit=unit,
            seed=seed,
        )
        if plot is not None:
            check_plot_path(plot)
            check_file("--plot", plot)
        if out is not None:
            check_file("--out", out)
        if records is not None:
            check_folder("--records", records)
    except ValueError as exc:  # bad rules, entrants, outputs
        fail(str(exc))
    # Notes only once the run is sure to start: an error makes them moot.
    if rounded != units:
        typer.echo(
            f"note: {counted(units, unit)} rounded up to {rounded:,}, whole seat rotations",
            err=True,
        )
    if any("seconds=" in spec for spec in entrants):
        typer.echo("note: time budgets make results depend on the machine's speed", err=True)
    runner = local_processes(jobs) if backend == "local" else ray_cluster(address, jobs)
    result = _run(config, runner, out, records, quiet)
    if plot is not None:
        try:
            plot_margins(config.entrants, result.results, plot, unit=config.unit)
        except OSError as exc:
            fail(f"--plot {plot}: {exc}")
    deals = by_deal(config.entrants, result.results)[0] if duplicate else []
    if as_json:
        data = result.to_json()
        if duplicate:
            data["by_deal"] = [s.to_json() for s in deals]
        typer.echo(json.dumps(data, indent=1))
    else:
        typer.echo(
            f"{counted(config.units, config.unit)}, rules {json.dumps(config.rules)}, seed {seed}"
        )
        typer.echo(format_table(result.stats))
        if duplicate:
            typer.echo(
                f"\nby deal ({counted(len(result.results) // config.players, 'deal')}, "
                f"each played from all {config.players} seats; win % is the mean share "
                "of a deal's games won, its interval Student's t over deals; "
                "all/some/none: deals won from every seat, some, none)"
            )
            typer.echo(format_deal_table(deals))


def _run(
    config: TournamentConfig,
    runner: Backend,
    out: Path | None,
    records: Path | None,
    quiet: bool,
) -> TournamentResult:
    from tqdm import tqdm

    tally = Tally(config.units)
    bar = tqdm(total=config.units, unit=config.unit, disable=quiet, dynamic_ncols=True)
    started = False

    def advance(count: int) -> None:
        nonlocal started
        if not started and tally.found and out is not None:
            bar.write(
                f"note: {tally.found:,} of {counted(config.units, config.unit)} already in {out}",
                file=sys.stderr,
            )
        started = True
        bar.update(count)

    try:
        return run_tournament(
            config,
            backend=runner,
            output=out,
            records=records,
            progress=advance,
            tally=tally,
        )
    except (TournamentError, OSError, OutputError) as exc:
        bar.close()
        fail(str(exc))
    except (KeyboardInterrupt, SystemExit):
        bar.close()
        typer.echo(_what_was_kept(config, tally, out), err=True)
        raise
    finally:
        bar.close()


def _what_was_kept(config: TournamentConfig, tally: Tally, out: Path | None) -> str:
    done = f"{tally.kept:,} of {counted(config.units, config.unit)}"
    if out is None:
        return f"stopped after {done}; nothing was saved (--out FILE keeps results to continue)"
    return f"{done} saved in {out}; run the same command to continue"
