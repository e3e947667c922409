"""Events as a server sends them and a client reads them back."""

from __future__ import annotations

import random

from triominoes.core.events import event_from_json, seen_by
from triominoes.core.game import Game
from triominoes.core.rules import PRESETS


def test_every_event_of_whole_games_reads_back_as_each_seat_saw_it() -> None:
    for name, rules in PRESETS.items():
        rng = random.Random(name)
        game = Game(rules, 3, seed=rng.randrange(2**32), auto_deal=False)
        events = list(game.next_round())
        tiles = game.round.tiles
        kinds = set()
        while not game.finished and len(events) < 2000:
            if game.needs_deal:
                events.extend(game.next_round())
            seat = game.round.seat
            legal = game.view(seat).legal
            events.extend(game.apply(seat, legal[rng.randrange(len(legal))].action))
        for viewer in (None, 0, 1, 2):
            for event in seen_by(events, viewer):
                kinds.add(type(event).__name__)
                assert event_from_json(event.to_json(), tiles) == event
        assert {"RoundDealt", "ActionTaken", "RoundEnded"} <= kinds, name
    assert event_from_json({"type": "ready", "seat": 0}, tiles) is None
