"""Fuzzing the reading and replaying of records: golden records with random
mutations (values replaced, removed, added; text cut and spliced) must
replay or raise RecordError with a short one-line message, never anything
else. Each example costs a replay of a few milliseconds, so a few hundred
run in CI in seconds."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triominoes.core.errors import RecordError
from triominoes.core.record import loads, read, replay
from triominoes.core.rules import RuleSet

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
RECORDS = {
    path.name: json.loads(path.read_text())
    for path in sorted(GOLDEN.glob("*.json"))
    if not path.name.endswith(".expected.json")
}
EXAMPLES = int(os.environ.get("TRIOMINOES_FUZZ_EXAMPLES", "150"))
"""Per test: enough for CI in seconds; raise it for a longer hunt."""
MESSAGE_LIMIT = 600
"""Longest acceptable error line: a few short quotes of the input at most."""

Path_ = tuple[str | int, ...]


def paths(value: object, here: Path_ = ()) -> list[Path_]:
    """Every place in a JSON value (the root included)."""
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*here, index))
    return out


PATHS = {name: paths(data) for name, data in RECORDS.items()}


def nested(depth: int, leaf: object = 1) -> object:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def nested_dict(depth: int) -> object:
    value: object = "5-5-5"
    for _ in range(depth):
        value = {"preset": value}
    return value


# Values that broke reading before, or might: huge and deep, long, odd
# numbers. Made afresh for each use, since a mutation may edit a list in place.
EXTREMES: list[Callable[[], object]] = [
    lambda: nested(3000),
    lambda: nested_dict(3000),
    lambda: "1" * 5000,
    lambda: {"1" * 5000: 9},
    lambda: 10**5000,
    lambda: -(10**400),
    lambda: "x" * 20000,
    lambda: ["5-5-5"] * 3000,
    lambda: float("nan"),
    lambda: float("inf"),
    lambda: -0.0,
    lambda: 1e308,
    lambda: "\ud800",
    lambda: "\x00\n\r",
    lambda: "\uff12",
    lambda: "5-5-5\n",
]
extremes = st.sampled_from(EXTREMES).map(lambda make: make())

FIELDS = [f.name for f in dataclasses.fields(RuleSet)]
CHOICE_WORDS = [
    "standard",
    "pressman",
    "czech",
    "german",
    "spanish",
    "standard56",
    "extended76",
    "highest-triple",
    "highest-triple-then-rotate",
    "differences",
    "others-minus-own",
    "none",
    "last-round",
    "round-winner",
    "single-round",
    "triple",
]

tile_names = st.builds(lambda a, b, c: f"{a}-{b}-{c}", *(st.integers(0, 6) for _ in range(3)))
tokens = st.one_of(
    st.sampled_from(["draw", "pass", "", "555@0,0", "draw ", "PASS"]),
    st.builds(
        lambda a, b, c, q, r: f"{a}{b}{c}@{q},{r}",
        *(st.integers(0, 5) for _ in range(3)),
        st.integers(-300, 300),
        st.integers(-300, 300),
    ),
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 500),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(CHOICE_WORDS),
    tile_names,
    tokens,
    extremes,
)
json_values = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.text(max_size=6) | st.sampled_from(FIELDS), inner, max_size=4),
    ),
    max_leaves=12,
)
hand_sizes = st.dictionaries(
    st.sampled_from(["2", "3", "4", "5", "6", "7", "0", "02", "x", "", "1" * 5000]),
    st.integers(-2, 40) | leaves,
    max_size=6,
)
rule_sets = st.one_of(
    st.sampled_from(CHOICE_WORDS),
    st.dictionaries(
        st.sampled_from([*FIELDS, "preset", "bogus"]),
        st.one_of(leaves, hand_sizes, st.lists(st.integers(-5, 200), max_size=4), json_values),
        max_size=5,
    ),
)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(sorted(RECORDS)))
    data: dict[str, Any] = copy.deepcopy(RECORDS[name])
    for _ in range(draw(st.integers(1, 3))):
        mutate(draw, data, draw(st.sampled_from(PATHS[name])))
    return data


def mutate(draw: st.DrawFn, data: dict[str, Any], path: Path_) -> None:
    parent: Any = data
    for step in path[:-1]:
        try:
            parent = parent[step]
        except (KeyError, IndexError, TypeError):
            return  # an earlier mutation removed the place
    how = draw(st.sampled_from(["replace", "remove", "add", "copy", "rules"]))
    if not path or how == "rules":
        data["rules"] = draw(rule_sets)
        return
    key = path[-1]
    if isinstance(parent, list) and isinstance(key, int) and key < len(parent):
        if how == "replace":
            parent[key] = draw(json_values)
        elif how == "remove":
            del parent[key]
        elif how == "add":
            parent.insert(key, draw(json_values | tokens | tile_names))
        else:
            try:
                twin = copy.deepcopy(parent[key])
            except RecursionError:
                return  # an extreme put there before
            parent.insert(draw(st.integers(0, len(parent))), twin)
    elif isinstance(parent, dict) and key in parent:
        if how == "replace":
            parent[key] = draw(json_values)
        elif how == "remove":
            del parent[key]
        else:
            parent[draw(st.text(max_size=6) | st.sampled_from(FIELDS))] = draw(json_values)


def check(run: Any) -> None:
    """``run()`` replays, or raises a RecordError with a short one-line message."""
    try:
        run()
    except RecordError as exc:
        message = str(exc)
        assert "\n" not in message
        assert len(message) <= MESSAGE_LIMIT, message[:200]


FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated())
def test_mutated_records_replay_or_raise_a_record_error(data: dict[str, Any]) -> None:
    check(lambda: replay(read(data)))


def dumps(data: object) -> str | None:
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return None  # too deep or too long for the writer: read() covers it


@FUZZ
@given(mutated())
def test_mutated_record_text_loads_or_raises_a_record_error(data: dict[str, Any]) -> None:
    text = dumps(data)
    if text is not None:
        check(lambda: replay(loads(text)))


@FUZZ
@given(
    st.sampled_from(sorted(RECORDS)),
    st.lists(
        st.tuples(
            st.floats(0, 1),
            st.integers(0, 40),
            st.text(max_size=8)
            | st.sampled_from(["[" * 2000, "1" * 5000, '"', "{", "}", ",", "null", "-", "e9999"]),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_spliced_record_text_loads_or_raises_a_record_error(
    name: str, edits: list[tuple[float, int, str]]
) -> None:
    text = json.dumps(RECORDS[name])
    for where, cut, insert in edits:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + cut :]
    check(lambda: replay(loads(text)))


def test_the_extremes_themselves() -> None:
    """Each extreme value at each top-level key and rules field, directly."""
    base = RECORDS["standard-2p.json"]
    for make in EXTREMES:
        value = make()
        for key in [*base, "colour"]:
            data = copy.deepcopy(base)
            data[key] = value
            check(lambda data=data: replay(read(data)))
        for field in [*FIELDS, "preset"]:
            data = copy.deepcopy(base)
            data["rules"] = {field: value}
            check(lambda data=data: replay(read(data)))
            data["rules"] = {"hand_size": {"2": value}}
            check(lambda data=data: replay(read(data)))
        data = copy.deepcopy(base)
        data["rounds"][0]["pool"][0] = value
        data["rounds"][0]["actions"][1] = value
        check(lambda data=data: replay(read(data)))
        data = copy.deepcopy(base)
        data["result"] = {"totals": [value, 1], "winners": value}
        check(lambda data=data: replay(read(data)))
