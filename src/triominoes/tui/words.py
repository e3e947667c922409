"""What the terminal game says: actions, bonuses, narration and summaries.

Shared by the Textual app and the plain mode, so that both tell a game in
the same words (in the player's language, see :mod:`text`). Narration is
built from the engine's events as the viewer may see them.
"""

from __future__ import annotations

from collections.abc import Sequence

from triominoes.core.actions import Action, Draw, Place
from triominoes.core.events import (
    ActionTaken,
    Event,
    RoundDealt,
    TileDrawn,
    seen_by,
)
from triominoes.core.rules import RuleSet
from triominoes.core.scoring import Score
from triominoes.core.tiles import TileSet, tile_name
from triominoes.core.view import LegalAction, LogEntry, PlayerView, RoundSummary
from triominoes.tui.table import RoundResult, Seat
from triominoes.tui.text import N_, _, ngettext

SHAPES = {
    1: N_("hexagon"),
    2: N_("double hexagon"),
    3: N_("triple hexagon"),
}


def names_of(seats: Sequence[Seat]) -> list[str]:
    return [seat.name for seat in seats]


def default_names(kinds: Sequence[str]) -> list[str]:
    """Names for seats nobody named: "You" alone, "Player N" at a hot seat,
    "Bot N (level)" for bots (N counts seats from 1)."""
    humans = sum(kind == "human" for kind in kinds)
    names = []
    for number, kind in enumerate(kinds, 1):
        if kind == "human":
            names.append(_("You") if humans == 1 else _("Player {n}").format(n=number))
        else:
            level = kind.partition(":")[2]
            names.append(_("Bot {n} ({level})").format(n=number, level=level))
    return names


def bonuses(score: Score | None) -> list[str]:
    """The bonuses of a placement, named: "opening +10", "bridge +40"."""
    if score is None:
        return []
    out = []
    if score.opening_bonus:
        out.append(_("opening +{points}").format(points=score.opening_bonus))
    if score.shape_bonus:
        if score.hexagons:
            shape = _(SHAPES[score.hexagons])
        elif score.bridge:
            shape = _("bridge")
        else:
            shape = _("two-sided")
        out.append(f"{shape} +{score.shape_bonus}")
    if score.corner:
        out.append(_("corner only"))
    return out


def points_text(points: int, score: Score | None = None) -> str:
    """ "54 (bridge +40)", "-5"."""
    named = bonuses(score)
    return f"{points} ({', '.join(named)})" if named else str(points)


def tile_text(tiles: TileSet, action: Place) -> str:
    tile = tiles.find(action.corners)
    return tile.name if tile is not None else tile_name(action.corners)


def cell_text(action: Place) -> str:
    q, r = action.cell
    return f"{q},{r}"


def action_text(tiles: TileSet, action: Action) -> str:
    """An action in words: "2-4-5 at 3,0", "draw", "pass"."""
    if isinstance(action, Place):
        return _("{tile} at {cell}").format(tile=tile_text(tiles, action), cell=cell_text(action))
    if isinstance(action, Draw):
        return _("draw")
    return _("pass")


def legal_line(tiles: TileSet, legal: LegalAction) -> str:
    """One legal action for the list: token, words, points and bonuses."""
    token = str(legal.action)
    what = action_text(tiles, legal.action)
    return f"{token:<10} {what:<16} {points_text(legal.points, legal.score)}"


def narrate(
    events: Sequence[Event], seats: Sequence[Seat], viewer: int | None, tiles: TileSet
) -> list[str]:
    """What happened in the round, one sentence per event, as ``viewer``
    may see it (the viewer's own actions in the second person)."""
    names = names_of(seats)
    out: list[str] = []
    seen = seen_by(events, viewer)
    for index, event in enumerate(seen):
        if isinstance(event, RoundDealt):
            if event.opener == viewer:
                text = _("Round {round} dealt; you open.")
            else:
                text = _("Round {round} dealt; {name} opens.")
            out.append(text.format(round=event.round, name=names[event.opener]))
        elif isinstance(event, ActionTaken):
            you = event.seat == viewer
            fields = {"name": names[event.seat], "points": event.points}
            action = event.action
            if isinstance(action, Place):
                if you:
                    text = _("You placed {tile} at {cell}: {points}.")
                else:
                    text = _("{name} placed {tile} at {cell}: {points}.")
                fields.update(
                    tile=tile_text(tiles, action),
                    cell=cell_text(action),
                    points=points_text(event.points, event.score),
                )
            elif isinstance(action, Draw):
                after = seen[index + 1] if index + 1 < len(seen) else None
                drawn = after.tile if isinstance(after, TileDrawn) else None
                if drawn is not None:  # only the viewer's own draw shows the tile
                    text = _("You drew {tile} ({points}).")
                    fields["tile"] = drawn.name
                elif you:
                    text = _("You drew a tile ({points}).")
                else:
                    text = _("{name} drew a tile ({points}).")
            else:
                text = _("You passed ({points}).") if you else _("{name} passed ({points}).")
            out.append(text.format(**fields))
        # A round's and the game's end are told by their summaries.
    return out


def round_end_sentence(
    reason: str, winners: Sequence[int], names: Sequence[str], viewer: int | None = None
) -> str:
    if reason == "out":
        if list(winners) == [viewer]:
            return _("Round over: you went out.")
        return _("Round over: {name} went out.").format(name=", ".join(names[s] for s in winners))
    return _("Round over: blocked; best hand {names}.").format(
        names=", ".join(names[s] for s in winners)
    )


def game_end_sentence(
    winners: Sequence[int], names: Sequence[str], viewer: int | None = None
) -> str:
    if list(winners) == [viewer]:
        return _("Game over. You won!")
    return _("Game over. Winner: {names}.").format(names=", ".join(names[s] for s in winners))


def rules_line(rules: RuleSet) -> str:
    if rules.target_score is None:
        return _("{rules} rules, one round").format(rules=rules.name)
    return _("{rules} rules, game to {target}").format(rules=rules.name, target=rules.target_score)


def status_line(view: PlayerView, seats: Sequence[Seat]) -> str:
    """Whose move it is, the round and the pool."""
    parts = [_("Round {round}").format(round=view.round)]
    if view.to_move is not None and view.to_move == view.seat:
        parts.append(_("your move"))
    elif view.to_move is not None:
        parts.append(_("{name} to move").format(name=seats[view.to_move].name))
    parts.append(_("pool {count}").format(count=view.pool))
    if view.last_round:
        parts.append(_("last round"))
    return " · ".join(parts)


def addressed(view: PlayerView, seats: Sequence[Seat]) -> int | None:
    """The seat a summary may call "you": the one human at this terminal."""
    humans = [s for s, seat in enumerate(seats) if seat.human]
    return view.seat if humans == [view.seat] else None


def summary_lines(summary: RoundSummary, view: PlayerView, seats: Sequence[Seat]) -> list[str]:
    """A round's summary: how it ended, the awards, every hand, the totals."""
    names = names_of(seats)
    lines = [round_end_sentence(summary.reason, summary.winners, names, addressed(view, seats))]
    for seat, name in enumerate(names):
        hand = " ".join(t.name for t in summary.hands[seat]) or "—"
        award = summary.points[seat]
        lines.append(
            _("{name}: award {award}, hand {hand}, total {total}").format(
                name=name, award=f"{award:+d}", hand=hand, total=view.totals[seat]
            )
        )
    return lines


def history_lines(history: Sequence[RoundResult], seats: Sequence[Seat]) -> list[str]:
    """Each finished round: what every seat got from it."""
    lines = []
    for result in history:
        points = ", ".join(
            f"{seat.name} {p:+d}" for seat, p in zip(seats, result.points, strict=True)
        )
        lines.append(_("Round {round}: {points}").format(round=result.round, points=points))
    return lines


def tiles_count(count: int) -> str:
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def log_line(entry: LogEntry, seats: Sequence[Seat], tiles: TileSet) -> str:
    """One action of the round's log: "Bot 2 (easy): 2-4-5 at 3,0 · 54 (bridge +40)"."""
    return f"{seats[entry.seat].name}: {action_text(tiles, entry.action)} · " + points_text(
        entry.points, entry.score
    )


def choice_line(
    legal: LegalAction | None, tiles: TileSet, cell: tuple[int, int], rotation: tuple[int, int]
) -> str:
    """The chosen placement and what it scores; ``cell`` and ``rotation``
    are (number from 1, how many)."""
    if legal is None:
        return ""
    where = _("cell {index} of {count}").format(index=cell[0], count=cell[1])
    if rotation[1] > 1:
        where += ", " + _("rotation {index} of {count}").format(
            index=rotation[0], count=rotation[1]
        )
    return _("{action} ({where}): {points}").format(
        action=action_text(tiles, legal.action),
        where=where,
        points=points_text(legal.points, legal.score),
    )


def server_keeps_it() -> str:
    return _("The server keeps this game; its record is saved here when the game is over.")


def come_back_line(url: str) -> str:
    """How to come back to a seat on a server after leaving it."""
    return _("Your seat stays yours; come back with: triominoes play --join {url}").format(url=url)
