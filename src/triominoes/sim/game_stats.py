"""The game's own statistics (``triominoes stats``): what whole games look
like under a rule set and a number of players, played by bots.

Where a tournament asks who plays better, these figures ask what the game
is: points a round, how rounds end, how often hexagons and bridges are
made, how many tiles are drawn, how many rounds a game to 400 takes, and
whether moving first (or opening a round) is an advantage.

The games run as tournament units (see tournament.py and backends.py: the
same config, backends and progress), with a unit of their own,
:func:`run_stats_unit`, which watches the engine's events and keeps a short
summary of every round. Two things differ from a tournament's games:

- every game has a deal of its own. A tournament plays each deal once from
  every seat, to compare players; here the players are alike, and games
  that shared a deal would not be independent samples.
- the figures are gathered from what happened, not from who won: see
  :func:`summarize_games`.

"The first player" is the seat that laid the first tile of the game (round
1's opener, by the rules the holder of the highest triple); the others play
after it in turn, so "the 2nd to play" is the seat after it. "The opener"
of a round is the seat that laid that round's first tile.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw
from triominoes.core.errors import IllegalAction
from triominoes.core.events import ActionTaken, Event, RoundDealt, RoundEnded, TileDrawn
from triominoes.core.game import Game
from triominoes.core.record import record_of
from triominoes.core.rules import RuleSet
from triominoes.sim.match import EndlessGame, play_game
from triominoes.sim.stats import ratio_interval, wilson_interval
from triominoes.sim.tournament import TournamentConfig, TournamentError, _seed_int

DEFAULT_BOTS = ("hard",)
DEFAULT_PLAYERS = (2, 3, 4)


def stats_config(
    rules: RuleSet, players: int, bots: Sequence[str], games: int, seed: int
) -> TournamentConfig:
    """The games of one table of figures. Seats take the bots in turn
    (``hard`` at every seat by default); with several bots the seats also
    rotate from game to game, as in a tournament."""
    if not bots:
        raise TournamentError("give at least one bot")
    entrants = tuple(bots[seat % len(bots)] for seat in range(players))
    return TournamentConfig(
        entrants=entrants, rules=rules.to_record(), units=games, unit="game", seed=seed
    )


def deal_seed(config: TournamentConfig, index: int) -> str:
    """One deal per game (a tournament shares a deal between the games of
    a seat rotation: see the module's docstring)."""
    return f"{config.seed}/stats/{index}"


@dataclass
class RoundTally:
    """What one round did, gathered from the engine's events as they come."""

    players: int
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def observe(self, _: Game, event: Event) -> None:
        if isinstance(event, RoundDealt):
            self.rounds.append(
                {
                    "opener": event.opener,
                    "points": [0] * self.players,
                    "end": None,
                    "out": None,
                    "winners": [],
                    "hexagons": 0,
                    "bridges": 0,
                    "two_sided": 0,
                    "drawn": 0,
                    "turns": 0,
                    "actions": 0,
                }
            )
            return
        if not self.rounds:
            return
        current = self.rounds[-1]
        if isinstance(event, ActionTaken):
            current["points"][event.seat] += event.points
            current["actions"] += 1
            # A turn ends with a placement or a pass; a draw goes on with it.
            if not isinstance(event.action, Draw):
                current["turns"] += 1
            if event.score is not None:
                current["hexagons"] += event.score.hexagons
                current["bridges"] += int(event.score.bridge)
                current["two_sided"] += int(event.score.two_sided)
        elif isinstance(event, TileDrawn):
            current["drawn"] += 1
        elif isinstance(event, RoundEnded):
            for seat, award in enumerate(event.awards):
                current["points"][seat] += award
            current["end"] = event.reason
            current["out"] = event.out
            current["winners"] = list(event.winners)


def run_stats_unit(
    config_json: dict[str, Any], index: int, keep_record: bool = False
) -> dict[str, Any]:
    """Play game ``index`` and return its summary (plain JSON data): totals,
    winners and, per round, what :class:`RoundTally` gathers.

    A top-level function of plain arguments, like tournament.run_unit, so
    that process pools and Ray can ship it anywhere.
    """
    config = TournamentConfig.from_json(config_json)
    rules = RuleSet.from_json(config.rules)
    lineup = config.lineup(index)
    players = [
        make_player(config.entrants[entrant], seed=_seed_int(config.bot_seed(index, seat)))
        for seat, entrant in enumerate(lineup)
    ]
    game = Game(rules, config.players, seed=_seed_int(deal_seed(config, index)), auto_deal=False)
    tally = RoundTally(config.players)
    try:
        play_game(game, players, tally.observe)
    except (IllegalAction, EndlessGame) as exc:
        raise TournamentError(f"game {index}: {exc}") from None
    result: dict[str, Any] = {
        "unit": index,
        "lineup": lineup,
        "totals": list(game.totals),
        "winners": list(game.winners),
        "rounds": tally.rounds,
    }
    if keep_record:
        names = [config.names[e] for e in lineup]
        meta = {"stats_seed": config.seed, "game": index, "bots": names}
        result["record"] = record_of(game, names, meta).to_json()
    return result


# --- the figures -------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """An estimate with its 95% interval; ``share``: a fraction (shown in %)."""

    mean: float
    low: float
    high: float
    share: bool = False

    def to_json(self) -> dict[str, Any]:
        # One game gives no interval (an infinite one): null in JSON.
        def bound(value: float) -> float | None:
            return value if math.isfinite(value) else None

        return {"mean": self.mean, "low": bound(self.low), "high": bound(self.high)}

    @staticmethod
    def from_json(data: dict[str, Any], share: bool) -> Figure:
        low, high = data["low"], data["high"]
        return Figure(
            data["mean"],
            -math.inf if low is None else low,
            math.inf if high is None else high,
            share,
        )


FIGURES: dict[str, str] = {
    "rounds_per_game": "rounds a game",
    "first_player_wins": "the first player wins the game",
    "opener_wins_round": "the opener wins the round",
    "out": "rounds ended by going out",
    "blocked": "rounds ended blocked",
    "points_per_round": "points a round, per player",
    "opener_points": "points a round, the opener",
    "others_points": "points a round, each other player",
    "hexagons_per_round": "hexagons a round",
    "bridges_per_round": "bridges a round",
    "two_sided_per_round": "two-sided a round",
    "drawn_per_round": "tiles drawn a round",
    "turns_per_round": "turns a round",
    "winner_total": "the winner's total",
}
"""Every figure of a table, in the order shown, with the words that name it."""
SHARES = frozenset({"first_player_wins", "opener_wins_round", "out", "blocked"})
"""The figures that are fractions (shown in %)."""


@dataclass(frozen=True)
class StatsTable:
    """The figures of one rule set at one number of players."""

    rules: str | dict[str, Any]
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    counts: dict[str, float]
    """Plain totals over every game: rounds, out, blocked, hexagons..."""
    figures: dict[str, Figure]
    wins_by_position: list[Figure]
    """Games won by the 1st, 2nd, ... to play (shared wins as fractions)."""

    @property
    def label(self) -> str:
        if isinstance(self.rules, str):
            return self.rules
        return f"{self.rules.get('preset', 'standard')} (house rules)"

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "counts": self.counts,
            "figures": {key: figure.to_json() for key, figure in self.figures.items()},
            "wins_by_position": [figure.to_json() for figure in self.wins_by_position],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> StatsTable:
        """Read back :meth:`to_json` (to show a saved run's tables again)."""
        return StatsTable(
            rules=data["rules"],
            players=data["players"],
            bots=tuple(data["bots"]),
            games=data["games"],
            seed=data["seed"],
            counts=data["counts"],
            figures={
                key: Figure.from_json(value, key in SHARES)
                for key, value in data["figures"].items()
            },
            wins_by_position=[Figure.from_json(f, True) for f in data["wins_by_position"]],
        )


def _share(wins: float, n: int) -> Figure:
    low, high = wilson_interval(wins, n)
    return Figure(wins / n, low, high, share=True)


def _per_round(
    amounts: Sequence[float], rounds: Sequence[int], share: bool = False, counted: bool = False
) -> Figure:
    """A mean per round (per game, with a round a game); ``share``: a
    fraction of rounds, ``counted``: a count of things (neither below 0)."""
    mean, low, high = ratio_interval(amounts, rounds)
    # The normal interval knows no bounds; the quantity does.
    if share or counted:
        low = max(0.0, low)
    if share:
        high = min(1.0, high)
    return Figure(mean, low, high, share)


def summarize_games(config: TournamentConfig, results: Iterable[dict[str, Any]]) -> StatsTable:
    """The figures of a run from its units' results (see :func:`run_stats_unit`).

    Per game, a share of games with Wilson's interval. Per round, a mean
    over every round of every game, with the ratio estimator's interval
    that takes the games, not the rounds, as the independent samples
    (stats.ratio_interval). Shared wins count as fractions.
    """
    games = sorted(results, key=lambda r: r["unit"])
    if not games:
        raise TournamentError("no games to summarize")
    n = config.players
    rounds: list[int] = []
    sums: dict[str, list[float]] = {
        key: []
        for key in (
            "out",
            "blocked",
            "points",
            "opener_points",
            "others_points",
            "opener_wins",
            "hexagons",
            "bridges",
            "two_sided",
            "drawn",
            "turns",
        )
    }
    positions = [0.0] * n
    winner_totals: list[float] = []
    shared = 0
    for game in games:
        played = game["rounds"]
        rounds.append(len(played))
        per_game = dict.fromkeys(sums, 0.0)
        for row in played:
            opener = row["opener"]
            points = row["points"]
            winners = row["winners"]
            per_game["out"] += row["end"] == "out"
            per_game["blocked"] += row["end"] == "blocked"
            per_game["points"] += sum(points) / n
            per_game["opener_points"] += points[opener]
            per_game["others_points"] += (sum(points) - points[opener]) / (n - 1)
            if opener in winners:
                per_game["opener_wins"] += 1 / len(winners)
            for key in ("hexagons", "bridges", "two_sided", "drawn", "turns"):
                per_game[key] += row[key]
        for key, value in per_game.items():
            sums[key].append(value)
        first = played[0]["opener"]
        winners = game["winners"]
        for seat in winners:
            positions[(seat - first) % n] += 1 / len(winners)
        shared += len(winners) > 1
        winner_totals.append(sum(game["totals"][s] for s in winners) / len(winners))
    count = len(games)
    figures = {
        "rounds_per_game": _per_round(rounds, [1] * count, counted=True),
        "first_player_wins": _share(positions[0], count),
        "opener_wins_round": _per_round(sums["opener_wins"], rounds, share=True),
        "out": _per_round(sums["out"], rounds, share=True),
        "blocked": _per_round(sums["blocked"], rounds, share=True),
        "points_per_round": _per_round(sums["points"], rounds),
        "opener_points": _per_round(sums["opener_points"], rounds),
        "others_points": _per_round(sums["others_points"], rounds),
        "hexagons_per_round": _per_round(sums["hexagons"], rounds, counted=True),
        "bridges_per_round": _per_round(sums["bridges"], rounds, counted=True),
        "two_sided_per_round": _per_round(sums["two_sided"], rounds, counted=True),
        "drawn_per_round": _per_round(sums["drawn"], rounds, counted=True),
        "turns_per_round": _per_round(sums["turns"], rounds, counted=True),
        "winner_total": _per_round(winner_totals, [1] * count),
    }
    assert list(figures) == list(FIGURES)
    assert {key for key, figure in figures.items() if figure.share} == SHARES
    counts: dict[str, float] = {
        "games": count,
        "rounds": sum(rounds),
        "out": int(sum(sums["out"])),
        "blocked": int(sum(sums["blocked"])),
        "hexagons": int(sum(sums["hexagons"])),
        "bridges": int(sum(sums["bridges"])),
        "two_sided": int(sum(sums["two_sided"])),
        "drawn": int(sum(sums["drawn"])),
        "turns": int(sum(sums["turns"])),
        "shared_wins": shared,
        "first_player_wins": round(positions[0], 3),
    }
    return StatsTable(
        rules=config.rules,
        players=n,
        bots=config.entrants,
        games=count,
        seed=config.seed,
        counts=counts,
        figures=figures,
        wins_by_position=[_share(wins, count) for wins in positions],
    )


# --- showing them ------------------------------------------------------------


EN_DASH = "\u2013"
MINUS = "\u2212"


def _cell(figure: Figure | None, markdown: bool) -> str:
    if figure is None:
        return ""
    if figure.share:
        mean, low, high = 100 * figure.mean, 100 * figure.low, 100 * figure.high
        unit = "%"
    else:
        mean, low, high = figure.mean, figure.low, figure.high
        unit = ""
    digits = 1 if figure.share or abs(mean) >= 10 else 2
    if low == high == mean:  # every game gave the same: nothing to estimate
        return f"{mean:.{digits}f}{unit}"
    if markdown:  # a minus sign, so a negative bound reads apart from the dash
        text = f"{mean:.{digits}f}{unit} [{low:.{digits}f}{EN_DASH}{high:.{digits}f}]"
        return text.replace("-", MINUS)
    return f"{mean:.{digits}f}{unit} [{low:.{digits}f}, {high:.{digits}f}]"


def _ordinal(number: int) -> str:
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number, 'th')}"


def _rows(tables: Sequence[StatsTable], markdown: bool) -> list[list[str]]:
    """Label and one cell per table, figure by figure."""
    rows = [
        ["games", *(f"{t.games:,}" for t in tables)],
        ["rounds", *(f"{int(t.counts['rounds']):,}" for t in tables)],
    ]
    for key, label in FIGURES.items():
        rows.append([label, *(_cell(t.figures[key], markdown) for t in tables)])
        if key == "first_player_wins":
            most = max(t.players for t in tables)
            for position in range(2, most + 1):
                cells = [
                    _cell(
                        t.wins_by_position[position - 1] if position <= t.players else None,
                        markdown,
                    )
                    for t in tables
                ]
                rows.append([f"the {_ordinal(position)} to play wins the game", *cells])
    return rows


def _group(tables: Sequence[StatsTable]) -> list[list[StatsTable]]:
    """Tables of one rule set together (their columns: the player counts)."""
    groups: dict[str, list[StatsTable]] = {}
    for table in tables:
        groups.setdefault(table.label, []).append(table)
    return list(groups.values())


def format_text(tables: Sequence[StatsTable]) -> str:
    """One table a rule set, a column a number of players, for a terminal."""
    blocks = []
    for group in _group(tables):
        head = ["", *(f"{t.players} players" for t in group)]
        rows = _rows(group, markdown=False)
        label_width = max(len(row[0]) for row in rows)
        width = max(len(cell) for row in [head, *rows] for cell in row[1:])
        bots = ", ".join(dict.fromkeys(group[0].bots))
        lines = [f"{group[0].label} ({bots}, seed {group[0].seed}; 95% intervals)"]
        for row in [head, *rows]:
            cells = "  ".join(f"{cell:>{width}}" for cell in row[1:])
            lines.append(f"{row[0]:<{label_width}}  {cells}".rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def format_markdown(tables: Sequence[StatsTable]) -> str:
    """The same as Markdown tables (docs/statistics.md is made of them)."""
    blocks = []
    for group in _group(tables):
        bots = ", ".join(dict.fromkeys(group[0].bots))
        lines = [
            f"### {group[0].label}",
            "",
            f"{bots}, seed {group[0].seed}; 95% intervals in brackets.",
            "",
            "| | " + " | ".join(f"{t.players} players" for t in group) + " |",
            "|---|" + "---:|" * len(group),
        ]
        for row in _rows(group, markdown=True):
            lines.append("| " + " | ".join(row) + " |")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
