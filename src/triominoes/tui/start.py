"""Setting a table up from the command line's words: seats, a new game or a
saved one."""

from __future__ import annotations

import getpass
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from triominoes.ai.registry import make_player
from triominoes.core.events import Event
from triominoes.core.record import read, replay
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from triominoes.tui.table import BOT, HUMAN, LocalTable, Seat, Table
from triominoes.tui.words import default_names

DEFAULT_BOT = "medium"


class SetupError(ValueError):
    """Options that do not make a table (one line for the user)."""


def seat_kinds(players: int | None, bots: Sequence[str], seats: Sequence[str]) -> list[str]:
    """The seats as server.md's SEAT words: ``--seat`` lists them all;
    else seat 0 is you and the others are ``--bot`` levels (in turn, like
    ``selfplay``; ``medium`` by default)."""
    if seats and bots:
        raise SetupError("give --seat or --bot, not both")
    if seats:
        kinds = [_seat_kind(text) for text in seats]
        if players is not None and players != len(kinds):
            raise SetupError(f"{len(kinds)} seats for --players {players}")
    else:
        levels = list(bots) or [DEFAULT_BOT]
        count = players if players is not None else 1 + len(levels)
        if len(levels) > count - 1:
            raise SetupError(f"{len(levels)} bots for {count} players (give --players)")
        kinds = [HUMAN] + [BOT + levels[s % len(levels)] for s in range(count - 1)]
    if not MIN_PLAYERS <= len(kinds) <= MAX_PLAYERS:
        raise SetupError(f"{len(kinds)} seats: a game has {MIN_PLAYERS} to {MAX_PLAYERS}")
    if HUMAN not in kinds:
        raise SetupError("no human seat: give --seat human (or see selfplay for bot games)")
    return kinds


def _seat_kind(text: str) -> str:
    text = text.strip()
    if text == HUMAN:
        return HUMAN
    spec = text[len(BOT) :] if text.startswith(BOT) else text
    try:
        make_player(spec)
    except ValueError as exc:
        raise SetupError(f"--seat {text!r}: {exc} (or human)") from None
    return BOT + spec


def _check_bots(kinds: Sequence[str]) -> None:
    for kind in kinds:
        if kind.startswith(BOT):
            try:
                make_player(kind[len(BOT) :])
            except ValueError as exc:
                raise SetupError(str(exc)) from None


@dataclass
class Setup:
    table: Table
    opening: list[Event]
    save_path: Path
    resumed: bool = False
    """A saved game goes on: leaving saves it again and says where, even
    if nothing was played here since."""


def join_game(url: str, name: str | None, save: Path | None) -> Setup:
    """A seat at a table on a server (its record is saved here once the game is over)."""
    from triominoes.tui.remote import JoinError, RemoteTable

    try:
        table = RemoteTable.join(url, name or default_name())
    except JoinError as exc:
        raise SetupError(str(exc)) from None
    return Setup(table, [], save or default_save_path())


def default_name() -> str:
    try:
        return getpass.getuser()[:32] or "Player"
    except (OSError, KeyError):
        return "Player"


def new_game(rules: RuleSet, kinds: Sequence[str], seed: int | None, save: Path | None) -> Setup:
    _check_bots(kinds)
    rules.hand_size_for(len(kinds))
    names = default_names(kinds)
    seats = [Seat(kind, name) for kind, name in zip(kinds, names, strict=True)]
    table, opening = LocalTable.new(
        rules, seats, seed if seed is not None else secrets.randbits(32)
    )
    return Setup(table, opening, save or default_save_path())


def resume_game(path: Path, kinds: Sequence[str] | None, save: Path | None) -> Setup:
    """A saved game: the record's rules and deals, its seats unless given."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SetupError(f"{path}: malformed JSON: {exc!s:.200}") from None
    record = read(data)
    game = replay(record, auto_deal=False)
    if kinds is None:
        meta = record.meta or {}
        saved = meta.get("seats")
        if (
            isinstance(saved, list)
            and len(saved) == game.players
            and all(isinstance(k, str) for k in saved)
        ):
            kinds = [HUMAN if k == HUMAN else _seat_kind(k) for k in saved]
        else:
            kinds = [HUMAN] + [BOT + DEFAULT_BOT] * (game.players - 1)
    if len(kinds) != game.players:
        raise SetupError(f"{len(kinds)} seats for a game of {game.players} players")
    if HUMAN not in kinds:
        raise SetupError("no human seat: give --seat human")
    _check_bots(kinds)
    seats = [Seat(kind, name) for kind, name in zip(kinds, record.players, strict=True)]
    table = LocalTable(game, seats, bot_seed=game.seed + sum(len(r.outcomes) for r in game.rounds))
    if game.needs_deal and not game.rounds:
        return Setup(table, game.next_round(), save or path, resumed=True)
    return Setup(table, [], save or path, resumed=True)


def default_save_path() -> Path:
    return Path(f"triominoes-{datetime.now():%Y%m%d-%H%M%S}.json")
