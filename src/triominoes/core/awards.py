"""The end of a round (rules.md §5, "End of round"): why, who won, what each
seat is awarded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.core.rules import BlockedScoring, RuleSet

OUT = "out"
BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class RoundEnd:
    reason: str
    """:data:`OUT` or :data:`BLOCKED`."""
    winners: tuple[int, ...]
    points: tuple[int, ...]
    """What the round end awarded to each seat."""


def out_end(rules: RuleSet, seat: int, hand_values: Sequence[int]) -> RoundEnd:
    """``seat`` went out: the going-out bonus and, by the rules, the other
    hands' worth (others lose nothing)."""
    points = [0] * len(hand_values)
    points[seat] = rules.going_out_bonus
    if rules.collect_hands:
        points[seat] += sum(v for s, v in enumerate(hand_values) if s != seat)
    return RoundEnd(OUT, (seat,), tuple(points))


def blocked_end(rules: RuleSet, hand_values: Sequence[int]) -> RoundEnd:
    """Nobody can go on: the lowest hands (ties included) win and score by
    ``blocked_scoring``."""
    low = min(hand_values)
    winners = [seat for seat, value in enumerate(hand_values) if value == low]
    points = [0] * len(hand_values)
    total = sum(hand_values)
    for seat in winners:
        if rules.blocked_scoring == BlockedScoring.DIFFERENCES:
            points[seat] = sum(v - low for v in hand_values)
        elif rules.blocked_scoring == BlockedScoring.OTHERS_MINUS_OWN:
            points[seat] = total - low - low
        # NONE: the round is won, nothing is scored.
    return RoundEnd(BLOCKED, tuple(winners), tuple(points))
