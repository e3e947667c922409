"""Opening (docs/rules.md §5): highest triple, no triple with tie-breaks, and
the spanish rotation."""

from __future__ import annotations

import pytest

from tests.builders import make_deal, make_round, record, rules
from triominoes.core.actions import Place
from triominoes.core.errors import IllegalAction
from triominoes.core.game import Game
from triominoes.core.record import read, replay, replay_json
from triominoes.core.tiles import rotations

THREE = rules("standard", hand_size={"2": 3, "3": 3, "4": 3, "5": 3, "6": 3})


def opening_tiles(state_hands: list[list[str]], ruleset=THREE) -> tuple[int, set[str]]:  # type: ignore[no-untyped-def]
    state = make_round(ruleset, state_hands)
    tiles = state.tiles
    names = {tiles.tiles[m & 127].name for m in state.placement_moves()}
    return state.opener, names


def test_highest_triple_opens_and_must_be_played() -> None:
    state = make_round(THREE, [["2-2-2", "4-5-5", "1-2-3"], ["3-3-3", "0-0-1", "0-1-1"]])
    assert state.opener == 1
    assert [state.decode(m) for m in state.legal_moves()] == [Place((0, 0), (3, 3, 3))]
    with pytest.raises(IllegalAction, match="seat 1 must open with 3-3-3"):
        state.apply(Place((0, 0), (0, 0, 1)))
    with pytest.raises(IllegalAction, match="must open with a tile"):
        state.apply(state.decode(-1))
    with pytest.raises(IllegalAction, match=r"first tile goes into cell \(0,0\)"):
        state.apply(Place((1, 0), (3, 3, 3)))


def test_zero_triple_alone_opens_for_40() -> None:
    state = make_round(THREE, [["4-5-5", "0-0-0", "1-2-3"], ["2-5-5", "0-0-1", "0-1-1"]])
    assert state.opener == 0
    assert state.apply(Place((0, 0), (0, 0, 0))).points == 40


def test_without_triples_the_highest_tile_opens_with_any_tile_of_that_value() -> None:
    opener, names = opening_tiles([["2-4-5", "3-3-5", "0-0-1"], ["1-4-5", "0-5-5", "0-1-1"]])
    assert opener == 0
    assert names == {"2-4-5", "3-3-5"}
    state = make_round(THREE, [["2-4-5", "3-3-5", "0-0-1"], ["1-4-5", "0-5-5", "0-1-1"]])
    assert {state.decode(m) for m in state.placement_moves()} == {
        Place((0, 0), r) for t in ((2, 4, 5), (3, 3, 5)) for r in rotations(t)
    }
    with pytest.raises(IllegalAction, match="must open with 2-4-5, 3-3-5"):
        state.apply(Place((0, 0), (0, 0, 1)))


def test_tied_highest_tiles_compare_the_next_highest() -> None:
    # Both hold an 11; seat 1's next tile (6) beats seat 0's (5).
    opener, names = opening_tiles([["2-4-5", "0-2-3", "0-0-2"], ["3-3-5", "1-1-4", "0-1-1"]])
    assert (opener, names) == (1, {"3-3-5"})
    # ... and then the one after: equal 11 and 5, then 2 against 3.
    opener, _ = opening_tiles([["2-4-5", "0-2-3", "0-0-2"], ["3-3-5", "0-1-4", "0-0-3"]])
    assert opener == 1


def test_a_full_tie_goes_to_the_lowest_seat() -> None:
    opener, _ = opening_tiles([["2-4-5", "0-2-3", "0-0-2"], ["3-3-5", "0-1-4", "0-1-1"]])
    assert opener == 0
    opener, _ = opening_tiles(
        [["0-0-1", "0-0-3", "0-0-4"], ["2-4-5", "0-2-3", "0-0-2"], ["3-3-5", "0-1-4", "0-1-1"]]
    )
    assert opener == 1


def test_german_opening_has_no_triple_bonus() -> None:
    german = rules("german", hand_size={"2": 3, "3": 3, "4": 3, "5": 3, "6": 3})
    state = make_round(german, [["4-4-4", "0-0-1", "0-1-1"], ["2-5-5", "0-0-2", "0-1-2"]])
    assert state.apply(Place((0, 0), (4, 4, 4))).points == 12


RoundSpec = tuple[list[list[str]], list[str], list[str]]
SPANISH_SMALL = {"preset": "spanish", "hand_size": {"2": 2, "3": 2, "4": 2, "5": 2, "6": 2}}


def test_spanish_round_two_rotates_to_the_next_seat_with_a_free_choice() -> None:
    # Round 1: seat 0 opens 3-3-3, seat 1 plays, seat 0 goes out.
    round1: RoundSpec = (
        [["3-3-3", "1-3-3"], ["3-3-5", "0-0-1"]],
        [],
        ["333@0,0", "353@1,0", "331@0,1"],
    )
    # Round 2: seat 1 opens although seat 0 holds 5-5-5, and with its low tile.
    round2: RoundSpec = ([["5-5-5", "2-2-2"], ["0-0-1", "2-4-5"]], [], ["001@0,0"])
    rep = replay_json(replay(read(record(SPANISH_SMALL, [round1, round2]))))
    assert [r["opener"] for r in rep["rounds"]] == [0, 1]
    assert rep["rounds"][1]["actions"][0] == {
        "seat": 1,
        "action": "001@0,0",
        "points": 1,
        "bonus": {
            "hexagons": 0,
            "bridge": False,
            "two_sided": False,
            "shape": None,
            "corner": False,
            "tile": 1,
            "opening": 0,
            "shape_bonus": 0,
        },
    }


def test_spanish_rotation_keeps_the_opening_bonus() -> None:
    round1: RoundSpec = (
        [["3-3-3", "1-3-3"], ["3-3-5", "0-0-1"]],
        [],
        ["333@0,0", "353@1,0", "331@0,1"],
    )
    round2: RoundSpec = ([["0-0-2", "2-2-2"], ["5-5-5", "2-4-5"]], [], ["555@0,0"])
    rep = replay_json(replay(read(record(SPANISH_SMALL, [round1, round2]))))
    assert rep["rounds"][1]["actions"][0]["points"] == 55


def test_spanish_rotation_wraps_around_the_table() -> None:
    ruleset = rules("spanish")
    game = Game(ruleset, players=3, seed=3)
    opener = game.round.opener
    game.round.phase = 3  # end the round by hand: only the rotation is under test
    game.next_round(make_deal(ruleset, [[], [], []], fill=True))
    second = game.round
    assert second.opener == (opener + 1) % 3
    assert second.opening_mask == second.hands[second.opener]
