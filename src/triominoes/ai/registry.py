"""Players by name: ``random``, ``greedy``, ... and the strength levels.

A spec is a name with optional settings, ``ismcts:iterations=400``; a
level (``easy`` .. ``expert``) is a name for a tuned spec.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from functools import lru_cache

from triominoes.ai.heuristic import HeuristicPlayer
from triominoes.ai.ismcts import ISMCTSPlayer
from triominoes.ai.player import Player
from triominoes.ai.rollout import RolloutPlayer
from triominoes.ai.simple import GreedyPlayer, RandomPlayer

Factory = Callable[..., Player]

PLAYERS: dict[str, Factory] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "heuristic": HeuristicPlayer,
    "ismcts": ISMCTSPlayer,
    "rollout": RolloutPlayer,
}

LEVELS: dict[str, str] = {
    # In the order of their strength in whole games to 400, each against the
    # next (docs/ai.md, "Levels"). easy and medium are hard's own player,
    # careless at a share of its decisions (it lays the tile it judges
    # worst): one ladder, so that the analysis, which charges what leaves
    # more than 5 points, ranks the levels as whole games do. (medium was
    # ismcts:iterations=300 and easy greedy until issue 22: both lost to
    # hard yet were judged the more accurate.)
    # expert plays the heuristic's candidates out with the heuristic in 40
    # sampled deals; heads-up only once the pool is empty (the deal then
    # known, the play-outs varied), before that the heuristic's own choice:
    # heads-up, searching the earlier turns too won no more games, at eight
    # times the CPU (docs/ai.md, "Levels").
    # Every level's strength is its work (worlds; the blunders' share, from
    # its seeded dice), the same on any machine and under any load;
    # expert's seconds is only a safety cap, well below the server's bot
    # deadline (server/bots.py), that a move practically never reaches
    # (benchmarks/expert_times.py, docs/ai.md).
    "easy": "heuristic:blunder=0.35",
    "medium": "heuristic:blunder=0.15",
    "hard": "heuristic",
    "expert": "rollout:worlds=40,search_from=0,seconds=5",
}


def player_names() -> list[str]:
    return [*PLAYERS, *LEVELS]


def parse_spec(spec: str) -> tuple[str, dict[str, float]]:
    """Split ``name:key=value,key=value`` into the name and numeric settings."""
    name, _, settings = spec.partition(":")
    name = LEVELS.get(name, name)
    if ":" in name:  # a level expands to a spec with settings of its own
        base, more = parse_spec(name)
        return base, {**more, **_settings(settings, spec)}
    return name, _settings(settings, spec)


def _settings(text: str, spec: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        key, sep, value = part.partition("=")
        try:
            number = float(value)
            if not sep or not math.isfinite(number):
                raise ValueError
        except ValueError:
            raise ValueError(f"player {spec!r}: setting {part!r} is not key=number") from None
        out[key.strip()] = int(number) if number.is_integer() else number
    return out


def make_player(spec: str, seed: int | None = None) -> Player:
    """A fresh player from a spec; raises ValueError for unknown names."""
    name, settings = parse_spec(spec)
    factory = PLAYERS.get(name)
    if factory is None:
        raise ValueError(f"unknown player {spec!r} (known: {', '.join(player_names())})")
    known = _setting_names(factory)
    unknown = sorted(set(settings) - set(known))
    if unknown:
        raise ValueError(
            f"player {spec!r}: no setting {', '.join(unknown)} "
            f"(settings of {name}: {', '.join(known) or 'none'})"
        )
    try:
        return factory(seed=seed, **settings)
    except ValueError as exc:
        raise ValueError(f"player {spec!r}: {exc}") from None


@lru_cache(maxsize=64)
def _setting_names(factory: Factory) -> list[str]:
    """A factory's settings, read once: a tournament makes fresh players for
    every round, and reading a signature costs more than a random bot's
    whole turn. Shared: read-only."""
    return [p for p in inspect.signature(factory).parameters if p != "seed"]
