"""The game flow API every client stands on: Game.apply(seat, action) and
its events, typed errors with codes, snapshots, undo."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from triominoes import core
from triominoes.core.actions import Draw, Pass, Place
from triominoes.core.errors import (
    ERRORS,
    BadToken,
    GameOver,
    IllegalAction,
    NoSuchSeat,
    NothingToUndo,
    NotYourTurn,
    RoundNotOver,
    RoundOver,
    TriominoesError,
)
from triominoes.core.events import (
    ActionTaken,
    Event,
    GameEnded,
    RoundDealt,
    RoundEnded,
    TileDrawn,
    seen_by,
)
from triominoes.core.game import Game
from triominoes.core.moves import DRAW, PASS
from triominoes.core.record import record_of, replay, replay_json, restore, snapshot
from triominoes.core.rules import PRESETS, RuleSet

SRC = Path(__file__).parent.parent.parent / "src" / "triominoes"


def short(name: str) -> RuleSet:
    rules = PRESETS[name]
    return rules.with_overrides(target_score=200) if rules.target_score else rules


def random_action(game: Game, rng: random.Random) -> core.Action:
    """A random legal action, drawing and passing now and then when allowed."""
    moves = game.round.legal_moves()
    others = [m for m in moves if m in (DRAW, PASS)]
    if others and rng.random() < 0.3:
        return game.round.decode(others[0])
    return game.round.decode(rng.choice(moves))


def play_out(game: Game, rng: random.Random, limit: int = 100_000) -> list[Event]:
    events: list[Event] = []
    while not game.finished and limit:
        if game.needs_deal:
            events.extend(game.next_round())
        seat = game.to_move
        assert seat is not None
        events.extend(game.apply(seat, random_action(game, rng)))
        limit -= 1
    return events


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_event_kind_under_every_preset(name: str) -> None:
    kinds: set[type] = set()
    every = {ActionTaken, TileDrawn, RoundEnded, GameEnded, RoundDealt}
    for seed in range(200):
        if seed >= 6 and kinds >= every - ({RoundDealt} if name == "german" else set()):
            break
        rng = random.Random(seed)
        game = Game(short(name), players=2 + seed % 3, seed=seed)
        events = play_out(game, rng)
        kinds |= {type(e) for e in events}
        # Events tell the whole game: points add up to the totals.
        totals = [0] * game.players
        for event in events:
            if isinstance(event, ActionTaken):
                totals[event.seat] += event.points
            elif isinstance(event, RoundEnded):
                for seat, points in enumerate(event.awards):
                    totals[seat] += points
                assert list(event.totals) == totals
        assert totals == game.totals
        assert isinstance(events[-1], GameEnded)
        assert list(events[-1].winners) == game.winners
        # Every event is JSON.
        for event in events:
            assert json.loads(json.dumps(event.to_json()))["type"]
    # Round 1 is dealt on construction; later deals come as events (german: one round).
    assert kinds == every - ({RoundDealt} if name == "german" else set())


def test_auto_deal_deals_the_next_round_in_the_same_apply() -> None:
    rng = random.Random(1)
    game = Game(short("standard"), players=2, seed=1)
    while True:
        events = game.apply(game.round.seat, random_action(game, rng))
        if any(isinstance(e, RoundEnded) for e in events):
            break
    if not game.finished:
        assert isinstance(events[-1], RoundDealt)
        assert events[-1].round == 2 == len(game.rounds)
        assert game.to_move == game.round.opener


def test_without_auto_deal_the_game_waits_between_rounds() -> None:
    rng = random.Random(2)
    game = Game(short("czech"), players=3, seed=2, auto_deal=False)
    assert game.needs_deal and game.to_move is None
    with pytest.raises(RoundOver):
        game.apply(0, Draw())
    (dealt,) = game.next_round()
    assert isinstance(dealt, RoundDealt) and dealt.round == 1
    with pytest.raises(RoundNotOver):
        game.next_round()
    while not game.needs_deal:
        game.apply(game.round.seat, random_action(game, rng))
    assert game.to_move is None
    view = game.view(0)
    assert view.round_end is not None and view.to_move is None
    with pytest.raises(RoundOver) as caught:
        game.apply(0, Pass())
    assert caught.value.code == "round-over"


def test_an_out_of_turn_action_is_its_own_error_and_changes_nothing() -> None:
    game = Game(short("standard"), players=3, seed=4)
    before = json.dumps(snapshot(game))
    seat = game.round.seat
    action = game.round.decode(game.round.legal_moves()[0])
    for other in range(3):
        if other == seat:
            continue
        with pytest.raises(NotYourTurn) as caught:
            game.apply(other, action)
        assert caught.value.code == "not-your-turn"
        assert caught.value.params == {"to_move": seat, "seat": other}
    with pytest.raises(NoSuchSeat):
        game.apply(3, action)
    # An illegal placement by the right seat is another error.
    with pytest.raises(IllegalAction) as illegal:
        game.apply(seat, Place((5, 5), (0, 0, 0)))
    assert illegal.value.code == "illegal-placement"
    with pytest.raises(BadToken) as bad:
        game.apply(seat, "555@x")
    assert bad.value.code == "bad-token"
    assert json.dumps(snapshot(game)) == before
    game.apply(seat, str(action))  # a record token works as well as an Action


def test_after_the_game_every_action_is_game_over() -> None:
    game = Game(short("german"), players=2, seed=5)
    play_out(game, random.Random(5))
    with pytest.raises(GameOver) as caught:
        game.apply(0, Pass())
    assert caught.value.code == "game-over"
    with pytest.raises(GameOver):
        game.next_round()


def test_error_codes_are_unique_and_exported() -> None:
    codes = [error.code for error in ERRORS]
    assert len(codes) == len(set(codes))
    for error in ERRORS:
        assert issubclass(error, ValueError)
        assert issubclass(error, TriominoesError)
        assert getattr(core, error.__name__) is error
    for code in ("not-your-turn", "illegal-placement", "cannot-draw", "cannot-pass"):
        assert code in codes
    for code in ("game-over", "bad-token", "bad-record"):
        assert code in codes


def test_drawn_tiles_only_in_the_drawing_seats_copy() -> None:
    game = Game(short("standard"), players=3, seed=6)
    events = play_out(game, random.Random(6))
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert drawn
    for viewer in [None, 0, 1, 2]:
        for event in seen_by(drawn, viewer):
            assert isinstance(event, TileDrawn)
            assert (event.tile is not None) == (event.seat == viewer)
    deals = [e for e in events if isinstance(e, RoundDealt)]
    for viewer in [None, 0, 1, 2]:
        for dealt in seen_by(deals, viewer):
            assert isinstance(dealt, RoundDealt)
            assert [h is not None for h in dealt.hands] == [s == viewer for s in range(3)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_snapshot_restore_continues_identically(name: str) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        game = Game(short(name), players=2 + seed, seed=seed)
        for _ in range(40 + 25 * seed):
            if game.finished:
                break
            game.apply(game.round.seat, random_action(game, rng))
        if game.finished:
            continue
        data = json.loads(json.dumps(snapshot(game)))
        twin = restore(data)
        assert twin.view(None) == game.view(None)
        assert all(twin.view(s) == game.view(s) for s in range(game.players))
        # The same actions from here give the same game, deals of later rounds included.
        play_out(game, random.Random(seed + 100))
        play_out(twin, random.Random(seed + 100))
        assert replay_json(twin) == replay_json(game)
        assert [r.deal for r in twin.rounds] == [r.deal for r in game.rounds]


def test_undo_gives_the_state_before() -> None:
    for name in PRESETS:
        rng = random.Random(7)
        game = Game(short(name), players=3, seed=7)
        history = [json.dumps(snapshot(game))]
        views = [[game.view(s) for s in (None, 0, 1, 2)]]
        while not game.finished and len(history) < 250:
            action = random_action(game, rng)
            game.apply(game.round.seat, action)
            history.append(json.dumps(snapshot(game)))
            views.append([game.view(s) for s in (None, 0, 1, 2)])
        while len(history) > 1:
            history.pop()
            views.pop()
            game.undo()
            assert json.dumps(snapshot(game)) == history[-1]
            assert [game.view(s) for s in (None, 0, 1, 2)] == views[-1]
        with pytest.raises(NothingToUndo):
            game.undo()


def test_a_record_keeps_the_deal_seed_so_a_replay_deals_the_same_rounds() -> None:
    game = Game(short("standard"), players=2, seed=11)
    play_out(game, random.Random(11))
    record = record_of(game, ["A", "B"])
    assert record.meta is not None and record.meta["deal_seed"] == 11
    again = replay(record)
    assert again.seed == 11
    assert record_of(again, ["A", "B"]).to_json() == record.to_json()


def test_move_bits_live_in_one_module() -> None:
    """No shifts or masks of the packed move outside moves.py."""
    patterns = ("<< 9", ">> 9", "& 127", "<< 7", ">> 7")
    for path in SRC.rglob("*.py"):
        if path.name == "moves.py":
            continue
        text = path.read_text()
        for pattern in patterns:
            assert pattern not in text, f"{path.relative_to(SRC)} has {pattern!r}"
