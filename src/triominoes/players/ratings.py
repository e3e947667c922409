"""Ratings: a Bayesian skill per player and pool, updated from the final
ranking of every rated game (OpenSkill's Plackett-Luce model for
free-for-all games).

A skill is a belief: ``mu``, the player's expected strength, and
``sigma``, how unsure the model is of it. People are shown one integer,
the **displayed rating** ``1500 + 48 (mu - 25)``: 48 points are one
``beta / 200`` — the model's spread of one game's performance is 200
points, as in Elo's original normal model, so a player 200 points above
another wins a duel about 76% of the time, 400 points above about 92%.
Everyone starts at 1500 (``mu`` 25, ``sigma`` 25/3).

Two **pools**, rated apart because the games differ: ``duel`` (2 players)
and ``table`` (3 to 6). A rating is **provisional** for a player's first
10 games in a pool (the model is still unsure: ``sigma`` is above 6 of
its 8.3 at the start until about then in a duel); provisional players
are left off the leaderboard. The bots' levels are rated like players,
from rated games against people, and start from seeds measured in
whole games between the levels (:data:`BOT_SEEDS`): never provisional.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

POOLS = ("duel", "table")
MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
BASE = 1500
SCALE = 200 / BETA
"""Displayed points per unit of ``mu``: 48."""
PROVISIONAL_GAMES = 10

BOT_SEEDS = {"easy": 1201, "medium": 1500, "hard": 1661, "expert": 2016}
"""Each level's displayed rating before any game against people: ``medium``
at 1500, the others placed by their measured results in whole 2-player
games to 400 under the normal model: medium beats easy in 85.5% of games
(a 299-point gap), hard beats medium in 71.5% (161; docs/ai.md, "Levels",
200 games each), expert beats hard in 89.5% (355; issue 12's 200 games,
docs/benchmarks.md; the current expert's 60-game run, 90.0%, agrees).
The same seeds serve the ``table`` pool.
A server keeps the ratings it has: these seed only a level it has none
for. When easy and medium became the careless heuristic (issue 22),
migration 0005 dropped their ratings, earned by other players, so that
they start again from these seeds."""
BOT_SIGMA = 3.0
"""The seeds stand for hundreds of games: a bot's rating moves, but slowly."""

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0


def pool_of(players: int) -> str:
    """The pool of a game of ``players`` seats."""
    if players < 2:
        raise ValueError("a game has 2 players or more")
    return "duel" if players == 2 else "table"


def displayed(skill: Skill) -> int:
    return round(BASE + SCALE * (skill.mu - MU))


def mu_of(rating: float) -> float:
    """The ``mu`` a displayed rating stands for."""
    return MU + (rating - BASE) / SCALE


def provisional(skill: Skill, *, bot: bool = False) -> bool:
    return not bot and skill.games < PROVISIONAL_GAMES


def bot_skill(level: str) -> Skill:
    return Skill(mu_of(BOT_SEEDS[level]), BOT_SIGMA, 0)


def places(totals: Sequence[int], resigned: Sequence[bool]) -> list[int]:
    """Each seat's place (1 is first) from the game's final totals: equal
    totals share a place, and a seat that resigned is behind every seat
    that did not (those that resigned share the last places by total)."""
    keys = [(not gone, total) for total, gone in zip(totals, resigned, strict=True)]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(skills: Sequence[Skill], ranking: Sequence[int]) -> list[Skill]:
    """Every seat's skill after a game that ended in places ``ranking``
    (as :func:`places`), each seat a team of one."""
    if len(skills) != len(ranking) or len(skills) < 2:
        raise ValueError("a rated game has 2 seats or more, each with a place")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    after = _MODEL.rate(teams, ranks=[float(p) for p in ranking])
    return [
        Skill(float(team[0].mu), float(team[0].sigma), skill.games + 1)
        for skill, team in zip(skills, after, strict=True)
    ]


def merged(before: Skill, afters: Sequence[Skill]) -> Skill:
    """One skill after a game in which it played several seats (a bot level
    at two seats of one table): the mean of the changes, one game more."""
    mu = before.mu + sum(a.mu - before.mu for a in afters) / len(afters)
    sigma = math.sqrt(sum(a.sigma**2 for a in afters) / len(afters))
    return Skill(mu, sigma, before.games + 1)
