"""The plain line mode as a script drives it: a real process, tokens on stdin."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from triominoes.core.game import Game
from triominoes.core.record import read, replay
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView
from triominoes.tui.plain import NotListed, chosen
from triominoes.tui.text import reason, use_language
from triominoes.tui.words import action_text

SRC = str(Path(__file__).resolve().parents[2] / "src")
PROMPT = re.compile(r"^(.+)> $")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "triominoes", "play", *args]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": SRC, "LANG": "C.UTF-8", "LANGUAGE": ""}


class Player:
    """Reads the game's lines up to each prompt and answers with a token."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.process = subprocess.Popen(
            command(*args),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=environment(),
        )
        self.output = b""

    def until_prompt(self) -> str | None:
        """The text up to the next prompt (None: the game ended)."""
        assert self.process.stdout is not None
        start = len(self.output)
        while not self.output[start:].endswith(b"> "):
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.output += chunk
        return self.output[start:].decode()

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str, str]:
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        assert process.stderr is not None
        process.stdin.close()
        while chunk := os.read(process.stdout.fileno(), 65536):
            self.output += chunk
        err = process.stderr.read()
        return process.wait(timeout=60), self.output.decode(), err.decode()


def legal_tokens(block: str) -> list[tuple[str, int]]:
    """The legal actions the last turn listed, with their points."""
    listing = block.rsplit("Legal actions:", 1)[1]
    return [
        (m.group(1), int(m.group(2)))
        for m in re.finditer(r"^ +\d+\. (\S+)\s+.*?\s(-?\d+)(?: \(.*\))?$", listing, re.M)
    ]


def play_to_the_end(player: Player, limit: int = 2000) -> int:
    """Answer every prompt with the best listed action until the game is
    over (its last prompt, offering the analysis, is left open); the number
    of answers."""
    answers = 0
    while (block := player.until_prompt()) is not None:
        if "Game over" in block:
            break
        tokens = legal_tokens(block)
        assert tokens, block
        player.send(max(tokens, key=lambda t: t[1])[0])
        answers += 1
        assert answers < limit
    return answers


def test_a_whole_game_from_a_script(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["--plain", "--seed", "5", "--bot", "easy", "--set", "target_score=200"]
    player = Player(*args, "--save", str(save), cwd=tmp_path)
    answers = play_to_the_end(player)
    status, out, err = player.finish()
    assert status == 0, err
    assert re.search(r"Game over\. (You won!|Winner: Bot 2 \(easy\)\.)", out)
    assert f"Record saved to {save}" in out
    assert out.endswith("Type analyse for the game's analysis, or press Enter to leave.\nYou> \n")
    game = replay(read(json.loads(save.read_text())))
    assert game.finished and max(game.totals) >= 200
    # Every action of seat 0 was one of the script's answers.
    assert answers == sum(1 for r in game.rounds for o in r.outcomes if o.seat == 0)
    final = out.rsplit("Round 1:", 1)[0]
    assert "─────" in final  # the board drawn as text
    for seat, total in enumerate(game.totals):
        assert f"total {total}" in out.rsplit("Round over", 1)[1], seat


def test_a_bad_token_gets_one_line_and_the_same_prompt(tmp_path: Path) -> None:
    result = subprocess.run(
        command("--plain", "--seed", "5", "--bot", "easy", "--lang", "de"),
        input=b"555@0,0x\n000@9,9\nhelp\ndraw\n",
        capture_output=True,
        cwd=tmp_path,
        env=environment(),
        timeout=60,
        check=False,
    )
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    after = out.split("Du> ", 1)[1].split("Du> ")
    assert len(after) == 5  # a prompt after each line, and one before the end of input
    assert after[0] == "'555@0,0x' ist kein Zug (N0N1N2@Q,R, draw oder pass)\n"
    assert after[1].count("\n") == 1 and ("Feld" in after[1] or "Stein" in after[1])
    assert "Befehle:" in after[2]
    assert after[3].startswith("Du hast ") and "gezogen (-5)." in after[3]
    # The end of input ends the game cleanly, saving it (a draw was played).
    [saved] = tmp_path.iterdir()
    assert after[4] == f"\nPartie gespeichert in {saved.name}; weiter mit: " + (
        f"triominoes play --resume {saved.name}\n"
    )


def test_the_end_of_input_saves_and_resume_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    player = Player("--plain", "--seed", "9", "--bot", "easy", "--save", str(save), cwd=tmp_path)
    for _ in range(6):
        block = player.until_prompt()
        assert block is not None
        player.send(legal_tokens(block)[0][0])
    assert player.until_prompt() is not None
    status, out, err = player.finish()
    assert status == 0, err
    assert f"--resume {save}" in out
    saved = json.loads(save.read_text())
    assert saved["meta"]["seats"] == ["human", "bot:easy"]
    played = [a for r in saved["rounds"] for a in r["actions"]]

    again = Player("--plain", "--resume", str(save), cwd=tmp_path)
    play_to_the_end(again)
    status, out, err = again.finish()
    assert status == 0, err
    assert "Game over" in out
    final = json.loads(save.read_text())
    assert [a for r in final["rounds"] for a in r["actions"]][: len(played)] == played
    assert replay(read(final)).finished


def test_without_a_terminal_the_game_is_plain_lines(tmp_path: Path) -> None:
    result = subprocess.run(
        command("--seed", "5", "--bot", "easy", "--lang", "en"),
        input=b"",
        capture_output=True,
        cwd=tmp_path,
        env=environment(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert "Legal actions:" in result.stdout.decode()


def test_options_that_make_no_table_are_one_error_line(tmp_path: Path) -> None:
    for args in (["--seat", "bot:easy", "--seat", "bot:hard"], ["--lang", "fr"], ["--resume", "x"]):
        result = subprocess.run(
            command("--plain", *args),
            capture_output=True,
            cwd=tmp_path,
            env=environment(),
            check=False,
        )
        assert result.returncode == 2
        lines = result.stderr.decode().strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ")


def opening_view(seed: int = 5) -> PlayerView:
    game = Game(preset("standard"), 2, seed=seed)
    seat = game.to_move
    assert seat is not None
    return game.view(seat)


def test_a_number_from_the_list_or_its_words_is_the_action() -> None:
    use_language("en")
    view = opening_view()
    tokens = [str(legal.action) for legal in view.legal]
    assert chosen("1", view) == tokens[0]
    assert chosen(f" {len(tokens)} ", view) == tokens[-1]
    words = [action_text(view.tile_set, legal.action) for legal in view.legal]
    unique = [w for w in words if words.count(w) == 1]
    assert unique, words
    for text in unique:
        assert chosen(text, view) == tokens[words.index(text)]
        assert chosen(text.upper().replace(" ", "  "), view) == tokens[words.index(text)]
    assert chosen(tokens[0], view) == tokens[0]  # the token itself, as before
    assert chosen("draw", view) == "draw"


def test_words_that_fit_several_ways_or_none_and_numbers_off_the_list_say_why() -> None:
    use_language("en")
    view = opening_view(4)  # no triple dealt: 2-5-5 opens, turned any of three ways
    words = [action_text(view.tile_set, legal.action) for legal in view.legal]
    twice = next(w for w in words if words.count(w) > 1)
    with pytest.raises(NotListed) as caught:
        chosen(twice, view)
    numbers = [str(n) for n, w in enumerate(words, 1) if w == twice]
    assert reason(caught.value) == (
        f"{twice} fits more than one way: type its number ({', '.join(numbers)})"
    )
    with pytest.raises(NotListed) as caught:
        chosen(str(len(words) + 1), view)
    assert (
        reason(caught.value)
        == f"there is no action {len(words) + 1}: the list has 1 to {len(words)}"
    )
    with pytest.raises(NotListed):
        chosen("6-6-6 at 9,9", view)
    with pytest.raises(NotListed):
        chosen("0", view)


def test_the_words_in_the_players_language_are_the_action() -> None:
    use_language("de")
    try:
        view = opening_view()
        words = [action_text(view.tile_set, legal.action) for legal in view.legal]
        text = next(w for w in words if words.count(w) == 1)
        assert chosen(text, view) == str(view.legal[words.index(text)].action)
    finally:
        use_language("en")


def test_a_script_may_answer_with_the_list_s_numbers(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["--plain", "--seed", "5", "--bot", "easy", "--lang", "en", "--save", str(save)]
    player = Player(*args, cwd=tmp_path)
    chosen_tokens = []
    for _ in range(3):
        block = player.until_prompt()
        assert block is not None
        listed = legal_tokens(block)
        chosen_tokens.append(listed[-1][0])
        player.send(str(len(listed)))  # the last one, by its number
    status, _, err = player.finish()
    assert status == 0, err
    game = replay(read(json.loads(save.read_text())))
    mine = [str(o.action) for r in game.rounds for o in r.outcomes if o.seat == 0]
    assert mine == chosen_tokens


def test_quit_right_after_resume_says_where_the_game_is(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    player = Player("--plain", "--seed", "9", "--bot", "easy", "--save", str(save), cwd=tmp_path)
    block = player.until_prompt()
    assert block is not None
    player.send(legal_tokens(block)[0][0])
    assert player.until_prompt() is not None
    player.send("quit")
    status, _, err = player.finish()
    assert status == 0, err
    again = Player("--plain", "--resume", str(save), "--lang", "en", cwd=tmp_path)
    assert again.until_prompt() is not None
    again.send("quit")  # nothing played since the resume
    status, out, err = again.finish()
    assert status == 0, err
    assert out.rstrip().endswith(
        f"Game saved to {save}; go on with: triominoes play --resume {save}"
    )
