"""The hint key's suggestion: the project's hints (:mod:`triominoes.ai.hints`),
with the expert level's budget (about as long as the expert bot thinks).

Told in one sentence that names the action once: the reasons for a draw or
a pass begin with the action ("draw: no tile fits") and those of a scoring
placement end with its points ("completes a hexagon: 62"), which the
sentence already says; such reasons are told here without it.
"""

from __future__ import annotations

from triominoes.ai.hints import (
    BRIDGE,
    DRAW_BY_CHOICE,
    DRAW_NO_FIT,
    GOES_OUT,
    HEXAGONS,
    OPENS,
    PASS_BY_CHOICE,
    PASS_NO_FIT,
    SCORES_MOST,
    Hint,
    hint,
)
from triominoes.core.view import PlayerView
from triominoes.tui.text import N_, _
from triominoes.tui.words import action_text, bonuses

WHY = {
    DRAW_NO_FIT: N_("no tile fits"),
    DRAW_BY_CHOICE: N_("every placement would open the board for the others"),
    PASS_NO_FIT: N_("no tile fits and nothing is left to draw"),
    PASS_BY_CHOICE: N_("every placement would open the board for the others"),
    GOES_OUT: N_("it goes out"),
    HEXAGONS[1]: N_("it completes a hexagon"),
    HEXAGONS[2]: N_("it completes a double hexagon"),
    HEXAGONS[3]: N_("it completes a triple hexagon"),
    BRIDGE: N_("it forms a bridge"),
    OPENS: N_("it opens the round"),
    SCORES_MOST: N_("it scores the most now"),
}
"""The reasons whose own words repeat the action or its points, without them."""


def suggest(view: PlayerView, seed: int = 0) -> Hint | None:
    """The hint for the viewer, or None when it is not the viewer's move."""
    return hint(view, seed=seed)


def hint_lines(view: PlayerView, found: Hint) -> list[str]:
    """What to play and why, then what the search expects of it: "Hint:
    4-4-5 at -1,-1 (62, hexagon +50): it completes a hexagon."."""
    legal = found.legal
    own = WHY.get(found.reason.text)
    why = _(own) if own is not None else found.reason.render(_)
    points = ", ".join([str(legal.points), *bonuses(legal.score)])
    lines = [
        _("Hint: {action} ({points}): {why}.").format(
            action=action_text(view.tile_set, legal.action), points=points, why=why
        )
    ]
    if found.expected is not None:  # the endgame solver values margins alone
        lines.append(
            _(
                "The search expects about {expected} points for you from here to the round's end."
            ).format(expected=round(found.expected))
        )
    return lines
