"""Every bot: legal choices only, from the view only, the same for a seed."""

from __future__ import annotations

import pytest

from tests.builders import swap_hidden
from triominoes.ai.registry import LEVELS, PLAYERS, make_player, parse_spec
from triominoes.core.game import Game
from triominoes.core.rules import PRESETS, preset
from triominoes.sim.match import play_game

FAST = [
    "random",
    "greedy",
    "heuristic",
    "heuristic:blunder=0.5",
    "ismcts:iterations=25",
    "rollout:worlds=2",
]


@pytest.mark.parametrize("spec", FAST)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_bots_only_choose_legal_actions(spec: str, rules: str) -> None:
    for seed in range(3 if spec.startswith(("ismcts", "rollout")) else 8):
        game = Game(
            preset(rules).with_overrides(target_score=120)
            if preset(rules).target_score
            else preset(rules),
            players=3,
            seed=seed,
        )
        bots = [make_player(spec, seed=seed * 10 + s) for s in range(3)]
        chosen = 0

        def check(g: Game, outcome: object) -> None:
            nonlocal chosen
            chosen += 1

        play_game(game, bots, check)  # Game.apply raises IllegalAction on any illegal choice
        assert game.finished
        assert chosen > 0


@pytest.mark.parametrize("spec", FAST)
def test_bots_decide_from_the_view_alone(spec: str) -> None:
    """Change only what the bot cannot see: its view and its choice stay the same."""
    for seed in range(6):
        game = Game(preset("standard"), players=2, seed=seed)
        state = game.round
        bots = [make_player("greedy") for _ in range(2)]
        for _ in range(6):
            game.apply(state.seat, bots[state.seat].choose(game.view(state.seat)))
        if state.over or not state.pool:
            continue
        seat = state.seat
        twin = swap_hidden(game, seat)
        assert twin.round.hands != state.hands
        view, twin_view = game.view(seat), twin.view(seat)
        if len(view.legal_actions) < 2:
            continue
        assert view == twin_view
        first = make_player(spec, seed=99).choose(view)
        second = make_player(spec, seed=99).choose(twin_view)
        assert first == second


@pytest.mark.parametrize("spec", FAST)
def test_same_seed_same_game(spec: str) -> None:
    results = []
    for _ in range(2):
        game = Game(preset("czech").with_overrides(target_score=150), players=2, seed=4)
        play_game(game, [make_player(spec, seed=1), make_player(spec, seed=2)])
        results.append((game.totals, [[str(o.action) for o in r.outcomes] for r in game.rounds]))
    assert results[0] == results[1]


def test_levels_and_specs() -> None:
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"}
    for level in LEVELS:
        name, _ = parse_spec(level)
        assert name in PLAYERS
        make_player(level, seed=1)
    assert parse_spec("ismcts:iterations=50,exploration=0.5") == (
        "ismcts",
        {"iterations": 50, "exploration": 0.5},
    )
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")
    with pytest.raises(ValueError, match="not key=number"):
        make_player("ismcts:iterations")
    with pytest.raises(ValueError, match=r"no setting depth \(settings of greedy: none\)"):
        make_player("greedy:depth=3")
    with pytest.raises(ValueError, match=r"no setting depth .*iterations, seconds"):
        make_player("ismcts:depth=3")
    for bad in ("iterations=0", "iterations=2.5", "seconds=-1", "margin=3", "infer=5"):
        with pytest.raises(ValueError, match=f"player 'ismcts:{bad}'"):
            make_player(f"ismcts:{bad}")


def test_ismcts_goes_out_rather_than_draw() -> None:
    """Holding one tile that fits, under voluntary drawing: placing wins the round."""
    from tests.builders import position, rules
    from triominoes.core.tiles import tile_set

    others = [t.name for t in tile_set("standard56").tiles if t.name not in ("0-0-0", "0-0-1")]
    state = position(rules(), [((0, 0), (0, 0, 0))], [["0-0-1"], others[:9]], others[9:])
    from triominoes.core.view import make_view

    view = make_view(
        state, [], 0, round_number=1, totals=(0, 0), last_round=False, finished=False, winners=()
    )
    assert "draw" in {str(a) for a in view.legal_actions}
    for seed in range(5):
        choice = make_player("ismcts:iterations=60", seed=seed).choose(view)
        assert str(choice) != "draw"


def test_the_game_reward_follows_the_game() -> None:
    """Where the round's totals end the game its winner takes all; before,
    a lead is worth more the larger it is and the nearer the target."""
    from triominoes.ai.rewards import Rewards
    from triominoes.core.knowledge import Knowledge

    game = Game(preset("standard"), players=2, seed=1)
    rewards = Rewards(Knowledge(game.view(0)), margin=1.0, game=1.0)
    assert rewards.game_rewards([410, 380], (0,), [-1, -1]) == [1.0, 0.0]
    early = rewards.game_rewards([60, 20], (0,), [-1, -1])
    assert early[0] > 0.5 > early[1] and sum(early) == pytest.approx(1)
    assert rewards.game_rewards([100, 20], (0,), [-1, -1])[0] > early[0]
    assert rewards.game_rewards([340, 300], (0,), [-1, -1])[0] > early[0]


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3])
def test_the_play_outs_play_as_the_heuristic_does(rules: str, players: int) -> None:
    """The rollout player's play-outs are the heuristic's own play: in the
    whole round, every seat's move is the one the ``heuristic`` bot picks
    from that seat's view."""
    from triominoes.ai.heuristic import heuristic_move

    for seed in range(3):
        game = Game(preset(rules), players=players, seed=seed)
        bot = make_player("heuristic")
        while not game.round.over:
            seat = game.to_move
            assert seat is not None
            chosen = bot.choose(game.view(seat))
            state = game.round
            assert state.decode(heuristic_move(state.copy())) == chosen
            game.apply(seat, chosen)


def test_rollout_settings_are_checked() -> None:
    for bad in ("worlds=0", "top=0", "worlds=1.5", "seconds=-1", "keep=-1", "game=2"):
        with pytest.raises(ValueError, match=f"player 'rollout:{bad}'"):
            make_player(f"rollout:{bad}")


def test_a_blunder_is_the_placement_the_heuristic_judges_worst() -> None:
    """``blunder=P``: at a share P of the decisions with a choice of
    placements the worst of them by the heuristic's own judgement, at the
    rest the heuristic's choice; forced turns are the heuristic's too."""
    from triominoes.ai.heuristic import Context, HeuristicPlayer
    from triominoes.core.knowledge import Knowledge

    judge = HeuristicPlayer()
    careless = make_player("heuristic:blunder=0.35", seed=5)
    always = make_player("heuristic:blunder=1", seed=5)
    blunders = choices = 0
    for seed in range(12):
        game = Game(preset("standard"), players=2, seed=seed)
        while not game.round.over:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            knowledge = Knowledge(view)
            state = knowledge.public_round()
            context = Context.of_view(knowledge)
            worth = {m: judge.evaluate(state, m, context) for m in state.placement_moves()}
            own = judge.choose(view)
            chosen = careless.choose(view)
            if len(worth) > 1:
                worst = min(worth, key=lambda m: (worth[m], m))
                assert always.choose(view) == state.decode(worst)
                choices += 1
                if chosen != own:
                    assert chosen == state.decode(worst)
                    blunders += 1
            else:
                assert chosen == own and always.choose(view) == own
            game.apply(seat, chosen)
    # Some 2,000 choices: 0.35 within five standard errors (a blunder that
    # is also the heuristic's own choice is not seen: a little less).
    assert choices > 1500
    assert 0.3 < blunders / choices < 0.4
    for bad in ("blunder=-0.1", "blunder=1.5"):
        with pytest.raises(ValueError, match="blunder is a share"):
            make_player(f"heuristic:{bad}")


def test_the_lower_levels_are_the_heuristic_erring_more_often() -> None:
    """One ladder (docs/ai.md, "Levels"): easy and medium are hard's own
    player, easy the more careless; whole games and the analysis then rank
    them alike (benchmarks/ai_strength.py, benchmarks/ai_accuracy.py)."""
    from triominoes.ai.heuristic import HeuristicPlayer

    ladder = [make_player(level) for level in ("easy", "medium", "hard")]
    assert all(isinstance(p, HeuristicPlayer) for p in ladder)
    shares = [p.blunder for p in ladder if isinstance(p, HeuristicPlayer)]
    assert shares == sorted(shares, reverse=True) and shares[-1] == 0.0
    assert len(set(shares)) == 3
