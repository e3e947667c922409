"""The hint key's suggestion: the project's hints (:mod:`triominoes.ai.hints`),
with the expert level's budget (about as long as the expert bot thinks)."""

from __future__ import annotations

from triominoes.ai.hints import Hint, hint
from triominoes.core.view import PlayerView
from triominoes.tui.text import _


def suggest(view: PlayerView, seed: int = 0) -> Hint | None:
    """The hint for the viewer, or None when it is not the viewer's move."""
    return hint(view, seed=seed)


def hint_line(found: Hint) -> str:
    """The reason and the expected points, in the player's language."""
    return _("Why: {reason}; about {expected} points by the round's end.").format(
        reason=found.reason.render(_), expected=round(found.expected)
    )
