"""Quick match: which waiting players sit down together, as a function of
the tickets waiting and the time.

Tickets are matched only with tickets of the same **bucket** (pool, number
of players, rules, rated or not) and of near rating: each ticket accepts
ratings within its **window** of its own, 100 points at first, widening
by 10 points a second of waiting up to 800. A group of players sits down
when every two of them accept each other (the group's spread of ratings
is within the narrowest of their windows). Within a bucket, tickets are
taken in order of rating, so a group is always players next to each
other on the scale.

A ticket that allows bots (``bots_after``) and has waited that long is
seated with the other waiting tickets of its bucket that allow bots,
nearest first, as long as every two of them accept each other, and bots
fill the other seats: the level whose rating in the pool is nearest the
people's mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

WINDOW_FIRST = 100.0
WINDOW_GROWTH = 10.0
"""Points a second."""
WINDOW_MOST = 800.0


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    player: str
    """Who waits (one ticket per player: a newer one replaces the older)."""
    pool: str
    players: int
    rules: str
    rated: bool
    rating: int
    """The player's displayed rating in the pool."""
    since: float
    bots_after: float | None = None
    """Seconds after which bots may fill the table; None: people only."""
    name: str = ""
    """The player's name, to seat them by."""

    @property
    def bucket(self) -> tuple[str, int, str, bool]:
        return (self.pool, self.players, self.rules, self.rated)

    def window(self, now: float) -> float:
        """The ratings this ticket accepts: its own, plus or minus this."""
        waited = max(0.0, now - self.since)
        return min(WINDOW_MOST, WINDOW_FIRST + WINDOW_GROWTH * waited)

    def bots_due(self, now: float) -> bool:
        return self.bots_after is not None and now - self.since >= self.bots_after


@dataclass(frozen=True, slots=True)
class Match:
    """A table to seat: these tickets' players and bots of these levels."""

    tickets: tuple[Ticket, ...]
    bots: tuple[str, ...] = ()

    @property
    def seats(self) -> int:
        return len(self.tickets) + len(self.bots)


def match(
    tickets: Sequence[Ticket], now: float, bots: Mapping[str, Mapping[str, int]] | None = None
) -> list[Match]:
    """The tables to seat now. ``bots``: each pool's bot levels and their
    displayed ratings (no bots, no filling)."""
    newest: dict[str, Ticket] = {}
    for ticket in tickets:
        known = newest.get(ticket.player)
        if known is None or ticket.since >= known.since:
            newest[ticket.player] = ticket
    buckets: dict[tuple[str, int, str, bool], list[Ticket]] = {}
    for ticket in newest.values():
        buckets.setdefault(ticket.bucket, []).append(ticket)
    found: list[Match] = []
    for (pool, players, _, _), waiting in buckets.items():
        waiting.sort(key=lambda t: (t.rating, t.since, t.id))
        left = _people(waiting, players, now, found)
        levels = (bots or {}).get(pool)
        if levels:
            _with_bots(left, players, now, levels, found)
    return found


def _fits(group: Sequence[Ticket], now: float) -> bool:
    spread = group[-1].rating - group[0].rating
    return spread <= min(t.window(now) for t in group)


def _people(waiting: list[Ticket], players: int, now: float, found: list[Match]) -> list[Ticket]:
    """Groups of people only, neighbours on the scale; returns those left."""
    left: list[Ticket] = []
    i = 0
    while i + players <= len(waiting):
        group = waiting[i : i + players]
        if _fits(group, now):
            found.append(Match(tuple(group)))
            i += players
        else:
            left.append(waiting[i])
            i += 1
    left.extend(waiting[i:])
    return left


def _with_bots(
    left: list[Ticket], players: int, now: float, levels: Mapping[str, int], found: list[Match]
) -> None:
    seated: set[str] = set()
    for first in sorted((t for t in left if t.bots_due(now)), key=lambda t: (t.since, t.id)):
        if first.id in seated:
            continue
        group = [first]
        nearest = sorted(
            (
                t
                for t in left
                if t.id not in seated and t.id != first.id and t.bots_after is not None
            ),
            key=lambda t: (abs(t.rating - first.rating), t.since, t.id),
        )
        for other in nearest:
            if len(group) == players:
                break
            wider = sorted([*group, other], key=lambda t: t.rating)
            if _fits(wider, now):
                group = wider
        seated.update(t.id for t in group)
        mean = sum(t.rating for t in group) / len(group)
        level = min(levels, key=lambda name: (abs(levels[name] - mean), name))
        found.append(Match(tuple(group), (level,) * (players - len(group))))
