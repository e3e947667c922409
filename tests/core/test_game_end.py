"""Game end (docs/rules.md §6): last-round, round-winner, single-round."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import record, rules
from triominoes.core.game import Game, game_winners
from triominoes.core.record import read, replay, replay_json

STD = rules("standard")
RW = rules("pressman")
SINGLE = rules("german")
NO_TRIPLES = [-1, -1, -1]


# --- who wins, by mode ---------------------------------------------------


def test_last_round_highest_total_wins_even_below_target() -> None:
    assert game_winners(STD, [120, 300, 50], [0], NO_TRIPLES) == [1]


def test_last_round_tie_goes_to_the_last_rounds_winner() -> None:
    assert game_winners(STD, [410, 410, 50], [1], NO_TRIPLES) == [1]


def test_last_round_tie_is_shared_when_no_tied_player_won_it() -> None:
    assert game_winners(STD, [410, 410, 50], [2], NO_TRIPLES) == [0, 1]


def test_last_round_tie_between_joint_round_winners_is_shared() -> None:
    assert game_winners(STD, [410, 410, 50], [0, 1], NO_TRIPLES) == [0, 1]


def test_round_winner_single_candidate_wins() -> None:
    assert game_winners(RW, [380, 405, 390], [0], NO_TRIPLES) == [1]


def test_round_winner_among_several_candidates_the_round_winner_wins() -> None:
    assert game_winners(RW, [420, 405, 100], [1], NO_TRIPLES) == [1]


def test_round_winner_candidates_without_the_round_winner_go_by_total() -> None:
    assert game_winners(RW, [420, 405, 100], [2], NO_TRIPLES) == [0]
    assert game_winners(RW, [420, 420, 100], [2], NO_TRIPLES) == [0, 1]


def test_round_winner_no_candidate_left_highest_total() -> None:
    # The trigger fired mid-round, then penalties took everyone below.
    assert game_winners(RW, [395, 380, 100], [2], NO_TRIPLES) == [0]
    assert game_winners(RW, [395, 395, 100], [2], NO_TRIPLES) == [0, 1]


def test_single_round_highest_total() -> None:
    assert game_winners(SINGLE, [80, 120, 60], [0], NO_TRIPLES) == [1]


def test_single_round_tie_goes_to_the_highest_triple_placed() -> None:
    assert game_winners(SINGLE, [120, 120, 60], [2], [9, 12, -1]) == [1]
    assert game_winners(SINGLE, [120, 120, 60], [2], [-1, 3, 15]) == [1]


def test_single_round_tie_without_triples_is_shared() -> None:
    assert game_winners(SINGLE, [120, 120, 60], [2], [-1, -1, 15]) == [0, 1]


# --- the trigger and the end, through whole records ----------------------

SMALL = {"2": 2, "3": 2, "4": 2, "5": 2, "6": 2}
# Seat 0 opens 4-4-4 (22) and so reaches a target of 22; then draws three
# and passes (-25). Seat 1 goes out with 3-4-4 and 0-4-4 (no bonus here).
ROUND = (
    [["4-4-4", "1-2-3"], ["3-4-4", "0-4-4"]],
    ["0-0-1", "0-0-2", "0-1-1"],
    ["444@0,0", "344@-1,0", "draw", "draw", "draw", "pass", "404@1,0"],
)


def run(preset: str, **overrides: Any) -> dict[str, Any]:
    ruleset = {
        "preset": preset,
        "hand_size": SMALL,
        "going_out_bonus": 0,
        "collect_hands": False,
        "target_score": 22,
        **overrides,
    }
    return replay_json(replay(read(record(ruleset, [ROUND]))))


def test_reaching_the_target_at_any_moment_makes_the_round_the_last() -> None:
    report = run("standard")
    assert report["totals"] == [-3, 19]  # nobody is at the target any more
    assert report["finished"] is True
    assert report["winners"] == [1]


def test_round_winner_without_candidates_at_the_end() -> None:
    report = run("pressman", voluntary_draw=True)
    assert report["finished"] is True
    assert report["winners"] == [1]


def test_below_the_target_the_game_goes_on() -> None:
    report = run("standard", target_score=400)
    assert report["finished"] is False
    assert report["winners"] == []


# German rules give seat 0 one more turn after seat 1 goes out.
GERMAN_ROUND = (ROUND[0], ROUND[1], [*ROUND[2], "draw", "draw", "draw", "pass"])


def test_single_round_ends_after_one_round() -> None:
    ruleset = {"preset": "german", "hand_size": SMALL}
    report = replay_json(replay(read(record(ruleset, [GERMAN_ROUND]))))
    assert report["finished"] is True
    assert report["rounds"][0]["end"]["reason"] == "out"


def test_a_round_after_the_end_is_an_error() -> None:
    from triominoes.core.errors import RecordError

    ruleset = {"preset": "german", "hand_size": SMALL}
    with pytest.raises(RecordError, match="round 2: the game is already over"):
        replay(read(record(ruleset, [GERMAN_ROUND, GERMAN_ROUND])))


def test_game_deals_rounds_until_it_is_over() -> None:
    game = Game(STD, players=2, seed=5, auto_deal=False)
    assert game.needs_deal
    game.next_round()
    state = game.round
    assert not game.needs_deal
    assert state.players == 2
    assert sum(h.bit_count() for h in state.hands) == 18
