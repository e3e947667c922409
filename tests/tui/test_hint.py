"""The hint told in words that say each thing once: the action, its points,
why, and what the search expects (the reasons of ai.hints name the action
or its points themselves)."""

from __future__ import annotations

import pytest

from triominoes.ai.hints import DRAW_NO_FIT, HEXAGONS, KEEPS_OPEN, PASS_BY_CHOICE, Hint, Reason
from triominoes.core.actions import parse_action
from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.core.scoring import Score
from triominoes.core.view import LegalAction, PlayerView
from triominoes.tui.hint import hint_lines
from triominoes.tui.text import use_language


@pytest.fixture
def view() -> PlayerView:
    use_language("en")
    return Game(preset("standard"), 2, seed=3).view(0)


def test_a_draw_is_named_once(view: PlayerView) -> None:
    found = Hint(LegalAction(parse_action("draw"), -5), 8.4, Reason(DRAW_NO_FIT), 40)
    assert hint_lines(view, found) == [
        "Hint: draw (-5): no tile fits.",
        "The search expects about 8 points for you from here to the round's end.",
    ]


def test_a_pass_is_named_once(view: PlayerView) -> None:
    found = Hint(LegalAction(parse_action("pass"), -10), -10.0, Reason(PASS_BY_CHOICE), 40)
    first = hint_lines(view, found)[0]
    assert first == "Hint: pass (-10): every placement would open the board for the others."


def test_a_placement_says_its_points_and_bonus_once(view: PlayerView) -> None:
    action = parse_action("445@-1,-1")
    legal = LegalAction(action, 63, Score(13, hexagons=1, shape_bonus=50))
    found = Hint(legal, 70.2, Reason(HEXAGONS[1], {"points": 63}), 40)
    first, second = hint_lines(view, found)
    assert first == "Hint: 4-4-5 at -1,-1 (63, hexagon +50): it completes a hexagon."
    assert first.count("63") == 1 and "445@" not in first
    assert "about 70 points" in second


def test_a_reason_without_points_is_told_as_the_search_gave_it(view: PlayerView) -> None:
    legal = LegalAction(parse_action("123@0,1"), 6, Score(6))
    reason = Reason(KEEPS_OPEN, {"n": 3, "tiles": "2-3-4"})
    found = Hint(legal, 20.0, reason, 40)
    first = hint_lines(view, found)[0]
    assert first == "Hint: 1-2-3 at 0,1 (6): keeps 3 open cells for your other tiles (2-3-4)."


def test_the_hint_is_told_in_the_players_language(view: PlayerView) -> None:
    use_language("de")
    try:
        found = Hint(LegalAction(parse_action("draw"), -5), 8.0, Reason(DRAW_NO_FIT), 40)
        first, second = hint_lines(view, found)
        assert first.startswith("Tipp") or first.startswith("Hinweis"), first
        assert "draw" not in first and "round's end" not in second
    finally:
        use_language("en")
