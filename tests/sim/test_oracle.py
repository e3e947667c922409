"""The oracle of benchmarks/ai_oracle.py: its worlds are the true deal, and
it lives in the benchmark alone (nothing the server runs can seat it)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

from triominoes.core.game import Game
from triominoes.core.rules import preset

ROOT = Path(__file__).parent.parent.parent


def oracle_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_oracle", ROOT / "benchmarks" / "ai_oracle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_world_of_the_oracle_holds_the_true_hands() -> None:
    oracle = oracle_module()
    for players in (2, 3):
        game = Game(preset("standard"), players, seed=players)
        state = game.round
        for _ in range(5):  # a few turns in, hands of different sizes
            state.play(state.legal_moves()[0])
        view = game.view(state.seat)
        knowledge = oracle.SeeingKnowledge(view, state.hands)
        rng = random.Random(0)
        for _ in range(10):
            world = knowledge.sample(rng, knowledge.constraints())
            assert world.hands == state.hands
            assert sorted(world.pool) == sorted(state.pool)


def test_the_oracle_plays_legal_moves_from_the_game_it_is_given() -> None:
    oracle = oracle_module()
    game = Game(preset("standard"), 2, seed=5)
    bot = oracle.Oracle("rollout:worlds=2,top=2", 1, game)
    for _ in range(6):
        state = game.round
        if state.over:
            break
        view = game.view(state.seat)
        action = bot.choose(view)
        assert action in view.legal_actions
        game.apply(state.seat, action)


def test_no_module_of_the_package_knows_the_oracle() -> None:
    for path in (ROOT / "src" / "triominoes").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "ai_oracle" not in text and "SeeingKnowledge" not in text, path
