"""``triominoes puzzle``: the Textual face driven with its Pilot (a right
answer, then the next puzzle and a wrong one), and the plain mode."""

from __future__ import annotations

import io

from textual.pilot import Pilot

from triominoes.core.actions import Place
from triominoes.puzzles import shipped
from triominoes.puzzles.model import Puzzle
from triominoes.tui.puzzle import PuzzleApp, run_plain
from triominoes.tui.text import use_language

from .conftest import synchronously


def placements(puzzles: tuple[Puzzle, ...]) -> list[Puzzle]:
    """Puzzles whose answer and some wrong answer are both placements."""
    return [
        p
        for p in puzzles
        if sum("@" in t for t in p.values) >= 2 and isinstance(p.view().legal[0].action, Place)
    ]


async def choose(pilot: Pilot[None], token: str) -> None:
    """Pick a placement with the keys: tiles with ←→, cells with Tab, rotations with r."""
    app = pilot.app
    assert isinstance(app, PuzzleApp)
    for _ in range(len(app.selection.hand)):
        if any(str(a.action) == token for a in app.selection.tile_options()):
            break
        await pilot.press("right")
    for _ in range(len(app.selection.cells())):
        if any(
            str(a.action) == token
            for a in app.selection.at_cell(
                app.selection.cells()[app.selection.cell % len(app.selection.cells())]
            )
        ):
            break
        await pilot.press("tab")
    for _ in range(3):
        current = app.selection.current
        if current is not None and str(current.action) == token:
            return
        await pilot.press("r")
    raise AssertionError(f"the keys did not reach {token}")


def text_of(app: PuzzleApp, selector: str) -> str:
    return str(app.query_one(selector).render())


@synchronously
async def test_a_right_answer_then_a_wrong_one() -> None:
    use_language("en")
    first, second = placements(shipped())[:2]
    app = PuzzleApp([first, second])
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        assert first.id in text_of(app, "#title")
        await choose(pilot, first.solution[0])
        await pilot.press("enter")
        await pilot.pause()
        assert app.result is not None and app.result.correct
        assert "Right" in text_of(app, "#message") and "Solved 1 of 1" in text_of(app, "#message")
        await pilot.press("n")
        await pilot.pause()
        assert second.id in text_of(app, "#title") and app.result is None
        wrong = next(t for t in second.values if "@" in t and t != second.solution[0])
        await choose(pilot, wrong)
        await pilot.press("enter")
        await pilot.pause()
        assert app.result is not None and not app.result.correct
        message = text_of(app, "#message")
        assert "Not the best" in message and "Solved 1 of 2" in message
        # The answer is final: another key does not try again.
        await pilot.press("enter")
        assert app.tried == 2


def test_the_plain_mode_reads_numbers_and_tokens_and_speaks_the_language() -> None:
    use_language("de")
    try:
        first, second = placements(shipped())[:2]
        wrong = next(t for t in second.values if t != second.solution[0])
        out = io.StringIO()
        solved = run_plain(
            [first, second], io.StringIO(f"nonsense\n{first.solution[0]}\n{wrong}\n"), out
        )
        text = out.getvalue()
        assert solved == 1
        assert "Richtig" in text and "Nicht der beste" in text
    finally:
        use_language("en")
