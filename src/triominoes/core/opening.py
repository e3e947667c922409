"""Who opens a round, and with what (rules.md §5, "Opening")."""

from __future__ import annotations

from triominoes.core.rules import Opening, RuleSet
from triominoes.core.tiles import TileSet, ids_in


def choose_opener(tiles: TileSet, hands: list[int]) -> tuple[int, int]:
    """The opening seat and the mask of tiles it may open with.

    The highest triple opens; without triples, the highest tile value, ties
    broken by each tied player's next-highest values, then the lowest seat.
    """
    for triple in tiles.triples_high_first:
        bit = 1 << triple
        for seat, hand in enumerate(hands):
            if hand & bit:
                return seat, bit
    values = tiles.values

    def ranking(seat: int) -> list[int]:
        return sorted((values[t] for t in ids_in(hands[seat])), reverse=True)

    seat = max(range(len(hands)), key=lambda s: (ranking(s), -s))
    top = ranking(seat)[0]
    return seat, sum(1 << t for t in ids_in(hands[seat]) if values[t] == top)


def opening_of(
    rules: RuleSet, tiles: TileSet, hands: list[int], previous_opener: int | None
) -> tuple[int, int]:
    """The opener and its opening tiles for a round (``previous_opener``:
    the seat that opened the round before, if any)."""
    if rules.opening == Opening.HIGHEST_TRIPLE_THEN_ROTATE and previous_opener is not None:
        opener = (previous_opener + 1) % len(hands)
        return opener, hands[opener]
    return choose_opener(tiles, hands)
