"""Finding puzzles in real rounds: positions where one action is clearly
the best, judged only from the solver's own view.

Positions of a round where the seat to move has two placements or more to
choose from (see :func:`promising` for which) are searched from that
seat's :class:`PlayerView` (its hand, the board, the hand sizes, the
pool's size: what it knew): the rollout search
(:meth:`RolloutPlayer.play_out <triominoes.ai.rollout.RolloutPlayer.play_out>`)
plays EVERY legal action out in the same sampled deals and values it by the
points the seat scores to the round's end less the best other seat's. A
position is a puzzle when the best action is a placement and beats every
other action by at least :data:`MARGIN` points — in the search that judges
it (:data:`JUDGE`) and again in a second, larger search with other deals
(:data:`CONFIRM`, at least :data:`CONFIRM_MARGIN`), so that the luck of
one set of deals does not make a puzzle; where the exact endgame solver
can judge the position (heads-up, the pool empty), it must agree. Both
searches have fixed seeds: the values are the same every time
(``triominoes puzzles check``). ``endgame`` puzzles come from the exact
solver alone (:mod:`triominoes.puzzles.endgame`, ``exact=True``).

The theme says what the answer does, first that applies: goes out
(``out``), completes a hexagon (``hexagon``), forms a bridge (``bridge``),
is clearly better than the draw that was the next best action
(``needless-draw``), or none of these: the one placement that keeps the
round good (``defence``).

Difficulty is a rating-like number (:func:`difficulty`, docs/puzzles.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from triominoes.ai.heuristic import HeuristicPlayer
from triominoes.ai.player import Player
from triominoes.ai.rollout import RolloutPlayer
from triominoes.core.actions import Place
from triominoes.core.game import Game
from triominoes.core.knowledge import Knowledge
from triominoes.core.lattice import Cell, corners, neighbours, ring
from triominoes.core.record import Record
from triominoes.core.rules import RuleSet
from triominoes.core.view import PlayerView
from triominoes.puzzles import endgame
from triominoes.puzzles.model import PREFIXES, Puzzle

MARGIN = 20.0
"""Points the best action must beat every other by, in the judging search."""
CONFIRM_MARGIN = 10.0
"""... and in the confirming search."""


@dataclass(frozen=True)
class Search:
    """The rollout search with fixed settings: the same values every time."""

    worlds: int
    seed: int

    def values(self, view: PlayerView) -> dict[str, float]:
        """Every legal action of the view (token) and its value for the
        seat to move: the mean of its points to the round's end less the
        best other seat's, over ``worlds`` sampled deals."""
        knowledge = Knowledge(view)
        state = knowledge.public_round()
        # Unvaried play-outs: the judge of the shipped puzzles, whose
        # values are checked to the last digit, stays as they were judged.
        player = RolloutPlayer(seed=self.seed, worlds=self.worlds, vary=0)
        lines = player.play_out(state, knowledge, state.legal_moves())
        return {str(state.decode(line.move)): line.margin for line in lines}

    def to_json(self) -> dict[str, int]:
        return {"worlds": self.worlds, "seed": self.seed}


JUDGE = Search(worlds=12, seed=2026)
"""The search a puzzle's values come from (the one the tests repeat)."""
CONFIRM = Search(worlds=32, seed=1203)
"""A second opinion with other deals (``triominoes puzzles check --full``)."""


def clear_best(values: dict[str, float], margin: float) -> str | None:
    """The one action whose value beats every other's by ``margin``; None
    when there is no such action (two equal best moves, or none clear)."""
    if len(values) < 2:
        return None
    ranked = sorted(values.items(), key=lambda item: -item[1])
    (best, top), (_, second) = ranked[0], ranked[1]
    return best if top - second >= margin else None


def theme_of(view: PlayerView, token: str, values: dict[str, float]) -> tuple[str, str] | None:
    """The theme and the reason of a solution, or None for a draw or pass."""
    legal = {str(entry.action): entry for entry in view.legal}
    entry = legal[token]
    if not isinstance(entry.action, Place):
        return None
    score = entry.score
    runner_up = max((t for t in values if t != token), key=lambda t: values[t])
    if view.hand_sizes[view.seat or 0] == 1:
        return "out", "goes-out"
    if score is not None and score.hexagons:
        return "hexagon", "completes-hexagon"
    if score is not None and score.bridge:
        return "bridge", "forms-bridge"
    if runner_up == "draw":
        return "needless-draw", "avoids-draw"
    return "defence", "keeps-round"


def difficulty(view: PlayerView, token: str, margin: float, moves: int = 1) -> int:
    """A rating-like number, on the scale of player ratings (1500 middling).

    From 1000: 150 per doubling of the legal actions (more to look at);
    250 when the heuristic's one-move judgement would not play the answer
    (it is easy to miss); 200 when the answer does not score the most
    points now (a greedy player misses it); 250 per further move of a
    line; less a tenth of the margin above the threshold, at most 100 (a
    huge margin is easier to see). Rounded to 10, from 600 to 2500."""
    legal = {str(entry.action): entry for entry in view.legal}
    knowledge = Knowledge(view)
    state = knowledge.public_round()
    heuristic = HeuristicPlayer()
    favourite = str(state.decode(heuristic.choose_move(state, knowledge)))
    most = max(entry.points for entry in legal.values())
    value = 1000.0 + 150.0 * math.log2(len(legal))
    if favourite != token:
        value += 250
    if legal[token].points < most:
        value += 200
    value += 250 * (moves - 1)
    value -= min(max(margin - MARGIN, 0.0) / 10, 100.0)
    return int(min(max(round(value / 10) * 10, 600), 2500))


def shape_cells(view: PlayerView, token: str) -> list[Cell]:
    """The cells to draw for a placement's shape: the ring of each hexagon
    it completes, or the cells its bridge joins."""
    entry = next(e for e in view.legal if str(e.action) == token)
    action = entry.action
    if not isinstance(action, Place) or entry.score is None:
        return []
    filled = {p.cell for p in view.board} | {action.cell}
    cell = action.cell
    out: list[Cell] = []
    if entry.score.hexagons:
        for vertex in corners(cell):
            cells = ring(vertex)
            if all(c in filled for c in cells):
                out.extend(c for c in cells if c not in out)
    elif entry.score.bridge:
        beside = set(neighbours(cell))
        for vertex in corners(cell):
            cells = ring(vertex)
            next_to = [c for c in cells if c in beside and c != cell]
            far = [c for c in cells if c not in beside and c != cell and c in filled]
            if far and not any(c in filled for c in next_to):
                out.extend(c for c in [cell, *far] if c not in out)
    return out


def judge(view: PlayerView) -> tuple[str, dict[str, float], float] | None:
    """The clear best action of a position, its search values and its
    margin; None when the position is no puzzle."""
    if view.seat is None or view.seat != view.to_move or not choice(view):
        return None
    values = JUDGE.values(view)
    best = clear_best(values, MARGIN)
    if best is None or not is_placement_token(best):
        return None
    confirm = CONFIRM.values(view)
    if clear_best(confirm, CONFIRM_MARGIN) != best or not endgame.exact_agrees(view, best):
        return None
    runner_up = max(v for t, v in values.items() if t != best)
    return best, values, values[best] - runner_up


def is_placement_token(token: str) -> bool:
    return "@" in token


def puzzle_at(
    game: Game, actions: Sequence[str], source: dict[str, object], *, exact: bool = False
) -> Puzzle | None:
    """The puzzle at a position of ``game``'s current round (``actions``:
    the round's actions so far), or None. ``exact``: an ``endgame`` puzzle
    by the exact solver (:mod:`triominoes.puzzles.endgame`), else one by
    the search."""
    played = game.rounds[-1]
    seat = game.round.seat
    bare = Puzzle(
        id="",
        theme="defence",
        rules=game.rules,
        deal=played.deal,
        actions=tuple(actions),
        seat=seat,
        solution=(),
        difficulty=0,
        values={},
        reason="",
        source={**source, "judge": JUDGE.to_json(), "confirm": CONFIRM.to_json()},
    )
    # The position is judged as the puzzle will show it: rebuilt from the
    # round alone. It must be the same position (a round after the first
    # may have had its opener from the round before).
    view = bare.view()
    if view.to_json()["legal"] != game.view(seat).to_json()["legal"]:
        return None
    if exact:
        return endgame_puzzle(bare, view)
    judged = judge(view)
    if judged is None:
        return None
    token, values, margin = judged
    themed = theme_of(view, token, values)
    if themed is None:
        return None
    theme, reason = themed
    return replace(
        bare,
        theme=theme,
        solution=(token,),
        difficulty=difficulty(view, token, margin),
        values=values,
        reason=reason,
    )


def endgame_puzzle(bare: Puzzle, view: PlayerView) -> Puzzle | None:
    """The ``endgame`` puzzle of a position (``bare``: the position), or None."""
    if not endgame.applies(view) or not choice(view):
        return None
    solved = endgame.solve(view, bare.game().round)
    if solved is None:
        return None
    line, values = solved
    answer = line[0]
    margin = values[answer] - max(v for t, v in values.items() if t != answer)
    moves = (len(line) + 1) // 2
    source = {k: v for k, v in bare.source.items() if k not in ("judge", "confirm")}
    return replace(
        bare,
        theme="endgame",
        solution=tuple(line),
        difficulty=difficulty(view, answer, margin, moves),
        values=values,
        reason="wins-endgame",
        source={**source, "exact": {"budget": endgame.BUDGET, "margin": endgame.ENDGAME_MARGIN}},
    )


PER_ROUND = 6
"""At most this many puzzles from one round, ..."""
DEFENCE_PER_ROUND = 2
"""... of them at most this many ``defence`` puzzles (the commonest theme)."""
DEFENCE_EVERY = 4
"""Other positions are searched at every fourth action of a round
(searching is the cost of mining)."""


def choice(view: PlayerView) -> bool:
    """Whether the solver has a real choice: two placements at least (one
    placement against a pass or a draw is no puzzle)."""
    return sum(isinstance(entry.action, Place) for entry in view.legal) >= 2


def promising(view: PlayerView, index: int) -> bool:
    """Whether a position is worth the search: some placement goes out or
    completes a hexagon or a bridge, or it is one of every
    :data:`DEFENCE_EVERY` actions (for ``defence`` and ``needless-draw``)."""
    if view.seat is None or view.seat != view.to_move or not choice(view):
        return False
    if view.hand_sizes[view.seat] == 1:
        return True
    for entry in view.legal:
        if entry.score is not None and (entry.score.hexagons or entry.score.bridge):
            return True
    return index % DEFENCE_EVERY == 0


def mine_round(
    game: Game, players: Sequence[Player], source: dict[str, object], *, exact: bool = False
) -> Iterator[Puzzle]:
    """Play the current round of ``game`` out with ``players`` (one a
    seat), yielding the puzzles met on the way (see :data:`PER_ROUND`).
    ``exact``: only ``endgame`` puzzles, at every heads-up position with
    the pool empty."""
    actions: list[str] = []
    state = game.round
    found: list[Puzzle] = []
    while not state.over:
        seat = state.seat
        view = game.view(seat)
        wanted = endgame.applies(view) if exact else promising(view, len(actions))
        if len(found) < PER_ROUND and wanted:
            where = {**source, "action": len(actions)}
            puzzle = puzzle_at(game, actions, where, exact=exact)
            if puzzle is not None and _fresh(puzzle, found):
                found.append(puzzle)
                yield puzzle
        knowledge = Knowledge(view)
        move = players[seat].choose_move(knowledge.public_round(), knowledge)
        token = str(state.decode(move))
        game.apply(seat, token)
        actions.append(token)


def _fresh(puzzle: Puzzle, found: Sequence[Puzzle]) -> bool:
    """Not the same answer again (a seat that draws keeps the same best
    placement for turns, an endgame line passes through later positions),
    and not one defence too many."""
    if any(puzzle.solution[0] in p.solution for p in found):
        return False  # (an endgame line goes on through later positions)
    defences = sum(p.theme == "defence" for p in found)
    return puzzle.theme != "defence" or defences < DEFENCE_PER_ROUND


def self_play(
    rules: RuleSet,
    seeds: Iterable[int],
    player_counts: Sequence[int] = (2,),
    bot: Callable[[int], Player] | None = None,
    *,
    exact: bool = False,
) -> Iterator[Puzzle]:
    """Puzzles from the first round of seeded self-play games (the seed
    deals and seeds the bots; seat counts cycle through ``player_counts``).
    The bots are ``bot(seed)``, by default the heuristic (the ``hard``
    level)."""
    make: Callable[[int], Player] = bot or HeuristicPlayer
    for seed in seeds:
        count = player_counts[seed % len(player_counts)]
        game = Game(rules, count, seed, auto_deal=False)
        game.next_round()
        players = [make(seed * 10 + s) for s in range(count)]
        source: dict[str, object] = {"selfplay": seed, "players": count, "round": 1}
        yield from mine_round(game, players, source, exact=exact)


def from_record(record: Record, name: str) -> Iterator[Puzzle]:
    """Puzzles from every round of a finished game's record (the actions
    as played), with the caps of :func:`mine_round`."""
    for number, round_record in enumerate(record.rounds, 1):
        game = Game(record.rules, len(record.players), 0, auto_deal=False)
        game.next_round(round_record.deal)
        actions: list[str] = []
        found: list[Puzzle] = []
        for token in round_record.actions:
            if game.round.over:
                break
            view = game.view(game.round.seat)
            if len(found) < PER_ROUND and promising(view, len(actions)):
                source = {"record": name, "round": number, "action": len(actions)}
                puzzle = puzzle_at(game, actions, source)
                if puzzle is not None and _fresh(puzzle, found):
                    found.append(puzzle)
                    yield puzzle
            game.apply(game.round.seat, token)
            actions.append(token)


def numbered(puzzles: Iterable[Puzzle], start: dict[str, int] | None = None) -> list[Puzzle]:
    """The puzzles with ids (theme letter and number), the same position
    kept once."""
    counts = dict(start or {})
    seen: set[tuple[object, ...]] = set()
    out = []
    for puzzle in puzzles:
        key = (puzzle.deal, puzzle.actions)
        if key in seen:
            continue
        seen.add(key)
        prefix = PREFIXES[puzzle.theme]
        counts[prefix] = counts.get(prefix, 0) + 1
        out.append(_with_id(puzzle, f"{prefix}-{counts[prefix]:04d}"))
    return out


def _with_id(puzzle: Puzzle, ident: str) -> Puzzle:
    return replace(puzzle, id=ident)
