"""Tournament statistics: win rates with confidence intervals, scores,
margins, bonus counts and ratings (OpenSkill, Plackett-Luce)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and
    behaves at small n and at rates near 0 or 1. Shared wins count as
    fractions, so ``wins`` may be fractional.
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_interval(
    amounts: Sequence[float], counts: Sequence[float], z: float = Z95
) -> tuple[float, float, float]:
    """A mean per item over groups of items, with its interval (95% by
    default): ``(mean, low, high)``, the mean being sum(amounts) / sum(counts).

    For figures per round gathered from whole games (points per round,
    rounds that end blocked): the games are the independent draws, not the
    rounds, since the rounds of one game share its end (the last round is
    the one that reaches the target). The standard error is the ratio
    estimator's, from each game's deviation ``amount - mean * count``; with
    one item per group it is the ordinary mean's (sample standard deviation
    over the square root of n). A normal interval: with hundreds of games
    that is what the central limit theorem gives; it is not clipped, except
    that it is empty when every game gave the same.
    """
    if len(amounts) != len(counts):
        raise ValueError(f"{len(amounts)} amounts for {len(counts)} counts")
    groups = len(amounts)
    total = float(sum(counts))
    if groups == 0 or total <= 0:
        raise ValueError("a mean needs at least one item")
    mean = sum(amounts) / total
    if groups == 1:
        return (mean, -math.inf, math.inf)
    spread = sum((a - mean * c) ** 2 for a, c in zip(amounts, counts, strict=True))
    half = z * math.sqrt(spread * groups / (groups - 1)) / total
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class EntrantStats:
    name: str
    units: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    mean_margin: float
    hexagons: int
    bridges: int
    two_sided: int
    rating: float
    """OpenSkill ordinal (mu - 3 sigma): a conservative skill estimate."""
    mu: float
    sigma: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Display names; a spec entered twice becomes ``greedy``, ``greedy #2``."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec} #{seen[spec]}")
    return names


def summarize(specs: Sequence[str], results: Sequence[dict[str, Any]]) -> list[EntrantStats]:
    """Per entrant, from unit results (see tournament.run_unit), in index order."""
    from openskill.models import PlackettLuce

    names = entrant_names(specs)
    count = len(specs)
    model = PlackettLuce()
    ratings = [model.rating(name=n) for n in names]
    wins = [0.0] * count
    scores = [0.0] * count
    margins = [0.0] * count
    bonuses = [[0, 0, 0] for _ in range(count)]
    for result in sorted(results, key=lambda r: r["unit"]):
        lineup = result["lineup"]  # entrant index per seat
        totals = result["totals"]
        winners = result["winners"]
        for seat, entrant in enumerate(lineup):
            if seat in winners:
                wins[entrant] += 1 / len(winners)
            scores[entrant] += totals[seat]
            best_other = max(t for s, t in enumerate(totals) if s != seat)
            margins[entrant] += totals[seat] - best_other
            for k in range(3):
                bonuses[entrant][k] += result["bonuses"][seat][k]
        # The winners first, then by total; equal keys share a rank.
        keys = [(seat in winners, totals[seat]) for seat in range(len(lineup))]
        ranks = [1.0 + sum(other > key for other in keys) for key in keys]
        teams = [[ratings[entrant]] for entrant in lineup]
        rated = model.rate(teams, ranks=ranks)
        for entrant, team in zip(lineup, rated, strict=True):
            ratings[entrant] = team[0]
    units = len(results)
    out = []
    for i, name in enumerate(names):
        low, high = wilson_interval(wins[i], units)
        out.append(
            EntrantStats(
                name=name,
                units=units,
                wins=round(wins[i], 3),
                win_rate=wins[i] / units if units else 0.0,
                ci_low=low,
                ci_high=high,
                mean_score=scores[i] / units if units else 0.0,
                mean_margin=margins[i] / units if units else 0.0,
                hexagons=bonuses[i][0],
                bridges=bonuses[i][1],
                two_sided=bonuses[i][2],
                rating=ratings[i].ordinal(),
                mu=ratings[i].mu,
                sigma=ratings[i].sigma,
            )
        )
    return out


def format_table(stats: Sequence[EntrantStats]) -> str:
    header = (
        f"{'player':<24} {'units':>6} {'wins':>8} {'win %':>6} {'95% CI':>13} "
        f"{'score':>8} {'margin':>8} {'hex':>5} {'bridge':>6} {'2-side':>6} {'rating':>7}"
    )
    lines = [header, "-" * len(header)]
    for s in stats:
        lines.append(
            f"{s.name:<24} {s.units:>6} {s.wins:>8g} {100 * s.win_rate:>6.1f} "
            f"{f'{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}':>13} "
            f"{s.mean_score:>8.1f} {s.mean_margin:>+8.1f} {s.hexagons:>5} {s.bridges:>6} "
            f"{s.two_sided:>6} {s.rating:>7.2f}"
        )
    return "\n".join(lines)


# --- duplicate deals ---------------------------------------------------------


def t_quantile_975(df: int) -> float:
    """Student's t at 97.5% for ``df`` degrees of freedom (a two-sided 95%
    interval): the table's values up to 9, then the Cornish-Fisher expansion
    about the normal quantile (within 0.001 of the table from 10 on), so
    that the statistics need no SciPy."""
    exact = {
        1: 12.706205,
        2: 4.302653,
        3: 3.182446,
        4: 2.776445,
        5: 2.570582,
        6: 2.446912,
        7: 2.364624,
        8: 2.306004,
        9: 2.262157,
    }
    if df in exact:
        return exact[df]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def student_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval, Student's t on their
    spread (the values are independent: one a deal)."""
    count = len(values)
    if count == 0:
        return (0.0, -math.inf, math.inf)
    mean = sum(values) / count
    if count == 1:
        return (mean, -math.inf, math.inf)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1))
    half = t_quantile_975(count - 1) * spread / math.sqrt(count)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class DealStats:
    """An entrant's results counted by deal: each deal is played once from
    every seat (a rotation of the seats), so the luck of the tiles, which
    favours a seat, not a player, cancels within the deal. The deals, not
    the games, are the independent samples the intervals are taken over:
    the games of one deal are not independent of each other."""

    name: str
    deals: int
    """Deals with every rotation played (an unfinished rotation is left out)."""
    score: float
    """The mean over deals of the share of the deal's games won (a shared
    win counts its share): the win rate, with the deal's luck cancelled."""
    score_low: float
    score_high: float
    swept: int
    """Deals won from every seat."""
    split: int
    """Deals won from some seats, not all."""
    lost: int
    """Deals won from no seat."""
    mean_margin: float
    """Per game, the total minus the best other total, averaged by deal."""
    margin_low: float
    margin_high: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def by_deal(specs: Sequence[str], results: Sequence[dict[str, Any]]) -> tuple[list[DealStats], int]:
    """Per entrant, counted by deal (see :class:`DealStats`), and the number
    of results left out as parts of unfinished rotations.

    Unit ``i`` plays deal ``i // n`` (n players), as the tournament seats
    them (see tournament.TournamentConfig.deal_seed). Each unit's win share
    for an entrant is 1/k of a win shared by k; a deal's score is the mean
    over its n units, so in 2 players a deal scores 1 (won from both
    seats), 1/2 (split) or 0, and the entrants' scores add up to 1.
    """
    count = len(specs)
    deals: dict[int, list[dict[str, Any]]] = {}
    for result in results:
        deals.setdefault(result["unit"] // count, []).append(result)
    whole = {d: units for d, units in deals.items() if len(units) == count}
    left_out = sum(len(units) for d, units in deals.items() if d not in whole)
    scores: list[list[float]] = [[] for _ in range(count)]
    margins: list[list[float]] = [[] for _ in range(count)]
    wins_in_deal: list[list[int]] = [[] for _ in range(count)]
    for deal in sorted(whole):
        share = [0.0] * count
        margin = [0.0] * count
        won = [0] * count
        for result in whole[deal]:
            totals = result["totals"]
            winners = result["winners"]
            for seat, entrant in enumerate(result["lineup"]):
                if seat in winners:
                    share[entrant] += 1 / len(winners)
                    won[entrant] += 1
                margin[entrant] += totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        for entrant in range(count):
            scores[entrant].append(share[entrant] / count)
            margins[entrant].append(margin[entrant] / count)
            wins_in_deal[entrant].append(won[entrant])
    out = []
    for entrant, name in enumerate(entrant_names(specs)):
        score, low, high = student_interval(scores[entrant])
        mean_margin, margin_low, margin_high = student_interval(margins[entrant])
        won = wins_in_deal[entrant]
        out.append(
            DealStats(
                name=name,
                deals=len(whole),
                score=score,
                score_low=max(0.0, low),
                score_high=min(1.0, high),
                swept=sum(1 for w in won if w == count),
                split=sum(1 for w in won if 0 < w < count),
                lost=sum(1 for w in won if w == 0),
                mean_margin=mean_margin,
                margin_low=margin_low,
                margin_high=margin_high,
            )
        )
    return out, left_out


def format_deal_table(stats: Sequence[DealStats]) -> str:
    header = (
        f"{'player':<24} {'deals':>6} {'win %':>6} {'95% CI':>13} "
        f"{'all':>5} {'some':>5} {'none':>5} {'margin':>8} {'95% CI':>15}"
    )
    lines = [header, "-" * len(header)]
    for s in stats:
        lines.append(
            f"{s.name:<24} {s.deals:>6} {100 * s.score:>6.1f} "
            f"{f'{100 * s.score_low:.1f}-{100 * s.score_high:.1f}':>13} "
            f"{s.swept:>5} {s.split:>5} {s.lost:>5} {s.mean_margin:>+8.1f} "
            f"{f'{s.margin_low:+.1f} {s.margin_high:+.1f}':>15}"
        )
    return "\n".join(lines)
