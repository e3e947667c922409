"""The rules of players, alone: names, passwords, ratings, results and
quick match's pairing."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triominoes.core.game import Game
from triominoes.core.rules import RuleSet
from triominoes.players import matching, names, passwords, ratings
from triominoes.players.matching import Match, Ticket
from triominoes.players.ratings import Skill
from triominoes.players.results import seat_results


def test_names_are_short_plain_and_one_regardless_of_case() -> None:
    for good in ("Ann", "ann_2", "x-y-z", "A" * 20):
        assert names.valid(good)
    for bad in ("An", "A" * 21, "Ann Lee", "Änne", "\u0430nn", "ann!", ""):
        assert not names.valid(bad), bad
    assert names.key("Ann") == names.key("aNN")


def test_a_password_is_kept_as_an_argon2id_hash() -> None:
    stored = passwords.hashed("correct horse")
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert passwords.matches(stored, "correct horse")
    assert not passwords.matches(stored, "correct horsE")
    assert not passwords.matches(None, "correct horse")
    assert not passwords.matches("not a hash", "correct horse")
    assert passwords.weak("123456789") and not passwords.weak("1234567890")
    assert not passwords.outdated(stored)


def test_no_account_takes_as_long_to_check_as_a_wrong_password() -> None:
    """The answer's time does not tell whether a name exists."""
    stored = passwords.hashed("correct horse")
    passwords.matches(None, "warm up")

    def timed(stored: str | None) -> float:
        start = time.perf_counter()
        for _ in range(3):
            passwords.matches(stored, "wrong password")
        return time.perf_counter() - start

    wrong, unknown = timed(stored), timed(None)
    assert 0.5 < unknown / wrong < 2.0


def test_the_displayed_scale() -> None:
    assert ratings.displayed(Skill()) == 1500
    assert ratings.displayed(Skill(mu=25 + ratings.BETA)) == 1700  # one beta: 200 points
    assert ratings.displayed(Skill(mu=ratings.mu_of(1765))) == 1765
    assert ratings.provisional(Skill(games=9)) and not ratings.provisional(Skill(games=10))
    assert not ratings.provisional(ratings.bot_skill("easy"), bot=True)
    seeds = [ratings.displayed(ratings.bot_skill(level)) for level in ratings.BOT_SEEDS]
    assert seeds == sorted(seeds) == [1201, 1500, 1661, 2016]
    assert ratings.pool_of(2) == "duel" and ratings.pool_of(3) == ratings.pool_of(6) == "table"


def test_places_tie_on_equal_totals_and_put_who_resigned_last() -> None:
    assert ratings.places([100, 50, 100, 20], [False] * 4) == [1, 3, 1, 4]
    # The best total resigned: last all the same.
    assert ratings.places([300, 50, 100], [True, False, False]) == [3, 2, 1]
    assert ratings.places([300, 50, 100], [True, True, False]) == [2, 3, 1]


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    ann, ben = ratings.rate([Skill(), Skill()], [1, 2])
    assert ratings.displayed(ann) > 1500 > ratings.displayed(ben)
    assert ann.sigma < ratings.SIGMA and ann.games == ben.games == 1
    # Beating a much stronger player moves more than beating a weaker one.
    strong = Skill(mu=ratings.mu_of(1900), sigma=4)
    upset = ratings.rate([Skill(sigma=4), strong], [1, 2])[0]
    expected = ratings.rate([strong, Skill(sigma=4)], [1, 2])[0]
    assert upset.mu - 25 > expected.mu - strong.mu
    tie = ratings.rate([Skill(), Skill()], [1, 1])
    assert tie[0] == tie[1] and abs(tie[0].mu - 25) < 1e-9
    with pytest.raises(ValueError):
        ratings.rate([Skill()], [1])


def test_a_level_at_two_seats_gets_the_mean_of_its_changes() -> None:
    bot = ratings.bot_skill("hard")
    up, down = ratings.rate([bot, bot, Skill()], [1, 3, 2])[:2]
    merged = ratings.merged(bot, [up, down])
    assert merged.games == 1 and abs(merged.mu - (up.mu + down.mu) / 2) < 1e-9


def test_a_game_s_results_by_seat() -> None:
    rules = RuleSet.from_json({"preset": "standard", "target_score": 60})
    game = Game(rules, 3, seed=5)
    rng = random.Random(5)
    while not game.finished:
        if game.needs_deal:
            game.next_round()
            continue
        seat = game.to_move
        assert seat is not None
        legal = game.view(seat).legal
        game.apply(seat, legal[rng.randrange(len(legal))].action)
    results = seat_results(game, [False, True, False])
    assert [r.points for r in results] == game.totals
    assert results[1].place == 3 and results[1].resigned and not results[1].won
    assert all(r.rounds == len(game.rounds) for r in results)
    assert sum(r.hexagons for r in results) == sum(
        o.score.hexagons for p in game.rounds for o in p.outcomes if o.score
    )


def ticket(n: int, rating: int, since: float = 0.0, **extra: object) -> Ticket:
    fields: dict[str, object] = {
        "pool": "duel",
        "players": 2,
        "rules": "standard",
        "rated": True,
        "bots_after": None,
    }
    fields.update(extra)
    return Ticket(f"t{n}", f"p{n}", rating=rating, since=since, **fields)  # type: ignore[arg-type]


def test_near_ratings_meet_and_far_ones_wait_until_their_windows_widen() -> None:
    near = [ticket(1, 1500), ticket(2, 1580)]
    assert [m.tickets for m in matching.match(near, 0.0)] == [tuple(near)]
    far = [ticket(1, 1500), ticket(2, 1750)]
    assert matching.match(far, 0.0) == []
    assert matching.match(far, 14.0) == []  # windows of 240
    assert len(matching.match(far, 15.0)) == 1  # 250
    # A new ticket's narrow window holds back an old one's wide window.
    assert matching.match([ticket(1, 1500), ticket(2, 1750, since=14.0)], 15.0) == []


def test_only_the_same_bucket_meets() -> None:
    waiting = [
        ticket(1, 1500),
        ticket(2, 1500, rated=False),
        ticket(3, 1500, rules="czech"),
        ticket(4, 1500, pool="table", players=3),
        ticket(5, 1510, pool="table", players=3),
    ]
    assert matching.match(waiting, 0.0) == []
    waiting.append(ticket(6, 1490, pool="table", players=3))
    (table,) = matching.match(waiting, 0.0)
    assert {t.id for t in table.tickets} == {"t4", "t5", "t6"}


def test_a_player_waits_once() -> None:
    waiting = [ticket(1, 1500), Ticket("t2", "p1", "duel", 2, "standard", True, 1500, 1.0)]
    assert matching.match(waiting, 2.0) == []


def test_bots_fill_a_table_after_bots_after_near_the_people() -> None:
    bots = {"duel": {"easy": 1290, "medium": 1500, "hard": 1765}, "table": {"hard": 1765}}
    alone = [ticket(1, 1700, since=0.0, bots_after=10.0)]
    assert matching.match(alone, 9.0, bots) == []
    assert matching.match(alone, 10.0, bots) == [Match(tuple(alone), ("hard",))]
    assert matching.match(alone, 10.0) == []  # no bots known: none fill
    people = [
        ticket(1, 1500, bots_after=5.0, pool="table", players=4),
        ticket(2, 1560, since=4.0, bots_after=60.0, pool="table", players=4),
        ticket(3, 1550, since=4.0, pool="table", players=4),  # people only
    ]
    (table,) = matching.match(people, 5.0, bots)
    assert [t.id for t in table.tickets] == ["t1", "t2"] and table.bots == ("hard", "hard")


@given(
    st.lists(
        st.tuples(
            st.integers(800, 2400),
            st.floats(0, 100),
            st.sampled_from([2, 3, 4]),
            st.sampled_from([None, 0.0, 30.0]),
        ),
        max_size=60,
    ),
    st.floats(0, 200),
)
def test_a_match_seats_each_player_once_at_a_full_table_within_every_window(
    specs: list[tuple[int, float, int, float | None]], now: float
) -> None:
    waiting = [
        ticket(
            i,
            rating,
            since=min(since, now),
            pool="duel" if players == 2 else "table",
            players=players,
            bots_after=bots_after,
        )
        for i, (rating, since, players, bots_after) in enumerate(specs)
    ]
    bots = {"duel": {"medium": 1500}, "table": {"medium": 1500, "expert": 2120}}
    found = matching.match(waiting, now, bots)
    seated = [t.id for m in found for t in m.tickets]
    assert len(seated) == len(set(seated))
    for table in found:
        first = table.tickets[0]
        assert table.seats == first.players
        assert all(t.bucket == first.bucket for t in table.tickets)
        if table.bots:
            assert all(t.bots_after is not None for t in table.tickets)
            assert any(t.bots_due(now) for t in table.tickets)
        ordered = sorted(t.rating for t in table.tickets)
        assert ordered[-1] - ordered[0] <= min(t.window(now) for t in table.tickets)
