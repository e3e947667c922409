"""The command line's help as a person reads it in an 80-column terminal:
every description whole, parameters named in words (no Python types), and
the presets each with a line saying what they are."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from triominoes.cli.main import app
from triominoes.cli.options import PRESET_LINES
from triominoes.core.rules import PRESETS

runner = CliRunner()
COMMANDS = ["replay", "selfplay", "rules", "tournament", "stats", "analyze", "serve", "play"]
PYTHON_TYPE = re.compile(r"<(?:str|int|float|bool|path|list\[|[a-z]+ range|[a-z]+\])[^>]*>")


def help_of(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_names_parameters_in_words_not_python_types(command: str) -> None:
    text = help_of(*([command] if command else []))
    assert PYTHON_TYPE.search(text) is None, text


def test_the_command_list_gives_each_description_whole() -> None:
    text = help_of()
    listing = text.split("Commands:", 1)[1]
    assert "..." not in listing
    joined = " ".join(listing.split())
    assert "from the deciding seat's view." in joined  # analyze's, cut before
    assert "at a hot seat or on a server." in joined  # play's, cut before


def test_rules_lists_every_preset_with_one_line_saying_what_it_is() -> None:
    result = runner.invoke(app, ["rules"])
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    for line, name in zip(lines, PRESETS, strict=True):
        assert PRESET_LINES[name] in line
        assert len(line) <= 80
