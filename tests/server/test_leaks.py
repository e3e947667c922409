"""Nothing hidden leaks: every frame and HTTP answer each seat and spectator
got, across whole games, names no tile that recipient may not know."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import httpx

from tests.server.harness import Player, ServerProcess
from triominoes.core.deal import Deal
from triominoes.core.game import Game
from triominoes.core.record import read
from triominoes.core.tiles import tile_set

TILE = re.compile(r'"([0-5]-[0-5]-[0-5])"')
"""A tile's name, as hands, boards and logs write it."""
TOKEN = re.compile(r'"([0-5])([0-5])([0-5])@')
"""A placement's action token ("545@1,0"), as legal lists and logs write it."""


Position = tuple[int, int]
"""A moment of the game: the round (from 1) and the actions taken in it."""


def hidden_by_position(record: dict[str, Any]) -> dict[Position, tuple[list[set[str]], bool]]:
    """Per moment of the game: each seat's tiles and the pool's (as names),
    and whether the round is over (every hand shown); from the finished
    game's record. Keyed by the position a view shows, not by the table's
    version: readiness, chat and other table changes take versions too."""
    parsed = read(record)
    tiles = tile_set(parsed.rules.tile_set)
    game = Game(parsed.rules, len(parsed.players), auto_deal=False)
    out: dict[Position, tuple[list[set[str]], bool]] = {}

    def note(number: int, taken: int) -> None:
        state = game.round
        places = [{t.name for t in tiles.tiles_in(h)} for h in state.hands]
        places.append({tiles.tiles[t].name for t in state.pool})
        out[number, taken] = (places, state.over)

    for number, round_record in enumerate(parsed.rounds, start=1):
        game.next_round(Deal(round_record.deal.hands, round_record.deal.pool))
        note(number, 0)
        for taken, token in enumerate(round_record.actions, start=1):
            game.apply(game.round.seat, token)
            note(number, taken)
    return out


def positions_of(frames: list[dict[str, Any]]) -> list[Position]:
    """The moment each frame was sent at: a frame with a view shows it (its
    round and the actions in its log); any other frame was sent at the
    moment of the last view before it."""
    out: list[Position] = []
    current: Position = (1, 0)
    for frame in frames:
        view = frame.get("view")
        if isinstance(view, dict) and "round" in view:
            current = (view["round"], len(view["log"]))
        out.append(current)
    return out


def leaks(text: str, seat: int | None, known: tuple[list[set[str]], bool]) -> set[str]:
    """Hidden tile names in a frame's text (its rule set apart)."""
    places, over = known
    pool = places[-1]
    hidden = set(pool)
    if not over:
        for other, hand in enumerate(places[:-1]):
            if other != seat:
                hidden |= hand
    return {name for name in tiles_named(text) if _canonical(name) in hidden}


def tiles_named(text: str) -> list[str]:
    return [*TILE.findall(text), *("-".join(t) for t in TOKEN.findall(text))]


def _canonical(name: str) -> str:
    a, b, c = name.split("-")
    rotations = [(a, b, c), (b, c, a), (c, a, b)]
    return "-".join(min(rotations))


def without_rules(data: Any) -> str:
    """The text of a frame or an answer without its rule sets (which may
    name a tile: an opening bonus's)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "rules"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(data))


def test_no_frame_or_answer_names_a_tile_its_reader_may_not_know(server: ServerProcess) -> None:
    games = [
        (["human", "human"], {"preset": "standard", "target_score": 120}),
        (["human", "bot:easy", "human"], {"preset": "czech", "target_score": 100}),
        (["human", "human", "human", "bot:random"], {"preset": "spanish", "target_score": 80}),
    ]
    checked = 0
    for seats, rules in games:
        table = server.create(seats, rules)
        tokens = [server.join(table, f"P{i}")["token"] for i, s in enumerate(seats) if s == "human"]
        answers: list[str] = []
        sheets: list[str] = []  # the score sheet and the games: what everyone saw

        async def run(
            table: str, tokens: list[str], hints: int, answers: list[str], sheets: list[str]
        ) -> list[Player]:
            players = [Player(server.ws, table, t, random.Random(i)) for i, t in enumerate(tokens)]
            watcher = Player(server.ws, table, None)
            for client in [*players, watcher]:
                await client.connect()
            tasks = [asyncio.create_task(p.play(hints=hints)) for p in players]
            while not all(t.done() for t in tasks):
                early = httpx.get(f"{server.url}/api/tables/{table}/record")
                summary = httpx.get(f"{server.url}/api/tables/{table}")
                if early.status_code == 200:  # only once it is over
                    assert summary.json()["status"] == "finished"
                else:
                    answers.append(early.text)
                answers.append(summary.text)
                for path in ("/history", "/games"):
                    sheets.append(httpx.get(f"{server.url}/api/tables/{table}{path}").text)
                lobby = httpx.get(f"{server.url}/api/tables", params={"status": "playing"})
                answers.append(lobby.text)
                await asyncio.sleep(0.2)
            await asyncio.gather(*tasks)
            while not watcher.view.get("finished"):
                await watcher.receive(20)
            return [*players, watcher]

        hints = 2 if any(s.startswith("bot:") for s in seats) else 0  # for tables with bots
        clients = asyncio.run(run(table, tokens, hints, answers, sheets))
        record = server.record(table).json()
        known = hidden_by_position(record)
        for client in clients:
            seat = client.view["seat"]
            for frame, position in zip(client.frames, positions_of(client.frames), strict=True):
                found = leaks(without_rules(frame), seat, known[position])
                assert not found, (seat, frame["type"], frame["version"], found)
                checked += 1
        for text in answers:
            data = json.loads(text)
            if "error" in data:
                continue
            assert not tiles_named(without_rules(data)), text[:200]
        # A finished round's ends (every hand shown, the pool still hidden),
        # in order: the score sheet's rounds as everyone knew them then.
        ends = [known[p] for p in sorted(known) if known[p][1]]
        sheets.append(httpx.get(f"{server.url}/api/tables/{table}/history").text)  # all rounds
        for text in sheets:
            data = json.loads(text)
            if isinstance(data, list):  # the finished games: no tiles at all
                assert not tiles_named(without_rules(data)), text[:200]
                continue
            for sheet_round in data["rounds"]:
                found = leaks(without_rules(sheet_round), None, ends[sheet_round["round"] - 1])
                assert not found, (sheet_round["round"], found)
                checked += 1
        if hints:
            assert any(f["type"] == "hint" for c in clients for f in c.frames)
    assert checked > 300
