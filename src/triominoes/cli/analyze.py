"""The ``triominoes analyze`` command: a finished game, decision by
decision, judged by search from each seat's own view (ai/analysis.py)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from triominoes.ai.analysis import Analysis, Decision, analyze
from triominoes.ai.valuation import TOLERANCE
from triominoes.cli.errors import fail, read_text
from triominoes.core.errors import TriominoesError
from triominoes.core.record import loads

DEFAULT_WORLDS = 40


def analyze_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="RECORD", help="A game record (docs/records.md), or - for standard input."
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the machine-readable report.")
    ] = False,
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", metavar="N", help="Only this seat (0 first); may be repeated."),
    ] = None,
    worlds: Annotated[
        int,
        typer.Option(min=1, help="Sampled deals per decision (more: steadier figures, slower)."),
    ] = DEFAULT_WORLDS,
    seed: Annotated[
        int, typer.Option(help="The search's seed (the same gives the same report).")
    ] = 0,
    jobs: Annotated[
        int,
        typer.Option(
            min=1, help="Processes judging decisions side by side (the same figures, sooner)."
        ),
    ] = 1,
    finish: Annotated[
        bool,
        typer.Option(
            "--finish",
            help="Play-outs end by best play once the pool is empty "
            "(two players: a stronger judge, about three times slower).",
        ),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Find the best action of every decision of a game, from the deciding seat's view."""
    from tqdm import tqdm

    text = read_text(file)
    try:
        record = loads(text)
    except TriominoesError as exc:
        fail(str(exc))
    seats = sorted(set(seat)) if seat else None
    if seats is not None and not all(0 <= s < len(record.players) for s in seats):
        fail(f"--seat must be from 0 to {len(record.players) - 1} for this record")
    bar = tqdm(unit="decision", disable=quiet, dynamic_ncols=True, leave=False)

    def advance(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    try:
        report = analyze(
            record,
            seats=seats,
            worlds=worlds,
            seed=seed,
            progress=advance,
            jobs=jobs,
            finish=finish,
        )
    except TriominoesError as exc:
        fail(str(exc))
    finally:
        bar.close()
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=1))
    else:
        typer.echo(report_text(report))


def report_text(report: Analysis) -> str:
    lines = [
        f"{'seat':<5}{'player':<16}{'decisions':>10}{'accuracy':>10}  points left per round",
    ]
    for p in report.players:
        per_round = " ".join(f"{x:.1f}" for x in p.lost_per_round)
        lines.append(
            f"{p.seat:<5}{p.name[:15]:<16}{p.decisions:>10}{p.accuracy:>9.0f}%  {per_round}"
            f"  (total {p.lost:.1f})"
        )
    notable = [d for d in report.decisions if not d.accurate or d.marks]
    if notable:
        lines.append("")
        lines.append(
            f"decisions leaving more than {TOLERANCE:.0f} points, or marked"
            " (left = max(0, rival - played - noise); each round's figure is the sum of its"
            " decisions', the total the sum of the rounds'):"
        )
        lines.extend(decision_line(d) for d in notable)
    return "\n".join(lines)


def decision_line(d: Decision) -> str:
    marks = f"  [{', '.join(d.marks)}]" if d.marks else ""
    return (
        f"round {d.round} turn {d.turn:>3} seat {d.seat}: played {d.played.action}"
        f" ({d.played.points:+}), best {d.best.action} ({d.best.points:+});"
        f" expected margin {d.expected_played:+.1f} vs {d.rival.action} {d.expected_rival:+.1f},"
        f" noise {d.noise:.1f}: {d.loss:.1f} left{marks}"
    )
