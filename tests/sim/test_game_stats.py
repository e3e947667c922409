"""The game's own statistics: what a game's unit gathers agrees with its
record replayed, the figures are the right sums of it, and the intervals
are the textbook ones on data worked out by hand."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from triominoes.core.record import read, replay, replay_json
from triominoes.core.rules import PRESETS
from triominoes.sim.backends import inline, local_processes
from triominoes.sim.game_stats import (
    FIGURES,
    StatsTable,
    format_markdown,
    format_text,
    run_stats_unit,
    stats_config,
    summarize_games,
)
from triominoes.sim.stats import Z95, ratio_interval
from triominoes.sim.tournament import TournamentError, run_tournament


def test_ratio_interval_known_values() -> None:
    # Games of 1 and 2 rounds scoring 3 and 5: 8/3 a round. Deviations
    # 3 - 8/3 = 1/3 and 5 - 16/3 = -1/3; (1/9 + 1/9) * 2/(2-1) = 4/9, so the
    # standard error is (2/3) / 3 rounds = 2/9.
    mean, low, high = ratio_interval([3, 5], [1, 2])
    assert mean == pytest.approx(8 / 3)
    assert high - mean == pytest.approx(Z95 * 2 / 9)
    assert mean - low == pytest.approx(Z95 * 2 / 9)
    # Games that all give the same: nothing uncertain.
    assert ratio_interval([4, 8, 12], [1, 2, 3]) == (4.0, 4.0, 4.0)


def test_interval_errors() -> None:
    with pytest.raises(ValueError, match="2 amounts for 1 counts"):
        ratio_interval([1, 2], [1])
    with pytest.raises(ValueError, match="at least one item"):
        ratio_interval([], [])
    mean, low, high = ratio_interval([7], [1])
    assert (mean, low, high) == (7.0, -math.inf, math.inf)


def game(unit: int, rounds: list[dict[str, Any]], winners: list[int], totals: list[int]) -> Any:
    """A unit's result as run_stats_unit gives it, written by hand."""
    base: dict[str, Any] = {
        "hexagons": 0,
        "bridges": 0,
        "two_sided": 0,
        "drawn": 0,
        "turns": 10,
        "actions": 10,
        "out": None,
        "winners": [],
    }
    return {
        "unit": unit,
        "lineup": [0, 1, 2],
        "totals": totals,
        "winners": winners,
        "rounds": [{**base, **r} for r in rounds],
    }


def test_figures_of_known_games() -> None:
    config = stats_config(PRESETS["standard"], 3, ["greedy"], 2, 0)
    results = [
        # Seat 1 opens the game; seat 0 (the 3rd to play) wins it.
        game(
            0,
            [
                {"opener": 1, "points": [90, 30, 0], "end": "out", "winners": [0], "hexagons": 2},
                {"opener": 0, "points": [320, 10, 20], "end": "blocked", "winners": [0, 2]},
            ],
            winners=[0],
            totals=[410, 40, 20],
        ),
        # Seat 2 opens and wins, in 3 rounds.
        game(
            1,
            [
                {"opener": 2, "points": [0, 0, 150], "end": "out", "winners": [2], "bridges": 1},
                {"opener": 2, "points": [30, 0, 150], "end": "out", "winners": [2]},
                {"opener": 1, "points": [0, 60, 120], "end": "blocked", "winners": [2], "drawn": 6},
            ],
            winners=[2],
            totals=[30, 60, 420],
        ),
    ]
    table = summarize_games(config, reversed(results))  # any order
    assert table.counts["games"] == 2
    assert table.counts["rounds"] == 5
    assert table.counts["out"] == 3 and table.counts["blocked"] == 2
    assert table.counts["hexagons"] == 2 and table.counts["bridges"] == 1
    assert table.counts["drawn"] == 6 and table.counts["turns"] == 50
    figures = table.figures
    assert list(figures) == list(FIGURES)
    assert figures["rounds_per_game"].mean == 2.5
    assert figures["out"].mean == pytest.approx(3 / 5)
    assert figures["blocked"].mean == pytest.approx(2 / 5)
    # Openers: lost, shared a win with one other (a half), won, won, lost.
    assert figures["opener_wins_round"].mean == pytest.approx(2.5 / 5)
    assert figures["points_per_round"].mean == pytest.approx((120 + 350 + 150 + 180 + 180) / 3 / 5)
    assert figures["opener_points"].mean == pytest.approx((30 + 320 + 150 + 150 + 60) / 5)
    others = (90 + 30 + 0 + 30 + 120) / 2
    assert figures["others_points"].mean == pytest.approx(others / 5)
    # Game 1 was won by the 3rd to play, game 2 by the 1st.
    assert [f.mean for f in table.wins_by_position] == [0.5, 0.0, 0.5]
    assert figures["first_player_wins"] == table.wins_by_position[0]
    assert figures["winner_total"].mean == 415
    for figure in figures.values():
        assert figure.low <= figure.mean <= figure.high
    assert figures["out"].share and not figures["hexagons_per_round"].share


def test_a_game_s_figures_agree_with_its_record_replayed() -> None:
    config = stats_config(PRESETS["standard"], 3, ["greedy"], 1, 4)
    result = run_stats_unit(config.to_json(), 0, keep_record=True)
    record = read(result["record"])
    game = replay(record)
    report = replay_json(game)
    assert game.finished and len(result["rounds"]) == len(report["rounds"]) > 1
    assert result["totals"] == game.totals and result["winners"] == game.winners
    summed = [0] * 3
    for mine, theirs in zip(result["rounds"], report["rounds"], strict=True):
        actions = theirs["actions"]
        bonuses = [a["bonus"] for a in actions if "bonus" in a]
        assert mine["opener"] == theirs["opener"] == actions[0]["seat"]
        assert mine["end"] == theirs["end"]["reason"]
        assert mine["winners"] == theirs["end"]["winners"]
        assert mine["hexagons"] == sum(b["hexagons"] for b in bonuses)
        assert mine["bridges"] == sum(b["bridge"] for b in bonuses)
        assert mine["two_sided"] == sum(b["two_sided"] for b in bonuses)
        assert mine["drawn"] == sum(a["action"] == "draw" for a in actions)
        assert mine["turns"] == sum(a["action"] != "draw" for a in actions)
        assert mine["actions"] == len(actions)
        for seat in range(3):
            played = sum(a["points"] for a in actions if a["seat"] == seat)
            assert mine["points"][seat] == played + theirs["end"]["points"][seat]
            summed[seat] += mine["points"][seat]
    assert summed == game.totals  # every point of the game is in some round


def test_every_game_has_a_deal_of_its_own() -> None:
    # A tournament plays one deal from every seat; here that would make
    # the two games of a 2-player "rotation" one sample twice.
    config = stats_config(PRESETS["german"], 2, ["hard"], 2, 0)
    first, second = (run_stats_unit(config.to_json(), i, True)["record"] for i in (0, 1))
    assert first["rounds"][0]["hands"] != second["rounds"][0]["hands"]
    again = run_stats_unit(config.to_json(), 1, True)["record"]
    assert again == second  # and a game is a pure function of config and index


def test_local_processes_give_the_same_figures() -> None:
    config = stats_config(PRESETS["german"], 4, ["greedy"], 4, 3)
    here = run_tournament(config, backend=lambda c, u, k: inline(c, u, k, run_stats_unit))
    there = run_tournament(config, backend=local_processes(2, run_stats_unit))
    assert there.results == here.results
    assert summarize_games(config, there.results) == summarize_games(config, here.results)


def test_a_run_over_presets_rounds_add_up_and_tables_show_every_figure() -> None:
    tables = []
    for name in ("german", "spanish"):
        config = stats_config(PRESETS[name], 2, ["greedy"], 3, 1)
        results = run_tournament(
            config, backend=lambda c, u, k: inline(c, u, k, run_stats_unit)
        ).results
        table = summarize_games(config, results)
        counts = table.counts
        assert counts["out"] + counts["blocked"] == counts["rounds"]
        assert counts["rounds"] == sum(len(r["rounds"]) for r in results)
        assert sum(f.mean for f in table.wins_by_position) == pytest.approx(1)
        tables.append(table)
    text = format_text(tables)
    assert text.startswith("german (greedy, seed 1; 95% intervals)")
    assert "\n\nspanish (greedy" in text
    for label in FIGURES.values():
        assert text.count(label) == 2
    markdown = format_markdown(tables)
    assert markdown.count("### ") == 2 and "| | 2 players |" in markdown
    # A saved run shows the same tables again.
    saved = json.loads(json.dumps([table.to_json() for table in tables]))
    assert [StatsTable.from_json(data) for data in saved] == tables


def test_bad_configs() -> None:
    with pytest.raises(TournamentError, match="at least one bot"):
        stats_config(PRESETS["standard"], 2, [], 10, 0)
    with pytest.raises(ValueError, match="unknown player"):
        stats_config(PRESETS["standard"], 2, ["oracle"], 10, 0)
    with pytest.raises(TournamentError, match="no games"):
        summarize_games(stats_config(PRESETS["standard"], 2, ["greedy"], 1, 0), [])
