"""The human score sheet that ``replay`` prints without ``--json``.

One row per turn: the turn's actions (bonuses marked), its points, and
every player's running total in a column of their own.
"""

from __future__ import annotations

from collections.abc import Iterator

from triominoes.core.actions import Draw
from triominoes.core.game import Game
from triominoes.core.record import round_totals
from triominoes.core.round import Outcome
from triominoes.core.scoring import Score


def _mark(score: Score) -> str:
    marks = []
    if score.opening_bonus:
        marks.append(f"opening +{score.opening_bonus}")
    if score.shape_bonus:
        marks.append(f"{score.shape} +{score.shape_bonus}")
    elif score.corner:
        marks.append("corner")
    return f" [{', '.join(marks)}]" if marks else ""


def _turns(outcomes: list[Outcome]) -> Iterator[list[Outcome]]:
    """Group a round's actions into turns (a turn ends with a place or pass)."""
    turn: list[Outcome] = []
    for outcome in outcomes:
        turn.append(outcome)
        if not isinstance(outcome.action, Draw):
            yield turn
            turn = []
    if turn:
        yield turn


def score_sheet(game: Game, names: list[str]) -> str:
    width = max(8, *(len(n) for n in names))
    lines = []

    def row(label: str, what: str, points: str, totals: list[int]) -> str:
        cols = "".join(f"{t:>{width + 2}}" for t in totals)
        return f"{label:>5}  {what:<44} {points:>6} |{cols}"

    header_cols = "".join(f"{n:>{width + 2}}" for n in names)
    for number, played in enumerate(game.rounds, 1):
        state = played.state
        lines.append(f"Round {number} (opener: {names[state.opener]})")
        lines.append(f"{'turn':>5}  {'player: actions':<44} {'points':>6} |{header_cols}")
        totals = list(played.start_totals)
        for index, turn in enumerate(_turns(played.outcomes), 1):
            seat = turn[0].seat
            points = sum(o.points for o in turn)
            totals[seat] += points
            draws = sum(isinstance(o.action, Draw) for o in turn)
            words = [f"draw x{draws}" if draws > 1 else "draw"] if draws else []
            last = turn[-1]
            if not isinstance(last.action, Draw):
                text = str(last.action)
                if last.score is not None:
                    text += _mark(last.score)
                words.append(text)
            what = f"{names[seat]}: {' '.join(words)}"
            lines.append(row(str(index), what, f"{points:+d}", totals))
        end = state.end
        if end is None:
            lines.append(row("", "(unfinished)", "", totals))
        else:
            won = ", ".join(names[s] for s in end.winners)
            award = (
                ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(end.points) if p)
                or "no points"
            )
            lines.append(row("end", f"{end.reason}: {won} ({award})", "", round_totals(played)))
        lines.append("")
    if game.finished:
        lines.append("Game over. Winner: " + ", ".join(names[s] for s in game.winners))
    else:
        lines.append("The game is not finished.")
    lines.append(
        "Totals: " + ", ".join(f"{n} {t}" for n, t in zip(names, game.totals, strict=True))
    )
    return "\n".join(lines)
