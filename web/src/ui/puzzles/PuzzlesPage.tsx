// /puzzles: the daily puzzle (the same for everyone that day), puzzles near
// the player's level, and a theme to practise. A chunk of its own (the game
// page does not load it). The tile is placed as in a game (Board and Rack:
// click, drag or keys, the cells and points from the puzzle's view); the
// server says whether it was the best action and why, and an endgame line
// answers with the opponent's reply. A signed-in player's puzzle rating
// comes from the server; a guest's streak is kept in this browser.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { useMe } from "../../account";
import { ApiError } from "../../api";
import { readingOrder } from "../../geometry";
import { language, nt, t } from "../../i18n";
import { boardText, signed } from "../../narrate";
import {
  type Answered,
  type MyPuzzles,
  type Puzzle,
  type PuzzleState,
  type Source,
  type Streak,
  type ThemeCount,
  bestAction,
  boardWith,
  explanationCells,
  initial,
  loadStreak,
  puzzleApi,
  saveStreak,
  scored,
  step,
} from "../../puzzles";
import { go, navigate } from "../../router";
import { setTitle } from "../../title";
import { cellKey, legalOf, type Option, parsePlacement, playableTiles, spotsFor, tileName } from "../../tiles";
import type { Placed } from "../../types";
import { Board } from "../Board";
import { Rack } from "../Rack";
import { actionText, dayText, promptText, reasonText, themeName } from "./words";
import { useRackDrop } from "../useRackDrop";
import "./puzzles.css";

function touchScreen(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

export function sourceOf(id: string | null, theme: string | null): Source {
  if (id) return { kind: "one", id };
  if (theme) return { kind: "next", theme: theme === "all" ? null : theme };
  return { kind: "daily" };
}

function errorMessage(code: string): string {
  switch (code) {
    case "no-puzzle":
      return t("There is no such puzzle.");
    case "network":
      return t("The server cannot be reached.");
    case "bad-action":
    case "illegal-action":
    case "bad-line":
      return t("The server did not take that move; try another.");
    default:
      return t("The puzzle could not be loaded.");
  }
}

function codeOf(e: unknown): string {
  return e instanceof ApiError ? e.code : "network";
}

export default function PuzzlesPage({ id, theme }: { id: string | null; theme: string | null }) {
  const source = useMemo(() => sourceOf(id, theme), [id, theme]);
  const me = useMe();
  const signedIn = !!me;
  const [state, setState] = useState<PuzzleState>(() => initial(source));
  const [daily, setDaily] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [themes, setThemes] = useState<ThemeCount[] | null>(null);
  const [mine, setMine] = useState<MyPuzzles | null>(null);
  const [change, setChange] = useState<{ before: number; after: number } | null>(null);
  const [streak, setStreak] = useState<Streak>(() => loadStreak());
  const [selected, setSelected] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const rackDrop = useRackDrop();
  const [shown, setShown] = useState<"best" | "mine">("best");
  const [announce, setAnnounce] = useState("");
  const asked = useRef(0);
  const last = useRef<string | null>(null);
  const touch = touchScreen();

  useEffect(() => setTitle(t("Puzzles")), []);

  useEffect(() => {
    puzzleApi
      .themes()
      .then(setThemes)
      .catch(() => setThemes([]));
  }, []);

  useEffect(() => {
    if (!signedIn) {
      setMine(null);
      return;
    }
    puzzleApi
      .mine()
      .then(setMine)
      .catch(() => setMine(null));
  }, [signedIn]);

  // A puzzle to solve: at each address, and again on "Next puzzle".
  useEffect(() => {
    const ask = ++asked.current;
    setState((s) => step(s, { type: "load", source }));
    setSelected(null);
    setChange(null);
    setShown("best");
    const level = signedIn ? null : loadStreak().level;
    const answer: Promise<Puzzle> =
      source.kind === "daily"
        ? puzzleApi.daily().then((d) => {
            if (ask === asked.current) setDaily(d.date);
            return d.puzzle;
          })
        : source.kind === "one"
          ? puzzleApi.one(source.id)
          : puzzleApi.next(source.theme, level, last.current);
    answer
      .then((puzzle) => {
        if (ask !== asked.current) return;
        last.current = puzzle.id;
        setState((s) => step(s, { type: "loaded", puzzle }));
        setAnnounce(`${t("A new puzzle.")} ${promptText(puzzle.prompt, puzzle.theme, puzzle.moves)}`);
      })
      .catch((e: unknown) => {
        if (ask === asked.current) setState((s) => step(s, { type: "failed", code: codeOf(e) }));
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, round]);

  const puzzle = state.phase === "loading" || state.phase === "failed" ? null : state.puzzle;
  const view = puzzle && state.phase !== "loading" && state.phase !== "failed" ? state.view : null;
  const solving = state.phase === "solving";
  const legal = solving && view ? view.legal : [];
  const playable = playableTiles(legal);
  const spots = selected && solving ? readingOrder(spotsFor(selected, legal)) : [];
  const draw = legalOf(legal, "draw");
  const pass = legalOf(legal, "pass");
  const isDaily = source.kind === "daily";

  const finish = (done: Answered) => {
    const { answer } = done;
    if (answer.rating) {
      setChange(answer.rating);
      setMine((m) => (m ? { rating: answer.rating!.after, solved: m.solved + (answer.correct ? 1 : 0), tried: m.tried + 1 } : m));
    }
    if (!signedIn) {
      const next = scored(loadStreak(), done.puzzle, answer.correct, isDaily ? daily : null);
      saveStreak(next);
      setStreak(next);
    }
    setShown(answer.correct ? "mine" : "best");
    setAnnounce(verdictText(done));
    // The keyboard goes on from the verdict (its "Next puzzle" is the next stop).
    requestAnimationFrame(() => document.getElementById("puzzle-h")?.focus());
  };

  const play = (action: string) => {
    if (state.phase !== "solving") return;
    const sent = step(state, { type: "play", action });
    if (sent === state || sent.phase !== "checking") return;
    setState(sent);
    setSelected(null);
    rackDrop.clear();
    const ask = asked.current;
    puzzleApi
      .attempt(sent.puzzle.id, action, sent.line)
      .then((answer) => {
        if (ask !== asked.current) return;
        const after = step(sent, { type: "answer", answer });
        setState(after);
        if (after.phase === "answered") finish(after);
        else if (after.phase === "solving") {
          setRotation(0);
          setAnnounce(
            after.reply
              ? t("Right. Your opponent answers with {action}. Your move.", { action: actionText(after.reply, true) })
              : t("Right. Your move again."),
          );
        }
      })
      .catch((e: unknown) => {
        if (ask === asked.current) setState(step(sent, { type: "refused", code: codeOf(e) }));
      });
  };

  const place = (option: Option) => play(option.action);
  const rotate = () => setRotation((r) => r + 1);
  const select = (tile: string) => {
    if (selected === tile) {
      setSelected(null);
      return;
    }
    setSelected(tile);
    setRotation(0);
    if (!solving) return;
    if (!playable.has(tile)) setAnnounce(t("{tile} fits nowhere now.", { tile }));
    else {
      const count = spotsFor(tile, legal).length;
      setAnnounce(
        touch
          ? nt("{tile} fits in {n} place.", "{tile} fits in {n} places.", count, { tile })
          : nt("{tile} fits in {n} place; use the arrow keys to choose it.", "{tile} fits in {n} places; use the arrow keys to choose one.", count, { tile }),
      );
    }
  };
  const nextPuzzle = () => {
    if (source.kind === "next") setRound((n) => n + 1);
    else navigate(`/puzzles?theme=${puzzle ? encodeURIComponent(source.kind === "one" ? puzzle.theme : "all") : "all"}`);
  };

  // What the board shows: the view (and the reply arriving), or after the
  // answer the player's move or the best one with the cells it completes.
  let board: Placed[] = view ? view.board : [];
  let fresh: string | null = null;
  let outline: Placed | null = null;
  let highlight: [number, number][] = [];
  let arrived: Set<string> | undefined;
  // The solver's tile outlined (green when right, red when not), the
  // opponent's reply in the second colour, as a game outlines last moves.
  const marks = new Map<string, number>();
  const colours = ["var(--seat-0)", "var(--seat-1)"];
  if (state.phase === "solving" || state.phase === "checking") {
    const reply = state.reply ? parsePlacement(state.reply) : null;
    const before = state.line.length >= 2 ? parsePlacement(state.line[state.line.length - 2]!) : null;
    if (before) marks.set(cellKey(before.cell), 0);
    if (reply) {
      fresh = cellKey(reply.cell);
      arrived = new Set([fresh]);
      marks.set(fresh, 1);
    }
    if (state.phase === "checking") {
      const { board: b, placed } = boardWith(board, state.action);
      board = b;
      if (placed) fresh = cellKey(placed.cell);
      arrived = new Set(fresh ? [fresh] : []);
    }
  } else if (state.phase === "answered") {
    const best = bestAction(state);
    const cells = explanationCells(state.answer).map(([q, r]) => [q, r] as [number, number]);
    if (shown === "mine" || state.answer.correct) {
      const { board: b, placed } = boardWith(board, state.action);
      board = b;
      if (placed) {
        fresh = cellKey(placed.cell);
        marks.set(fresh, 0);
        colours[0] = state.answer.correct ? "var(--seat-2)" : "var(--error)";
      }
      if (state.answer.correct) highlight = cells;
    } else {
      const placement = best ? parsePlacement(best) : null;
      if (placement) outline = { cell: [placement.cell[0], placement.cell[1]], corners: placement.corners };
      highlight = cells;
    }
  }

  // On a phone the board opens on the cells where the puzzle's tiles may go
  // (a whole layout there makes the numbers too small to read).
  const focus = useMemo(
    () =>
      (view?.legal ?? []).flatMap((l) => {
        const placed = parsePlacement(l.action);
        return placed ? [placed.cell] : [];
      }),
    [view],
  );

  // The tile shown placed is no longer in the rack.
  const shownPlaced = state.phase === "checking" || (state.phase === "answered" && (shown === "mine" || state.answer.correct)) ? parsePlacement(state.action) : null;
  const used = shownPlaced ? tileName(shownPlaced.corners) : null;
  const hand = view ? view.hand.filter((tile) => tile !== used) : [];
  const names = view ? view.hand_sizes.map((_, i) => (i === view.seat ? t("You") : t("Opponent"))) : [];

  return (
    <main id="main" class="page puzzles" data-phase={state.phase} data-puzzle={puzzle?.id}>
      <div class="live sr" aria-live="polite" role="status">
        {announce}
      </div>
      <div class="puzzle-head">
        <h1>{t("Puzzles")}</h1>
        <nav class="tabs" aria-label={t("Puzzles")}>
          <a href="/puzzles" onClick={(e) => go(e, "/puzzles")} aria-current={isDaily ? "page" : undefined}>
            {t("Daily puzzle")}
          </a>
          <a href="/puzzles?theme=all" onClick={(e) => go(e, "/puzzles?theme=all")} aria-current={source.kind === "next" && source.theme === null ? "page" : undefined}>
            {t("At my level")}
          </a>
        </nav>
      </div>

      <div class="puzzle-grid">
        <section class={`card puzzle-status${state.phase === "answered" ? (state.answer.correct ? " right" : " wrong") : ""}`} aria-labelledby="puzzle-h">
          <Status
            state={state}
            daily={isDaily ? daily : null}
            before={isDaily && daily !== null && streak.daily?.date === daily && state.phase === "solving" ? streak.daily.correct : null}
            source={source}
            shown={shown}
            onShow={setShown}
            onNext={nextPuzzle}
            onRetry={() => setRound((n) => n + 1)}
            change={change}
          />
        </section>

        <div class="puzzle-table">
          {view && (
            <>
              <Board
                board={board}
                spots={spots}
                rotation={rotation}
                tile={selected}
                fresh={fresh}
                hint={null}
                onPlace={place}
                onRotate={rotate}
                onEscape={() => document.querySelector<HTMLElement>(".rack-tile.selected")?.focus()}
                focusRequest={focusRequest}
                snap={rackDrop.snap}
                outline={outline}
                highlight={highlight}
                focus={focus}
                {...(arrived ? { arrived } : {})}
                last={marks}
                colours={colours}
                description={boardText(board, view.log ?? [], names) + (state.phase === "answered" ? ` ${verdictText(state)}` : "")}
              />
              <section class="hand" aria-labelledby="puzzle-hand-h">
                <h2 id="puzzle-hand-h" class="sr">
                  {t("Your tiles")}
                </h2>
                <Rack
                  hand={hand}
                  selected={selected}
                  playable={playable}
                  myTurn={solving}
                  fresh={[]}
                  onSelect={select}
                  onArrow={() => spots.length > 0 && setFocusRequest((n) => n + 1)}
                  onRotate={rotate}
                  {...rackDrop.handlers(legal, rotation, play)}
                />
                {(solving || state.phase === "checking") && (
                  <div class="actions">
                    {draw && (
                      <button type="button" onClick={() => play("draw")} disabled={!solving}>
                        {t("Draw ({points})", { points: signed(draw.points) })}
                      </button>
                    )}
                    {pass && (
                      <button type="button" onClick={() => play("pass")} disabled={!solving}>
                        {t("Pass ({points})", { points: signed(pass.points) })}
                      </button>
                    )}
                    <button type="button" onClick={rotate} disabled={!selected || spots.every((s) => s.options.length < 2)}>
                      {touch ? t("Rotate") : t("Rotate (R)")}
                    </button>
                  </div>
                )}
                {solving && !selected && <p class="muted help">{t("Choose a tile from your rack, then a highlighted cell.")}</p>}
                {solving && selected && spots.length > 0 && (
                  <p class="muted help">
                    {touch ? t("Tap a highlighted cell, or drag the tile there.") : t("Choose a highlighted cell (arrow keys, then Enter); R turns the tile.")}
                  </p>
                )}
                {solving && selected && spots.length === 0 && <p class="muted help">{t("{tile} fits nowhere now.", { tile: selected })}</p>}
                {state.phase === "solving" && state.error && (
                  <p class="error" role="alert">
                    {errorMessage(state.error)}
                  </p>
                )}
              </section>
            </>
          )}
        </div>

        <div class="puzzle-more">
          <Score signedIn={signedIn} mine={mine} change={change} streak={streak} />
          <Themes themes={themes} current={source.kind === "next" ? source.theme ?? "all" : null} />
        </div>
      </div>
    </main>
  );
}

/** The verdict said aloud: where the best move goes too (a screen reader does not see the board). */
function verdictText(state: Answered): string {
  const e = state.answer.explanation;
  const best = bestAction(state);
  const reason = reasonText(e.reason);
  if (state.answer.correct) return [t("Right! {points} points: the best move.", { points: e.best_points }), reason].join(" ").trim();
  return [
    t("Not the best move: {played} points played, {best} possible.", { played: e.played_points, best: e.best_points }),
    best ? t("Best: {action} for {points} points.", { action: actionText(best, true), points: e.best_points }) : "",
    reason,
  ]
    .join(" ")
    .trim();
}

function Status(props: {
  state: PuzzleState;
  daily: string | null;
  source: Source;
  shown: "best" | "mine";
  onShow(shown: "best" | "mine"): void;
  onNext(): void;
  onRetry(): void;
  change: { before: number; after: number } | null;
  /** Today's daily puzzle answered before in this browser: right or not. */
  before: boolean | null;
}) {
  const { state } = props;
  if (state.phase === "loading") {
    return (
      <>
        <h2 id="puzzle-h">{props.daily !== null || props.source.kind === "daily" ? t("Daily puzzle") : t("Puzzle")}</h2>
        <p aria-busy="true">{t("Loading the puzzle…")}</p>
      </>
    );
  }
  if (state.phase === "failed") {
    return (
      <>
        <h2 id="puzzle-h">{t("Puzzle")}</h2>
        <p class="error" role="alert">
          {state.code === "no-puzzle" && state.source.kind === "next" ? t("No puzzle of this theme yet.") : errorMessage(state.code)}
        </p>
        <p class="row">
          <button type="button" onClick={props.onRetry}>
            {t("Try again")}
          </button>
          <a class="button" href="/puzzles?theme=all" onClick={(e) => go(e, "/puzzles?theme=all")}>
            {t("Another puzzle")}
          </a>
        </p>
      </>
    );
  }
  const { puzzle, view } = state;
  const title = props.daily !== null ? t("Daily puzzle") : t("Puzzle");
  const opponents = view.hand_sizes.flatMap((n, seat) => (seat === view.seat ? [] : [n]));
  const meta = (
    <p class="puzzle-meta muted">
      {props.daily !== null && <span>{dayText(props.daily)}</span>}
      <span>{themeName(puzzle.theme)}</span>
      <span>{t("Difficulty {n}", { n: number(puzzle.difficulty) })}</span>
      <a href={`/puzzles?id=${encodeURIComponent(puzzle.id)}`} onClick={(e) => go(e, `/puzzles?id=${encodeURIComponent(puzzle.id)}`)} class="puzzle-id">
        #{puzzle.id}
      </a>
    </p>
  );
  const table = (
    <p class="puzzle-table-info muted">
      <span>
        {opponents.length === 1
          ? t("Your opponent has {tiles}.", { tiles: nt("{n} tile", "{n} tiles", opponents[0] ?? 0) })
          : t("Your opponents have {tiles} tiles.", { tiles: opponents.join(", ") })}
      </span>
      <span>{nt("{n} tile in the pool", "{n} tiles in the pool", view.pool)}</span>
    </p>
  );
  if (state.phase !== "answered") {
    return (
      <>
        <h2 id="puzzle-h">
          {title}
          <span class="turn-pill puzzle-turn">{state.phase === "checking" ? t("Checking…") : t("Your move")}</span>
        </h2>
        {meta}
        <p class="puzzle-prompt">{promptText(puzzle.prompt, puzzle.theme, puzzle.moves)}</p>
        {props.before !== null && (
          <p class="muted puzzle-before">
            {props.before ? t("You solved today's puzzle already; a new one comes tomorrow.") : t("You tried today's puzzle already; a new one comes tomorrow.")}
          </p>
        )}
        {puzzle.moves > 1 && <p class="puzzle-step">{t("Move {n} of {m}", { n: state.step, m: puzzle.moves })}</p>}
        {state.reply && <p class="puzzle-reply">{t("Right. Your opponent answers with {action}. Your move.", { action: actionText(state.reply) })}</p>}
        {table}
      </>
    );
  }
  const { answer } = state;
  const e = answer.explanation;
  const best = bestAction(state);
  const reason = reasonText(e.reason);
  const delta = props.change ? props.change.after - props.change.before : null;
  return (
    <>
      <h2 id="puzzle-h" class="verdict" tabindex={-1}>
        <span class="mark" aria-hidden="true">
          {answer.correct ? "✓" : "✗"}
        </span>
        {answer.correct ? t("Right!") : t("Not the best move")}
      </h2>
      {meta}
      {answer.correct ? (
        <p class="puzzle-explain">
          {puzzle.moves > 1 && `${t("You found the whole line.")} `}
          {t("{action}: {points} points, the best move.", { action: actionText(state.action), points: e.best_points })} {reason}
        </p>
      ) : (
        <>
          <p class="puzzle-explain">
            {state.action === "draw"
              ? t("You drew a tile ({points})", { points: signed(e.played_points) })
              : state.action === "pass"
                ? t("You passed ({points})", { points: signed(e.played_points) })
                : t("You played {action} for {points} points.", { action: actionText(state.action), points: e.played_points })}
          </p>
          <p class="puzzle-explain best">
            {best
              ? bestText(state.action, best, e.best_points)
              : t("The best move makes {points} points.", { points: e.best_points })}{" "}
            {reason}
          </p>
          {e.margin !== null && e.margin > 0 && <p class="muted puzzle-margin">{t("By the round's end it is worth about {n} points more than your move.", { n: Math.round(e.margin) })}</p>}
        </>
      )}
      {delta !== null && props.change && (
        <p class={`puzzle-rating-move${delta > 0 ? " up" : delta < 0 ? " down" : ""}`}>
          {t("Puzzle rating {before} → {after} ({delta})", { before: number(props.change.before), after: number(props.change.after), delta: deltaText(delta) })}
        </p>
      )}
      <div class="row puzzle-after">
        <button type="button" class="primary" onClick={props.onNext}>
          {t("Next puzzle")}
        </button>
        {!answer.correct && (
          <span class="row shown" role="group" aria-label={t("On the board")}>
            <button type="button" class="small" aria-pressed={props.shown === "best"} onClick={() => props.onShow("best")}>
              {t("The best move")}
            </button>
            <button type="button" class="small" aria-pressed={props.shown === "mine"} onClick={() => props.onShow("mine")}>
              {t("Your move")}
            </button>
          </span>
        )}
      </div>
    </>
  );
}

/** The best action beside the player's: where it is the same tile, say how
 * it differs (the board outlines it), else name it. */
function bestText(played: string, best: string, points: number): string {
  const mine = parsePlacement(played);
  const other = parsePlacement(best);
  if (mine && other && tileName(mine.corners) === tileName(other.corners)) {
    return cellKey(mine.cell) === cellKey(other.cell)
      ? t("Best: the same tile turned another way, for {points} points (outlined on the board).", { points })
      : t("Best: the same tile in another place, for {points} points (outlined on the board).", { points });
  }
  return other
    ? t("Best: {action} for {points} points (outlined on the board).", { action: actionText(best), points })
    : t("Best: {action} for {points} points.", { action: actionText(best), points });
}

function number(n: number): string {
  return new Intl.NumberFormat(language()).format(n);
}

/** "+12", "−8" (a minus sign, not a hyphen), "±0". */
function deltaText(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : "±0";
}

function Score({ signedIn, mine, change, streak }: { signedIn: boolean; mine: MyPuzzles | null; change: { before: number; after: number } | null; streak: Streak }) {
  const format = new Intl.NumberFormat(language());
  if (signedIn) {
    const rating = change?.after ?? mine?.rating ?? null;
    return (
      <section class="card puzzle-score" aria-labelledby="puzzle-score-h">
        <h2 id="puzzle-score-h">{t("Puzzle rating")}</h2>
        <p class="big-rating">
          <span class="rating">{rating === null ? "—" : format.format(rating)}</span>
        </p>
        {mine && mine.tried > 0 && <p class="muted">{t("{solved} of {tried} puzzles solved.", { solved: mine.solved, tried: mine.tried })}</p>}
      </section>
    );
  }
  return (
    <section class="card puzzle-score" aria-labelledby="puzzle-score-h">
      <h2 id="puzzle-score-h">{t("Streak")}</h2>
      <p class="big-rating">
        <span class="rating">{format.format(streak.current)}</span>{" "}
        <span class="muted">{nt("puzzle solved in a row", "puzzles solved in a row", streak.current)}</span>
      </p>
      {streak.tried > 0 && (
        <p class="muted">
          {streak.best > 0 && `${t("Best streak: {n}.", { n: streak.best })} `}
          {t("{solved} of {tried} puzzles solved.", { solved: streak.solved, tried: streak.tried })}
        </p>
      )}
      <p class="note">
        {t("Kept in this browser only.")}{" "}
        <a href="/signin?next=%2Fpuzzles" onClick={(e) => go(e, "/signin?next=%2Fpuzzles")}>
          {t("Sign in for a puzzle rating")}
        </a>
      </p>
    </section>
  );
}

function Themes({ themes, current }: { themes: ThemeCount[] | null; current: string | null }) {
  return (
    <section class="card puzzle-themes" aria-labelledby="puzzle-themes-h">
      <h2 id="puzzle-themes-h">{t("Practise a theme")}</h2>
      {themes === null ? (
        <p aria-busy="true" />
      ) : (
        <ul class="theme-list">
          <li>
            <a href="/puzzles?theme=all" onClick={(e) => go(e, "/puzzles?theme=all")} aria-current={current === "all" ? "page" : undefined}>
              {t("All themes")}
            </a>
          </li>
          {themes
            .filter((th) => th.count > 0)
            .map((th) => (
              <li key={th.theme}>
                <a
                  href={`/puzzles?theme=${encodeURIComponent(th.theme)}`}
                  onClick={(e) => go(e, `/puzzles?theme=${encodeURIComponent(th.theme)}`)}
                  aria-current={current === th.theme ? "page" : undefined}
                >
                  <span>{themeName(th.theme)}</span>
                  <span class="count" aria-hidden="true">
                    {th.count}
                  </span>
                  <span class="sr">{nt("{n} puzzle", "{n} puzzles", th.count)}</span>
                </a>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
