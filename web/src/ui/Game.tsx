// A seat at the table (or a spectator): the board, the rack, the actions the
// view allows, the players, the clock, the move log, the score sheet, the
// chat, the round's summary and the game's result (and the vote on another
// game). Every rule and every number comes from the view; what just happened
// (said aloud, animated, sounded) comes from the frame's events.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { refreshMe } from "../account";
import { api, recordUrl } from "../api";
import { Connection, type SocketLike, type Status } from "../connection";
import { type Cue, moveKey, narrate, outText, type Say, standInMoves, cuesOf } from "../events";
import { readingOrder } from "../geometry";
import { language, nt, t, translate } from "../i18n";
import { boardText, errorText, levelName, logText, phraseText, seatName, signed } from "../narrate";
import { initials, lastPlacements, seatColours } from "../players";
import { go } from "../router";
import { badgesOf, roundStart, turns } from "../sheet";
import { playCues } from "../sound";
import { pendingStore } from "../storage";
import { cellKey, legalOf, type Option, parsePlacement, playableTiles, spotsFor, tileName } from "../tiles";
import type { HistoryRound, Phrase, RatingChange, ServerFrame, View } from "../types";
import { Board } from "./Board";
import { useRackDrop } from "./useRackDrop";
import { Rack } from "./Rack";
import { Badges, type PastRound, ScoreSheet } from "./ScoreSheet";
import { InviteLink, Seated } from "./TablePage";
import { useNow } from "./useNow";

function socketUrl(id: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(id)}`;
}

export function pastRounds(history: HistoryRound[]): PastRound[] {
  let before: number[] = [];
  return history.map((r) => {
    const points = r.totals.map((total, seat) => total - (before[seat] ?? 0));
    before = r.totals;
    return { round: r.round, points, totals: r.totals };
  });
}

function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A touch screen has no keys to name ("Rotate (R)" means nothing there). */
function touchScreen(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}


export function Game({ id, token, onRefused }: { id: string; token: string | null; onRefused: () => void }) {
  const connection = useMemo(
    () =>
      new Connection({
        url: socketUrl(id),
        token,
        open: (url) => new WebSocket(url) as unknown as SocketLike,
        store: pendingStore(id),
      }),
    [id, token],
  );
  const [view, setView] = useState<View | null>(null);
  const [status, setStatus] = useState<Status>("connecting");
  const [announce, setAnnounce] = useState<Say[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const [hint, setHint] = useState<{ action: string; say: Say } | null>(null);
  const [history, setHistory] = useState<HistoryRound[]>([]);
  const [phrases, setPhrases] = useState<Record<string, string>>({});
  const [chat, setChat] = useState<{ seat: number; phrase: string }[]>([]);
  const [pending, setPending] = useState(false);
  const [offset, setOffset] = useState(0);
  const [cues, setCues] = useState<{ n: number; list: Cue[] }>({ n: 0, list: [] });
  const [standIns, setStandIns] = useState<ReadonlySet<string>>(() => new Set());
  const rackDrop = useRackDrop();
  const [ratings, setRatings] = useState<RatingChange[] | null>(null);
  const [resigning, setResigning] = useState(false);
  const latest = useRef<View | null>(null);
  const main = useRef<HTMLElement>(null);
  const phraseBook = useRef<Record<string, string>>({});
  phraseBook.current = phrases;

  const names = (v: View) => v.table.seats.map((s, i) => (i === v.seat ? t("You") : seatName(s, i)));

  useEffect(() => {
    const say = (texts: Say[]) => {
      if (texts.length) setAnnounce(texts);
    };
    const stopListening = connection.listen({
      status: setStatus,
      state(next, _version, events) {
        latest.current = next;
        if (next.table.now !== undefined) setOffset(next.table.now * 1000 - Date.now());
        say(narrate(events, next, () => names(latest.current ?? next)));
        const found = cuesOf(events, next);
        if (found.length) {
          setCues((old) => ({ n: old.n + 1, list: found }));
          playCues(found);
        }
        const marked = standInMoves(events, next);
        if (marked.length) setStandIns((old) => new Set([...old, ...marked]));
        if (events.length) setHint(null);
        setView(next);
        setChat(next.table.chat ?? []);
        setPending(connection.pending !== null);
        setSelected((tile) => (tile && next.hand.includes(tile) ? tile : null));
      },
      frame(frame: ServerFrame) {
        if (frame.type === "state") {
          setRatings(frame.ratings ?? null);
          if (frame.ratings) void refreshMe(); // the rating on every page changed
        }
        if (frame.type === "error") {
          if (frame.code === "unauthorized" && frame.version === -1) {
            onRefused();
            return;
          }
          setError(errorText(frame.code, frame.message, frame.reason));
        } else if (frame.type === "ack") {
          setError(null);
        } else if (frame.type === "chat") {
          setChat((old) => [...old, { seat: frame.seat, phrase: frame.phrase }].slice(-30));
          const v = latest.current;
          const text = () => phraseText(phraseBook.current[frame.phrase] ?? frame.phrase);
          if (v)
            say([
              () => (frame.seat === v.seat ? t("You say: {text}", { text: text() }) : t("{name} says: {text}", { name: names(v)[frame.seat] ?? "", text: text() })),
            ]);
        } else if (frame.type === "hint") {
          const placement = parsePlacement(frame.action);
          const v = latest.current;
          const reason = frame.reason;
          // The reason is the server's template, said in the reader's language.
          const why = (): string =>
            reason
              ? " " + t("Why: {reason}; about {expected} points by the round's end.", { reason: translate(reason.text, reason.params), expected: Math.round(frame.expected ?? frame.points) })
              : "";
          let text: Say;
          if (placement && v) {
            const tile = tileName(placement.corners);
            const spot = spotsFor(tile, v.legal).find((s) => cellKey(s.cell) === cellKey(placement.cell));
            setSelected(tile);
            setRotation(Math.max(0, spot?.options.findIndex((o) => o.action === frame.action) ?? 0));
            text = () => t("Hint: {tile} for {points} points (highlighted).", { tile, points: frame.points }) + why();
          } else {
            text = () => (frame.action === "draw" ? t("Hint: draw a tile.") : t("Hint: pass.")) + why();
          }
          setHint({ action: frame.action, say: text });
          say([text]);
        }
        setPending(connection.pending !== null);
      },
    });
    connection.start();
    return () => {
      stopListening();
      connection.stop();
    };
  }, [connection]);

  useEffect(() => {
    api
      .phrases()
      .then(setPhrases)
      .catch(() => undefined);
  }, []);

  const round = view?.round ?? 0;
  const game = view?.table.game ?? 0;
  const ended = view?.round_end !== undefined;
  useEffect(() => {
    if (round === 0) return;
    api
      .history(id)
      .then((h) => setHistory(h.rounds))
      .catch(() => undefined);
  }, [id, round, game, ended]);

  // On a phone the board takes what the rack and its buttons leave of the
  // screen, so that they are in reach without scrolling.
  useLayoutEffect(() => {
    const page = main.current;
    if (!page) return;
    const fit = () => {
      const board = page.querySelector<HTMLElement>(".board-wrap");
      const hand = page.querySelector<HTMLElement>(".hand");
      if (!board || !matchMedia("(max-width: 700px)").matches) {
        page.style.removeProperty("--board-h");
        return;
      }
      const top = board.getBoundingClientRect().top + scrollY;
      const below = hand ? hand.getBoundingClientRect().height + 8 : 0;
      page.style.setProperty("--board-h", `${Math.max(200, Math.floor(innerHeight - top - below - 6))}px`);
    };
    fit();
    addEventListener("resize", fit);
    return () => removeEventListener("resize", fit);
  });

  const rematch = view?.table.rematch ?? null;
  const clocking = !!view && (view.table.clock != null || (view.round_end !== undefined && view.table.next != null) || rematch !== null);
  const now = useNow(clocking) + offset;

  if (!view) {
    return (
      <main id="main" class="page" aria-busy="true">
        <h1>{t("Table {id}", { id })}</h1>
        <p role="status">{status === "reconnecting" ? t("Reconnecting…") : t("Connecting…")}</p>
      </main>
    );
  }

  const me = view.seat;
  const who = names(view);
  const inits = initials(view.table.seats.map((s, i) => seatName(s, i)));
  const colours = seatColours(view.table.seats);
  const mine = me !== null ? view.table.seats[me] : undefined;
  const standingIn = !!mine?.stand_in;
  const resigned = !!mine?.resigned;
  const rated = !!view.table.settings.rated;
  const myTurn = me !== null && view.to_move === me && !standingIn && !view.round_end;
  const legal = myTurn ? view.legal : [];
  const playable = playableTiles(legal);
  const spots = selected && myTurn ? readingOrder(spotsFor(selected, legal)) : [];
  const draw = legalOf(legal, "draw");
  const pass = legalOf(legal, "pass");
  const bots = view.table.seats.some((s) => s.kind === "bot");
  const last = view.log[view.log.length - 1];
  const takeback = view.table.takeback ?? null;
  const fresh = view.board.length > 0 ? cellKey(view.board[view.board.length - 1]!.cell) : null;
  const lastBySeat = lastPlacements(view.log);
  const lastCells = new Map([...lastBySeat.entries()].map(([seat, cell]) => [cell, seat]));
  const arrived = new Set(cues.list.flatMap((c) => (c.kind === "place" ? [c.cell] : [])));
  const drewSeats = new Set(cues.list.flatMap((c) => (c.kind === "draw" ? [c.seat] : [])));
  const drawnTiles = cues.list.flatMap((c) => (c.kind === "draw" && c.tile ? [c.tile] : []));
  const roundJustEnded = cues.list.some((c) => c.kind === "round-end" || c.kind === "game-end");
  const touch = touchScreen();

  const act = (action: string) => {
    setError(null);
    if (connection.act(action)) {
      setPending(true);
      setSelected(null);
      setHint(null);
    }
  };
  const place = (option: Option) => act(option.action);
  const rotate = () => setRotation((r) => r + 1);
  const select = (tile: string) => {
    setError(null);
    if (selected === tile) {
      setSelected(null);
      return;
    }
    setSelected(tile);
    setRotation(0);
    if (myTurn && !playable.has(tile)) setAnnounce([() => t("{tile} fits nowhere now.", { tile })]);
    else if (myTurn) {
      const count = spotsFor(tile, legal).length;
      setAnnounce([
        () =>
          touch
            ? nt("{tile} fits in {n} place.", "{tile} fits in {n} places.", count, { tile })
            : nt("{tile} fits in {n} place; use the arrow keys to choose it.", "{tile} fits in {n} places; use the arrow keys to choose one.", count, { tile }),
      ]);
    }
  };
  const send = (frame: Parameters<Connection["send"]>[0]) => {
    if (!connection.send(frame)) setError(t("Not connected; trying again…"));
  };

  const start = roundStart(view.totals, view.round_points, view.round_end?.points);
  const sheetTurns = turns(view.log, start);
  const clockLeft = view.table.clock != null ? view.table.clock - now / 1000 : null;
  const nextLeft = view.table.next != null ? view.table.next - now / 1000 : null;
  const waiting = view.phase === "waiting" || view.table.status === "waiting";
  const mover = view.to_move;

  let turnText = "";
  let turnKind = "other";
  if (view.finished) turnText = t("The game is over.");
  else if (view.round_end) turnText = t("Round {n} is over.", { n: view.round });
  else if (waiting) turnText = t("Waiting for players");
  else if (resigned) {
    turnText = t("You resigned");
    turnKind = "stand-in";
  } else if (standingIn && mover === me) {
    turnText = t("A bot is playing your turn");
    turnKind = "stand-in";
  } else if (standingIn) {
    turnText = t("A bot is playing for you");
    turnKind = "stand-in";
  } else if (myTurn) {
    turnText = t("Your turn");
    turnKind = "mine";
  } else if (mover !== null) turnText = t("{name} to move", { name: who[mover] ?? "" });
  const showMover = mover !== null && !view.round_end && !view.finished && !waiting;

  return (
    <main id="main" ref={main} class={`page game${showMover ? " in-play" : ""}`} data-version={connection.version} style={showMover ? { "--mover": colours[mover] ?? "" } : undefined}>
      <div class="live sr" aria-live="polite" role="log">
        {announce.map((say) => say()).join(" ")}
      </div>
      {status !== "open" && (
        <p class="banner warn" role="status">
          {t("Reconnecting…")}
        </p>
      )}
      <div class="bar">
        <h1>
          <span class="table-name">{me === null ? t("Watching table {id}", { id }) : t("Table {id}", { id })}</span>
          {view.round > 0 && (
            <span class="muted">
              <span class="sep"> · </span>
              {t("Round {n}", { n: view.round })}
            </span>
          )}
          {rated && <span class="tag">{t("Rated")}</span>}
        </h1>
        <p class="turn" aria-live="off">
          <strong class="turn-pill" data-turn={turnKind}>
            {showMover && (
              <span class="initial" aria-hidden="true">
                {inits[mover]}
              </span>
            )}
            {turnText}
          </strong>
          {clockLeft !== null && !view.round_end && (
            <span class={`clock${clockLeft < 10 ? " low" : ""}`} role="timer" aria-label={t("Time left")}>
              {" "}
              ⏱ {clockText(clockLeft)}
            </span>
          )}
          {view.round > 0 && <span class="pool"> · {nt("{n} tile in the pool", "{n} tiles in the pool", view.pool)}</span>}
          {view.last_round && !view.finished && <span class="muted"> · {t("Last round")}</span>}
        </p>
      </div>

      {waiting && (
        <section class="card" aria-labelledby="waiting-h">
          <h2 id="waiting-h">{t("Waiting for players")}</h2>
          <p>{t("The game starts when every seat is taken.")}</p>
          <Seated seats={view.table.seats} />
          <InviteLink id={id} />
        </section>
      )}

      {resigned && !view.finished && (
        <p class="banner stand-in" role="status">
          {t("You resigned: a bot plays your seat to the end.")}
        </p>
      )}
      {standingIn && !resigned && (
        <p class="banner stand-in" role="status">
          {t("A bot is playing for you.")}{" "}
          <button type="button" class="primary" onClick={() => send({ type: "back" })}>
            {t("Take my seat back")}
          </button>
        </p>
      )}

      {takeback && me !== null && takeback.waiting_for.includes(me) && (
        <section class="card ask" role="alertdialog" aria-labelledby="takeback-h">
          <h2 id="takeback-h">{t("{name} asks to take back their last move.", { name: who[takeback.seat] ?? "" })}</h2>
          <button type="button" class="primary" onClick={() => send({ type: "answer", accept: true })}>
            {t("Allow")}
          </button>{" "}
          <button type="button" onClick={() => send({ type: "answer", accept: false })}>
            {t("Refuse")}
          </button>
        </section>
      )}
      {takeback && takeback.seat === me && (
        <p class="banner" role="status">
          {t("Waiting for the others to allow your takeback…")}
        </p>
      )}

      {view.round_end && !view.finished && (
        <RoundOver view={view} names={who} nextLeft={nextLeft} enter={roundJustEnded} onNext={() => send({ type: "next" })} />
      )}
      {view.finished && <GameOver view={view} names={who} id={id} now={now} enter={roundJustEnded} send={send} ratings={ratings} />}

      {!waiting && (
        <div class="play">
          <section class="players" aria-label={t("Players")}>
            {view.table.seats.map((seat, i) => (
              <div
                class={`player${mover === i && showMover ? " moving" : ""}${i === me ? " me" : ""}${drewSeats.has(i) ? " drew" : ""}`}
                key={`${i}:${drewSeats.has(i) ? cues.n : 0}`}
                style={{ "--who": colours[i] ?? "" }}
                aria-current={mover === i && showMover ? "true" : undefined}
              >
                <span class="initial" aria-hidden="true">
                  {inits[i]}
                </span>
                <span class="name">
                  <span class={seat.kind === "bot" && i !== me ? "long" : undefined}>{who[i]}</span>
                  {seat.kind === "bot" && i !== me && (
                    <span class="short" aria-hidden="true">
                      {levelName(seat.bot ?? "")}
                    </span>
                  )}
                </span>
                <span class="tiles">
                  <span class="long">{nt("{n} tile", "{n} tiles", view.hand_sizes[i] ?? 0)}</span>
                  <span class="short" aria-hidden="true">
                    {view.hand_sizes[i] ?? 0}
                    <span class="tri">◭</span>
                  </span>
                </span>
                <span class="total">
                  <span class="long">{nt("{n} point", "{n} points", Math.abs(view.totals[i] ?? 0), { n: view.totals[i] ?? 0 })}</span>
                  <span class="short" aria-hidden="true">
                    {view.totals[i] ?? 0}
                  </span>
                </span>
                {seat.kind === "human" && !seat.connected && !seat.resigned && <span class="muted away">{t("away")}</span>}
                {seat.resigned ? <span class="muted away">{t("resigned")}</span> : seat.stand_in && <span class="muted away">{t("a bot plays")}</span>}
              </div>
            ))}
          </section>

          <div class="table-area">
            <Board
              board={view.board}
              spots={spots}
              rotation={rotation}
              tile={selected}
              fresh={fresh}
              hint={hint?.action ?? null}
              onPlace={place}
              onRotate={rotate}
              onEscape={() => {
                document.querySelector<HTMLElement>(".rack-tile.selected")?.focus();
              }}
              focusRequest={focusRequest}
              last={lastCells}
              initials={inits}
              colours={colours}
              arrived={arrived}
              snap={rackDrop.snap}
              description={boardText(view.board, view.log, who)}
            />
            {me !== null && (
              <section class="hand" aria-labelledby="hand-h">
                <h2 id="hand-h" class="sr">
                  {t("Your tiles")}
                </h2>
                <Rack
                  hand={view.hand}
                  selected={selected}
                  playable={playable}
                  myTurn={myTurn && !pending}
                  fresh={drawnTiles}
                  onSelect={select}
                  onArrow={() => spots.length > 0 && setFocusRequest((n) => n + 1)}
                  onRotate={rotate}
                  {...rackDrop.handlers(legal, rotation, act)}
                />
                <div class="actions">
                  <button type="button" onClick={() => act("draw")} disabled={!draw || pending}>
                    {draw ? t("Draw ({points})", { points: signed(draw.points) }) : t("Draw")}
                  </button>
                  <button type="button" onClick={() => act("pass")} disabled={!pass || pending}>
                    {pass ? t("Pass ({points})", { points: signed(pass.points) }) : t("Pass")}
                  </button>
                  {bots && (
                    <button type="button" onClick={() => send({ type: "hint" })} disabled={!myTurn || pending}>
                      {t("Hint")}
                    </button>
                  )}
                  <button type="button" onClick={rotate} disabled={!selected || spots.every((s) => s.options.length < 2)}>
                    {touch ? t("Rotate") : t("Rotate (R)")}
                  </button>
                  <button
                    type="button"
                    onClick={() => send({ type: "takeback" })}
                    disabled={!last || last.seat !== me || !parsePlacement(last.action) || !!takeback || !!view.round_end}
                  >
                    {t("Take back")}
                  </button>
                </div>
                {selected && myTurn && spots.length > 0 && (
                  <p class="muted help">
                    {touch ? t("Tap a highlighted cell, or drag the tile there.") : t("Choose a highlighted cell (arrow keys, then Enter); R turns the tile.")}{" "}
                    {spots.some((s) => s.options.length > 1) && `(${t("Rotation {n}", { n: (rotation % Math.max(...spots.map((s) => s.options.length))) + 1 })})`}
                  </p>
                )}
                {hint && myTurn && (
                  <p class="hint-text" role="status">
                    {hint.say()}
                  </p>
                )}
                {error && (
                  <p class="error" role="alert">
                    {error}
                  </p>
                )}
              </section>
            )}
          </div>

          <aside class="side">
            <MoveLog view={view} names={who} initials={inits} colours={colours} marks={standIns} />
            <ScoreSheet
              names={who}
              initials={inits}
              colours={colours}
              past={pastRounds(history.filter((h) => h.round < view.round))}
              round={view.round}
              turns={sheetTurns}
              end={view.round_end}
              totals={view.totals}
            />
            <Chat phrases={phrases} chat={chat} names={who} initials={inits} colours={colours} canSay={me !== null} onSay={(phrase) => send({ type: "chat", phrase: phrase as Phrase })} />
            {me !== null && !view.finished && !resigned && !waiting && (
              <div class="resign-box">
                {!resigning ? (
                  <button type="button" class="small danger" onClick={() => setResigning(true)}>
                    {t("Resign")}
                  </button>
                ) : (
                  <div class="confirm" role="alertdialog" aria-labelledby="resign-h">
                    <p id="resign-h">
                      <strong>{t("Resign this game?")}</strong>{" "}
                      {rated
                        ? t("A bot plays your seat to the end, and you rank last for the rating.")
                        : t("A bot plays your seat to the end, and you rank last.")}
                    </p>
                    <button
                      type="button"
                      class="danger"
                      onClick={() => {
                        send({ type: "resign" });
                        setResigning(false);
                      }}
                    >
                      {t("Yes, resign")}
                    </button>{" "}
                    <button type="button" onClick={() => setResigning(false)}>
                      {t("Keep playing")}
                    </button>
                  </div>
                )}
              </div>
            )}
          </aside>
        </div>
      )}
    </main>
  );
}

/** The round's moves from the view's log (so a reload keeps them all),
 * numbered, the latest first and marked; who played each in their colour,
 * the bonus badges of the score sheet, and the stand-in's moves marked. */
export function MoveLog({
  view,
  names,
  initials: inits,
  colours,
  marks,
}: {
  view: View;
  names: string[];
  initials: string[];
  colours: string[];
  marks: ReadonlySet<string>;
}) {
  const log = view.log;
  const rows = log.map((entry, index) => ({
    entry,
    n: index + 1,
    standIn: entry.by === "stand-in" || marks.has(moveKey(view.table.game, view.round, index)),
  }));
  rows.reverse();
  return (
    <section aria-labelledby="moves-h" class="moves">
      <h2 id="moves-h">
        {t("Moves")}
        {view.round > 0 && <span class="muted"> · {t("Round {n}", { n: view.round })}</span>}
      </h2>
      {log.length === 0 ? (
        <p class="muted">{view.round > 0 ? t("No move yet this round.") : t("The game has not started.")}</p>
      ) : (
        <ol class="log" reversed>
          {rows.map(({ entry, n, standIn }) => (
            <li key={n} value={n} class={n === log.length ? "latest" : undefined} style={{ "--who": colours[entry.seat] ?? "" }} aria-current={n === log.length ? "true" : undefined}>
              <span class="initial" aria-hidden="true">
                {inits[entry.seat]}
              </span>
              <span class="what">{logText(entry, names[entry.seat] ?? "", entry.seat === view.seat)}</span>
              <span class="pts">{signed(entry.points)}</span>
              <Badges badges={badgesOf(entry).filter((b) => b !== "draw" && b !== "pass")} />
              {standIn && <span class="by">{t("played by a bot")}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RoundOver({ view, names, nextLeft, enter, onNext }: { view: View; names: string[]; nextLeft: number | null; enter: boolean; onNext: () => void }) {
  const end = view.round_end!;
  const me = view.seat;
  const ready = me !== null && view.table.seats[me]?.ready;
  const out = view.out ?? (end.reason === "out" ? end.hands.findIndex((hand) => hand.length === 0) : null);
  const winners = end.winners.map((w) => names[w] ?? "");
  return (
    <section class={`card summary-card${enter ? " enter" : ""}`} aria-labelledby="round-over-h">
      <h2 id="round-over-h">{t("Round {n} is over", { n: view.round })}</h2>
      <p class="result">
        {outText(names, out !== null && out >= 0 ? out : null, me, end.reason)}{" "}
        {winners.length === 1 ? t("Round winner: {name}", { name: winners[0] ?? "" }) : t("Round winners: {names}", { names: winners.join(", ") })}
      </p>
      <table class="round-table">
        <thead>
          <tr>
            <th scope="col">{t("Player")}</th>
            <th scope="col">{t("Tiles left")}</th>
            <th scope="col">{t("Round end")}</th>
            <th scope="col">{t("Total")}</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name, seat) => (
            <tr key={seat} class={end.winners.includes(seat) ? "winner" : undefined}>
              <th scope="row">{name}</th>
              <td>{(end.hands[seat] ?? []).join(" ") || "—"}</td>
              <td>{signed(end.points[seat] ?? 0)}</td>
              <td>{view.totals[seat] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {me !== null && (
        <p>
          <button type="button" class="primary" onClick={onNext} disabled={ready}>
            {ready ? t("Waiting for the others…") : t("Next round")}
          </button>
          {nextLeft !== null && (
            <span class="muted countdown" role="timer">
              {" "}
              {t("The next round starts in {s} s.", { s: Math.max(0, Math.ceil(nextLeft)) })}
            </span>
          )}
        </p>
      )}
    </section>
  );
}

function GameOver({
  view,
  names,
  id,
  now,
  enter,
  send,
  ratings,
}: {
  view: View;
  names: string[];
  id: string;
  now: number;
  enter: boolean;
  send: (frame: { type: "rematch"; accept?: boolean; with_bots?: boolean }) => void;
  ratings: RatingChange[] | null;
}) {
  const changeOf = (seat: number) => ratings?.find((r) => r.seat === seat);
  const winners = view.winners.map((w) => names[w] ?? "");
  const game = view.table.game;
  const me = view.seat;
  const offer = view.table.rematch ?? null;
  const accepted = offer?.accepted ?? [];
  const declined = offer?.declined ?? [];
  const undecided = names.map((_, seat) => seat).filter((seat) => !accepted.includes(seat) && !declined.includes(seat));
  const left = offer ? offer.deadline - now / 1000 : null;
  const iAccepted = me !== null && accepted.includes(me);
  const withBots = iAccepted && accepted.length < names.length && (undecided.length === 0 || (left !== null && left <= 0));
  const listOf = (seats: number[]) => seats.map((s) => names[s] ?? "").join(", ");
  return (
    <section class={`card summary-card${enter ? " enter" : ""}`} aria-labelledby="game-over-h">
      <h2 id="game-over-h">{t("Game over")}</h2>
      <p class="result">
        {winners.length === 1 ? t("Winner: {name}", { name: winners[0] ?? "" }) : t("Shared win: {names}", { names: winners.join(", ") })}
      </p>
      <ol class="final">
        {names
          .map((name, seat) => ({ name, seat, total: view.totals[seat] ?? 0 }))
          .sort((a, b) => b.total - a.total)
          .map((row) => (
            <li key={row.seat}>
              {row.name}: {nt("{n} point", "{n} points", Math.abs(row.total), { n: row.total })}
              {view.table.seats[row.seat]?.resigned && <span class="muted"> · {t("resigned")}</span>}
              <RatingMove change={changeOf(row.seat)} mine={row.seat === me} />
            </li>
          ))}
      </ol>
      {offer && (
        <div class="rematch" role="status">
          <p>{offer.by === me ? t("You offered another game.") : t("{name} offers another game.", { name: names[offer.by] ?? "" })}</p>
          <p class="muted">
            {accepted.length > 0 && t("Playing again: {names}.", { names: listOf(accepted) })}{" "}
            {undecided.length > 0 && t("Not answered yet: {names}.", { names: listOf(undecided) })}{" "}
            {declined.length > 0 && t("Not playing again: {names}.", { names: listOf(declined) })}
          </p>
          {iAccepted && !withBots && left !== null && left > 0 && (
            <p class="muted">{t("If nobody else answers, you can start with bots in {s} s.", { s: Math.ceil(left) })}</p>
          )}
        </div>
      )}
      <p class="row">
        {me !== null && !iAccepted && (
          <button type="button" class="primary" onClick={() => send(offer ? { type: "rematch", accept: true } : { type: "rematch" })}>
            {t("Play again")}
          </button>
        )}
        {me !== null && offer && !iAccepted && !declined.includes(me) && (
          <button type="button" onClick={() => send({ type: "rematch", accept: false })}>
            {t("No, thanks")}
          </button>
        )}
        {withBots && (
          <button type="button" class="primary" onClick={() => send({ type: "rematch", with_bots: true })}>
            {t("Start with bots")}
          </button>
        )}
        <a class="button" href={`/replay?table=${id}&game=${game}`} onClick={(e) => go(e, `/replay?table=${id}&game=${game}`)}>
          {t("Replay the game")}
        </a>
        <a class="button" href={recordUrl(id, game)} download={`triominoes-${id}-${game}.json`}>
          {t("Download the record")}
        </a>
      </p>
    </section>
  );
}

/** "Rating 1,500 → 1,563 (+63)" at a rated game's end. */
function RatingMove({ change, mine }: { change: RatingChange | undefined; mine: boolean }) {
  if (!change) return null;
  const d = change.after - change.before;
  const delta = d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
  const format = new Intl.NumberFormat(language());
  return (
    <span class={`rating-move${d > 0 ? " up" : d < 0 ? " down" : ""}${mine ? " mine" : ""}`}>
      {" "}
      · {t("rating {before} → {after} ({delta})", { before: format.format(change.before), after: format.format(change.after), delta })}
    </span>
  );
}

function Chat(props: {
  phrases: Record<string, string>;
  chat: { seat: number; phrase: string }[];
  names: string[];
  initials: string[];
  colours: string[];
  canSay: boolean;
  onSay: (phrase: string) => void;
}) {
  return (
    <section class="chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{t("Chat")}</h2>
      <ul class="lines">
        {props.chat.slice(-6).map((line, i) => (
          <li key={i} style={{ "--who": props.colours[line.seat] ?? "" }}>
            <span class="initial" aria-hidden="true">
              {props.initials[line.seat]}
            </span>
            <strong>{props.names[line.seat] ?? ""}:</strong> {phraseText(props.phrases[line.phrase] ?? line.phrase)}
          </li>
        ))}
      </ul>
      {props.canSay && (
        <div class="phrases" role="group" aria-label={t("Quick chat")}>
          {Object.entries(props.phrases).map(([key, english]) => (
            <button type="button" class="small" key={key} onClick={() => props.onSay(key)}>
              {phraseText(english)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
