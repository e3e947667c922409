"""The rules reference and the records page say what the engine does: their
tables, example record, report and score sheet are checked against it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app
from triominoes.core.record import loads, replay, replay_json
from triominoes.core.rules import PRESETS

DOCS = Path(__file__).parent.parent / "docs"
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")
RECORDS = (DOCS / "records.md").read_text(encoding="utf-8")


def blocks(text: str, language: str) -> list[str]:
    """The fenced blocks of one language ("" for plain ones), indented or not."""
    found = []
    inside: str | None = None  # the language of the block being read
    lines: list[str] = []
    indent = 0
    for line in text.splitlines():
        fence = line.lstrip()
        if not fence.startswith("```"):
            if inside is not None:
                lines.append(line[indent:])
        elif inside is None:
            inside, lines, indent = fence[3:], [], len(line) - len(fence)
        else:
            if inside == language:
                found.append("\n".join(lines) + "\n")
            inside = None
    return found


def preset_table() -> dict[str, dict[str, str]]:
    """The presets table of rules.md §7: field -> preset -> cell."""
    section = RULES[RULES.index("The presets, field by field") :]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    header = ["standard", "pressman", "czech", "german", "spanish"]
    table = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        field = cells[0].split("`")[1]
        table[field] = dict(zip(header, cells[1:], strict=True))
    return table


def written(field: str, value: Any) -> str:
    """A field's value as the table writes it."""
    if field == "hand_size":
        return "/".join(str(value[str(n)]) for n in range(2, 7))
    if field == "hexagon_bonus":
        return "/".join(str(v) for v in value)
    if field == "opening_bonus":
        return ", ".join(sorted(f"{k} {v}" for k, v in value.items()))
    if value is None:
        return "unlimited" if field == "max_draws" else "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_presets_table_is_the_presets(name: str) -> None:
    table = preset_table()
    rules = PRESETS[name].to_json()
    fields = [f for f in rules if f not in ("preset", "name", "version")]
    assert sorted(table) == sorted(fields)
    for field in fields:
        cell = table[field][name]
        if field == "opening_bonus":
            cell = ", ".join(sorted(cell.split(", ")))
        assert cell == written(field, rules[field]), field


def test_every_field_is_described() -> None:
    section = RULES[RULES.index("## 7.") : RULES.index("The presets, field by field")]
    described = re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE)
    assert sorted(described) == sorted(
        f for f in PRESETS["standard"].to_json() if f not in ("preset", "name", "version")
    )


def test_the_example_record_replays_to_the_report_shown() -> None:
    record_text, report_text = blocks(RECORDS, "json")[:2]
    game = replay(loads(record_text))
    assert replay_json(game) == json.loads(report_text)


def test_the_example_score_sheet_is_what_replay_prints(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(blocks(RECORDS, "json")[0])
    sheet = next(b for b in blocks(RECORDS, "") if b.startswith("Round 1"))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stdout == sheet


def test_the_error_lines_shown_are_the_engine_s() -> None:
    record = json.loads(blocks(RECORDS, "json")[0])
    lines = next(b for b in blocks(RECORDS, "") if b.startswith("error:")).splitlines()
    edits: list[Callable[[dict[str, Any]], None]] = [
        lambda d: d["rounds"][0]["actions"].__setitem__(1, "423@1,0"),
        lambda d: d["rounds"][0]["hands"][0].__setitem__(0, "6-6-6"),
        lambda d: d["rounds"][0]["hands"][0].__setitem__(0, "0-2-5"),
        lambda d: d.__setitem__("rules", {"hand_size": {"3": 7}}),
        lambda d: d.__setitem__("result", {"totals": [1, 2]}),
    ]
    assert len(lines) == len(edits)
    for line, edit in zip(lines, edits, strict=True):
        data = json.loads(json.dumps(record))
        edit(data)
        result = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(data))
        assert result.exit_code == 2
        assert result.stderr == line + "\n"


def test_the_layout_picture_is_the_example_s() -> None:
    # The picture in rules.md §2 and records.md: the numbers it shows on
    # corners are the example's placements.
    pictures = [b for b in blocks(RULES, "") + blocks(RECORDS, "") if "/  2,-2 \\" in b]
    assert len(pictures) == 2
    assert pictures[0] == pictures[1]


def test_the_board_picture_has_each_cell_where_its_coordinates_say() -> None:
    from triominoes.core.lattice import corners, is_up, is_vertex

    grid = next(b for b in blocks(RULES, "") if b.startswith("   -2    -1    0"))
    lines = grid.splitlines()[1:]  # below the x axis; y on the left

    def at(point: tuple[int, int]) -> tuple[int, int]:
        x, y = point
        return (y + 1) * 6, 3 + (x + 2) * 6  # (line, column): -2 <= x, -1 <= y

    labels = 0
    for number, line in enumerate(lines):
        for match in re.finditer(r"-?\d+,-?\d+", line):
            q, r = (int(n) for n in match.group().split(","))
            centre = (match.start() + match.end() - 1) // 2
            top, _ = at((q, r))
            assert number - top == (4 if is_up((q, r)) else 2), (q, r)
            assert centre == at((q + 1, r))[1], (q, r)
            for vertex in corners((q, r)):
                row, column = at(vertex)
                assert is_vertex(vertex)
                assert lines[row][column] == "*", (q, r, vertex)
            labels += 1
    assert labels == 18  # six cells in each of the three rows


def test_the_layout_picture_shows_the_numbers_the_placements_put_on_corners() -> None:
    from triominoes.core.actions import Place, parse_action
    from triominoes.core.lattice import corners

    picture = next(b for b in blocks(RULES, "") if "/  2,-2 \\" in b).splitlines()
    tokens = ["555@0,0", "525@1,0", "125@1,-1", "122@2,-1", "121@2,-2"]
    actions = json.loads(blocks(RECORDS, "json")[0])["rounds"][0]["actions"]
    assert [a for a in actions if "@" in a] == tokens  # the record's placements
    shown = 0
    for token in tokens:
        place = parse_action(token)
        assert isinstance(place, Place)
        for (x, y), number in zip(corners(place.cell), place.corners, strict=True):
            assert picture[(y + 2) * 6][x * 6] == str(number), (token, (x, y))
            shown += 1
    assert shown == 15
