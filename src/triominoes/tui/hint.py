"""The hint key's suggestion: one function, so the source can change.

For now the suggestion is what the strongest level (``expert``) would play,
scored from the view's own ``legal`` list; :mod:`triominoes.ai.hints` is to
replace the call here.
"""

from __future__ import annotations

from triominoes.ai.registry import make_player
from triominoes.core.view import LegalAction, PlayerView

HINT_LEVEL = "expert"


def suggest(view: PlayerView, seed: int = 0) -> LegalAction | None:
    """The suggested action with its points, or None when it is not the
    viewer's move. Takes about as long as the expert bot thinks (~1 s)."""
    if not view.legal:
        return None
    action = make_player(HINT_LEVEL, seed).choose(view)
    return next(legal for legal in view.legal if legal.action == action)
