"""Puzzles from real rounds (lichess style): find the one clearly best action.

:mod:`model` is a puzzle and the file of them, :mod:`mining` finds them in
self-play rounds and game records, :mod:`checking` re-verifies them with
the engine and the search, :mod:`rating` is a solver's puzzle rating. The
package imports the engine and the AI only; the server, the terminal and
the command line use it. docs/puzzles.md says how puzzles are chosen.
"""

from triominoes.puzzles.model import PROMPTS, THEMES, Puzzle, PuzzleError, shipped

__all__ = ["PROMPTS", "THEMES", "Puzzle", "PuzzleError", "shipped"]
