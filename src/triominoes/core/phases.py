"""The phases of a round, as small ints for the hot path."""

from __future__ import annotations

from typing import Final

OPENING: Final = 0
"""Nobody has placed yet: the opener must open."""
PLAYING: Final = 1
FINAL_CYCLE: Final = 2
"""Someone went out under ``finish_cycle_after_out``: the others' last turns."""
OVER: Final = 3

NAMES: Final = ("opening", "playing", "last-turns", "over")
"""Each phase's name in views (index by phase)."""
