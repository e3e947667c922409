"""The action mask is exact: every action it allows is legal by the engine's
checked path, and every legal action is in it."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rl.play import random_game
from triominoes import rl
from triominoes.core.actions import parse_action
from triominoes.core.lattice import from_id
from triominoes.core.moves import DRAW, PASS, move_cell, pack
from triominoes.core.rules import PLAYER_COUNTS, PRESETS
from triominoes.rl.slots import AROUND_DOWN, AROUND_UP, ORIGIN_ID


def checked_legal_tokens(env: rl.TriominoesEnv) -> set[str]:
    """Every legal action, found by asking the engine's checked path
    (legality.why_illegal) about each tile in hand, in each rotation, in
    each empty cell sharing an edge or a corner with the layout."""
    state = env.session.game.round
    board = state.board
    hand = state.hands[state.seat]
    cells = {ORIGIN_ID} if not board.tiles else set()
    for cell in board.tiles:
        for offset in AROUND_DOWN if cell & 1 else AROUND_UP:
            if cell + offset not in board.tiles:
                cells.add(cell + offset)
    found = set()
    for cell in cells:
        for tile in range(state.tiles.size):
            if not hand >> tile & 1:
                continue
            for rotation in range(3):
                move = pack(cell, tile, rotation)
                if state.why_illegal(move) is None:
                    found.add(str(state.decode(move)))
    for move in (DRAW, PASS):
        if state.why_illegal(move) is None:
            found.add(str(state.decode(move)))
    return found


def check_mask(env: rl.TriominoesEnv, observation: dict[str, np.ndarray]) -> None:
    mask = observation["action_mask"]
    allowed = np.flatnonzero(mask)
    tokens = {env.action_to_token(int(a)) for a in allowed}
    assert len(tokens) == len(allowed)  # one action id per action
    assert tokens == checked_legal_tokens(env)
    state = env.session.game.round
    for action in allowed:
        token = env.action_to_token(int(action))
        assert env.token_to_action(token) == action
        assert state.why_illegal(state.encode(parse_action(token))) is None
    # Placements name the cell their slot holds.
    space = env.session.space
    for action in allowed:
        if action < space.draw:
            slot = int(action) // space.choices
            cell = from_id(env.session.slots.cell_of[slot])
            assert env.action_to_token(int(action)).endswith(f"@{cell[0]},{cell[1]}")


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_masked_action_is_legal_and_every_legal_action_masked(
    preset: str, players: int
) -> None:
    env = rl.env(preset, players, episode="round")
    random_game(env, players * 7, check=check_mask)


def test_corner_placements_are_masked() -> None:
    """Spanish rules: a tile that touches the layout only at a corner is in
    the mask exactly when nothing else can be placed."""
    env = rl.env("spanish", 2)
    seen = 0

    def count(env: rl.TriominoesEnv, observation: dict[str, np.ndarray]) -> None:
        nonlocal seen
        check_mask(env, observation)
        state = env.session.game.round
        for action in np.flatnonzero(observation["action_mask"]):
            if action < env.session.space.draw:
                move = state.encode(parse_action(env.action_to_token(int(action))))
                seen += not state.board.touches(move_cell(move)) and bool(state.board.tiles)

    for seed in range(12):
        random_game(env, seed, check=count)
        if seen:
            break
    assert seen, "no corner placement came up"


def test_slots_stay_within_the_bound_in_long_games() -> None:
    for preset, players in (("standard", 2), ("czech", 2), ("spanish", 3)):
        env = rl.env(preset, players)
        most = 0

        def watch(env: rl.TriominoesEnv, observation: dict[str, np.ndarray]) -> None:
            nonlocal most
            most = max(most, len(env.session.slots.slot_of))
            assert set(env.session.slots.slot_of.values()) <= set(
                range(rl.slot_bound(env.session.rules))
            )
            # Slot table rows hold exactly the slotted cells.
            layout = env.session.layout.split(observation["observation"])
            active = {int(s) for s in np.flatnonzero(layout["slots"][:, 0])}
            assert active == set(env.session.slots.slot_of.values())

        random_game(env, 3, check=watch)
        assert 0 < most <= rl.slot_bound(env.session.rules)
