"""A puzzle: a position from a real round, the seat to move, and its answer.

A puzzle holds the round's deal and the actions up to the position, so the
engine rebuilds the position exactly (:meth:`Puzzle.game`); what the solver
is shown is that seat's :class:`PlayerView` — its own hand, the board, the
hand sizes and the pool's size, what the player knew at the table. The deal
(every hand and the pool) stays in the file, never in what is served.

The answer is the ``solution``: one action, or for an endgame a short line
(the solver's actions with the opponent's best replies between them). With
it the puzzle keeps what the search found (``values``: each legal action's
value for the solver, in points), so that the answer can be explained and
re-checked (:mod:`triominoes.puzzles.checking`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from triominoes.core.deal import Deal
from triominoes.core.errors import TriominoesError
from triominoes.core.game import Game
from triominoes.core.rules import RuleSet
from triominoes.core.tiles import tile_set
from triominoes.core.view import PlayerView

THEMES = ("hexagon", "bridge", "endgame", "defence", "needless-draw", "out")
"""Every theme, in the order lists show them."""

PROMPTS = {
    "hexagon": "find-hexagon",
    "bridge": "find-bridge",
    "endgame": "win-endgame",
    "defence": "find-best",
    "needless-draw": "do-not-draw",
    "out": "go-out",
}
"""The task line of each theme, as a message id (clients translate it)."""

PREFIXES = {
    "hexagon": "h",
    "bridge": "b",
    "endgame": "e",
    "defence": "d",
    "needless-draw": "n",
    "out": "o",
}
"""The first letter of a puzzle's id, by theme."""

FORMAT = "triominoes-puzzles"
VERSION = 1


class PuzzleError(ValueError):
    """A puzzle file or entry that cannot be read or does not replay."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    theme: str
    rules: RuleSet
    deal: Deal
    """The round's deal: every hand and the pool (never served)."""
    actions: tuple[str, ...]
    """The round's actions up to the position (record tokens)."""
    seat: int
    """The solver: the seat to move at the position."""
    solution: tuple[str, ...]
    """The solver's first action, and for an endgame line the opponent's
    reply and the solver's next action in turn."""
    difficulty: int
    values: dict[str, float]
    """Each legal action of the position (token) and its value for the
    solver by the search that chose it, in points."""
    reason: str
    """What the solution does: completes-hexagon, forms-bridge, goes-out,
    wins-endgame, avoids-draw, keeps-round."""
    source: dict[str, Any] = field(default_factory=dict)
    """Where the position came from (self-play seed, round, action number)
    and the search that judged it (its seed and settings)."""

    @property
    def moves(self) -> int:
        """The actions the solver must find (replies are the opponent's)."""
        return (len(self.solution) + 1) // 2

    @property
    def prompt(self) -> str:
        return PROMPTS[self.theme]

    @property
    def best(self) -> float:
        return self.values[self.solution[0]]

    @property
    def runner_up(self) -> float:
        """The value of the best action other than the solution."""
        others = [v for token, v in self.values.items() if token != self.solution[0]]
        return max(others)

    @property
    def margin(self) -> float:
        return self.best - self.runner_up

    def game(self, played: Sequence[str] = ()) -> Game:
        """The position rebuilt by the engine (a one-round game), with
        ``played`` (tokens from the solution line) played on from it."""
        game = Game(self.rules, len(self.deal.hands), 0, auto_deal=False)
        game.next_round(self.deal)
        for token in (*self.actions, *played):
            game.apply(game.round.seat, token)
        return game

    def view(self, played: Sequence[str] = ()) -> PlayerView:
        """What the solver sees (after ``played`` from the solution line)."""
        return self.game(played).view(self.seat)

    def served(self) -> dict[str, Any]:
        """The puzzle as a client gets it: the solver's view, no answer."""
        return {
            "id": self.id,
            "theme": self.theme,
            "difficulty": self.difficulty,
            "rules": self.rules.to_json(),
            "view": self.view().to_json(),
            "moves": self.moves,
            "prompt": self.prompt,
        }

    def to_json(self) -> dict[str, Any]:
        tiles = tile_set(self.rules.tile_set)
        return {
            "id": self.id,
            "theme": self.theme,
            "difficulty": self.difficulty,
            "rules": self.rules.to_record(),
            "hands": [[tiles.tiles[t].name for t in hand] for hand in self.deal.hands],
            "pool": [tiles.tiles[t].name for t in self.deal.pool],
            "actions": list(self.actions),
            "seat": self.seat,
            "solution": list(self.solution),
            "values": {token: round(value, 2) for token, value in self.values.items()},
            "reason": self.reason,
            "source": self.source,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Puzzle:
        try:
            rules = RuleSet.from_json(data["rules"])
            tiles = tile_set(rules.tile_set)
            deal = Deal(
                tuple(tuple(tiles.parse(n).id for n in hand) for hand in data["hands"]),
                tuple(tiles.parse(n).id for n in data["pool"]),
            )
            theme = data["theme"]
            if theme not in THEMES:
                raise PuzzleError(f"unknown theme {theme!r}")
            return Puzzle(
                id=str(data["id"]),
                theme=theme,
                rules=rules,
                deal=deal,
                actions=tuple(data["actions"]),
                seat=int(data["seat"]),
                solution=tuple(data["solution"]),
                difficulty=int(data["difficulty"]),
                values={str(k): float(v) for k, v in data["values"].items()},
                reason=str(data["reason"]),
                source=dict(data.get("source", {})),
            )
        except (KeyError, TypeError, AttributeError, TriominoesError) as exc:
            raise PuzzleError(f"a puzzle entry is malformed: {exc}") from None


def dumps(puzzles: Sequence[Puzzle]) -> str:
    """A puzzle file: one puzzle a line, so that diffs stay readable."""
    lines = ",\n".join(json.dumps(p.to_json(), separators=(",", ":")) for p in puzzles)
    return f'{{"format":"{FORMAT}","version":{VERSION},"puzzles":[\n{lines}\n]}}\n'


def loads(text: str) -> list[Puzzle]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise PuzzleError(f"malformed JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleError(f"not a puzzle file (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise PuzzleError(f"puzzle file version {data.get('version')!r} is not supported")
    puzzles = [Puzzle.from_json(entry) for entry in data.get("puzzles", [])]
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleError(f"puzzle id {puzzle.id} appears twice")
        seen.add(puzzle.id)
    return puzzles


SHIPPED = "puzzles.json"


@cache
def shipped() -> tuple[Puzzle, ...]:
    """The puzzles that ship with the package (checked by the tests)."""
    text = resources.files("triominoes.puzzles").joinpath(SHIPPED).read_text(encoding="utf-8")
    return tuple(loads(text))
