"""Inference from being stuck, as the search bots use it: under rules where
a player must place when able (``voluntary_draw = false``), a draw or a pass
proves the player held no tile that fitted the board then, and every world
the bots sample (``Knowledge.sample`` with ``Knowledge.constraints()``, as
the rollout and ismcts players call them) must respect that.

Whether a tile fits is asked of the engine's own move generator on the true
round, not of the board masks Knowledge reads, so the test does not share
the code it checks.
"""

from __future__ import annotations

import random

import pytest

from triominoes.ai.registry import make_player
from triominoes.core.actions import Draw, Pass
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.round import Round
from triominoes.core.rules import preset


def fitting(state: Round) -> int:
    """The tiles that would have a placement for the seat to move, as the
    engine's move generator says: each live tile alone in its hand."""
    found = 0
    seat = state.seat
    for tile in range(len(state.tiles.tiles)):
        if not state.live >> tile & 1:
            continue
        probe = state.copy()
        probe.hands[seat] = 1 << tile
        if any(move >= 0 for move in probe.legal_moves()):
            found |= 1 << tile
    return found


@pytest.mark.parametrize(
    ("rules_name", "players", "games", "least"),
    [
        ("pressman", 2, 12, 60),
        ("czech", 2, 12, 60),
        # Spanish rules let a tile touch at a corner only: being stuck is rare.
        ("spanish", 2, 40, 5),
        ("pressman", 3, 12, 60),
        ("czech", 4, 12, 60),
    ],
)
def test_no_sampled_hand_holds_a_tile_that_fitted_when_its_seat_drew_or_passed(
    rules_name: str, players: int, games: int, least: int
) -> None:
    rules = preset(rules_name)
    assert not rules.voluntary_draw
    checked = 0
    for seed in range(games):
        game = Game(rules, players=players, seed=seed, auto_deal=False)
        bots = [make_player("greedy", seed=seat) for seat in range(players)]
        rng = random.Random(seed)
        # Per seat, what fitted when it was last stuck, while its last turn
        # is the one it was stuck in (the board does not change within a turn
        # until its placement, so one mask serves the whole turn).
        stuck: dict[int, int] = {}
        while not game.finished:
            if game.needs_deal:
                game.next_round()
                stuck = {}
            state = game.round
            seat = state.seat
            view = game.view(seat)
            knowledge = Knowledge(view)
            constraints = knowledge.constraints()
            # The seat to move may be in its stuck turn, holding a tile just
            # drawn: the facts are about the other seats, whose turns are over.
            others = {other: fitted for other, fitted in stuck.items() if other != seat}
            for other, fitted in others.items():
                # The truth first: the engine made it draw only with no fit.
                assert state.hands[other] & fitted == 0
            if others:
                for _ in range(25):
                    world = knowledge.sample(rng, constraints)
                    assert world.hands[seat] == state.hands[seat]
                    for other, fitted in others.items():
                        held = world.hands[other]
                        assert held.bit_count() == state.hands[other].bit_count()
                        assert held & fitted == 0, (
                            f"seed {seed}: a world gave seat {other} a tile that fitted "
                            f"when it drew or passed ({state.tiles.tiles_in(held & fitted)})"
                        )
                checked += 1
            action = bots[seat].choose(view)
            if isinstance(action, Draw | Pass):
                if state.draws == 0:
                    stuck[seat] = fitting(state)  # the turn's first draw or its pass
            elif seat in stuck and state.draws == 0:
                stuck.pop(seat)  # a turn without drawing: that fact is older now
            game.apply(seat, action)
        if checked >= 60:
            break
    assert checked >= least
