"""Text and pictures of the table."""

from __future__ import annotations

import random

import numpy as np

from triominoes import rl
from triominoes.rl.render import BACKGROUND, TILE


def played(render_mode: str, steps: int = 20) -> rl.TriominoesEnv:
    env = rl.env("standard", 2, render_mode=render_mode)
    env.reset(seed=8)
    pick = random.Random(8)
    for _ in range(steps):
        observation, *_ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
    return env


def test_text_shows_the_board_the_slots_and_every_hand() -> None:
    env = played("ansi")
    text = env.render()
    assert isinstance(text, str)
    state = env.session.game.round
    for seat, hand in enumerate(state.hands):
        names = " ".join(t.name for t in state.tiles.tiles_in(hand))
        assert f"seat {seat}:" in text and names in text
    for slot in env.session.slots.slot_of.values():
        if slot < 100:
            assert f"#{slot}" in text
    # Every vertex number of the layout is drawn.
    assert sum(ch.isdigit() for ch in text.split("round")[0]) >= len(state.board.values)


def test_the_picture_draws_the_tiles() -> None:
    empty = played("rgb_array", steps=0).render()
    env = played("rgb_array")
    picture = env.render()
    assert isinstance(picture, np.ndarray) and isinstance(empty, np.ndarray)
    assert picture.shape == empty.shape == (480, 480, 3)
    assert picture.dtype == np.uint8
    tile_pixels = np.all(picture == TILE, axis=-1).sum()
    assert tile_pixels > 20 * np.all(empty == TILE, axis=-1).sum()
    assert np.all(picture[0, 0] == BACKGROUND)


def test_human_mode_prints(capsys: object) -> None:
    env = played("human", steps=3)
    assert env.render() is None
    assert "seat 0:" in capsys.readouterr().out  # type: ignore[attr-defined]
