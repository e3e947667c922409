"""The table machine alone: its rules in plain, fast tests, and the
property that matters most — a table rebuilt from what the database keeps
is the live table, after any sequence of commands."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triominoes.core.rules import RuleSet
from triominoes.server.rows import append_of, caught_up, loaded
from triominoes.storage import (
    ChangeRow,
    ChatRow,
    Delta,
    GameRow,
    Outcome,
    SeatRow,
    Snapshot,
    TableRow,
)
from triominoes.table import (
    Decision,
    EngineSeat,
    Seat,
    SeatKind,
    Settings,
    TableSeat,
    TableState,
    TableStatus,
    apply,
    decide,
    views,
)
from triominoes.table import commands as c
from triominoes.table.changes import Chatted, PlayerDeleted, SeatTaken
from triominoes.table.follow import Alarm, BotTurn, follow_up

QUICK = RuleSet.from_json(
    {"preset": "standard", "hand_size": {"2": 3, "3": 3, "4": 3}, "target_score": 40}
)


def new_table(kinds: list[str], settings: Settings | None = None) -> TableState:
    """Bots are ``hard`` (a level: they can sit at rated tables)."""
    seats = tuple(
        Seat(TableSeat(i), SeatKind.HUMAN)
        if kind == "human"
        else Seat(TableSeat(i), SeatKind.BOT, bot="hard", name=f"Bot {i}")
        for i, kind in enumerate(kinds)
    )
    return TableState("t1", QUICK, settings or Settings(), 0.0, seats)


@dataclass
class Database:
    """What the server's store keeps of one table, kept by hand: rows of
    the log, games begun, seats taken, chat."""

    table: TableState
    rows: list[ChangeRow] = field(default_factory=list)
    games: dict[int, GameRow] = field(default_factory=dict)
    seats: list[SeatRow] = field(default_factory=list)
    chat: list[ChatRow] = field(default_factory=list)
    outcomes: list[Outcome | None] = field(default_factory=list)
    """What each finished game left for its players."""

    status: TableStatus = TableStatus.WAITING

    def __post_init__(self) -> None:
        self.seats = [
            SeatRow(s.chair, s.kind.value, s.bot, s.name, s.token_hash) for s in self.table.seats
        ]

    def commit(self, before: TableState, decision: Decision) -> None:
        """As the server writes a decision: seats and chat apart, the rest
        as one append."""
        rest = []
        for change in decision.changes:
            if isinstance(change, SeatTaken):
                self.seats[change.chair] = replace(
                    self.seats[change.chair],
                    name=change.name,
                    token_hash=change.token_hash,
                    player_id=change.player,
                )
            elif isinstance(change, Chatted):
                self.chat.append(ChatRow(change.chair, change.phrase, change.at))
            else:
                rest.append(change)
        append = append_of(before, replace(decision, changes=tuple(rest)))
        if append.finish is not None:
            self.outcomes.append(append.outcome)
        self.rows.extend(append.changes)
        if append.start is not None:
            self.games[append.start.number] = append.start
        self.status = decision.state.status

    def row(self) -> TableRow:
        state = self.table
        version = self.rows[-1].version if self.rows else 0
        status = self.status
        number = max(self.games, default=0)
        return TableRow(
            state.id, QUICK.to_record(), state.settings.to_json(), status, version, number, 0.0, 0.0
        )

    def snapshot(self) -> Snapshot:
        number = max(self.games, default=0)
        game = self.games.get(number)
        changes = [r for r in self.rows if r.game == number] if game else []
        return Snapshot(self.row(), list(self.seats), game, changes, self.chat[-30:])

    def since(self, version: int, number: int) -> Delta:
        games = [g for n, g in sorted(self.games.items()) if n > number]
        return Delta(
            self.row(), list(self.seats), games, [r for r in self.rows if r.version > version]
        )


def describe(state: TableState) -> Any:
    """Everything a table is, as plain values (its game by its views and record)."""
    table = views.table_view(state, set(), 0.0)
    seats = [None, state.to_move]  # a spectator's view, and the legal actions
    game = None
    if state.game is not None and state.game.rounds:
        game = views.record(state).to_json()
    return {
        "version": state.version,
        "status": state.status,
        "number": state.number,
        "order": state.order,
        "seats": state.seats,
        "settings": state.settings,
        "acked": dict(state.acked),
        "salts": state.salts,
        "since": state.since,
        "movers": state.movers,
        "views": [views.view_for(state, s, table) for s in seats],
        "summary": views.summary(state, set()),
        "game": game,
    }


def test_a_table_of_people_waits_for_every_seat_then_deals() -> None:
    state = new_table(["human", "human"])
    rng = random.Random(1)
    assert decide(state, c.Start(), now=1.0, rng=rng).changes == ()
    taken = decide(state, c.TakeSeat(TableSeat(0), "Ann", "h0"), now=1.0).state
    again = decide(taken, c.TakeSeat(TableSeat(0), "Ben", "h1"), now=1.0)
    assert again.refusal is not None and again.refusal.code == "no-seat"
    both = decide(taken, c.TakeSeat(TableSeat(1), "Ben", "h1"), now=2.0).state
    started = decide(both, c.Start(), now=3.0, rng=rng)
    assert [type(x).__name__ for x in started.changes] == ["GameStarted", "Dealt"]
    assert started.state.status is TableStatus.PLAYING and started.state.version == 1
    assert started.state.since == 3.0
    late = decide(started.state, c.TakeSeat(TableSeat(1), "Cy", "h2"), now=4.0)
    assert late.refusal is not None and late.refusal.code == "not-now"


def started(kinds: list[str], settings: Settings | None = None, seed: int = 1) -> TableState:
    state = new_table(kinds, settings)
    for seat in state.seats:
        if seat.human:  # signed in (as p0, p1, ...) at a rated table
            player = f"p{seat.chair}" if state.settings.rated else None
            take = c.TakeSeat(seat.chair, f"P{seat.chair}", f"h{seat.chair}", player)
            state = decide(state, take, now=0.0).state
    return decide(state, c.Start(), now=1.0, rng=random.Random(seed)).state


def legal_tokens(state: TableState) -> list[str]:
    seat = state.to_move
    assert seat is not None and state.game is not None
    return [str(a.action) for a in state.game.view(seat).legal]


def test_an_act_is_checked_and_a_repeat_gets_its_first_ack() -> None:
    state = started(["human", "human"])
    seat = state.to_move
    assert seat is not None
    other = EngineSeat(1 - seat)
    token = legal_tokens(state)[0]
    wrong = decide(state, c.Act(other, "x", state.version, token), now=2.0)
    assert wrong.refusal is not None and wrong.refusal.code == "not-your-turn"
    stale = decide(state, c.Act(seat, "x", state.version - 1, token), now=2.0)
    assert stale.refusal is not None and stale.refusal.code == "stale"
    bad = decide(state, c.Act(seat, "x", state.version, "000@9,9"), now=2.0)
    assert bad.refusal is not None and bad.refusal.code == "illegal" and bad.refusal.reason
    done = decide(state, c.Act(seat, "a1", state.version, token), now=2.0)
    assert done.refusal is None and done.state.version == state.version + 1
    assert state.game is not None and state.game.to_move == seat  # the state before is intact
    repeat = decide(done.state, c.Act(seat, "a1", 0, token), now=3.0)
    assert repeat.repeat == done.state.version and repeat.changes == ()


def test_the_clocks_are_the_state_s() -> None:
    """Deadlines count from the change that began the turn or the pause, so
    whichever process rebuilds a table knows them."""
    state = started(["human", "bot"], Settings(turn_seconds=30, bot_pace=0.5))
    seat = state.to_move
    assert seat is not None
    if state.seat_at(seat).human:
        assert follow_up(state) == Alarm(31.0, c.TimeOut(state.version))
        timed_out = decide(state, c.TimeOut(state.version), now=31.0).state
        assert timed_out.seat_at(seat).stand_in and timed_out.turn_deadline() is None
        turn = follow_up(timed_out)
        assert turn == BotTurn(seat, timed_out.version, None, 31.5)
    else:
        assert follow_up(state) == BotTurn(seat, state.version, "hard", 1.5)


def play_out(state: TableState, rng: random.Random, now: float = 10.0) -> TableState:
    """Every seat plays its first legal action, people are ready at once."""
    while state.status is TableStatus.PLAYING:
        if state.between_rounds and not state.present():
            decision = decide(state, c.DealNext(state.version), now=now, rng=rng)
        elif state.between_rounds:
            decision = Decision(state)
            for person in state.present():
                decision = decide(decision.state, c.Ready(person), now=now, rng=rng)
        else:
            seat = state.to_move
            assert seat is not None
            token = legal_tokens(state)[0]
            if state.seat_at(seat).played_by_bot:
                decision = decide(state, c.BotAct(seat, state.version, token), now=now)
            else:
                decision = decide(
                    state, c.Act(seat, f"a{state.version}", state.version, token), now=now
                )
        assert decision.refusal is None, decision.refusal
        state = decision.state
    return state


def test_the_game_s_end_ends_every_stand_in() -> None:
    """A bot played for an absent person to the game's end: at a finished
    table nobody plays for anyone (the page showed "a bot plays for you"
    with a button that could do nothing)."""
    rng = random.Random(8)
    state = started(["human", "human"], Settings(turn_seconds=5))
    seat = state.to_move
    assert seat is not None
    state = decide(state, c.TimeOut(state.version), now=10.0).state
    assert state.seat_at(seat).stand_in
    state = play_out(state, rng)
    assert state.status is TableStatus.FINISHED
    assert not any(s.stand_in for s in state.seats)
    assert decide(state, c.Back(seat), now=20.0).changes == ()


def test_play_again_is_an_offer_everyone_answers() -> None:
    rng = random.Random(3)
    state = play_out(started(["human", "human", "bot"]), rng)
    assert state.status is TableStatus.FINISHED
    first, second = state.people()
    offer = decide(state, c.PlayAgain(first), now=100.0, rng=rng)
    assert offer.state.status is TableStatus.FINISHED and offer.state.number == 1
    table = views.table_view(offer.state, set(), 100.0)
    bot = next(s for s in state.engine_seats() if not state.seat_at(EngineSeat(s)).human)
    assert table["rematch"] == {
        "by": first,
        "accepted": sorted([first, bot]),
        "declined": [],
        "deadline": 160.0,
    }
    early = decide(offer.state, c.PlayAgain(first, with_bots=True), now=101.0, rng=rng)
    assert early.refusal is not None and early.refusal.code == "not-now"
    accepted = decide(offer.state, c.PlayAgain(second), now=102.0, rng=rng)
    after = accepted.state
    assert after.status is TableStatus.PLAYING and after.number == 2
    assert after.order == (*state.order[1:], state.order[0])
    assert after.rematch is None and after.game is not None and len(after.game.rounds) == 1


def test_after_the_deadline_bots_stand_in_for_who_did_not_answer() -> None:
    rng = random.Random(4)
    state = play_out(started(["human", "human"], Settings(rematch_seconds=10)), rng)
    first, second = state.people()
    absent = state.chair_at(second)
    offer = decide(state, c.PlayAgain(first), now=100.0, rng=rng).state
    declined = decide(offer, c.PlayAgain(second, accept=False), now=101.0, rng=rng).state
    # Once the others declined, no need to wait for the deadline.
    begun = decide(declined, c.PlayAgain(first, with_bots=True), now=102.0, rng=rng).state
    assert begun.number == 2 and begun.seats[absent].stand_in
    assert not begun.seats[state.chair_at(first)].stand_in
    waited = decide(offer, c.PlayAgain(first, with_bots=True), now=110.0, rng=rng).state
    assert waited.number == 2 and waited.seats[absent].stand_in


def test_a_takeback_is_asked_of_the_people_present() -> None:
    rng = random.Random(5)
    state = started(["human", "human", "human"])
    seat = state.to_move
    assert seat is not None
    token = next(t for t in legal_tokens(state) if "@" in t)
    placed = decide(state, c.Act(seat, "p", state.version, token), now=2.0).state
    asked = decide(placed, c.AskTakeback(seat), now=3.0)
    assert asked.state.takeback is not None
    assert asked.state.takeback.waiting == frozenset(placed.present()) - {seat}
    others = sorted(asked.state.takeback.waiting)
    one = decide(asked.state, c.AnswerTakeback(others[0], True), now=4.0).state
    assert one.takeback is not None and one.takeback.waiting == {others[1]}
    done = decide(one, c.AnswerTakeback(others[1], True), now=5.0, rng=rng)
    assert [type(x).__name__ for x in done.changes] == ["TakebackAnswered", "TakenBack"]
    assert done.state.takeback is None and done.state.to_move == seat
    assert done.state.game is not None and not done.state.game.round.board.placements()


def test_chat_follows_the_person_through_a_rematch() -> None:
    rng = random.Random(6)
    state = started(["human", "human"])
    ann = state.engine_seat(TableSeat(0))
    state = decide(state, c.Say(ann, "hello"), now=2.0).state
    state = play_out(state, rng)
    for person in state.people():
        state = decide(state, c.PlayAgain(person), now=50.0, rng=rng).state
    assert state.number == 2 and state.engine_seat(TableSeat(0)) != ann
    line = views.table_view(state, set(), 0.0)["chat"][0]
    assert line["seat"] == state.engine_seat(TableSeat(0))
    assert views.table_view(state, set(), 0.0)["seats"][line["seat"]]["name"] == "P0"


def last_mover(state: TableState) -> EngineSeat | None:
    game = state.game
    if game is None or not game.rounds or not game.rounds[-1].outcomes:
        return None
    return EngineSeat(game.rounds[-1].outcomes[-1].seat)


COMMANDS = st.sampled_from(
    ["act"] * 12
    + ["wrong", "bot", "ready", "ready", "deal", "timeout", "back", "ask", "answer"]
    + ["again", "again", "again-bots", "decline", "say", "resign", "delete"]
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    kinds=st.sampled_from(
        [["human", "human"], ["human", "bot"], ["human", "human", "bot", "human"]]
    ),
    seed=st.integers(0, 2**16),
    rated=st.booleans(),
)
def test_a_table_rebuilt_from_its_changes_is_the_live_table(
    data: st.DataObject, kinds: list[str], seed: int, rated: bool
) -> None:
    rng = random.Random(seed)
    state = new_table(kinds, Settings(turn_seconds=20, rematch_seconds=5, rated=rated))
    database = Database(state)
    now = 0.0
    for chair in [s.chair for s in state.seats if s.human]:
        # At a rated table every person is signed in; elsewhere some are.
        player = f"p{chair}" if rated or data.draw(st.booleans()) else None
        decision = decide(state, c.TakeSeat(chair, f"P{chair}", f"h{chair}", player), now=now)
        database.commit(state, decision)
        state = decision.state
    decision = decide(state, c.Start(), now=now, rng=rng)
    database.commit(state, decision)
    state = decision.state
    for _ in range(data.draw(st.integers(10, 250))):
        now += data.draw(st.sampled_from([0.0, 1.0, 30.0]))
        kind = data.draw(COMMANDS)
        seat = EngineSeat(data.draw(st.integers(0, state.players - 1)))
        command: c.Command
        if kind == "act" and state.to_move is not None:
            tokens = legal_tokens(state)
            token = tokens[data.draw(st.integers(0, len(tokens) - 1))]
            mover = state.to_move
            if state.seat_at(mover).played_by_bot:
                command = c.BotAct(mover, state.version, token)
            else:
                command = c.Act(mover, f"id{data.draw(st.integers(0, 5))}", state.version, token)
        elif kind in ("act", "wrong"):
            command = c.Act(seat, "w", state.version, "draw")
        elif kind == "bot":
            command = c.BotAct(seat, state.version, "draw")
        elif kind == "ready":
            command = c.Ready(seat)
        elif kind == "deal":
            command = c.DealNext(state.version)
        elif kind == "timeout":
            command = c.TimeOut(state.version)
        elif kind == "back":
            command = c.Back(seat)
        elif kind == "ask":
            command = c.AskTakeback(last_mover(state) or seat)
        elif kind == "answer":
            command = c.AnswerTakeback(seat, data.draw(st.booleans()))
        elif kind in ("again", "again-bots"):
            command = c.PlayAgain(seat, True, kind == "again-bots")
        elif kind == "decline":
            command = c.PlayAgain(seat, False)
        elif kind == "resign":
            command = c.Resign(seat)
        elif kind == "delete":
            # An account deleted: the store clears the seat's name, the
            # server tells the live table (and catching up finds it).
            chair = state.chair_at(seat)
            if state.seats[chair].player is None or state.seats[chair].deleted:
                continue
            database.seats[chair] = replace(database.seats[chair], name=None)
            earlier, (state, _) = state, apply(state, PlayerDeleted(chair))
            assert describe(loaded(database.snapshot())) == describe(state)
            told = caught_up(earlier, database.since(earlier.version, earlier.number))
            assert told is not None
            assert describe(replace(told[0], chat=state.chat)) == describe(state)
            continue
        else:
            command = c.Say(seat, "hello")
        before = state
        decision = decide(state, command, now=now, rng=rng)
        database.commit(state, decision)
        state = decision.state
        rebuilt = loaded(database.snapshot())
        assert describe(rebuilt) == describe(state), command
        later = caught_up(before, database.since(before.version, before.number))
        assert later is not None
        assert describe(replace(later[0], chat=state.chat)) == describe(state), command
    for outcome in database.outcomes:  # every finished game left its results
        if rated:
            assert outcome is not None and outcome.rated
            assert all(s.subject is not None for s in outcome.seats)
        elif outcome is not None:
            assert all(s.account == (s.subject is not None) for s in outcome.seats)


def test_a_rated_table_seats_signed_in_people_once_each() -> None:
    state = new_table(["human", "human", "bot"], Settings(rated=True))
    guest = decide(state, c.TakeSeat(TableSeat(0), "Guest", "h0"), now=1.0)
    assert guest.refusal is not None and guest.refusal.code == "sign-in-needed"
    ann = decide(state, c.TakeSeat(TableSeat(0), "Ann", "h0", "p-ann"), now=1.0).state
    assert ann.seats[0].player == "p-ann" and ann.chair_of_player("p-ann") == 0
    twice = decide(ann, c.TakeSeat(TableSeat(1), "Ann", "h1", "p-ann"), now=1.0)
    assert twice.refusal is not None and twice.refusal.code == "already-seated"
    table = views.table_view(ann, set(), 0.0)
    assert table["seats"][0]["player"] == "Ann" and table["settings"]["rated"] is True
    assert views.summary(ann, set())["rated"] is True
    assert "p-ann" not in repr(views.summary(ann, set())) + repr(table)  # ids stay inside


def test_a_resigned_seat_is_played_out_by_a_bot_and_ranks_last() -> None:
    rng = random.Random(7)
    state = started(["human", "human"], Settings(rated=True, turn_seconds=60))
    ann = state.engine_seat(TableSeat(0))
    assert state.to_move is not None
    if state.to_move != ann:  # Ann resigns on her own turn: the bot's turn begins now
        ben = state.to_move
        state = decide(state, c.Act(ben, "b", state.version, legal_tokens(state)[0]), now=2.0).state
    resigned = decide(state, c.Resign(ann), now=5.0)
    assert resigned.refusal is None
    after = resigned.state
    seat = after.seat_at(ann)
    assert seat.resigned and seat.stand_in and after.since == 5.0
    assert views.table_view(after, set(), 0.0)["seats"][ann]["resigned"] is True
    assert follow_up(after) == BotTurn(ann, after.version, None, 5.6)
    again = decide(after, c.Resign(ann), now=6.0)
    assert again.refusal is not None and again.refusal.code == "not-now"
    acting = decide(after, c.Act(ann, "x", after.version, legal_tokens(after)[0]), now=6.0)
    assert acting.refusal is not None and acting.refusal.code == "not-now"
    assert decide(after, c.Back(ann), now=6.0).changes == ()  # back: still resigned
    finished = play_out(after, rng)
    assert finished.status is TableStatus.FINISHED
    append = append_of(after, Decision(finished, ()))
    outcome = append.outcome
    assert outcome is not None and outcome.rated and outcome.pool == "duel"
    places = {s.subject: s.place for s in outcome.seats}
    assert places == {"p0": 2, "p1": 1}
    record = views.record(finished).to_json()
    assert record["meta"]["rated"] is True and record["meta"]["resigned"] == [ann]
    rematch = finished
    for person in finished.people():
        rematch = decide(rematch, c.PlayAgain(person), now=90.0, rng=rng).state
    assert rematch.number == 2 and not any(s.resigned or s.stand_in for s in rematch.seats)


def test_resigning_is_for_a_game_in_play_and_a_person() -> None:
    state = new_table(["human", "bot"])
    refused = decide(state, c.Resign(EngineSeat(0)), now=1.0)
    assert refused.refusal is not None and refused.refusal.code == "not-now"
    playing = started(["human", "bot"])
    bot = next(s for s in playing.engine_seats() if not playing.seat_at(EngineSeat(s)).human)
    refused = decide(playing, c.Resign(EngineSeat(bot)), now=1.0)
    assert refused.refusal is not None
