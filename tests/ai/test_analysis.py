"""Post-game analysis: from each seat's view alone, steady for a seed, and
true to the record (marks, losses, the summary)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import swap_hidden
from triominoes.ai.analysis import TOLERANCE, analyze, decisions_of, judge
from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw, Place
from triominoes.core.game import Game
from triominoes.core.record import Record, loads, record_of
from triominoes.core.rules import preset

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
FEW = 6


def golden() -> Record:
    return loads((GOLDEN / "standard-2p.json").read_text())


def test_the_golden_record_analysed_is_steady_and_true_to_the_record() -> None:
    record = golden()
    report = analyze(record, worlds=FEW, seed=4)
    assert report.to_json() == analyze(record, worlds=FEW, seed=4).to_json()
    # One decision per action that had a choice, each naming the action played.
    chosen = [
        (step.where, step.played, step.view)
        for step in decisions_of(record)
        if len(step.view.legal) > 1
    ]
    assert [(d.round, d.turn) for d in report.decisions] == [w for w, _, _ in chosen]
    for decision, (where, action, view) in zip(report.decisions, chosen, strict=True):
        assert decision.played.action == action
        assert record.rounds[where[0] - 1].actions[where[1] - 1] == str(action)
        assert decision.seat == view.seat and decision.best in view.legal
        assert decision.loss >= 0 and (decision.loss == 0) == (
            decision.played == decision.best or decision.expected_best <= decision.expected_played
        )
        hexagon_there = any(a.score is not None and a.score.hexagons for a in view.legal)
        took = decision.played.score is not None and decision.played.score.hexagons
        assert ("missed-hexagon" in decision.marks) == (hexagon_there and not took)
        if "needless-draw" in decision.marks:
            assert isinstance(action, Draw) and isinstance(decision.best.action, Place)
    for player in report.players:
        own = [d for d in report.decisions if d.seat == player.seat]
        assert player.decisions == len(own)
        assert player.accurate == sum(d.loss <= TOLERANCE for d in own)
        assert sum(player.lost_per_round) == pytest.approx(sum(d.loss for d in own))
        assert len(player.lost_per_round) == len(record.rounds)
    # A seat analysed alone gets the same judgement of its decisions.
    alone = analyze(record, seats=[1], worlds=FEW, seed=4)
    assert alone.decisions == tuple(d for d in report.decisions if d.seat == 1)
    assert [p.seat for p in alone.players] == [1]
    # Judged in two processes side by side: the same report.
    assert analyze(record, worlds=FEW, seed=4, jobs=2).to_json() == report.to_json()


def test_a_decision_is_judged_from_the_view_alone() -> None:
    judged = 0
    for seed in range(4):
        game = Game(preset("standard"), players=3, seed=seed)
        state = game.round
        bot = make_player("greedy")
        for _ in range(4):
            game.apply(state.seat, bot.choose(game.view(state.seat)))
        while len(game.view(state.seat).legal) < 2:
            game.apply(state.seat, bot.choose(game.view(state.seat)))
        seat = state.seat
        twin = swap_hidden(game, seat)
        assert twin.round.hands != state.hands
        view = game.view(seat)
        assert view == twin.view(seat)
        played = view.legal[-1].action
        first = judge(view, played, worlds=FEW, seed=9, where=(1, 5))
        second = judge(twin.view(seat), played, worlds=FEW, seed=9, where=(1, 5))
        assert first is not None and first == second
        judged += 1
    assert judged == 4


def missed_hexagon_game() -> tuple[Record, tuple[int, int], int]:
    """A short game of greedy bots where one seat, once, places elsewhere
    than the hexagon it could complete: the record, where and who."""
    rules = preset("standard").with_overrides(target_score=50)
    for seed in range(50):
        game = Game(rules, players=2, seed=seed)
        bot = make_player("greedy")
        missed: tuple[tuple[int, int], int] | None = None
        while not game.finished:
            if game.needs_deal:
                game.next_round()
            state = game.round
            view = game.view(state.seat)
            action = bot.choose(view)
            if missed is None and len(game.rounds) == 1:
                hexagon = [a for a in view.legal if a.score is not None and a.score.hexagons]
                other = [a for a in view.legal if isinstance(a.action, Place) and a not in hexagon]
                if hexagon and other:
                    action = other[0].action
                    missed = ((1, len(game.rounds[-1].outcomes) + 1), state.seat)
            game.apply(state.seat, action)
        if missed is not None:
            return record_of(game, ["Ann", "Bob"]), *missed
    raise AssertionError("no game with a hexagon to miss")


def test_a_missed_hexagon_is_found() -> None:
    record, where, seat = missed_hexagon_game()
    report = analyze(record, seats=[seat], worlds=60, seed=1)
    decision = next(d for d in report.decisions if (d.round, d.turn) == where)
    assert "missed-hexagon" in decision.marks
    best = decision.best.score
    assert best is not None and best.hexagons  # the search would have taken it
    assert decision.loss > TOLERANCE  # and it cost points
    assert report.players[0].marks["missed-hexagon"] >= 1
    assert report.players[0].accuracy < 100
