"""Mining on crafted positions: a hexagon that only one placement completes
is found (and its cells drawn), two equally good answers are no puzzle,
and what the search sees is only the solver's view."""

from __future__ import annotations

from tests.builders import position, rules
from triominoes.core.round import Round
from triominoes.core.view import PlayerView, make_view
from triominoes.puzzles import mining
from triominoes.puzzles.mining import MARGIN, clear_best, judge, shape_cells, theme_of

STANDARD = rules()

# Five of the six cells around vertex (1, 0), all meeting there with a 5;
# the sixth, (1, 0), takes only 5-1-2 (its three corners are set).
HEXAGON_OPEN = [
    ((0, 0), (5, 2, 5)),
    ((-1, 0), (0, 5, 5)),
    ((-1, -1), (0, 5, 0)),
    ((0, -1), (0, 1, 5)),
    ((1, -1), (1, 1, 5)),
]
HANDS = [["1-2-5", "3-4-4", "0-0-0"], ["0-0-2", "1-1-3"]]
"""Seat 0 to move: 1-2-5 completes the hexagon, 0-0-0 fits elsewhere."""
RING = {(-1, -1), (0, -1), (1, -1), (1, 0), (0, 0), (-1, 0)}


def view_of(state: Round, seat: int = 0) -> PlayerView:
    return make_view(
        state,
        [],
        seat,
        round_number=1,
        totals=(0,) * state.players,
        last_round=False,
        finished=False,
        winners=(),
    )


def test_the_one_placement_that_completes_a_hexagon_is_found() -> None:
    state = position(STANDARD, HEXAGON_OPEN, HANDS)
    view = view_of(state)
    completing = [e for e in view.legal if e.score is not None and e.score.hexagons]
    assert [str(e.action) for e in completing] == ["512@1,0"]
    assert len(view.legal) == 3  # 0-0-0 fits too, and the draw
    judged = judge(view)
    assert judged is not None
    token, values, margin = judged
    assert token == "512@1,0" and margin >= MARGIN
    assert set(values) == {str(e.action) for e in view.legal}
    assert theme_of(view, token, values) == ("hexagon", "completes-hexagon")
    assert set(shape_cells(view, token)) == RING
    # The same search again gives the same values: it has fixed seeds.
    assert mining.JUDGE.values(view) == values


def test_two_equally_good_answers_make_no_puzzle() -> None:
    # Seat 0's last tile goes out on any of the three sides of 5-5-5, for
    # the same points: the round ends the same way whichever it takes.
    state = position(STANDARD, [((0, 0), (5, 5, 5))], [["0-5-5"], ["0-0-2", "1-1-3", "2-3-3"]])
    view = view_of(state)
    placements = [e for e in view.legal if "@" in str(e.action)]
    assert len(placements) == 3 and len({e.points for e in placements}) == 1
    values = mining.JUDGE.values(view)
    best = max(values.values())
    assert sorted(values.values()).count(best) == 3
    assert clear_best(values, MARGIN) is None
    assert judge(view) is None


def test_a_clear_best_needs_the_margin() -> None:
    assert clear_best({"a": 30.0, "b": 10.0, "c": -5.0}, 20) == "a"
    assert clear_best({"a": 30.0, "b": 10.5}, 20) is None
    assert clear_best({"a": 30.0, "b": 30.0}, 0.5) is None
    assert clear_best({"a": 30.0}, 20) is None


def test_the_search_sees_only_the_solvers_view() -> None:
    # The opponent's hand differs; the solver's view, and so the values, do not.
    other = [HANDS[0], ["0-1-1", "2-2-3"]]
    one = view_of(position(STANDARD, HEXAGON_OPEN, HANDS))
    two = view_of(position(STANDARD, HEXAGON_OPEN, other))
    assert one == two
    assert mining.JUDGE.values(one) == mining.JUDGE.values(two)
