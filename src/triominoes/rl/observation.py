"""The observation: one float32 vector of what a seat may know, and its layout.

Blocks, in this order (``N`` tiles in the set, ``K`` slots, seats counted
from the observer: 0 is the observer, 1 the next to play after it, ...):

``slots`` (K x 32)
    per slot, the cell it holds (see :mod:`triominoes.rl.slots`);
``hand`` (N)
    1 for each tile in the observer's hand, by tile id;
``board`` (N)
    1 for each tile on the board;
``seats`` (6 x 6)
    per seat from the observer: present, tiles in hand / N, game total /
    scale, this round's points / scale (both clipped to +-4), to move,
    went out (the others are playing their last turns);
``state`` (15)
    phase one-hot (opening, playing, last turns, over), pool / N, tiles
    drawn this turn / N, turns in a row ended in a pass / 6, last turns
    left / 6, round number / 100 (at most 1), last round (someone reached
    the target), player count one-hot (2-6);
``rules`` (N + 24)
    the rule set: each tile's opening bonus, then every other field
    (see :func:`rules_features`);
``hints`` (5 x 2 x (N + 2), only with ``hints``)
    what public play reveals about the other hands
    (:meth:`Knowledge.constraints <triominoes.core.knowledge.Knowledge.constraints>`):
    per other seat from the observer, the fact from its last forced draw
    or pass and the one from the opening: 1 for each tile the observer
    cannot see that is *outside* the fact's tiles, then ``count / N`` and
    1 if ``count`` is the seat's whole hand (then it holds none of the
    marked tiles; otherwise at most ``hand - count`` of them).

``scale`` is the rule set's target score, or 400 without one: scores are
fractions of the target. Points amounts of the rules are divided by 100
and clipped at 10. Everything is a pure function of the observer's view.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from triominoes.core.knowledge import Knowledge
from triominoes.core.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    BlockedScoring,
    GameEnd,
    Opening,
    RuleSet,
)
from triominoes.core.tiles import tile_set
from triominoes.rl.slots import FEATURES

Floats = npt.NDArray[np.float32]

SEAT_FEATURES = 6
STATE_FEATURES = 15
RULE_FIELDS = 24
SCORE_CLIP = 4.0
POINTS_SCALE = 100.0
POINTS_CLIP = 10.0
DEFAULT_SCALE = 400


def score_scale(rules: RuleSet) -> int:
    """What scores are divided by: the target, or 400 without one."""
    return rules.target_score or DEFAULT_SCALE


@dataclass(frozen=True)
class Layout:
    """Where each block of the observation vector lies."""

    tiles: int
    slots: int
    hints: bool

    @property
    def slot_block(self) -> slice:
        return slice(0, self.slots * FEATURES)

    @property
    def hand(self) -> slice:
        start = self.slots * FEATURES
        return slice(start, start + self.tiles)

    @property
    def board(self) -> slice:
        start = self.hand.stop
        return slice(start, start + self.tiles)

    @property
    def seats(self) -> slice:
        start = self.board.stop
        return slice(start, start + MAX_PLAYERS * SEAT_FEATURES)

    @property
    def state(self) -> slice:
        start = self.seats.stop
        return slice(start, start + STATE_FEATURES)

    @property
    def rules(self) -> slice:
        start = self.state.stop
        return slice(start, start + self.tiles + RULE_FIELDS)

    @property
    def hint_block(self) -> slice:
        start = self.rules.stop
        return slice(start, start + (self.hint_size if self.hints else 0))

    @property
    def hint_size(self) -> int:
        return (MAX_PLAYERS - 1) * 2 * (self.tiles + 2)

    @property
    def size(self) -> int:
        return int(self.hint_block.stop)

    def split(self, observation: Floats) -> dict[str, Floats]:
        """The blocks of an observation, reshaped (views, not copies)."""
        out = {
            "slots": observation[self.slot_block].reshape(self.slots, FEATURES),
            "hand": observation[self.hand],
            "board": observation[self.board],
            "seats": observation[self.seats].reshape(MAX_PLAYERS, SEAT_FEATURES),
            "state": observation[self.state],
            "rules": observation[self.rules],
        }
        if self.hints:
            out["hints"] = observation[self.hint_block].reshape(MAX_PLAYERS - 1, 2, self.tiles + 2)
        return out

    def bounds(self) -> tuple[Floats, Floats]:
        """The lowest and highest value of every entry (the Box space)."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        slots = slice(0, self.slots * FEATURES)
        low[slots].reshape(self.slots, FEATURES)[:, 2:4] = -1.0
        high[slots].reshape(self.slots, FEATURES)[:, 31] = POINTS_CLIP
        seats_low = low[self.seats].reshape(MAX_PLAYERS, SEAT_FEATURES)
        seats_high = high[self.seats].reshape(MAX_PLAYERS, SEAT_FEATURES)
        seats_low[:, 2:4] = -SCORE_CLIP
        seats_high[:, 2:4] = SCORE_CLIP
        high[self.rules] = POINTS_CLIP
        return low, high


def rules_features(rules: RuleSet) -> Floats:
    """The ``rules`` block: per tile its opening bonus / 100, then the fields."""
    tiles = tile_set(rules.tile_set)

    def points(value: int) -> float:
        return min(value / POINTS_SCALE, POINTS_CLIP)

    bonus = [points(rules.opening_bonus_for(t.name, t.is_triple)) for t in tiles.tiles]
    size = tiles.size
    fields = [
        float(rules.tile_set == "extended76"),
        float(rules.opening == Opening.HIGHEST_TRIPLE_THEN_ROTATE),
        points(rules.draw_penalty),
        float(rules.max_draws is not None),
        min((rules.max_draws or 0) / size, 1.0),
        points(rules.pass_penalty),
        float(rules.voluntary_draw),
        *(points(b) for b in rules.hexagon_bonus),
        points(rules.bridge_bonus),
        points(rules.two_side_bonus),
        float(rules.corner_fallback),
        points(rules.going_out_bonus),
        float(rules.collect_hands),
        float(rules.finish_cycle_after_out),
        float(rules.blocked_when_no_moves),
        *(float(rules.blocked_scoring == b) for b in BlockedScoring),
        *(float(rules.game_end == g) for g in GameEnd),
        min((rules.target_score or 0) / 1000.0, POINTS_CLIP),
    ]
    assert len(fields) == RULE_FIELDS
    return np.array(bonus + fields, dtype=np.float32)


def player_count_features(players: int) -> list[float]:
    return [float(players == n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]


def hint_rows(knowledge: Knowledge, observer: int, players: int, assume_stuck: bool) -> Floats:
    """The ``hints`` block for ``observer`` from its knowledge of the round."""
    tiles = knowledge.tiles.size
    out = np.zeros((MAX_PLAYERS - 1, 2, tiles + 2), dtype=np.float32)
    facts = knowledge.constraints(assume_stuck=assume_stuck)
    opening = set(knowledge.opening_constraints())
    sizes = knowledge.view.hand_sizes
    unseen = knowledge.unseen
    for fact in facts:
        row = out[(fact.seat - observer) % players - 1, 1 if fact in opening else 0]
        outside = unseen & ~fact.mask
        while outside:
            low = outside & -outside
            row[low.bit_length() - 1] = 1.0
            outside ^= low
        row[tiles] = fact.count / tiles
        row[tiles + 1] = float(fact.count >= sizes[fact.seat])
    return out
