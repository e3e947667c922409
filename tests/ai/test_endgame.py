"""The exact endgame: its values are those of a plain minimax over the
engine's own rounds (no pruning, no table), its best move is never worse
than another, and the pre-endgame is the average over the worlds."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from triominoes.ai.endgame import POOL_LIMIT, endgame_values, exact_values, play_best
from triominoes.ai.heuristic import heuristic_move
from triominoes.ai.registry import make_player
from triominoes.ai.rollout import ENDGAME_NODES, RolloutPlayer
from triominoes.core.deal import deal
from triominoes.core.game import Game
from triominoes.core.knowledge import HandConstraint, Knowledge
from triominoes.core.moves import DRAW, Move
from triominoes.core.round import Round
from triominoes.core.rules import PRESETS, preset
from triominoes.core.view import make_view


def brute(state: Round) -> float:
    """The margin still to come for ``state.seat`` under best play by both,
    by plain minimax; a draw takes each tile of the pool equally likely."""
    if state.over:
        end = state.end
        assert end is not None
        return end.points[state.seat] - end.points[1 - state.seat]
    return max(brute_move(state, move) for move in state.legal_moves())


def brute_move(state: Round, move: Move) -> float:
    seat = state.seat
    if move == DRAW:
        total = 0.0
        for index, tile in enumerate(state.pool):
            after = state.copy()
            after.pool = [*state.pool[:index], *state.pool[index + 1 :], tile]
            points = after.play(DRAW)
            total += points + brute(after)  # the drawer moves again
        return total / len(state.pool)
    after = state.copy()
    points = after.play(move)
    return points + (brute(after) if after.seat == seat else -brute(after))


def endgames(rules_name: str, tiles: int, count: int, seed: int = 0) -> Iterator[Round]:
    """Two-player rounds with an empty pool and at most ``tiles`` tiles in
    hand, from heuristic play with some random moves. Where the pool
    outlasts the hands (corner_fallback places nearly every tile), what is
    left of it is taken out of the round once the hands are small."""
    rules = preset(rules_name)
    found = 0
    for game_seed in itertools.count(seed):
        rng = random.Random(game_seed)
        state = Round(rules, deal(rules, 2, rng))
        while not state.over and (
            (state.pool and not rules.corner_fallback)
            or sum(h.bit_count() for h in state.hands) > tiles
        ):
            moves = state.legal_moves()
            state.play(heuristic_move(state) if rng.random() < 0.8 else rng.choice(moves))
        if state.over:
            continue
        for tile in state.pool:
            state.live &= ~(1 << tile)
        state.pool = []
        state.avail = state.board.fitting(state.live)
        yield state
        found += 1
        if found == count:
            return


@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_exact_values_are_those_of_plain_minimax(rules_name: str) -> None:
    # Corner placements (spanish) make many more lines: fewer tiles there.
    tiles = 5 if preset(rules_name).corner_fallback else 6
    for state in endgames(rules_name, tiles=tiles, count=12):
        values = exact_values(state)
        assert values is not None
        assert sorted(values) == sorted(state.legal_moves())
        for move, value in values.items():
            assert value == brute_move(state, move), (move, values)
            assert value == int(value)


def test_the_best_move_is_never_worse_than_another() -> None:
    """Deeper endgames than plain minimax can afford: the move with the best
    exact value is worth at least what any other move's own exact value is
    (each child solved on its own, without the root's table)."""
    checked = 0
    for state in endgames("standard", tiles=9, count=8, seed=100):
        values = exact_values(state)
        assert values is not None
        best = max(values.values())
        for move in state.legal_moves():
            after = state.copy()
            points = after.play(move)
            if after.over:
                own = points + (after.end.points[state.seat] - after.end.points[1 - state.seat])  # type: ignore[union-attr]
            else:
                rest = exact_values(after)
                assert rest is not None
                sign = 1 if after.seat == state.seat else -1
                own = points + sign * max(rest.values())
            assert own == values[move]
            assert best >= own
            checked += 1
    assert checked > 20


def test_the_value_is_what_best_play_scores() -> None:
    """Playing the solver's best move for both seats to the end scores the
    root's best value as the margin, awards included."""
    for state in endgames("standard", tiles=8, count=8, seed=200):
        values = exact_values(state)
        assert values is not None
        me = state.seat
        start = list(state.points)
        line = state.copy()
        while not line.over:
            now = exact_values(line)
            assert now is not None
            line.play(max(now, key=lambda m: now[m]))
        end = line.end
        assert end is not None
        gains = [p + e - s for p, e, s in zip(line.points, end.points, start, strict=True)]
        assert gains[me] - gains[1 - me] == max(values.values())


def test_play_best_scores_the_best_value_by_a_line_of_best_moves() -> None:
    """The judge's finished play-outs: the line played to the end in place
    scores the root's best exact value as its margin, awards included."""
    for state in endgames("standard", tiles=8, count=8, seed=250):
        values = exact_values(state)
        assert values is not None
        me, start = state.seat, list(state.points)
        line = state.copy()
        assert play_best(line)
        end = line.end
        assert end is not None
        gains = [p + e - s for p, e, s in zip(line.points, end.points, start, strict=True)]
        assert gains[me] - gains[1 - me] == max(values.values())


def test_play_best_says_false_where_it_cannot() -> None:
    state = next(endgames("standard", tiles=9, count=1, seed=300))
    line = state.copy()
    assert not play_best(line, node_budget=3)
    assert not line.over  # a position of the same round: play may go on
    rules = preset("standard")
    two = Round(rules, deal(rules, 2, random.Random(1)))
    assert not play_best(two)  # the pool is not empty
    assert two.hands == Round(rules, deal(rules, 2, random.Random(1))).hands


def test_a_budget_too_small_gives_none() -> None:
    state = next(endgames("standard", tiles=9, count=1, seed=300))
    assert exact_values(state, node_budget=3) is None
    assert exact_values(state) is not None


def test_not_applicable_gives_none() -> None:
    rules = preset("standard")
    three = Round(rules, deal(rules, 3, random.Random(1)))
    three.pool = []
    assert exact_values(three) is None
    two = Round(rules, deal(rules, 2, random.Random(1)))
    assert exact_values(two) is None  # the pool is not empty
    game = Game(rules, players=2, seed=3)
    knowledge = Knowledge(game.view(game.round.seat))
    assert len(game.round.pool) > POOL_LIMIT
    assert endgame_values(knowledge.public_round(), knowledge) is None
    game3 = Game(rules, players=3, seed=3)
    game3.round.pool = []
    knowledge3 = Knowledge(game3.view(game3.round.seat))
    assert endgame_values(knowledge3.public_round(), knowledge3) is None
    # Not the viewer's turn: the values would be for someone else.
    other = Knowledge(game.view(1 - game.round.seat))
    assert endgame_values(other.public_round(), other) is None


def view_of(state: Round, seat: int) -> Knowledge:
    view = make_view(
        state,
        [],
        seat,
        round_number=1,
        totals=(0, 0),
        last_round=False,
        finished=False,
        winners=(),
    )
    return Knowledge(view)


def test_with_an_empty_pool_the_view_knows_everything() -> None:
    for state in endgames("standard", tiles=8, count=6, seed=400):
        knowledge = view_of(state, state.seat)
        public = knowledge.public_round()
        assert public.hands[1 - state.seat] == 0  # the view hides the hand ...
        assert endgame_values(public, knowledge) == exact_values(state)  # ... it is the rest


def with_pool(state: Round, size: int, rng: random.Random) -> Round:
    """The same round with ``size`` tiles of the other hand put back into the pool."""
    other = 1 - state.seat
    tiles = [t for t in range(state.tiles.size) if state.hands[other] >> t & 1]
    moved = rng.sample(tiles, size)
    out = state.copy()
    for tile in moved:
        out.hands[other] &= ~(1 << tile)
    out.pool = moved
    return out


@pytest.mark.parametrize("rules_name", ["standard", "pressman"])
def test_pre_endgame_is_the_mean_over_the_worlds(rules_name: str) -> None:
    rng = random.Random(5)
    checked = 0
    for state in endgames(rules_name, tiles=6, count=30, seed=500):
        if (state.hands[1 - state.seat]).bit_count() < 3:
            continue
        small = with_pool(state, min(POOL_LIMIT, 2), rng)
        knowledge = view_of(small, small.seat)
        values = endgame_values(knowledge.public_round(), knowledge)
        assert values is not None
        unseen = [t for t in range(small.tiles.size) if knowledge.unseen >> t & 1]
        worlds = []
        for pool in itertools.combinations(unseen, len(small.pool)):
            world = small.copy()
            world.pool = list(pool)
            world.hands[1 - small.seat] = knowledge.unseen & ~sum(1 << t for t in pool)
            worlds.append(world)
        assert len(worlds) > 1
        for move, value in values.items():
            expected = sum(brute_move(w, move) for w in worlds) / len(worlds)
            assert value == pytest.approx(expected), move
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_pre_endgame_keeps_to_what_play_revealed() -> None:
    """Splits that contradict a constraint on the other hand are left out."""
    rng = random.Random(7)
    state = next(
        s
        for s in endgames("standard", tiles=7, count=20, seed=600)
        if s.hands[1 - s.seat].bit_count() >= 4
    )
    small = with_pool(state, 2, rng)
    knowledge = view_of(small, small.seat)
    other = 1 - small.seat
    held = small.hands[other]
    keep = [t for t in range(small.tiles.size) if held >> t & 1][:2]
    mask = sum(1 << t for t in keep)
    rule = HandConstraint(other, 2, mask)
    knowledge.constraints = lambda assume_stuck=False: [rule]  # type: ignore[method-assign]
    values = endgame_values(knowledge.public_round(), knowledge)
    assert values is not None
    unseen = [t for t in range(small.tiles.size) if knowledge.unseen >> t & 1]
    worlds = []
    for pool in itertools.combinations(unseen, 2):
        if set(pool) & set(keep):
            continue
        world = small.copy()
        world.pool = list(pool)
        world.hands[other] = knowledge.unseen & ~sum(1 << t for t in pool)
        worlds.append(world)
    for move, value in values.items():
        expected = sum(brute_move(w, move) for w in worlds) / len(worlds)
        assert value == pytest.approx(expected)


def test_expert_plays_the_exact_endgame() -> None:
    """``rollout`` (expert) picks a best move by exact value; with
    ``endgame=0`` it plays out as before, which here is sometimes worse."""
    exact_player = make_player("rollout:worlds=4")
    plain_player = make_player("rollout:worlds=4,endgame=0")
    differ = 0
    for state in endgames("standard", tiles=10, count=30, seed=700):
        values = exact_values(state, node_budget=ENDGAME_NODES)
        if values is None or len(values) < 2:
            continue
        knowledge = view_of(state, state.seat)
        chosen = exact_player.choose_move(knowledge.public_round(), knowledge)
        assert values[chosen] == max(values.values())
        plain = plain_player.choose_move(knowledge.public_round(), knowledge)
        differ += values[plain] < values[chosen]
    assert differ > 0


def test_the_endgame_setting_is_checked() -> None:
    with pytest.raises(ValueError, match="endgame"):
        make_player("rollout:endgame=2")
    with pytest.raises(ValueError, match="finish"):
        make_player("rollout:finish=2")


def test_finished_play_outs_end_by_best_play() -> None:
    """With ``finish=1`` a play-out from an empty pool is the solver's line:
    in a known deal every play-out of a candidate gives the candidate's
    exact value; the heuristic's play-outs (``finish=0``) fall short of it
    somewhere."""
    finished = make_player("rollout:worlds=3,finish=1", seed=1)
    plain = make_player("rollout:worlds=3,finish=0,vary=0", seed=1)
    assert isinstance(finished, RolloutPlayer) and isinstance(plain, RolloutPlayer)
    short = checked = 0
    for state in endgames("standard", tiles=7, count=12, seed=800):  # within FINISH_NODES
        values = exact_values(state)
        assert values is not None
        knowledge = view_of(state, state.seat)
        public = knowledge.public_round()
        moves = public.legal_moves()
        for line in finished.play_out(public, knowledge, moves):
            assert line.margin == values[line.move]
            checked += 1
        short += any(
            line.margin < values[line.move] for line in plain.play_out(public, knowledge, moves)
        )
    assert checked > 20 and short > 0
