"""Reading and replaying records: every way a record can be wrong names
where and why, and raises RecordError (never another exception)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from triominoes.core.errors import RecordError
from triominoes.core.record import loads, read, replay

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
BASE: dict[str, Any] = json.loads((GOLDEN / "standard-2p.json").read_text())

Edit = Callable[[dict[str, Any]], None]


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


DEEP = nested(800)
"""Deep enough to break a recursive repr, shallow enough for json to write."""


def edited(edit: Edit) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    edit(data)
    return data


def set_action(round_index: int, action_index: int, token: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["rounds"][round_index]["actions"][action_index] = token

    return edit


def swap_tile(seat: int, name: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["rounds"][0]["hands"][seat][0] = name

    return edit


def move_tile_to_pool(data: dict[str, Any]) -> None:
    data["rounds"][0]["pool"].append(data["rounds"][0]["hands"][0].pop())


def truncate_first_round(data: dict[str, Any]) -> None:
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:10]


def append_action(data: dict[str, Any]) -> None:
    data["rounds"][-1]["actions"].append("draw")


def after_first_round(data: dict[str, Any]) -> None:
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["actions"].append("draw")


def append_round(data: dict[str, Any]) -> None:
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))


def wrong_result(data: dict[str, Any]) -> None:
    data["result"] = {"totals": [1, 2], "winners": [1]}


def wrong_winners(data: dict[str, Any]) -> None:
    data["result"] = {"totals": [411, 415], "winners": [0]}


def put(key: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def put_round(key: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["rounds"][0][key] = value

    return edit


CASES: list[tuple[str, Edit, str]] = [
    (
        "opening with the wrong tile",
        set_action(0, 0, "333@0,0"),
        "round 1, action 1 (seat 0, '333@0,0'): seat 0 must open with 5-5-5",
    ),
    (
        "not in hand",
        set_action(0, 1, "515@1,0"),
        "round 1, action 2 (seat 1, '515@1,0'): tile 1-5-5 is not in seat 1's hand",
    ),
    (
        "on the board already",
        set_action(0, 1, "555@1,0"),
        "round 1, action 2 (seat 1, '555@1,0'): tile 5-5-5 is not in seat 1's hand",
    ),
    (
        "vertex rule",
        set_action(0, 1, "423@1,0"),
        "round 1, action 2 (seat 1, '423@1,0'): corner (1,0) must be 5, tile has 4",
    ),
    (
        "occupied",
        set_action(0, 1, "255@0,0"),
        "round 1, action 2 (seat 1, '255@0,0'): cell (0,0) is occupied",
    ),
    (
        "not adjacent",
        set_action(0, 1, "255@5,5"),
        "round 1, action 2 (seat 1, '255@5,5'): cell (5,5) shares no edge with the layout",
    ),
    (
        "mirror image",
        set_action(0, 1, "532@1,0"),
        "round 1, action 2 (seat 1, '532@1,0'): 5-3-2 clockwise is no tile of the standard56 set",
    ),
    (
        "far away",
        set_action(0, 1, "255@999999,0"),
        "round 1, action 2 (seat 1, '255@999999,0'): cell (999999,0) is not next to the layout",
    ),
    (
        "opening far away",
        set_action(0, 0, "555@900,0"),
        "round 1, action 1 (seat 0, '555@900,0'): the first tile goes into cell (0,0)",
    ),
    (
        "garbage token",
        set_action(0, 1, "jump"),
        "round 1, action 2 (seat 1, 'jump'): 'jump' is not an action (N0N1N2@Q,R, draw or pass)",
    ),
    (
        "number out of range",
        set_action(0, 1, "526@1,0"),
        "round 1, action 2 (seat 1, '526@1,0'): '526@1,0' is not an action",
    ),
    (
        "pass while able to draw",
        set_action(0, 1, "pass"),
        "round 1, action 2 (seat 1, 'pass'): may not pass while a tile can be drawn",
    ),
    (
        "a fourth draw",
        set_action(0, 5, "draw"),
        "round 1, action 6 (seat 0, 'draw'): already drew 3 tiles this turn (max_draws)",
    ),
    ("after the game", append_action, "round 3, action 90 ('draw'): the game is over"),
    ("after the round", after_first_round, "round 1, action 95 ('draw'): the round is over"),
    ("round after the end", append_round, "round 4: the game is already over"),
    ("round after an unfinished round", truncate_first_round, "round 2: round 1 did not finish"),
    (
        "unknown tile",
        swap_tile(0, "6-6-6"),
        "round 1: hand of seat 0: '6-6-6' is not three numbers 0-5",
    ),
    (
        "mirror tile in the deal",
        swap_tile(0, "0-2-1"),
        "round 1: hand of seat 0: '0-2-1' is not a tile of the standard56 set",
    ),
    (
        "a tile twice",
        swap_tile(0, "0-2-5"),
        "round 1: the deal is not the standard56 set, each tile once",
    ),
    ("wrong hand size", move_tile_to_pool, "round 1: seat 0 was dealt 8 tiles, not 9"),
    (
        "result totals disagree",
        wrong_result,
        "the record's result says totals [1, 2], the replay gives [411, 415]",
    ),
    (
        "result winners disagree",
        wrong_winners,
        "the record's result says winners [0], the replay gives [1]",
    ),
    ("unknown key", put("colour", "red"), "unknown record key 'colour'"),
    ("bad format", put("format", "chess-pgn"), "'format' must be 'triominoes-record'"),
    ("bad version", put("version", 2), "record version 2 is not supported (only 1)"),
    ("bad rules", put("rules", "poker"), "rules: unknown rule set 'poker'"),
    (
        "bad override",
        put("rules", {"preset": "standard", "max_draws": -1}),
        "rules: max_draws must be a whole number (0 for no drawing) or null",
    ),
    (
        "repeated hand size",
        put(
            "rules",
            {
                "preset": "standard",
                "hand_size": {"2": 9, "02": "x", "3": 7, "4": 7, "5": 6, "6": 6},
            },
        ),
        "rules: hand_size gives 2 players twice",
    ),
    (
        "non-ascii hand size key",
        put(
            "rules",
            {"preset": "standard", "hand_size": {"\uff12": 9, "3": 7, "4": 7, "5": 6, "6": 6}},
        ),
        "rules: hand_size key '\uff12' is not a player count",
    ),
    ("missing format", lambda d: d.pop("format"), "'format' must be 'triominoes-record'"),
    ("missing version", lambda d: d.pop("version"), "record version null is not supported"),
    ("version true", put("version", True), "record version true is not supported"),
    ("version 1.0", put("version", 1.0), "record version 1.0 is not supported"),
    ("lone surrogate name", put("players", ["\ud800", "b"]), "'players' must be a list of names"),
    (
        "result with text",
        put("result", {"totals": "a\nb"}),
        "result: 'totals' must be a list of whole numbers",
    ),
    (
        "result with floats",
        put("result", {"totals": [411.0, 415]}),
        "result: 'totals' must be a list of whole numbers",
    ),
    (
        "result with bools",
        put("result", {"winners": [True]}),
        "result: 'winners' must be a list of whole numbers",
    ),
    ("unicode digits", set_action(0, 1, "525@1,\u0660"), "round 1, action 2 (seat 1, '525@1,"),
    (
        "minus zero",
        set_action(0, 1, "525@1,-0"),
        "round 1, action 2 (seat 1, '525@1,-0'): '525@1,-0' is not an action",
    ),
    (
        "leading zero",
        set_action(0, 1, "525@01,0"),
        "round 1, action 2 (seat 1, '525@01,0'): '525@01,0' is not an action",
    ),
    ("one player", put("players", ["solo"]), "1 players: the game is for 2 to 6 players"),
    ("names not strings", put("players", [1, 2]), "'players' must be a list of names"),
    ("rounds not a list", put("rounds", {}), "'rounds' must be a list"),
    ("hands not lists", put_round("hands", "all"), "round 1: 'hands' must be a list of lists"),
    ("pool not a list", put_round("pool", 5), "round 1: 'pool' must be a list of tiles"),
    ("actions not strings", put_round("actions", [1]), "round 1: 'actions' must be a list"),
    ("tile not a string", put_round("pool", [5]), "round 1: pool: 5 is not a tile name"),
    ("unknown round key", put_round("extra", 1), "round 1: unknown round key 'extra'"),
    ("three hands for two", put_round("hands", [[], [], []]), "round 1: 3 hands for 2 players"),
    ("meta not an object", put("meta", [1]), "'meta' must be an object"),
    (
        "hand size key of thousands of digits",
        put("rules", {"hand_size": {"1" * 5000: 9}}),
        "rules: hand_size key '" + "1" * 60 + "'... is not a player count",
    ),
    (
        "version nested deep",
        put("version", DEEP),
        "record version " + "[" * 60 + "... is not supported (only 1)",
    ),
    (
        "opening nested deep",
        put("rules", {"opening": DEEP}),
        "rules: opening must be one of highest-triple, highest-triple-then-rotate (got [[[[",
    ),
    (
        "game end nested deep",
        put("rules", {"game_end": DEEP}),
        "rules: game_end must be one of last-round, round-winner, single-round (got [[[[",
    ),
    (
        "blocked scoring nested deep",
        put("rules", {"blocked_scoring": DEEP}),
        "rules: blocked_scoring must be one of differences, others-minus-own, none (got [[[[",
    ),
    ("tile nested deep", put_round("pool", [DEEP]), "round 1: pool: [[[[[[[[[[[[[[[[[[[[[["),
    (
        "hand sizes without the record's player count",
        put("rules", {"hand_size": {"3": 7}}),
        "rules: these rules give no hand size for 2 players",
    ),
    (
        "a long unknown key",
        put("colour" * 2000, 1),
        "unknown record key 'colourcolour",
    ),
    (
        "a long token",
        set_action(0, 1, "x" * 20000),
        "round 1, action 2 (seat 1, '" + "x" * 60 + "'...): 'xxxx",
    ),
    (
        "a long preset name",
        put("rules", "poker" * 3000),
        "rules: unknown rule set 'pokerpoker",
    ),
]


@pytest.mark.parametrize(("label", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_records_name_where_and_why(label: str, edit: Edit, message: str) -> None:
    data = edited(edit)
    with pytest.raises(RecordError) as caught:
        replay(read(data))
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 400  # a quote of the input, never all of it


@pytest.mark.parametrize("text", ["{", "", "[]", "null", '"standard"', "{}"])
def test_malformed_json_and_non_records(text: str) -> None:
    with pytest.raises(RecordError):
        loads(text)


def test_pressman_forbids_drawing_with_a_placement() -> None:
    data = json.loads((GOLDEN / "pressman-3p.json").read_text())
    data["rounds"][0]["actions"][1] = "draw"
    with pytest.raises(RecordError, match="may not draw: a tile can be placed"):
        replay(read(data))


def test_meta_and_result_are_kept() -> None:
    data = edited(put("meta", {"event": "club night", "seed": 7}))
    data["result"] = {"totals": [411, 415], "winners": [1]}
    record = read(data)
    assert record.meta == {"event": "club night", "seed": 7}
    out = record.to_json()
    assert out["meta"] == data["meta"]
    assert out["result"] == data["result"]
    replay(record)


def test_a_record_may_stop_mid_round() -> None:
    data = edited(lambda d: d["rounds"][0]["actions"].__delitem__(slice(20, None)))
    data["rounds"] = data["rounds"][:1]
    game = replay(read(data))
    assert not game.finished
    assert not game.round.over


def test_non_canonical_tile_names_are_accepted() -> None:
    def rotate(data: dict[str, Any]) -> None:
        data["rounds"][0]["hands"][0][1] = "0-5-0"  # 0-0-5 turned

    replay(read(edited(rotate)))


def test_huge_numbers_are_malformed_json_not_a_crash() -> None:
    with pytest.raises(RecordError, match="malformed JSON"):
        loads('{"version": ' + "1" * 5000 + "}")


def test_result_winners_in_any_order() -> None:
    data = json.loads((GOLDEN / "standard-6p.json").read_text())
    data["result"] = {"winners": [0]}
    replay(read(data))


def test_result_winners_compared_as_a_set() -> None:
    data = edited(put("result", {"winners": [1, 1]}))
    replay(read(data))


def test_integral_floats_in_rules_read_as_whole_numbers() -> None:
    data = edited(put("rules", {"preset": "standard", "target_score": 400.0}))
    assert read(data).rules.target_score == 400


def test_replay_steps_follow_the_game_action_by_action() -> None:
    from triominoes.core.record import replay_json, replay_steps

    golden = Path(__file__).parent.parent / "data" / "golden"
    for path in sorted(golden.glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        record = loads(path.read_text())
        steps = replay_steps(record)
        report = replay_json(replay(record))
        assert steps["totals"] == report["totals"]
        for mine, theirs, raw in zip(steps["rounds"], report["rounds"], record.rounds, strict=True):
            assert [s["points"] for s in mine["steps"]] == [a["points"] for a in theirs["actions"]]
            assert mine["steps"][-1]["totals"] == theirs["totals"]
            sizes = [len(h) for h in mine["start"]["hands"]]
            assert sizes == [len(h) for h in raw.deal.hands]
            for step in mine["steps"]:
                if step["action"] == "draw":
                    assert step["tile"] in step["hands"][step["seat"]]
