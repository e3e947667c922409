"""Building the Textual app at a fixed table, and driving it like a player."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, ParamSpec

from textual.pilot import Pilot

from triominoes.ai.hints import Hint
from triominoes.core.rules import RuleSet, preset
from triominoes.core.view import PlayerView
from triominoes.tui.app import PlayApp
from triominoes.tui.hint import suggest
from triominoes.tui.start import new_game
from triominoes.tui.text import use_language

P = ParamSpec("P")


def synchronously(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an async test in its own event loop (like the server's tests)."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def make_app(
    save: Path,
    kinds: Sequence[str] = ("human", "bot:easy"),
    *,
    seed: int = 5,
    rules: RuleSet | None = None,
    lang: str = "en",
    hint: Callable[[PlayerView], Hint | None] = suggest,
    worlds: int = 2,
) -> PlayApp:
    use_language(lang)
    setup = new_game(rules or preset("standard"), kinds, seed, save)
    return PlayApp(
        setup.table,
        setup.save_path,
        opening=setup.opening,
        pace=0,
        hint=hint,
        analysis_worlds=worlds,
    )


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
