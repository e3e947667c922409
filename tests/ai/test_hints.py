"""Hints: from the view alone, the same for a seed, with a reason that is
true of the position and said in every language."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.builders import swap_hidden
from triominoes.ai import hints
from triominoes.ai.hints import Reason, hint, reason
from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw, Place
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView
from triominoes.i18n import LANGUAGES, SOURCE_LANGUAGE, translation

BUDGET = 10


def played_views(accept: Callable[[PlayerView], bool], games: int = 30) -> list[PlayerView]:
    """Views (of the seat to move) that ``accept`` takes, from greedy games."""
    found = []
    for seed in range(games):
        game = Game(preset("standard"), players=2, seed=seed)
        state = game.round
        bot = make_player("greedy")
        while not state.over:
            view = game.view(state.seat)
            if accept(view):
                found.append(view)
                break
            game.apply(state.seat, bot.choose(view))
    return found


def test_a_hint_depends_on_the_view_alone() -> None:
    compared = 0
    for seed in range(4):
        game = Game(preset("standard"), players=2, seed=seed)
        state = game.round
        bot = make_player("greedy")
        for _ in range(5):
            game.apply(state.seat, bot.choose(game.view(state.seat)))
        seat = state.seat
        twin = swap_hidden(game, seat)
        assert twin.round.hands != state.hands and twin.round.pool != state.pool
        view = game.view(seat)
        assert view == twin.view(seat)
        first = hint(view, worlds=BUDGET, seed=5)
        second = hint(twin.view(seat), worlds=BUDGET, seed=5)
        assert first is not None and first == second
        compared += 1
    assert compared == 4


def test_a_hint_is_a_legal_action_with_its_points_and_expectation() -> None:
    game = Game(preset("standard"), players=3, seed=11)
    state = game.round
    for _ in range(6):
        view = game.view(state.seat)
        found = hint(view, worlds=BUDGET, seed=1)
        assert found is not None
        assert found.legal in view.legal
        data = found.to_json()
        assert data["action"] == str(found.legal.action)
        assert data["points"] == found.legal.points
        assert isinstance(data["expected"], float)
        assert data["reason"]["text"] == found.reason.text
        assert found.reason.render()  # every placeholder is filled
        game.apply(state.seat, found.legal.action)
    assert hint(game.view((state.seat + 1) % 3)) is None  # not that seat's move


def test_a_ready_hexagon_is_the_reason() -> None:
    def hexagon_ready(view: PlayerView) -> bool:
        return any(a.score is not None and a.score.hexagons for a in view.legal)

    views = played_views(hexagon_ready)
    assert len(views) >= 3
    for view in views[:3]:
        knowledge = Knowledge(view)
        state = knowledge.public_round()
        legal = next(a for a in view.legal if a.score is not None and a.score.hexagons)
        said = reason(state, knowledge, state.encode(legal.action), legal, deals=10)
        if state.hands[state.seat].bit_count() > 1:
            assert said == Reason(hints.HEXAGONS[1], {"points": legal.points})
            assert said.render() == f"completes a hexagon: {legal.points}"
        else:
            assert said == Reason(hints.GOES_OUT, {"points": legal.points})


def test_a_forced_draw_says_no_tile_fits() -> None:
    def stuck(view: PlayerView) -> bool:
        return [a.action for a in view.legal] == [Draw()]

    views = played_views(stuck)
    assert views
    found = hint(views[0], worlds=BUDGET)
    assert found is not None and found.legal.action == Draw()
    assert found.deals == BUDGET
    assert found.reason == Reason(hints.DRAW_NO_FIT)


def test_reasons_tell_the_placement() -> None:
    """Over many positions each placement's reason holds of it."""
    told: set[str] = set()
    for view in played_views(lambda v: len(v.legal) > 3 and v.phase == "playing", 12):
        found = hint(view, worlds=10, seed=3)
        assert found is not None
        text = found.reason.text
        if not isinstance(found.legal.action, Place):
            assert text == hints.DRAW_BY_CHOICE  # a placement was possible
            continue
        told.add(text)
        best_now = max(a.points for a in view.legal)
        if text == hints.SCORES_MOST:
            assert found.legal.points == best_now
        elif text == hints.KEEPS_OPEN:
            assert int(found.reason.params["n"]) > 0
    assert len(told) >= 2


TEMPLATES = [
    value
    for name, value in vars(hints).items()
    if name.isupper() and isinstance(value, str) and name != "HINT_LEVEL"
] + list(hints.HEXAGONS.values())


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_every_reason_is_translated(language: str) -> None:
    gettext = translation(language).gettext
    for template in TEMPLATES:
        said = gettext(template)
        assert said != template, f"{template!r} is not translated into {language}"
        params = dict.fromkeys(("points", "n"), 7) | {"tile": "4-4-5", "tiles": "0-0-1"}
        needed = {key: params[key] for key in params if "{" + key + "}" in template}
        assert Reason(template, needed).render(gettext) == said.format(**needed)


def test_a_budget_of_worlds_is_searched_whatever_the_time() -> None:
    """The level bounds a move by time; a number of worlds asked for (tests,
    the analysis) is searched to the end, so a seed gives the same result
    on any machine."""
    from triominoes.ai.hints import searcher

    assert searcher().seconds > 0
    assert searcher(worlds=5).seconds == 0 and searcher(worlds=5).worlds == 5
    assert searcher(worlds=5, seconds=0.5).seconds == 0.5
