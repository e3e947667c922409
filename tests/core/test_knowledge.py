"""What a seat knows from its view: the public round, unseen tiles, what
public play reveals (a seat that drew or passed was stuck), sampled worlds."""

from __future__ import annotations

import random

import pytest

from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw, Pass
from triominoes.core.game import Game
from triominoes.core.knowledge import UNSEEN, HandConstraint, Knowledge
from triominoes.core.moves import DRAW, move_tile
from triominoes.core.rules import PRESETS, preset
from triominoes.core.view import PlayerView


def hand_constraints(view: PlayerView, assume_stuck: bool = False) -> list[HandConstraint]:
    return Knowledge(view).constraints(assume_stuck)


def stuck_constraints(view: PlayerView) -> list[HandConstraint]:
    return Knowledge(view).stuck_constraints()


def test_a_stuck_seat_holds_tiles_that_fitted_nowhere() -> None:
    checked = 0
    for seed in range(40):
        game = Game(preset("pressman"), players=2, seed=seed)  # draws are always forced
        state = game.round
        bots = [make_player("greedy"), make_player("greedy")]
        held_when_stuck: int | None = None
        while not state.over:
            seat = state.seat
            action = bots[seat].choose(game.view(seat))
            if seat == 1 and isinstance(action, Draw | Pass):
                held_when_stuck = state.hands[1]  # what it held when last stuck
            game.apply(seat, action)
            if held_when_stuck is not None and state.seat == 0 and not state.over:
                break
        if held_when_stuck is None or state.over:
            continue
        view = game.view(0)
        (rule,) = stuck_constraints(view)
        assert rule.seat == 1
        # The truth: everything seat 1 held when stuck fitted nowhere then.
        assert held_when_stuck & ~rule.mask == 0
        still_held = held_when_stuck & state.hands[1]
        assert rule.count <= still_held.bit_count()
        rng = random.Random(seed)
        for _ in range(10):
            det = Knowledge(view).sample(rng, [rule])
            assert (det.hands[1] & rule.mask).bit_count() >= rule.count
            assert det.hands[1].bit_count() == state.hands[1].bit_count()
            assert det.hands[0] == state.hands[0]
        checked += 1
    assert checked >= 10


def test_no_constraint_without_draws_or_passes() -> None:
    game = Game(preset("standard"), players=3, seed=1)
    state = game.round
    game.apply(state.seat, state.decode(state.placement_moves()[0]))
    assert hand_constraints(game.view(state.seat)) == []


def test_under_voluntary_drawing_draws_prove_nothing_unless_assumed() -> None:
    for seed in range(30):
        game = Game(preset("standard"), players=2, seed=seed)
        state = game.round
        bots = [make_player("heuristic"), make_player("heuristic")]
        while not state.over:
            game.apply(state.seat, bots[state.seat].choose(game.view(state.seat)))
            view = game.view(0)
            if state.seat == 0 and stuck_constraints(view):
                kinds = hand_constraints(view)
                assumed = hand_constraints(view, assume_stuck=True)
                assert len(assumed) > len(kinds)
                return
    raise AssertionError("no seat drew")


def test_kept_count_follows_later_draws_and_placements() -> None:
    """Seat 1 gets stuck, then draws and places more: the count of tiles it
    still holds from when it was stuck never exceeds the truth."""
    violations = checked = 0
    for seed in range(60):
        game = Game(preset("czech"), players=3, seed=seed)
        state = game.round
        bots = [make_player("greedy") for _ in range(3)]
        held: dict[int, int] = {}
        while not state.over:
            seat = state.seat
            action = bots[seat].choose(game.view(seat))
            if isinstance(action, Draw | Pass):
                held[seat] = state.hands[seat]
            game.apply(seat, action)
            if state.over or state.seat != 0:
                continue
            for rule in stuck_constraints(game.view(0)):
                truth = (held[rule.seat] & state.hands[rule.seat]).bit_count()
                checked += 1
                violations += rule.count > truth or held[rule.seat] & ~rule.mask != 0
    assert checked > 100
    assert violations == 0


def random_play(rules_name: str, players: int, seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game(PRESETS[rules_name], players, seed=seed)
    state = game.round
    for _ in range(steps):
        if state.over:
            break
        moves = state.legal_moves()
        game.apply(state.seat, state.decode(moves[rng.randrange(len(moves))]))
    return game


@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_the_public_round_is_the_round_without_its_hidden_tiles(rules_name: str) -> None:
    for seed in range(12):
        game = random_play(rules_name, 2 + seed % 5, seed, 5 + seed * 3)
        state = game.round
        for viewer in [None, *range(state.players)]:
            public = Knowledge(game.view(viewer)).public_round()
            assert public.board.tiles == state.board.tiles
            assert public.board.open == state.board.open
            assert public.live == state.live
            assert public.avail == state.avail
            for slot in ("seat", "draws", "passes", "points", "opener", "phase", "end"):
                if slot != "seat" or not state.over:
                    assert getattr(public, slot) == getattr(state, slot), slot
            assert public.final_turns == (state.final_turns if not state.over else 0)
            assert public.triples == state.triples
            assert public.pool == [UNSEEN] * len(state.pool)
            for seat, hand in enumerate(public.hands):
                assert hand == (state.hands[seat] if seat == viewer else 0)
            if viewer == state.seat and not state.over:
                assert public.legal_moves() == state.legal_moves()
                assert [public.points_of(m) for m in public.placement_moves()] == [
                    state.points_of(m) for m in state.placement_moves()
                ]


def test_the_public_round_cannot_draw_hidden_tiles() -> None:
    game = random_play("standard", 2, 1, 3)
    public = Knowledge(game.view(game.round.seat)).public_round()
    assert public.pool
    with pytest.raises(ValueError):  # a placeholder is no tile
        public.play(DRAW)


def test_unseen_tiles_are_other_hands_and_the_pool() -> None:
    game = random_play("standard", 3, 2, 4)
    state = game.round
    for viewer in range(3):
        hidden = sum(1 << t for t in state.pool)
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                hidden |= hand
        assert Knowledge(game.view(viewer)).unseen == hidden


def test_a_sampled_world_deals_every_unseen_tile_by_the_known_sizes() -> None:
    game = random_play("standard", 4, 9, 6)
    state = game.round
    view = game.view(2)
    knowledge = Knowledge(view)
    rng = random.Random(0)
    for _ in range(20):
        world = knowledge.sample(rng)
        assert world.hands[2] == state.hands[2]
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
        dealt = 0
        for hand in world.hands:
            dealt |= hand
        dealt |= sum(1 << t for t in world.pool)
        assert dealt == state.live
        assert len(world.pool) == len(state.pool)
        assert world.board.tiles == state.board.tiles
        while not world.over:  # a world is a whole round: it plays to its end
            world.play(world.legal_moves()[0])


def test_worlds_respect_the_opening() -> None:
    """No triple dealt (the opener played a plain tile): no kept tile is a
    triple or heavier than the opening tile, in any world."""
    for seed in range(200):
        game = Game(preset("pressman"), players=2, seed=seed)
        state = game.round
        opener = state.opener
        move = state.placement_moves()[0]
        opened = state.tiles.tiles[move_tile(move)]
        if opened.is_triple:
            continue
        game.apply(opener, state.decode(move))
        view = game.view(1 - opener)
        knowledge = Knowledge(view)
        constraints = knowledge.constraints()
        rng = random.Random(seed)
        for _ in range(30):
            world = knowledge.sample(rng, constraints)
            for tile in world.tiles.tiles_in(world.hands[opener]):
                assert not tile.is_triple and tile.value <= opened.value
        return
    raise AssertionError("no seed opened without a triple")
