"""Rule sets (docs/rules.md §7) as data: presets, overrides, JSON."""

from __future__ import annotations

from typing import Any

import pytest

from triominoes.core.errors import InvalidRules
from triominoes.core.game import Game
from triominoes.core.rules import PRESETS, RuleSet, preset

HANDS = {"2": 9, "3": 7, "4": 7, "5": 6, "6": 6}
# The table of docs/rules.md §7, column by column.
TABLE: dict[str, dict[str, Any]] = {
    "standard": dict(
        opening="highest-triple",
        opening_bonus={"triple": 10, "0-0-0": 40},
        max_draws=3,
        pass_penalty=10,
        voluntary_draw=True,
        hexagon_bonus=[50, 100, 150],
        two_side_bonus=40,
        corner_fallback=False,
        collect_hands=True,
        finish_cycle_after_out=False,
        blocked_when_no_moves=True,
        blocked_scoring="differences",
        game_end="last-round",
        target_score=400,
    ),
    "pressman": dict(
        opening="highest-triple",
        opening_bonus={"triple": 10, "0-0-0": 40},
        max_draws=3,
        pass_penalty=10,
        voluntary_draw=False,
        hexagon_bonus=[50, 60, 70],
        two_side_bonus=0,
        corner_fallback=False,
        collect_hands=True,
        finish_cycle_after_out=False,
        blocked_when_no_moves=False,
        blocked_scoring="others-minus-own",
        game_end="round-winner",
        target_score=400,
    ),
    "czech": dict(
        opening="highest-triple",
        opening_bonus={"triple": 10, "0-0-0": 40},
        max_draws=None,
        pass_penalty=10,
        voluntary_draw=False,
        hexagon_bonus=[50, 100, 150],
        two_side_bonus=40,
        corner_fallback=False,
        collect_hands=True,
        finish_cycle_after_out=False,
        blocked_when_no_moves=False,
        blocked_scoring="others-minus-own",
        game_end="round-winner",
        target_score=400,
    ),
    "german": dict(
        opening="highest-triple",
        opening_bonus={"0-0-0": 40},
        max_draws=3,
        pass_penalty=10,
        voluntary_draw=True,
        hexagon_bonus=[50, 60, 70],
        two_side_bonus=0,
        corner_fallback=False,
        collect_hands=True,
        finish_cycle_after_out=True,
        blocked_when_no_moves=False,
        blocked_scoring="others-minus-own",
        game_end="single-round",
        target_score=None,
    ),
    "spanish": dict(
        opening="highest-triple-then-rotate",
        opening_bonus={"5-5-5": 40, "0-0-0": 10},
        max_draws=None,
        pass_penalty=0,
        voluntary_draw=False,
        hexagon_bonus=[50, 100, 150],
        two_side_bonus=0,
        corner_fallback=True,
        collect_hands=False,
        finish_cycle_after_out=False,
        blocked_when_no_moves=False,
        blocked_scoring="none",
        game_end="last-round",
        target_score=400,
    ),
}
COMMON = dict(
    tile_set="standard56", hand_size=HANDS, draw_penalty=5, bridge_bonus=40, going_out_bonus=25
)


@pytest.mark.parametrize("name", list(TABLE))
def test_presets_match_the_rules_table(name: str) -> None:
    data = preset(name).to_json()
    assert data["name"] == name
    assert data["preset"] == name
    for key, value in {**COMMON, **TABLE[name]}.items():
        assert data[key] == value, key


def test_standard_is_the_default_and_there_are_five_presets() -> None:
    assert RuleSet() == preset("standard")
    assert list(PRESETS) == ["standard", "pressman", "czech", "german", "spanish"]


@pytest.mark.parametrize("name", list(TABLE))
def test_json_round_trip(name: str) -> None:
    rules = preset(name).with_overrides(tile_set="extended76", max_draws=2)
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_json(rules.to_record()) == rules
    assert RuleSet.from_json(preset(name).to_record()) == preset(name)
    assert preset(name).to_record() == name


def test_overrides_replace_whole_fields() -> None:
    rules = RuleSet.from_json({"preset": "czech", "opening_bonus": {"5-5-5": 7}})
    assert rules.opening_bonus_for("5-5-5", True) == 7
    assert rules.opening_bonus_for("4-4-4", True) == 0  # the triple entry is gone
    assert rules.to_record() == {"preset": "czech", "opening_bonus": {"5-5-5": 7}}
    assert rules.name == "czech"


def test_tile_name_wins_over_triple() -> None:
    rules = preset("standard")
    assert rules.opening_bonus_for("0-0-0", True) == 40
    assert rules.opening_bonus_for("3-3-3", True) == 10
    assert rules.opening_bonus_for("2-4-5", False) == 0


def test_name_and_version_keys_are_informational() -> None:
    rules = RuleSet.from_json({"preset": "german", "name": "my table", "version": 9})
    assert rules == preset("german")


def test_version_is_informational_however_it_is_written() -> None:
    # A rules object and an override (--set) read it alike.
    assert preset("czech").with_overrides(version=7) == preset("czech")
    assert RuleSet.from_json({"preset": "czech", "version": 2}) == preset("czech")


def nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"opening": nested(5000)}, "opening must be one of"),
        ({"game_end": nested(5000)}, "game_end must be one of"),
        ({"blocked_scoring": nested(5000)}, "blocked_scoring must be one of"),
        ({"hand_size": {"1" * 5000: 9}}, "hand_size key '111"),
        ({"hand_size": {"2": 10**5000}}, "hand_size <a number of about 5,000 digits> for 2"),
        ({"opening_bonus": {"5" * 9000: 1}}, "opening_bonus: '555"),
        ({"x" * 9000: 1}, "unknown rules field 'xxx"),
        ("y" * 9000, "unknown rule set 'yyy"),
    ],
)
def test_errors_quote_at_most_a_short_piece_of_the_rules(data: object, message: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        RuleSet.from_json(data)
    assert str(caught.value).startswith(message)
    assert len(str(caught.value)) < 200


def test_hand_size_per_player_count() -> None:
    rules = preset("standard").with_overrides(hand_size={"2": 8, "3": 7, "4": 6, "5": 5, "6": 4})
    assert [rules.hand_size_for(n) for n in range(2, 7)] == [8, 7, 6, 5, 4]
    with pytest.raises(InvalidRules):
        rules.hand_size_for(7)


def test_hand_size_for_some_player_counts_only() -> None:
    # An override replaces the whole field: these rules are for two players.
    rules = RuleSet.from_json({"preset": "standard", "hand_size": {"2": 12}})
    assert rules.hand_size_for(2) == 12
    with pytest.raises(InvalidRules, match="no hand size for 3 players"):
        Game(rules, 3)
    assert Game(rules, 2, seed=1).round.hands[0].bit_count() == 12


def test_opening_bonus_names_any_rotation() -> None:
    rules = RuleSet.from_json({"preset": "standard", "opening_bonus": {"5-0-0": 3}})
    assert rules.opening_bonus_for("0-0-5", False) == 3
    assert rules.to_record() == {"preset": "standard", "opening_bonus": {"0-0-5": 3}}
    assert rules == preset("standard").with_overrides(opening_bonus={"0-5-0": 3})


@pytest.mark.parametrize(
    "bad",
    [
        "chess",
        42,
        {"preset": "standard", "colour": "red"},
        {"preset": "nope"},
        {"preset": "standard", "max_draws": -1},
        {"preset": "standard", "pass_penalty": -10},
        {"preset": "standard", "hexagon_bonus": [50, -1, 150]},
        {"preset": "standard", "hand_size": {"2": 9, "3": 7, "4": 7, "5": 6, "6": 6, "02": 9}},
        {"preset": "standard", "max_draws": "3"},
        {"preset": "standard", "voluntary_draw": 1},
        {"preset": "standard", "hexagon_bonus": [50, 100]},
        {"preset": "standard", "hexagon_bonus": "50"},
        {"preset": "standard", "hand_size": {}},
        {"preset": "standard", "hand_size": {"7": 9}},
        {"preset": "standard", "opening_bonus": {"5-0-0": 1, "0-0-5": 2}},
        {"preset": "standard", "hand_size": {"2": 40, "3": 7, "4": 7, "5": 6, "6": 6}},
        {"preset": "standard", "hand_size": {"x": 9, "3": 7, "4": 7, "5": 6, "6": 6}},
        {"preset": "standard", "hand_size": [9, 7, 7, 6, 6]},
        {"preset": "standard", "opening_bonus": {"7-7-7": 1}},
        {"preset": "standard", "opening_bonus": {"1-0-2": 1}},
        {"preset": "standard", "opening_bonus": {"5-5-5": "lots"}},
        {"preset": "standard", "opening_bonus": []},
        {"preset": "standard", "blocked_scoring": "most"},
        {"preset": "standard", "game_end": "never"},
        {"preset": "standard", "target_score": None},
        {"preset": "standard", "tile_set": "double-six"},
        {"preset": "standard", "opening": "youngest"},
        {"preset": "standard", "draw_penalty": 2.5},
        {"preset": 5},
    ],
)
def test_invalid_rules_are_rejected_with_a_reason(bad: object) -> None:
    with pytest.raises(InvalidRules):
        RuleSet.from_json(bad)


def test_rule_sets_are_frozen_and_hashable() -> None:
    rules = preset("standard")
    with pytest.raises(AttributeError):
        rules.max_draws = 5  # type: ignore[misc]
    assert len({rules, preset("standard"), preset("czech")}) == 2


def test_extended_set_with_any_preset() -> None:
    for name in PRESETS:
        rules = preset(name).with_overrides(tile_set="extended76")
        assert rules.tile_set == "extended76"
        assert rules.to_record() == {"preset": name, "tile_set": "extended76"}


def test_no_drawing_house_rule() -> None:
    from tests.builders import position

    rules = preset("standard").with_overrides(max_draws=0)
    state = position(rules, [((0, 0), (0, 0, 0))], [["1-2-3"], ["4-5-5"]])
    assert [str(state.decode(m)) for m in state.legal_moves()] == ["pass"]


def test_choice_fields_are_types_with_their_allowed_values() -> None:
    import json

    import jsonschema

    from triominoes.core.rules import (
        CHOICES,
        MAX_PLAYERS,
        MIN_PLAYERS,
        GameEnd,
        Opening,
        rules_schema,
    )

    rules = RuleSet.from_json({"preset": "czech", "opening": "highest-triple-then-rotate"})
    assert rules.opening is Opening.HIGHEST_TRIPLE_THEN_ROTATE
    assert preset("german").game_end is GameEnd.SINGLE_ROUND
    data = json.loads(json.dumps(rules.to_json()))
    assert data["opening"] == "highest-triple-then-rotate"
    assert RuleSet.from_json(data) == rules
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)
    schema = rules_schema()
    for name, ruleset in PRESETS.items():
        jsonschema.validate(name, schema)
        jsonschema.validate(ruleset.to_json(), schema)
        jsonschema.validate(ruleset.to_record(), schema)
    for field, choice in CHOICES.items():
        for value in choice:
            jsonschema.validate({"preset": "standard", field: value.value}, schema)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"preset": "standard", field: "nonsense"}, schema)
        with pytest.raises(InvalidRules, match=f"{field} must be one of"):
            RuleSet.from_json({"preset": "standard", field: "nonsense"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"preset": "standard", "colour": "red"}, schema)
