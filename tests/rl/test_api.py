"""The environments pass PettingZoo's and Gymnasium's own checks, on every
preset and player count."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from triominoes import rl
from triominoes.core.rules import PLAYER_COUNTS, PRESETS

CASES = [(name, players) for name in PRESETS for players in PLAYER_COUNTS]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(preset: str, players: int) -> None:
    with warnings.catch_warnings():
        # api_test warns that dict observations are not arrays (its own
        # classic games do the same) and that an idle agent's mask is empty.
        warnings.simplefilter("ignore")
        api_test(rl.env(preset, players), num_cycles=40)
        seed_test(lambda: rl.env(preset, players), num_cycles=40)


def test_the_order_enforcing_wrapper_fits() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(OrderEnforcingWrapper(rl.env("standard", 3)), num_cycles=20)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_gymnasium_checker(preset: str, players: int) -> None:
    with warnings.catch_warnings():
        # The checker steps with unmasked random actions: each ends its
        # episode with a warning, as documented.
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(preset, players, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("render_mode", ["ansi", "rgb_array"])
def test_gymnasium_checker_renders(render_mode: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env("standard", 3, render_mode=render_mode))


@pytest.mark.parametrize("options", [{"episode": "round", "reward": "round"}, {"hints": True}])
def test_options_pass_the_api_tests(options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env("czech", 3, **options), num_cycles=30)
        seed_test(lambda: rl.env("czech", 3, **options), num_cycles=30)
        check_env(rl.gym_env("pressman", 2, **options), skip_render_check=True)
