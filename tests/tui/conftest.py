"""Building the Textual app at a fixed table, and driving it like a player."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from textual.pilot import Pilot

from triominoes.core.rules import RuleSet, preset
from triominoes.core.view import LegalAction, PlayerView
from triominoes.tui.app import PlayApp
from triominoes.tui.hint import suggest
from triominoes.tui.start import new_game
from triominoes.tui.text import use_language


def make_app(
    save: Path,
    kinds: Sequence[str] = ("human", "bot:easy"),
    *,
    seed: int = 5,
    rules: RuleSet | None = None,
    lang: str = "en",
    hint: Callable[[PlayerView], LegalAction | None] = suggest,
) -> PlayApp:
    use_language(lang)
    setup = new_game(rules or preset("standard"), kinds, seed, save)
    return PlayApp(setup.table, setup.save_path, opening=setup.opening, pace=0, hint=hint)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the bots have moved and the screen shows it."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def take_turn(pilot: Pilot[None]) -> str:
    """Play the chosen tile's best placement, else draw, else pass; the key."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    if app.selection.current is None and app.selection.fitting_tiles():
        while app.selection.current is None:
            await pilot.press("right")
    if app.selection.current is not None:
        key = "enter"
    elif any(str(a.action) == "draw" for a in app.view.legal):
        key = "d"
    else:
        key = "p"
    await pilot.press(key)
    await settle(pilot)
    return key
