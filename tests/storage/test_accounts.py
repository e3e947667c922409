"""Players in the store, on both backends: accounts, sessions, a finished
game's results and rating changes written with its last action (once),
profiles, the leaderboard, deletion."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from tests.server.conftest import pg_url, sqlite_url  # noqa: F401 - fixtures
from triominoes.players import ratings
from triominoes.storage import (
    Append,
    ChangeRow,
    GameRow,
    NameTaken,
    Outcome,
    SeatOutcome,
    SeatRow,
    Store,
    TableRow,
    VersionConflict,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    opened = Store(url)
    try:
        yield opened
    finally:
        opened.close()


def rated_duel(store: Store, table_id: str, ann: str, ben: str) -> None:
    """A rated table of Ann and Ben whose game 1 is in play at version 1."""
    now = time.time()
    row = TableRow(table_id, "standard", {"rated": True}, "waiting", 0, 0, now, now)
    store.create_table(
        row,
        [
            SeatRow(0, "human", name="Ann", token_hash="a" * 64, player_id=ann),
            SeatRow(1, "human", name="Ben", token_hash="b" * 64, player_id=ben),
        ],
    )
    store.append(
        table_id,
        0,
        [ChangeRow(1, 1, "deal", data={"hands": []})],
        status="playing",
        start=GameRow(1, [0, 1], now),
    )


def outcome(ann: str, ben: str, *, ann_place: int = 1) -> Outcome:
    def seat(seat: int, who: str, place: int) -> SeatOutcome:
        return SeatOutcome(seat, who, True, place, place == 1, 100 // place, 4, 1, 2)

    return Outcome("duel", "standard", True, [seat(0, ann, ann_place), seat(1, ben, 3 - ann_place)])


def finish(store: Store, table_id: str, result: Outcome, expected: int = 1) -> None:
    record = {"players": ["Ann", "Ben"], "result": {"totals": [0, 0], "winners": [0]}}
    store.append_many(
        [
            Append(
                table_id,
                expected,
                [ChangeRow(expected + 1, 1, "act", 0, f"last-{expected}", {"action": "pass"})],
                "finished",
                None,
                GameRow(1, [0, 1], 0.0, time.time(), record),
                result,
            )
        ]
    )


def test_names_are_unique_in_any_case_and_sessions_end(store: Store) -> None:
    accounts = store.accounts
    ann = accounts.create("id-ann", "Ann", "ann", "$argon2id$hash")
    assert ann.name == "Ann"
    with pytest.raises(NameTaken):
        accounts.create("id-other", "ANN", "ann", "$argon2id$other")
    assert accounts.by_name("ann") == ann and accounts.by_id("id-ann") == ann
    assert accounts.skills("id-ann") == {pool: ratings.Skill() for pool in ratings.POOLS}
    accounts.open_session("s" * 64, "id-ann", 3600)
    accounts.open_session("t" * 64, "id-ann", 3600)
    accounts.open_session("old" + "x" * 61, "id-ann", -1)  # expired at once
    assert accounts.session("s" * 64) == ann
    assert accounts.session("old" + "x" * 61) is None
    accounts.end_session("s" * 64)
    assert accounts.session("s" * 64) is None and accounts.session("t" * 64) == ann
    accounts.end_sessions("id-ann", keep="t" * 64)
    assert accounts.session("t" * 64) == ann
    accounts.end_sessions("id-ann")
    assert accounts.session("t" * 64) is None


def test_the_action_that_ends_a_rated_game_rates_it_once(store: Store) -> None:
    store.accounts.create("id-ann", "Ann", "ann", "h")
    store.accounts.create("id-ben", "Ben", "ben", "h")
    rated_duel(store, "t1", "id-ann", "id-ben")
    finish(store, "t1", outcome("id-ann", "id-ben"))
    changes = store.accounts.game_ratings("t1", 1)
    assert [(c.seat, c.subject, c.before) for c in changes] == [
        (0, "id-ann", 1500),
        (1, "id-ben", 1500),
    ]
    assert changes[0].after > 1500 > changes[1].after
    ann = store.accounts.skills("id-ann")["duel"]
    assert ratings.displayed(ann) == changes[0].after and ann.games == 1
    # The same game finished again (a repeat after a crash): refused whole.
    with pytest.raises(VersionConflict):
        store.append("t1", 1, [ChangeRow(2, 1, "act", 0, "again", {"action": "pass"})])
    finish(store, "t1", outcome("id-ann", "id-ben"), expected=2)
    assert len(store.accounts.game_ratings("t1", 1)) == 2
    assert store.accounts.skills("id-ann")["duel"] == ann
    snapshot = store.snapshot("t1")
    assert snapshot is not None and snapshot.table.version == 2


def test_profiles_and_the_leaderboard(store: Store) -> None:
    store.accounts.create("id-ann", "Ann", "ann", "h")
    store.accounts.create("id-ben", "Ben", "ben", "h")
    for n in range(3):
        rated_duel(store, f"t{n}", "id-ann", "id-ben")
        finish(store, f"t{n}", outcome("id-ann", "id-ben", ann_place=1 if n < 2 else 2))
    recent = store.accounts.recent("id-ann")
    assert [r["table"] for r in recent] == ["t2", "t1", "t0"]
    assert recent[0]["place"] == 2 and recent[0]["before"] > recent[0]["after"]
    assert recent[0]["players"][1] == {
        "name": "Ben",
        "kind": "human",
        "bot": None,
        "player": "Ben",
        "deleted": False,
    }
    (stats,) = store.accounts.stats("id-ann")
    assert stats["pool"] == "duel" and stats["preset"] == "standard"
    assert stats["games"] == 3 and stats["wins"] == 2
    assert stats["points_per_round"] == round((100 + 100 + 50) / 12, 1)
    assert stats["hexagons_per_game"] == 1.0 and stats["bridges_per_game"] == 2.0
    assert stats["best"]["points"] == 100 and stats["best"]["table"] == "t1"
    history = store.accounts.history("id-ann")
    assert [h["table"] for h in history["duel"]] == ["t0", "t1", "t2"] and history["table"] == []
    board = store.accounts.leaderboard("duel", 50)
    names = [r.name for r in board]
    assert names.index("bot:expert") < names.index("bot:hard") < names.index("bot:medium")
    assert {"Ann", "Ben"} <= set(names)
    assert store.accounts.bots()["duel"]["expert"] == ratings.bot_skill("expert")


def test_a_deleted_account_leaves_its_games_without_its_name(store: Store) -> None:
    store.accounts.create("id-ann", "Ann", "ann", "h")
    store.accounts.create("id-ben", "Ben", "ben", "h")
    rated_duel(store, "t1", "id-ann", "id-ben")
    finish(store, "t1", outcome("id-ann", "id-ben"))
    store.accounts.open_session("s" * 64, "id-ann", 3600)
    assert store.accounts.delete("id-ann") == ["t1"]
    assert store.accounts.session("s" * 64) is None
    assert store.accounts.by_name("ann") is None and store.accounts.by_id("id-ann") is None
    store.accounts.create("id-new", "ann", "ann", "h")  # the name is free again
    snapshot = store.snapshot("t1")
    assert snapshot is not None and snapshot.seats[0].name is None
    assert snapshot.seats[0].player_id == "id-ann"
    (game,) = store.games("t1")
    assert game.record is not None and game.record["players"] == ["deleted player", "Ben"]
    players = store.accounts.recent("id-ben")[0]["players"]
    assert players[0]["deleted"] is True and players[0]["name"] is None
    assert "Ann" not in json.dumps(store.accounts.recent("id-ben"))
    assert "id-ann" not in [r.subject for r in store.accounts.leaderboard("duel", 50)]


def finished_game(store: Store, table_id: str, seats: list[SeatRow], record: str) -> None:
    """A table whose game 1 has finished with this record."""
    now = time.time()
    row = TableRow(table_id, "standard", {}, "waiting", 0, 0, now, now)
    store.create_table(row, seats)
    order = [seat.seat for seat in seats]
    store.append(
        table_id,
        0,
        [ChangeRow(1, 1, "deal", data={"hands": []})],
        status="playing",
        start=GameRow(1, order, now),
    )
    store.append_many(
        [
            Append(
                table_id,
                1,
                [ChangeRow(2, 1, "act", 0, "last", {"action": "pass"})],
                "finished",
                None,
                GameRow(1, order, now, now, json.loads(record)),
            )
        ]
    )


def consent_tables(store: Store, record: str) -> None:
    """Ann and Ben let their games become puzzles, Cal does not; tables of
    the two who agreed, of one with Cal, with a guest, with a bot."""
    for who in ("ann", "ben", "cal"):
        store.accounts.create(who, who.title(), who, "x")
    store.accounts.set_puzzles_from_games("ann", True)
    store.accounts.set_puzzles_from_games("ben", True)

    def person(seat: int, who: str | None) -> SeatRow:
        return SeatRow(seat, "human", name=who or "Guest", token_hash=f"{seat}" * 64, player_id=who)

    finished_game(store, "t-agreed", [person(0, "ann"), person(1, "ben")], record)
    finished_game(store, "t-cal", [person(0, "ann"), person(1, "cal")], record)
    finished_game(store, "t-guest", [person(0, "ann"), person(1, None)], record)
    finished_game(store, "t-bot", [SeatRow(0, "bot", bot="hard"), person(1, "ben")], record)
    # An unfinished game of the two who agreed has no record yet.
    now = time.time()
    store.create_table(
        TableRow("t-open", "standard", {}, "waiting", 0, 0, now, now),
        [person(0, "ann"), person(1, "ben")],
    )


def test_only_games_whose_every_person_agreed_may_become_puzzles(store: Store) -> None:
    record = json.dumps({"players": ["A", "B"], "rounds": []})
    consent_tables(store, record)
    assert store.accounts.by_id("ann").puzzles_from_games  # type: ignore[union-attr]
    assert not store.accounts.by_id("cal").puzzles_from_games  # type: ignore[union-attr]
    found = store.accounts.puzzle_records()
    assert sorted((table, game) for table, game, _ in found) == [("t-agreed", 1), ("t-bot", 1)]
    assert all(json.loads(text) == json.loads(record) for _, _, text in found)
    # Taking it back, or deleting the account, leaves their games out.
    store.accounts.set_puzzles_from_games("ben", False)
    assert store.accounts.puzzle_records() == []
    store.accounts.set_puzzles_from_games("ben", True)
    store.accounts.delete("ann")
    assert [table for table, _, _ in store.accounts.puzzle_records()] == ["t-bot"]
