"""Game records (docs/records.md): read, validate, write, and replay with the engine.

Everything here works on JSON values (``dict``/``list``/``str``), not files:
reading a file and printing belong to the interfaces. Every way a record
can be wrong raises :class:`RecordError` naming where (round, action, seat,
token) and why: reading is total, whatever JSON value it is given, and an
error quotes at most a short piece of the record (see :func:`quote`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from triominoes.core.deal import Deal
from triominoes.core.errors import (
    BadToken,
    GameOver,
    IllegalAction,
    InvalidRules,
    NotATile,
    RecordError,
    RoundOver,
    TriominoesError,
    quote,
)
from triominoes.core.game import Game, PlayedRound
from triominoes.core.round import Outcome, Round
from triominoes.core.rules import RuleSet
from triominoes.core.tiles import TileSet, tile_set

FORMAT = "triominoes-record"
VERSION = 1
_TOP_KEYS = {"format", "version", "rules", "players", "rounds", "meta", "result"}
_ROUND_KEYS = {"hands", "pool", "actions"}


@dataclass
class RoundRecord:
    deal: Deal
    actions: list[str]


@dataclass
class Record:
    rules: RuleSet
    players: list[str]
    rounds: list[RoundRecord] = field(default_factory=list)
    meta: dict[str, Any] | None = None
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        tiles = tile_set(self.rules.tile_set)
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_record(),
            "players": list(self.players),
            "rounds": [
                {
                    "hands": [[tiles.tiles[t].name for t in hand] for hand in r.deal.hands],
                    "pool": [tiles.tiles[t].name for t in r.deal.pool],
                    "actions": list(r.actions),
                }
                for r in self.rounds
            ],
        }
        if self.meta is not None:
            out["meta"] = self.meta
        if self.result is not None:
            out["result"] = self.result
        return out


# --- reading ---------------------------------------------------------------


def loads(text: str) -> Record:
    """Parse a record from JSON text."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None
    except ValueError as exc:  # bad syntax, or a number too long to convert
        raise RecordError(f"malformed JSON: {exc}") from None
    return read(data)


def read(data: object) -> Record:
    """Validate a record's structure (not its play: see :func:`replay`)."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RecordError(f"unknown record key {quote(unknown[0])}")
    if data.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"record version {_show(version)} is not supported (only {VERSION})")
    if "rules" not in data:
        raise RecordError("the record has no 'rules'")
    try:
        rules = RuleSet.from_json(data["rules"])
    except InvalidRules as exc:
        raise RecordError(f"rules: {exc}") from None
    players = data.get("players")
    if not isinstance(players, list) or not all(_is_text(p) for p in players):
        raise RecordError("'players' must be a list of names")
    if not 2 <= len(players) <= 6:
        raise RecordError(f"{len(players)} players: the game is for 2 to 6 players")
    try:
        # An override of hand_size replaces the whole field: it may leave
        # out this record's player count.
        rules.hand_size_for(len(players))
    except InvalidRules as exc:
        raise RecordError(f"rules: {exc}") from None
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    tiles = tile_set(rules.tile_set)
    parsed = [_read_round(tiles, r, number) for number, r in enumerate(rounds, 1)]
    meta = _optional_object(data, "meta")
    result = _optional_object(data, "result")
    return Record(rules, list(players), parsed, meta, result)


def _is_text(value: object) -> bool:
    """A string that can be written out again (no lone surrogates)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _show(value: object) -> str:
    """A value from the record, quoted on one line for an error message."""
    return quote(value)


def _optional_object(data: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise RecordError(f"'{key}' must be an object")
    return value


def _read_round(tiles: TileSet, data: object, number: int) -> RoundRecord:
    def fail(reason: str) -> RecordError:
        return RecordError(reason, round_number=number)

    if not isinstance(data, Mapping):
        raise fail("a round must be an object")
    unknown = sorted(set(data) - _ROUND_KEYS)
    if unknown:
        raise fail(f"unknown round key {quote(unknown[0])}")
    hands = data.get("hands")
    pool = data.get("pool")
    actions = data.get("actions", [])
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise fail("'hands' must be a list of lists of tiles")
    if not isinstance(pool, list):
        raise fail("'pool' must be a list of tiles")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("'actions' must be a list of action tokens")

    def tile_ids(names: list[Any], where: str) -> tuple[int, ...]:
        ids = []
        for name in names:
            if not isinstance(name, str):
                raise fail(f"{where}: {quote(name)} is not a tile name")
            try:
                ids.append(tiles.parse(name).id)
            except NotATile as exc:
                raise fail(f"{where}: {exc}") from None
        return tuple(ids)

    deal = Deal(
        tuple(tile_ids(hand, f"hand of seat {seat}") for seat, hand in enumerate(hands)),
        tile_ids(pool, "pool"),
    )
    return RoundRecord(deal, list(actions))


# --- replaying -------------------------------------------------------------


def replay(record: Record, *, auto_deal: bool = False) -> Game:
    """Play a record through the engine; raises RecordError where it breaks.

    The game's seed is the record's ``meta.deal_seed`` where it has one, so
    a game restored from its record deals the same rounds next; with
    ``auto_deal`` it then goes on as a game that deals by itself.
    """
    game = Game(record.rules, len(record.players), _deal_seed(record.meta), auto_deal=False)
    for number, round_record in enumerate(record.rounds, 1):
        if game.finished:
            raise RecordError("the game is already over", round_number=number)
        if not game.needs_deal:
            raise RecordError(f"round {number - 1} did not finish", round_number=number)
        if len(round_record.deal.hands) != len(record.players):
            raise RecordError(
                f"{len(round_record.deal.hands)} hands for {len(record.players)} players",
                round_number=number,
            )
        try:
            game.next_round(round_record.deal)
        except TriominoesError as exc:
            raise RecordError(str(exc), round_number=number) from None
        state = game.round
        for index, token in enumerate(round_record.actions, 1):
            seat = None if state.over else state.seat
            try:
                if game.finished:
                    raise GameOver("the game is over")
                if state.over:
                    raise RoundOver("the round is over")
                game.apply(state.seat, token)
            except (IllegalAction, BadToken) as exc:
                raise RecordError(
                    str(exc), round_number=number, action_number=index, seat=seat, token=token
                ) from None
    if record.result is not None:
        _check_result(record.result, game)
    if auto_deal:
        game.auto_deal = True
        if game.needs_deal:
            game.next_round()
    return game


def _deal_seed(meta: Mapping[str, Any] | None) -> int | None:
    seed = meta.get("deal_seed") if meta is not None else None
    return seed if type(seed) is int else None


def _check_result(result: Mapping[str, Any], game: Game) -> None:
    for key in ("totals", "winners"):
        value = result.get(key)
        if value is not None and not (
            isinstance(value, list) and all(type(v) is int for v in value)
        ):
            raise RecordError(f"result: '{key}' must be a list of whole numbers")
    totals = result.get("totals")
    winners = result.get("winners")
    if totals is not None and totals != game.totals:
        raise RecordError(
            f"the record's result says totals {_show(totals)}, the replay gives {game.totals}"
        )
    if winners is not None and set(winners) != set(game.winners):
        raise RecordError(
            f"the record's result says winners {_show(winners)}, the replay gives {game.winners}"
        )


def round_totals(played: PlayedRound) -> list[int]:
    """Cumulative totals after a round (so far, if it is unfinished)."""
    state = played.state
    award = state.end.points if state.end else (0,) * state.players
    return [
        start + points + extra
        for start, points, extra in zip(played.start_totals, state.points, award, strict=True)
    ]


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": outcome.seat,
        "action": str(outcome.action),
        "points": outcome.points,
    }
    if outcome.score is not None:
        out["bonus"] = outcome.score.to_json()
    return out


def replay_json(game: Game) -> dict[str, Any]:
    """The ``replay --json`` report (record.md)."""
    rounds = []
    for played in game.rounds:
        state = played.state
        end = state.end
        rounds.append(
            {
                "opener": state.opener,
                "actions": [outcome_json(o) for o in played.outcomes],
                "end": {
                    "reason": end.reason if end else "unfinished",
                    "winners": list(end.winners) if end else [],
                    "points": list(end.points) if end else [0] * state.players,
                },
                "totals": round_totals(played),
            }
        )
    return {
        "rounds": rounds,
        "totals": list(game.totals),
        "finished": game.finished,
        "winners": list(game.winners),
    }


def replay_steps(record: Record) -> dict[str, Any]:
    """A record step by step, for a replay viewer: after each action every
    hand, the pool's size and the totals (a record hides nothing). Raises
    RecordError like :func:`replay`."""
    replay(record)  # checks the whole record first
    tiles = tile_set(record.rules.tile_set)
    game = Game(record.rules, len(record.players), auto_deal=False)
    rounds = []
    for round_record in record.rounds:
        game.next_round(round_record.deal)
        played = game.rounds[-1]
        state = played.state

        def hands(state: Round = state) -> list[list[str]]:
            return [[t.name for t in tiles.tiles_in(h)] for h in state.hands]

        start = {"hands": hands(), "pool": len(state.pool), "totals": list(game.totals)}
        steps = []
        for token in round_record.actions:
            game.apply(state.seat, token)
            outcome = played.outcomes[-1]
            step = outcome_json(outcome)
            if outcome.drawn is not None:
                step["tile"] = outcome.drawn.name
            step.update(hands=hands(), pool=len(state.pool), totals=list(game.totals))
            steps.append(step)
        end = state.end
        rounds.append(
            {
                "opener": state.opener,
                "start": start,
                "steps": steps,
                "end": {
                    "reason": end.reason if end else "unfinished",
                    "winners": list(end.winners) if end else [],
                    "points": list(end.points) if end else [0] * state.players,
                },
            }
        )
    return {
        "rules": record.rules.to_json(),
        "players": list(record.players),
        "rounds": rounds,
        "totals": list(game.totals),
        "finished": game.finished,
        "winners": list(game.winners),
    }


def record_of(game: Game, players: list[str], meta: dict[str, Any] | None = None) -> Record:
    """The record of a game played through the engine. Where the game dealt
    every round from its seed, ``meta.deal_seed`` keeps the seed, so that the
    record also says what the next deals will be."""
    rounds = [
        RoundRecord(played.deal, [str(o.action) for o in played.outcomes]) for played in game.rounds
    ]
    if all(played.seeded for played in game.rounds):
        meta = {**(meta or {}), "deal_seed": game.seed}
    result = {"totals": list(game.totals), "winners": list(game.winners)}
    return Record(game.rules, list(players), rounds, meta, result)


def snapshot(game: Game, players: list[str] | None = None) -> dict[str, Any]:
    """The game as JSON, to :func:`restore` exactly (a record)."""
    names = players or [f"Seat {seat}" for seat in range(game.players)]
    return record_of(game, names).to_json()


def restore(data: object, *, auto_deal: bool = True) -> Game:
    """The game a :func:`snapshot` (or any record) holds, ready to go on."""
    return replay(read(data), auto_deal=auto_deal)
