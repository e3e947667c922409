"""Property tests over random games for every preset and random house rules.

Each game is played through the checked engine by a random player that
also draws and passes when the rules allow. After every action the test
checks invariants against an independent reading of the rules
(tests/reference.py): tiles are conserved, every placement is legal and
scores what it should, totals add up, views hide what they must, and the
game's record replays to the same result.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import RefBoard, opening_choice
from triominoes.core.actions import Draw, Place
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.phases import OPENING
from triominoes.core.record import loads, record_of, replay, replay_json
from triominoes.core.round import Round
from triominoes.core.rules import PRESETS, RuleSet
from triominoes.core.scoring import shape_bonus_table
from triominoes.core.tiles import ids_in, rotations
from triominoes.core.view import PlayerView, view_schema

VIEW = jsonschema.Draft202012Validator(view_schema())

PRESET_NAMES = list(PRESETS)


@st.composite
def house_rules(draw: st.DrawFn, preset: str) -> RuleSet:
    """A preset, sometimes with fields replaced: house rules and the 76 tiles."""
    base = PRESETS[preset]
    overrides: dict[str, Any] = {}
    if draw(st.booleans()):
        overrides["tile_set"] = "extended76"
    if draw(st.integers(0, 3)) == 0:
        overrides["max_draws"] = draw(st.sampled_from([None, 1, 2, 3]))
        overrides["voluntary_draw"] = draw(st.booleans())
        overrides["corner_fallback"] = draw(st.booleans())
        overrides["blocked_when_no_moves"] = draw(st.booleans())
        overrides["finish_cycle_after_out"] = draw(st.booleans())
        overrides["collect_hands"] = draw(st.booleans())
        overrides["blocked_scoring"] = draw(
            st.sampled_from(["differences", "others-minus-own", "none"])
        )
        overrides["pass_penalty"] = draw(st.sampled_from([0, 10]))
    return base.with_overrides(**overrides) if overrides else base


def check_conservation(state: Round) -> None:
    """Each tile is in exactly one place: a hand, the pool or the board."""
    places = [*state.hands, sum(1 << t for t in state.pool)]
    board = 0
    for placed in state.board.tiles.values():
        board |= 1 << (placed // 3)
    places.append(board)
    union = 0
    for mask in places:
        assert not union & mask, "a tile is in two places"
        union |= mask
    assert union == state.tiles.all_mask
    assert (
        len(state.board.tiles) + sum(h.bit_count() for h in state.hands) + len(state.pool)
        == state.tiles.size
    )
    assert state.live == state.tiles.all_mask & ~board


def check_view_hides(game: Game, seat: int | None) -> None:
    view = game.view(seat)
    state = game.round
    hidden = sum(1 << t for t in state.pool)
    if not state.over:  # at the round's end every hand is shown
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= hand
    seen = 0
    for own in view.hand:
        seen |= 1 << own.id
    for entry in view.log:
        if entry.drawn is not None:
            assert entry.seat == seat
            seen |= 1 << entry.drawn.id
    public = Knowledge(view).public_round()
    for other, hand in enumerate(public.hands):
        if other != seat:
            assert hand == 0
        seen |= hand
    assert all(t < 0 for t in public.pool)
    assert len(public.pool) == view.pool == len(state.pool)
    # The only tiles a view carries: the viewer's own and the board's.
    assert not seen & hidden
    data = view.to_json()
    VIEW.validate(data)
    assert PlayerView.from_json(json.loads(json.dumps(data))) == view
    del data["rules"]  # names tiles of the opening bonus
    text = json.dumps(data)
    for tile in state.tiles.tiles_in(hidden):
        assert f'"{tile.name}"' not in text
    assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
    if seat is not None and seat == state.seat and not state.over:
        assert set(view.legal_actions) == {state.decode(m) for m in state.legal_moves()}
    else:
        assert view.legal == ()


def reference_placements(state: Round, ref: RefBoard) -> set[tuple[Any, ...]]:
    """All legal placements by the reference, for the seat to move."""
    tiles = state.tiles
    hand = [tiles.tiles[t] for t in ids_in(state.hands[state.seat])]
    if state.phase == OPENING:
        allowed = {tiles.tiles[t].numbers for t in ids_in(state.opening_mask)}
        return {((0, 0), r) for t in hand if t.numbers in allowed for r in rotations(t.numbers)}

    def collect(corner_ok: bool) -> set[tuple[Any, ...]]:
        found = set()
        for cell in ref.candidate_cells(corner_ok):
            for tile in hand:
                for numbers in set(rotations(tile.numbers)):
                    if ref.legal(cell, numbers, corner_ok):
                        found.add((cell, numbers))
        return found

    regular = collect(False)
    if regular or not state.rules.corner_fallback:
        return regular
    return collect(True)


def play(
    rules: RuleSet,
    players: int,
    seed: int,
    *,
    compare_moves: bool = False,
    views: bool = False,
    max_rounds: int = 1,
) -> Game:
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed, auto_deal=False)
    bonus = shape_bonus_table(rules)
    expected_totals = [0] * players
    rounds = 0
    while not game.finished and rounds < max_rounds:
        game.next_round()
        state = game.round
        rounds += 1
        ref = RefBoard()
        if (state.phase == OPENING and len(game.rounds) == 1) or rules.opening == "highest-triple":
            hands = [[state.tiles.tiles[t].numbers for t in ids_in(h)] for h in state.hands]
            values = {t.numbers: t.value for t in state.tiles.tiles}
            seat, allowed = opening_choice(hands, values)
            assert state.opener == seat
            assert {state.tiles.tiles[t].numbers for t in ids_in(state.opening_mask)} == allowed
        while not state.over:
            check_conservation(state)
            moves = state.legal_moves()
            assert moves
            if compare_moves:
                mine = {
                    (a.cell, a.corners)
                    for a in (state.decode(m) for m in moves)
                    if isinstance(a, Place)
                }
                assert mine == reference_placements(state, ref)
            if views:
                for viewer in [None, *range(players)]:
                    check_view_hides(game, viewer)
            placements = [m for m in moves if m >= 0]
            others = [m for m in moves if m < 0]
            if others and (not placements or rng.random() < 0.2):
                move = rng.choice(others)
            else:
                move = rng.choice(placements)
            action = state.decode(move)
            seat = state.seat
            opening = state.phase == OPENING
            if isinstance(action, Place):
                corner_ok = rules.corner_fallback and not state.avail & state.hands[seat]
                assert ref.legal(action.cell, action.corners, corner_ok)
                hexagons, bridge, two_sided = ref.shapes(action.cell)
                edge = ref.edge_contacts(action.cell) > 0 or not ref.cells
            game.apply(seat, action)
            outcome = game.rounds[-1].outcomes[-1]
            expected_totals[seat] += outcome.points
            if isinstance(action, Place):
                tile = state.tiles.find(action.corners)
                assert tile is not None
                want = tile.value
                if opening:
                    want += rules.opening_bonus_for(tile.name, tile.is_triple)
                if hexagons:
                    want += rules.hexagon_bonus[hexagons - 1]
                elif bridge:
                    want += rules.bridge_bonus
                elif two_sided:
                    want += rules.two_side_bonus
                if not edge:
                    want = tile.value  # a corner placement earns no shape bonus
                assert outcome.points == want
                assert outcome.score is not None
                assert outcome.score.hexagons == hexagons
                assert bonus[0] == 0
                ref.place(action.cell, action.corners)
            elif isinstance(action, Draw):
                assert outcome.points == -rules.draw_penalty
            else:
                assert outcome.points == -rules.pass_penalty
        assert state.end is not None
        for s, p in enumerate(state.end.points):
            expected_totals[s] += p
        assert game.totals == expected_totals
        check_conservation(state)
        assert set(state.end.winners) <= set(range(players))
    if views:
        for viewer in [None, *range(players)]:
            check_view_hides(game, viewer)
    return game


def check_replay(game: Game) -> None:
    names = [f"P{i}" for i in range(game.players)]
    text = json.dumps(record_of(game, names).to_json())
    again = replay(loads(text))
    assert replay_json(again) == replay_json(game)
    assert again.totals == game.totals
    for a, b in zip(again.rounds, game.rounds, strict=True):
        assert a.state.board.tiles == b.state.board.tiles
        assert a.state.hands == b.state.hands
        assert a.state.pool == b.state.pool


COMMON = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)


def preset_games(preset: str) -> Any:
    @settings(COMMON, max_examples=1000)
    @given(data=st.data(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
    def run(data: st.DataObject, players: int, seed: int) -> None:
        rules = data.draw(house_rules(preset))
        game = play(rules, players, seed)
        check_replay(game)

    return run


test_random_rounds_standard = preset_games("standard")
test_random_rounds_pressman = preset_games("pressman")
test_random_rounds_czech = preset_games("czech")
test_random_rounds_german = preset_games("german")
test_random_rounds_spanish = preset_games("spanish")


@settings(COMMON, max_examples=200)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    extended=st.booleans(),
)
def test_legal_moves_match_the_reference(
    preset: str, players: int, seed: int, extended: bool
) -> None:
    rules = PRESETS[preset]
    if extended:
        rules = rules.with_overrides(tile_set="extended76")
    play(rules, players, seed, compare_moves=True, views=True)


@settings(COMMON, max_examples=200)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_whole_games_add_up_and_replay(preset: str, players: int, seed: int) -> None:
    rules = PRESETS[preset]
    if rules.target_score is not None:
        rules = rules.with_overrides(target_score=150)
    game = play(rules, players, seed, max_rounds=50)
    assert game.finished
    assert game.winners
    check_replay(game)
