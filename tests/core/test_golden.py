"""The golden records of the spec replay to exactly their expected output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from triominoes.core.record import loads, record_of, replay, replay_json

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
NAMES = sorted(p.name.removesuffix(".expected.json") for p in GOLDEN.glob("*.expected.json"))
SPEC_BONUS_KEYS = ("hexagons", "bridge", "two_sided", "shape")


def load(name: str) -> tuple[str, dict[str, Any]]:
    text = (GOLDEN / f"{name}.json").read_text()
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text())
    return text, expected


def test_all_presets_are_covered() -> None:
    assert {n.split("-")[0] for n in NAMES} == {
        "standard",
        "pressman",
        "czech",
        "german",
        "spanish",
    }


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_replays_exactly(name: str) -> None:
    text, expected = load(name)
    got = replay_json(replay(loads(text)))
    assert got["totals"] == expected["totals"]
    assert got["finished"] == expected["finished"]
    assert got["winners"] == expected["winners"]
    assert len(got["rounds"]) == len(expected["rounds"])
    for mine, theirs in zip(got["rounds"], expected["rounds"], strict=True):
        assert mine["opener"] == theirs["opener"]
        assert mine["end"] == theirs["end"]
        assert mine["totals"] == theirs["totals"]
        assert len(mine["actions"]) == len(theirs["actions"])
        for a, b in zip(mine["actions"], theirs["actions"], strict=True):
            assert (a["seat"], a["action"], a["points"]) == (b["seat"], b["action"], b["points"])
            assert ("bonus" in a) == ("bonus" in b)
            if "bonus" in b:
                assert {k: a["bonus"][k] for k in SPEC_BONUS_KEYS} == b["bonus"]


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_survives_a_write_and_read(name: str) -> None:
    text, expected = load(name)
    record = loads(text)
    game = replay(record)
    rewritten = record_of(game, record.players).to_json()
    again = replay(loads(json.dumps(rewritten)))
    assert replay_json(again) == replay_json(game)
    original = json.loads(text)
    for a, b in zip(rewritten["rounds"], original["rounds"], strict=True):
        assert a["actions"] == b["actions"]
        assert a["pool"] == b["pool"]
        assert a["hands"] == b["hands"]
    assert rewritten["result"] == {"totals": expected["totals"], "winners": expected["winners"]}
