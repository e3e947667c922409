"""Quoting input in error messages: short, one line, and never failing."""

from __future__ import annotations

import pytest

from triominoes.core.errors import QUOTE_LIMIT, RecordError, quote


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("poker", "'poker'"),
        ("it's", '"it\'s"'),
        ("a\nb", "'a\\nb'"),
        (None, "null"),
        (True, "true"),
        (1.0, "1.0"),
        (float("nan"), "NaN"),
        ([1, [2, "x"]], '[1, [2, "x"]]'),
        ({"a": [1], "b": None}, '{"a": [1], "b": null}'),
        ({}, "{}"),
        (-(10**30), str(-(10**30))),
        (10**5000, "<a number of about 5,000 digits>"),
        (object, "<type>"),
    ],
    ids=lambda value: type(value).__name__,  # never repr: a huge number has none
)
def test_quote_writes_strings_as_python_and_the_rest_as_json(value: object, text: str) -> None:
    assert quote(value) == text


@pytest.mark.parametrize(
    "value",
    ["x" * 100_000, list(range(100_000)), {str(i): i for i in range(10_000)}, "\u00e9" * 999],
    ids=["string", "list", "object", "accents"],
)
def test_quote_cuts_long_values(value: object) -> None:
    text = quote(value)
    assert len(text) <= QUOTE_LIMIT + 5
    assert text.endswith("...")


def test_quote_of_a_value_nested_far_beyond_the_recursion_limit() -> None:
    value: object = 1
    for _ in range(100_000):
        value = [value]
    assert quote(value) == "[" * QUOTE_LIMIT + "..."
    for _ in range(100_000):
        value = {"k": value}
    assert quote(value) == ('{"k": ' * 11)[:QUOTE_LIMIT] + "..."


def test_a_record_error_never_quotes_a_long_token_whole() -> None:
    token = "9" * 10_000
    error = RecordError(f"{token!r} is not an action", round_number=1, action_number=2, token=token)
    assert str(error) == f"round 1, action 2 ('{'9' * 60}'...): '{'9' * 60}'... is not an action"
    long_reason = RecordError("because " * 1000)
    assert len(str(long_reason)) < 300
    assert str(long_reason).startswith("because because")
