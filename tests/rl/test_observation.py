"""Observations hold only what the observer may know, and what they say is right."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from tests.rl.play import random_game
from triominoes import rl
from triominoes.core.knowledge import Knowledge
from triominoes.core.record import replay
from triominoes.core.rules import preset
from triominoes.rl.slots import FEATURES


def test_the_observation_ignores_what_the_observer_cannot_see() -> None:
    """Swapping a tile between another hand and the pool changes nothing
    the observer is shown."""
    env = rl.env("standard", 3)
    env.reset(seed=4)
    pick = random.Random(4)
    for _ in range(25):
        observation, *_ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
    session = env.session
    state = session.game.round
    observer = state.seat
    before = session.observe(observer)
    other = (observer + 1) % 3
    theirs = state.hands[other] & -state.hands[other]
    tile = theirs.bit_length() - 1
    pooled = state.pool[0]
    state.hands[other] ^= theirs | 1 << pooled
    state.pool[0] = tile
    session.hands[other * session.tiles + tile] = 0.0
    session.hands[other * session.tiles + pooled] = 1.0
    after = session.observe(observer)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    # ... while the seat that holds the tile sees it go.
    assert session.observe(other)["observation"][session.layout.hand][tile] == 0.0


def test_blocks_say_what_the_view_says() -> None:
    env = rl.env("czech", 4)
    env.reset(seed=9)
    pick = random.Random(9)
    for _ in range(30):
        observation, *_ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
    session = env.session
    seat = session.to_move
    view = session.game.view(seat)
    blocks = session.layout.split(session.observe(seat)["observation"])
    tiles = view.tile_set
    assert set(np.flatnonzero(blocks["hand"])) == {t.id for t in view.hand}
    assert set(np.flatnonzero(blocks["board"])) == {p.tile.id for p in view.board}
    seats = blocks["seats"]
    for i in range(4):
        other = (seat + i) % 4
        assert seats[i, 0] == 1.0
        assert seats[i, 1] == pytest.approx(view.hand_sizes[other] / tiles.size)
        assert seats[i, 2] == pytest.approx(view.totals[other] / 400)
        assert seats[i, 3] == pytest.approx(view.round_points[other] / 400)
        assert seats[i, 4] == (i == 0)
    assert not seats[4:].any()
    state = blocks["state"]
    assert state[1] == 1.0  # playing
    assert state[4] == pytest.approx(view.pool / tiles.size)
    assert state[10 + 2] == 1.0  # four players
    # Each slot's corners are the numbers the vertex rule demands there.
    board = session.game.round.board
    for slot, cell in enumerate(session.slots.cell_of):
        row = blocks["slots"][slot]
        if cell < 0:
            assert not row.any()
            continue
        pattern = board.pattern(cell)
        for corner, number in enumerate((pattern // 49, pattern // 7 % 7, pattern % 7)):
            assert row[4 + corner * 7 + number] == 1.0
        assert row[4:25].sum() == 3.0


def test_observations_fit_their_space_in_every_mode() -> None:
    for options in ({}, {"hints": True}, {"hints": "assume-stuck"}):
        env = rl.env("pressman", 3, **options)

        def check(env: rl.TriominoesEnv, observation: dict[str, np.ndarray]) -> None:
            assert env.observation_space(env.agent_selection).contains(observation)

        random_game(env, 2, check=check)
    assert env.session.layout.split(np.zeros(env.session.layout.size, np.float32))[
        "slots"
    ].shape == (rl.slot_bound(preset("pressman")), FEATURES)


def test_hints_are_the_constraints_the_search_bot_uses() -> None:
    env = rl.env("czech", 3, hints=True)
    found = 0

    def check(env: rl.TriominoesEnv, observation: dict[str, np.ndarray]) -> None:
        nonlocal found
        session = env.session
        seat = session.to_move
        hints = session.layout.split(observation["observation"])["hints"]
        knowledge = Knowledge(session.game.view(seat))
        facts = knowledge.constraints()
        opening = set(knowledge.opening_constraints())
        expected = np.zeros_like(hints)
        for fact in facts:
            row = expected[(fact.seat - seat) % 3 - 1, 1 if fact in opening else 0]
            for tile in range(session.tiles):
                row[tile] = bool(knowledge.unseen >> tile & 1) and not fact.mask >> tile & 1
            row[-2] = fact.count / session.tiles
            row[-1] = fact.count >= knowledge.view.hand_sizes[fact.seat]
        assert np.array_equal(hints, expected)
        found += sum(fact not in opening for fact in facts)

    random_game(env, 6, check=check)
    assert found, "no forced draw came up"


def test_views_for_bots_are_the_games_views() -> None:
    """The views the environment builds (for bots and hints) are those of
    the game replayed from its record, but for score breakdowns in the log."""
    env = rl.env("german", 3)
    pick = random.Random(3)
    env.reset(seed=3)
    for _ in range(40):
        observation, _, terminated, *_ = env.last()
        if terminated:
            break
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
        game = replay(env.record())
        for seat in range(3):
            ours = env.session.game.view(seat).to_json()
            theirs = game.view(seat).to_json()
            for entry in theirs["log"]:
                entry.pop("bonus", None)
            assert json.dumps(ours) == json.dumps(theirs)
