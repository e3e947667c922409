"""Features together, where bugs hide: a rematch (the seat order rotated)
with chat, takebacks, stand-ins and a restart, at tables of 2 to 4 people.

Before the table machine, each of these went wrong: chat was credited to
whoever sat at the speaker's old engine seat, the takeback question went
to the one who asked, "Play again" started a game nobody else agreed to,
and chat was gone after a restart.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.inprocess import (
    Person,
    act,
    arrive,
    hub_at,
    play_out,
    send,
    settle,
    sit,
    until,
)
from triominoes.server.hub import Hub
from triominoes.server.table import Table

SIZES = [2, 3, 4]


async def rematch(table: Table, people: list[Person]) -> None:
    """The first person offers another game, everyone else accepts."""
    await send(table, people[0], {"type": "rematch"})
    for person in people:
        assert person.view["table"]["rematch"] is not None
        assert person.view["table"]["game"] == 1  # an offer starts nothing
    for person in people[1:]:
        await send(table, person, {"type": "rematch"})
    await until(lambda: all(p.view["table"]["game"] == 2 for p in people))


def chat_names(person: Person) -> list[tuple[str | None, str]]:
    """Who said what, as this person's page would show it."""
    return [(person.named(line["seat"]), line["phrase"]) for line in person.view["table"]["chat"]]


@pytest.mark.parametrize("size", SIZES)
def test_chat_stays_with_who_said_it_after_a_rematch_and_a_restart(
    tmp_path: Path, size: int
) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human"] * size)
            watcher = await arrive(table, "watcher", None)
            await send(table, people[0], {"type": "chat", "phrase": "hello"})
            heard = [f for f in people[1].socket.frames if f["type"] == "chat"]
            assert people[1].named(heard[-1]["seat"]) == "P0"
            await play_out(table, people)
            await rematch(table, people)
            assert people[0].view["seat"] != 0  # the order rotated
            for someone in [*people, watcher]:
                assert chat_names(someone) == [("P0", "hello")]
            await send(table, people[1], {"type": "chat", "phrase": "good-luck"})
            table_id = table.id
        async with hub_at(tmp_path) as hub:  # the server restarted
            again = await hub.table(table_id)
            assert again is not None
            back = [await arrive(again, p.name, p.token) for p in people]
            for person in back:
                assert chat_names(person) == [("P0", "hello"), ("P1", "good-luck")]

    asyncio.run(run())


async def place_a_tile(table: Table, people: list[Person]) -> Person:
    """Play until a person places a tile; return them."""
    while True:
        mover = next(p for p in people if p.my_turn)
        placements = [a["action"] for a in mover.view["legal"] if "@" in a["action"]]
        if placements:
            await act(table, mover, placements[0])
            return mover
        await act(table, mover)


@pytest.mark.parametrize("size", SIZES)
def test_the_takeback_question_goes_to_the_others_after_a_rematch(
    tmp_path: Path, size: int
) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human"] * size)
            await play_out(table, people)
            await rematch(table, people)
            asker = await place_a_tile(table, people)
            hand = sorted(asker.states()[-2]["view"]["hand"])
            await send(table, asker, {"type": "takeback"})
            others = [p for p in people if p is not asker]
            for person in people:
                takeback = person.view["table"]["takeback"]
                assert takeback["seat"] == asker.view["seat"]
                asked = person.view["seat"] in takeback["waiting_for"]
                assert asked == (person is not asker), person.name
            for person in others:
                await send(table, person, {"type": "answer", "accept": True})
            assert sorted(asker.view["hand"]) == hand
            assert asker.my_turn and asker.view["table"]["takeback"] is None

    asyncio.run(run())


@pytest.mark.parametrize("size", SIZES)
def test_a_rematch_without_an_answer_starts_with_a_stand_in(tmp_path: Path, size: int) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human"] * size, bot_pace=0, rematch_seconds=2)
            await play_out(table, people)
            absent, present = people[-1], people[:-1]
            await send(table, present[0], {"type": "rematch"})
            for person in present[1:]:
                await send(table, person, {"type": "rematch"})
            assert table.state.number == 1  # one person has not answered
            await send(table, present[0], {"type": "rematch", "with_bots": True})
            refused = [f for f in present[0].socket.frames if f["type"] == "error"]
            assert refused and refused[-1]["code"] == "not-now"  # too early
            offer = present[0].view["table"]["rematch"]
            await asyncio.sleep(offer["deadline"] - time.time() + 0.05)
            await send(table, present[0], {"type": "rematch", "with_bots": True})
            assert table.state.number == 2
            seat = absent.view["seat"]
            assert absent.view["table"]["seats"][seat]["stand_in"]
            for _ in range(200):  # the others play; a bot plays for the absent one
                if any(e.get("by") == "stand-in" for e in absent.view["log"]):
                    break
                mover = next((p for p in present if p.my_turn), None)
                if mover is not None:
                    await act(table, mover)
                await settle()
            assert any(e.get("by") == "stand-in" for e in absent.view["log"])
            await send(table, absent, {"type": "back"})
            assert not absent.view["table"]["seats"][absent.view["seat"]]["stand_in"]

    asyncio.run(run())


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what a restart may change: who is connected, the clock's now."""
    table = {k: v for k, v in view["table"].items() if k != "now"}
    table["seats"] = [{**s, "connected": None} for s in table["seats"]]
    return {**view, "table": table}


@pytest.mark.parametrize("size", SIZES)
def test_a_rematched_table_is_the_same_after_a_restart(tmp_path: Path, size: int) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human"] * size, turn_seconds=600)
            await play_out(table, people)
            await rematch(table, people)
            await place_a_tile(table, people)
            await send(table, people[1], {"type": "next"})  # refused: no round to deal
            before = {p.name: comparable(p.view) for p in people}
            table_id = table.id
        async with hub_at(tmp_path) as hub:
            await reconnect_all(hub, table_id, people, before)

    asyncio.run(run())


async def reconnect_all(
    hub: Hub, table_id: str, people: list[Person], before: dict[str, Any]
) -> None:
    again = await hub.table(table_id)
    assert again is not None
    for person in people:
        back = await arrive(again, person.name, person.token)
        await settle()
        assert comparable(back.view) == before[person.name], person.name
