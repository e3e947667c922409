"""The fixed action space and the functions between action ids and tokens."""

from __future__ import annotations

import numpy as np
import pytest

from triominoes import rl
from triominoes.core.rules import preset
from triominoes.rl.actions import readings


def test_space_sizes() -> None:
    assert len(readings("standard56")) == 156
    assert len(readings("extended76")) == 216
    assert rl.slot_bound(preset("standard")) == 57
    assert rl.slot_bound(preset("standard").with_overrides(tile_set="extended76")) == 77
    assert rl.slot_bound(preset("spanish")) == 501
    space = rl.ActionSpace(preset("standard"))
    assert (space.slots, space.choices, space.size) == (57, 156, 57 * 156 + 2)
    env = rl.env("standard", 2)
    assert env.action_space("player_0").n == space.size


def test_the_opening_is_slot_zero_and_tokens_round_trip() -> None:
    env = rl.env("standard", 2)
    env.reset(seed=1)
    legal = env.legal_actions()
    assert legal and all(a < 156 for a in legal)  # all into slot 0: cell (0, 0)
    for action in legal:
        token = env.action_to_token(action)
        assert token.endswith("@0,0")
        assert env.token_to_action(token) == action
    draw = env.session.space.draw
    assert env.action_to_token(draw) == "draw" and env.token_to_action("draw") == draw
    assert env.action_to_token(draw + 1) == "pass" and env.token_to_action("pass") == draw + 1


def test_tokens_the_space_cannot_hold_are_errors() -> None:
    env = rl.env("standard", 2)
    env.reset(seed=1)
    with pytest.raises(rl.IllegalActionId, match="holds no slot"):
        env.token_to_action("555@7,7")
    with pytest.raises(rl.IllegalActionId, match="no tile of the set"):
        env.token_to_action("021@0,0")  # a mirror image
    with pytest.raises(rl.IllegalActionId, match="holds no cell"):
        env.action_to_token(156 * 30)
    with pytest.raises(rl.IllegalActionId, match="not an action id"):
        env.action_to_token(-1)
    with pytest.raises(ValueError, match="not an action"):
        env.token_to_action("place it somewhere")


def test_numpy_integers_are_actions_and_illegal_ones_end_the_game() -> None:
    env = rl.env("standard", 2)
    env.reset(seed=2)
    observation, *_ = env.last()
    env.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    mover = env.agent_selection
    observation, *_ = env.last()
    illegal = np.int32(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="does not allow"):
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1.0 and env.infos[mover] == {"illegal": True}
    strict = rl.env("standard", 2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(rl.IllegalActionId):
        strict.step(strict.session.space.size - 3)


def test_truncation_after_max_rounds() -> None:
    env = rl.env("standard", 2, max_rounds=1)
    env.reset(seed=5)
    pick = np.random.default_rng(5)
    while not any(env.truncations.values()) and not any(env.terminations.values()):
        observation, *_ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(pick.choice(legal)))
    assert all(env.truncations.values()) != all(env.terminations.values())
    assert env.session.game.number == 1
