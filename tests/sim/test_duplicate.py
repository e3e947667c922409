"""Duplicate deals: every deal replayed from every seat, counted by deal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app
from triominoes.sim.stats import by_deal, student_interval, t_quantile_975
from triominoes.sim.tournament import TournamentConfig, run_unit


@pytest.mark.parametrize("entrants", [("greedy", "random"), ("heuristic", "greedy", "random")])
def test_each_rotation_replays_the_deal_of_every_round_with_the_seats_rotated(
    entrants: tuple[str, ...],
) -> None:
    players = len(entrants)
    config = TournamentConfig(entrants=entrants, units=2 * players, unit="game", seed=11)
    for deal in range(2):
        units = [
            run_unit(config.to_json(), deal * players + k, keep_record=True) for k in range(players)
        ]
        # Every seat rotation of the first: each entrant sits at every seat once.
        lineups = [u["lineup"] for u in units]
        assert lineups == [[(s + k) % players for s in range(players)] for k in range(players)]
        # Games of one deal may last different numbers of rounds; every
        # round they both reach is dealt the same tiles (hands by seat, pool).
        records = [u["record"]["rounds"] for u in units]
        shortest = min(len(r) for r in records)
        assert shortest >= 1
        for number in range(shortest):
            dealt = {
                (json.dumps(r[number]["hands"]), json.dumps(r[number]["pool"])) for r in records
            }
            assert len(dealt) == 1, f"round {number + 1} of deal {deal} was dealt differently"
        # The seats play differently (the players differ), so the games do.
        assert len({json.dumps(r[0]["actions"]) for r in records}) > 1
    first = run_unit(config.to_json(), 0, keep_record=True)["record"]["rounds"][0]
    other = run_unit(config.to_json(), players, keep_record=True)["record"]["rounds"][0]
    assert first["hands"] != other["hands"]  # the next deal is another


def unit(index: int, lineup: list[int], totals: list[int], winners: list[int]) -> dict[str, Any]:
    return {"unit": index, "lineup": lineup, "totals": totals, "winners": winners}


def test_counts_by_deal_in_two_players() -> None:
    results = [
        unit(0, [0, 1], [410, 200], [0]),  # deal 0: a wins from both seats
        unit(1, [1, 0], [300, 420], [1]),
        unit(2, [0, 1], [405, 100], [0]),  # deal 1: split
        unit(3, [1, 0], [400, 390], [0]),
        unit(4, [0, 1], [350, 400], [1]),  # deal 2: b from both seats
        unit(5, [1, 0], [401, 200], [0]),
        unit(6, [0, 1], [400, 400], [0, 1]),  # deal 3: a shared win, then a's
        unit(7, [1, 0], [100, 400], [1]),
        unit(8, [0, 1], [400, 0], [0]),  # deal 4 unfinished: left out
    ]
    (a, b), left_out = by_deal(("a", "b"), results)
    assert left_out == 1
    assert a.deals == b.deals == 4
    scores = [1.0, 0.5, 0.0, 0.75]
    assert a.score == pytest.approx(sum(scores) / 4)
    assert a.score + b.score == pytest.approx(1.0)
    assert (a.swept, a.split, a.lost) == (2, 1, 1)  # a shared win counts as won
    assert (b.swept, b.split, b.lost) == (1, 2, 1)
    margins = [(210 + 120) / 2, (305 - 10) / 2, (-50 - 201) / 2, (0 + 300) / 2]
    assert a.mean_margin == pytest.approx(sum(margins) / 4)
    assert b.mean_margin == pytest.approx(-a.mean_margin)
    _, low, high = student_interval(scores)
    assert (a.score_low, a.score_high) == pytest.approx((max(0, low), min(1, high)))
    assert a.score_low < a.score < a.score_high


def test_counts_by_deal_in_three_players() -> None:
    results = [
        unit(0, [0, 1, 2], [400, 10, 20], [0]),
        unit(1, [1, 2, 0], [10, 20, 400], [2]),
        unit(2, [2, 0, 1], [30, 50, 400], [2]),  # entrant 1 wins this one
    ]
    (a, b, c), left_out = by_deal(("a", "b", "c"), results)
    assert left_out == 0
    assert (a.score, b.score, c.score) == pytest.approx((2 / 3, 1 / 3, 0))
    assert (a.swept, a.split, a.lost) == (0, 1, 0)
    assert (c.swept, c.split, c.lost) == (0, 0, 1)
    assert a.mean_margin == pytest.approx((380 + 380 - 350) / 3)


def test_the_interval_is_students_t_over_deals() -> None:
    # Reference quantiles (scipy.stats.t.ppf(0.975, df)).
    for df, value in [
        (1, 12.7062),
        (4, 2.7764),
        (9, 2.2622),
        (10, 2.2281),
        (15, 2.1314),
        (30, 2.0423),
    ]:
        assert t_quantile_975(df) == pytest.approx(value, abs=1e-3)
    mean, low, high = student_interval([1.0, 0.5, 0.0, 1.0, 1.0])
    spread = (sum((v - 0.7) ** 2 for v in [1.0, 0.5, 0.0, 1.0, 1.0]) / 4) ** 0.5
    assert mean == pytest.approx(0.7)
    assert high - mean == pytest.approx(2.7764 * spread / 5**0.5, abs=1e-3)
    assert mean - low == pytest.approx(high - mean)


def test_the_command_counts_by_deal() -> None:
    args = ["tournament", "greedy", "random", "--games", "4", "--duplicate", "--jobs", "1"]
    result = CliRunner().invoke(app, [*args, "--quiet"])
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "by deal (2 deals, each played from all 2 seats" in text
    rows = [line.split() for line in text.splitlines() if line.startswith(("greedy", "random"))]
    assert len(rows) == 4  # the table by game and the table by deal
    data = json.loads(CliRunner().invoke(app, [*args, "--quiet", "--json"]).stdout)
    deals = data["by_deal"]
    assert [d["deals"] for d in deals] == [2, 2]
    assert sum(d["score"] for d in deals) == pytest.approx(1.0)
    for d in deals:
        assert d["swept"] + d["split"] + d["lost"] == 2
