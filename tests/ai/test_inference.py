"""Inference from public play: a seat that drew or passed was stuck."""

from __future__ import annotations

import random

from triominoes.ai.inference import hand_constraints, stuck_constraints
from triominoes.ai.ismcts import determinize
from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw, Pass
from triominoes.core.game import Game
from triominoes.core.rules import preset


def test_a_stuck_seat_holds_tiles_that_fitted_nowhere() -> None:
    checked = 0
    for seed in range(40):
        game = Game(preset("pressman"), players=2, seed=seed)  # draws are always forced
        state = game.start_round()
        bots = [make_player("greedy"), make_player("greedy")]
        held_when_stuck: int | None = None
        while not state.over:
            seat = state.seat
            action = bots[seat].choose(game.view(seat))
            if seat == 1 and isinstance(action, Draw | Pass):
                held_when_stuck = state.hands[1]  # what it held when last stuck
            game.apply(action)
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
            det = determinize(view, rng, [rule])
            assert (det.hands[1] & rule.mask).bit_count() >= rule.count
            assert det.hands[1].bit_count() == state.hands[1].bit_count()
            assert det.hands[0] == state.hands[0]
        checked += 1
    assert checked >= 10


def test_no_constraint_without_draws_or_passes() -> None:
    game = Game(preset("standard"), players=3, seed=1)
    state = game.start_round()
    game.apply(state.decode(state.placement_moves()[0]))
    assert hand_constraints(game.view(state.seat)) == []


def test_under_voluntary_drawing_draws_prove_nothing_unless_assumed() -> None:
    from triominoes.ai.inference import stuck_constraints

    for seed in range(30):
        game = Game(preset("standard"), players=2, seed=seed)
        state = game.start_round()
        bots = [make_player("heuristic"), make_player("heuristic")]
        while not state.over:
            game.apply(bots[state.seat].choose(game.view(state.seat)))
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
    from triominoes.ai.inference import stuck_constraints

    violations = checked = 0
    for seed in range(60):
        game = Game(preset("czech"), players=3, seed=seed)
        state = game.start_round()
        bots = [make_player("greedy") for _ in range(3)]
        held: dict[int, int] = {}
        while not state.over:
            seat = state.seat
            action = bots[seat].choose(game.view(seat))
            if isinstance(action, Draw | Pass):
                held[seat] = state.hands[seat]
            game.apply(action)
            if state.over or state.seat != 0:
                continue
            for rule in stuck_constraints(game.view(0)):
                truth = (held[rule.seat] & state.hands[rule.seat]).bit_count()
                checked += 1
                violations += rule.count > truth or held[rule.seat] & ~rule.mask != 0
    assert checked > 100
    assert violations == 0
