"""Fast bots (issue 22): the knowledge a bot builds cheaply equals the one
rebuilt from the whole view, and seeded bots choose as they did before.

Three ways to one seat's knowledge are compared at every decision of
random games of every preset and 2 to 4 players: ``Knowledge(view)`` (the
board replayed from the view), ``Knowledge(view, previous)`` (the last
decision's board extended) and ``Knowledge.of_turn(turn_view(...))`` (the
engine's round with the hidden tiles taken out): the same public round,
legal moves, constraints and sampled worlds. Then the tournament's fast
path and its game flow play the same units, and both replay the golden
units the code before the fast path played.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from triominoes.ai.player import Player
from triominoes.ai.registry import make_player
from triominoes.core.errors import IllegalAction
from triominoes.core.game import Game
from triominoes.core.knowledge import UNSEEN, Knowledge
from triominoes.core.lattice import Cell
from triominoes.core.moves import DRAW, PASS, Move, move_tile
from triominoes.core.phases import OVER
from triominoes.core.round import Round
from triominoes.core.rules import PRESETS, RuleSet, preset
from triominoes.core.tiles import Numbers, tile_set
from triominoes.core.turn import turn_view
from triominoes.core.view import PlayerView, make_view
from triominoes.sim.fast import FastGame
from triominoes.sim.match import EndlessGame, play_game
from triominoes.sim.tournament import TournamentConfig, run_unit

GOLDEN = Path(__file__).parent.parent / "data" / "fast_bots_golden.json"
FAST_BOTS = ("random", "greedy", "heuristic", "heuristic:blunder=0.3")


def round_parts(state: Round) -> dict[str, Any]:
    """Every field of a round (its board's dicts in their order: move
    generation walks the open cells in it)."""
    board = state.board
    parts: dict[str, Any] = {name: getattr(state, name) for name in Round.__slots__}
    del parts["t"]
    parts["board"] = (
        list(board.tiles.items()),
        list(board.values.items()),
        list(board.counts.items()),
        list(board.open.items()),
    )
    parts["rules"] = state.rules
    return parts


def assert_same_knowledge(ours: Knowledge, reference: Knowledge) -> None:
    mine, theirs = ours.public_round(), reference.public_round()
    assert round_parts(mine) == round_parts(theirs)
    assert (ours.own, ours.unseen, ours.seat, ours.hand_sizes) == (
        reference.own,
        reference.unseen,
        reference.seat,
        reference.hand_sizes,
    )
    if theirs.phase != OVER:
        assert mine.legal_moves() == theirs.legal_moves()
        assert [mine.points_of(m) for m in mine.placement_moves()] == [
            theirs.points_of(m) for m in theirs.placement_moves()
        ]


def assert_consistent_world(world: Round, knowledge: Knowledge, rules_seen: Round) -> None:
    """A sampled world holds the viewer's hand, hands of the known sizes and
    exactly the unseen tiles elsewhere, on the public board."""
    seat = knowledge.seat
    assert seat is not None
    assert world.hands[seat] == knowledge.own
    assert [h.bit_count() for h in world.hands] == list(knowledge.hand_sizes)
    hidden = sum((world.pool and (1 << t for t in world.pool)) or ()) | sum(
        h for s, h in enumerate(world.hands) if s != seat
    )
    assert hidden == knowledge.unseen
    assert len(world.pool) == len(rules_seen.pool)
    assert UNSEEN not in world.pool
    assert world.board.tiles == rules_seen.board.tiles


def play_checking(rules_name: str, players: int, seed: int, rounds: int = 1) -> int:
    """Play ``rounds`` rounds with seeded bots, checking every seat's
    knowledge three ways after every action; return the checks made."""
    rng = random.Random(seed)
    rules = preset(rules_name)
    game = Game(rules, players, seed=seed, auto_deal=False)
    specs = [FAST_BOTS[(seed + s) % len(FAST_BOTS)] for s in range(players)]
    bots = [make_player(spec, seed=seed * 10 + s) for s, spec in enumerate(specs)]
    twins = [make_player(spec, seed=seed * 10 + s) for s, spec in enumerate(specs)]
    previous: list[Knowledge | None] = [None] * players
    checks = 0
    for _ in range(rounds):
        if game.finished:
            break
        game.next_round()
        state = game.round
        while True:
            for seat in range(players):
                view = game.view(seat)
                full = Knowledge(view)
                grown = Knowledge(view, previous[seat])
                cheap = Knowledge.of_turn(turn_view(state, seat))
                previous[seat] = grown
                assert_same_knowledge(grown, full)
                assert_same_knowledge(cheap, full)
                for assume in (False, True):
                    assert grown.constraints(assume) == full.constraints(assume)
                constraints = full.constraints(assume_stuck=True)
                draw = rng.randrange(1 << 30)
                worlds = [k.sample(random.Random(draw), constraints) for k in (full, grown, cheap)]
                assert round_parts(worlds[1]) == round_parts(worlds[0])
                assert round_parts(worlds[2]) == round_parts(worlds[0])
                assert_consistent_world(worlds[0], full, full.public_round())
                checks += 1
            if state.over:  # the round's end was checked too
                break
            seat = state.seat
            # The same seeded bot chooses the same from the full view and
            # from the cheap one.
            action = bots[seat].choose(game.view(seat))
            move = twins[seat].choose_turn(turn_view(state, seat))
            assert state.decode(move) == action
            game.apply(seat, action)
    return checks


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_cheap_knowledge_equals_the_replayed_one(rules_name: str) -> None:
    checks = 0
    for players in (2, 3, 4):
        checks += play_checking(rules_name, players, seed=players)
    assert checks > 100


def test_knowledge_follows_rounds_and_undos() -> None:
    """A bot kept across rounds and takebacks (the terminal's) never extends
    a board that is not where the new one started."""
    game = Game(preset("standard"), 2, seed=5)
    bot = make_player("greedy", seed=1)
    known: Knowledge | None = None
    rng = random.Random(2)
    steps = 0
    while not game.finished and steps < 400:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        known = Knowledge(view, known)
        assert_same_knowledge(known, Knowledge(view))
        if steps and rng.random() < 0.2:
            game.undo()
            if rng.random() < 0.5:
                game.undo()
        else:
            game.apply(seat, bot.choose(view))
        steps += 1
    assert len(game.rounds) > 1


def test_a_turn_view_hides_what_the_seat_cannot_see() -> None:
    game = Game(preset("standard"), 3, seed=9)
    state = game.round
    for _ in range(12):
        seat = state.seat
        turn = turn_view(state, seat)
        for other in range(3):
            expected = state.hands[seat] if other == seat else 0
            assert turn.public.hands[other] == expected
        assert turn.public.pool == [UNSEEN] * len(state.pool)
        assert turn.hand_sizes == tuple(h.bit_count() for h in state.hands)
        viewer = (seat + 1) % 3
        assert turn_view(state, viewer).public.opening_mask == 0
        moves = state.placement_moves()
        state_move = moves[0] if moves else (DRAW if state.can_draw() else PASS)
        game.apply(seat, state.decode(state_move))


def test_knowledge_of_a_turn_has_no_log() -> None:
    game = Game(preset("standard"), 2, seed=1)
    knowledge = Knowledge.of_turn(turn_view(game.round, 0))
    with pytest.raises(LookupError, match="reads_log"):
        knowledge.constraints()
    with pytest.raises(TypeError, match="reads the log"):
        make_player("ismcts").choose_turn(turn_view(game.round, 0))


def config(entrants: tuple[str, ...], rules: str, unit: str, seed: int) -> dict[str, Any]:
    return TournamentConfig(entrants=entrants, rules=rules, units=8, unit=unit, seed=seed).to_json()


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_fast_path_and_game_flow_play_the_same_units(rules_name: str) -> None:
    for players in (2, 3, 4):
        entrants = tuple(FAST_BOTS[(players + s) % len(FAST_BOTS)] for s in range(players))
        for unit, count in (("round", players), ("game", 1 if players == 2 else 0)):
            data = config(entrants, rules_name, unit, seed=11)
            for index in range(count):
                fast = run_unit(data, index)
                flow = run_unit(data, index, keep_record=True)
                del flow["record"]
                assert fast == flow


def golden_units() -> dict[str, Any]:
    units: dict[str, Any] = json.loads(GOLDEN.read_text())["units"]
    return units


def golden_config(key: str) -> tuple[dict[str, Any], int]:
    parts = key.split("/")
    if parts[1] == "game":
        return config(("random", "greedy", "heuristic"), parts[0], "game", seed=3), 0
    rules_name, entrants, unit, index = parts
    return config(tuple(entrants.split("+")), rules_name, unit, seed=7), int(index)


@pytest.mark.parametrize("key", sorted(golden_units()))
def test_seeded_bots_play_as_before_the_fast_path(key: str) -> None:
    expected = golden_units()[key]
    data, index = golden_config(key)
    flow = run_unit(data, index, keep_record=True)
    record = flow.pop("record")
    assert [r["actions"] for r in record["rounds"]] == expected["actions"]
    assert flow == expected["result"]
    assert run_unit(data, index) == expected["result"]


class Cheater(Player):
    """Places a tile it does not hold where one of its own would go: the
    fast path rejects it as the game flow does."""

    name = "cheater"
    reads_log = False

    def choose_move(self, state: Round, knowledge: Knowledge) -> Move:
        moves = state.placement_moves()
        if not moves:
            return DRAW if state.can_draw() else PASS
        held = state.hands[state.seat]
        foreign = next(t for t in range(56) if not held >> t & 1)
        return moves[0] - move_tile(moves[0]) + foreign


def test_the_fast_path_checks_every_move() -> None:
    game = FastGame(preset("standard"), 2, seed=1)
    with pytest.raises(IllegalAction, match=r"\(cheater\) chose .*: tile .* is not in seat"):
        game.play_round([Cheater(), Cheater()])
    garbage = make_player("random")
    garbage.choose_move = lambda state, knowledge: 10**9  # type: ignore[method-assign]
    with pytest.raises(IllegalAction, match=r"seat 0 \(random\) chose"):
        FastGame(preset("standard"), 2, seed=1).play_round([garbage, garbage])


def test_an_endless_fast_game_stops_as_the_flow_does() -> None:
    rules = preset("standard").with_overrides(target_score=10**6)
    bots = [make_player("random", seed=1), make_player("random", seed=2)]
    with pytest.raises(EndlessGame, match="no one reached") as fast:
        FastGame(rules, 2, seed=4).play_game(bots, max_actions=300)
    bots = [make_player("random", seed=1), make_player("random", seed=2)]
    with pytest.raises(EndlessGame, match="no one reached") as flow:
        play_game(Game(rules, 2, seed=4, auto_deal=False), bots, max_actions=300)
    assert str(fast.value) == str(flow.value)


def test_views_of_other_games_do_not_mix() -> None:
    """A player asked about two games in turn (one bot object at two tables)
    decides for each as a fresh player would."""
    games = [Game(preset("standard"), 2, seed=s) for s in (1, 2)]
    shared = make_player("greedy")
    for _ in range(20):
        for game in games:
            seat = game.to_move
            if seat is None:
                continue
            view: PlayerView = game.view(seat)
            action = shared.choose(view)
            assert action == make_player("greedy").choose(view)
            game.apply(seat, action)


def view_of(rules: RuleSet, placements: list[tuple[Cell, Numbers]]) -> PlayerView:
    """Seat 0's view of a position with these placements."""
    tiles = tile_set(rules.tile_set)
    laid = {tile.id for _, numbers in placements if (tile := tiles.find(numbers)) is not None}
    rest = [t for t in range(tiles.size) if t not in laid]
    state = Round.setup(rules, placements, [rest[:7], rest[7:14]], rest[14:])
    return make_view(
        state, [], 0, round_number=1, totals=(0, 0), last_round=False, finished=False, winners=()
    )


def test_a_board_is_extended_only_under_the_same_rules() -> None:
    """The same numbers are another tile in another tile set: a board from a
    game under other rules is never extended."""
    placements: list[tuple[Cell, Numbers]] = [((0, 0), (5, 5, 5)), ((1, 0), (5, 4, 5))]
    standard = preset("standard")
    extended = standard.with_overrides(tile_set="extended76")
    before = Knowledge(view_of(standard, placements[:1]))
    view = view_of(extended, placements)
    assert_same_knowledge(Knowledge(view, before), Knowledge(view))
