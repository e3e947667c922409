// A seat at the table (or a spectator): the board, the rack, the actions the
// view allows, the other players, the clock, the score sheet, the chat, the
// round's summary and the game's result. Every rule comes from the view.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, recordUrl } from "../api";
import { Connection, type SocketLike, type Status } from "../connection";
import { nt, t, translate } from "../i18n";
import { errorText, moveText, phraseText, reasonText, seatName, signed } from "../narrate";
import { go } from "../router";
import { roundStart, turns } from "../sheet";
import { pendingStore } from "../storage";
import { cellKey, legalOf, type Option, parsePlacement, playableTiles, spotsFor, tileName } from "../tiles";
import { readingOrder } from "../geometry";
import type { HistoryRound, ServerFrame, View } from "../types";
import { Board } from "./Board";
import { Rack } from "./Rack";
import { type PastRound, ScoreSheet } from "./ScoreSheet";
import { InviteLink, Seated } from "./TablePage";

interface Line {
  key: number;
  /** Said again in the reader's language when it changes. */
  text: () => string;
}

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

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
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
  const [lines, setLines] = useState<Line[]>([]);
  const [announce, setAnnounce] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const [hint, setHint] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryRound[]>([]);
  const [phrases, setPhrases] = useState<Record<string, string>>({});
  const [chat, setChat] = useState<{ seat: number; phrase: string }[]>([]);
  const [pending, setPending] = useState(false);
  const [offset, setOffset] = useState(0);
  const lineKey = useRef(0);
  const previous = useRef<View | null>(null);
  const skew = useRef(0);
  const phraseBook = useRef<Record<string, string>>({});
  phraseBook.current = phrases;

  const names = (v: View) => v.table.seats.map((s, i) => (i === v.seat ? t("You") : seatName(s, i)));

  useEffect(() => {
    const say = (texts: (() => string)[]) => {
      if (texts.length === 0) return;
      setLines((old) => [...texts.map((text) => ({ key: ++lineKey.current, text })).reverse(), ...old].slice(0, 60));
      setAnnounce(texts.map((text) => text()).join(" "));
    };
    const stopListening = connection.listen({
      status: setStatus,
      state(next) {
        const before = previous.current;
        previous.current = next;
        if (next.table.now !== undefined) {
          skew.current = next.table.now * 1000 - Date.now();
          setOffset(skew.current);
        }
        const who = () => names(next);
        const fresh: (() => string)[] = [];
        if (before && before.round === next.round && before.table.game === next.table.game) {
          if (next.log.length > before.log.length) {
            for (const entry of next.log.slice(before.log.length)) {
              fresh.push(() => moveText(entry, who()[entry.seat] ?? "", entry.seat === next.seat));
            }
          } else if (next.log.length < before.log.length) {
            fresh.push(() => t("A move was taken back."));
          }
          const end = next.round_end;
          if (!before.round_end && end) fresh.push(() => `${t("Round {n} is over.", { n: next.round })} ${reasonText(end.reason)}`);
          if (!before.finished && next.finished) fresh.push(() => t("The game is over."));
        } else if (before && next.round > 0) {
          fresh.push(() => t("Round {n} begins.", { n: next.round }));
          for (const entry of next.log) fresh.push(() => moveText(entry, who()[entry.seat] ?? "", entry.seat === next.seat));
        }
        if (next.to_move !== null && next.to_move === next.seat && before?.to_move !== next.to_move) fresh.push(() => t("Your turn."));
        say(fresh);
        setView(next);
        setChat(next.table.chat ?? []);
        setPending(connection.pending !== null);
        setHint(null);
        setSelected((tile) => (tile && next.hand.includes(tile) ? tile : null));
      },
      frame(frame: ServerFrame) {
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
          const v = previous.current;
          if (v) say([() => t("{name} says: {text}", { name: names(v)[frame.seat] ?? "", text: phraseText(phraseBook.current[frame.phrase] ?? frame.phrase) })]);
        } else if (frame.type === "hint") {
          const placement = parsePlacement(frame.action);
          const v = previous.current;
          const reason = frame.reason;
          // The reason is the server's template, said in the reader's language.
          const why = (): string =>
            reason
              ? " " + t("Why: {reason}; about {expected} points by the round's end.", { reason: translate(reason.text, reason.params), expected: Math.round(frame.expected ?? frame.points) })
              : "";
          if (placement && v) {
            const tile = tileName(placement.corners);
            const spot = spotsFor(tile, v.legal).find((s) => cellKey(s.cell) === cellKey(placement.cell));
            setSelected(tile);
            setRotation(Math.max(0, spot?.options.findIndex((o) => o.action === frame.action) ?? 0));
            setHint(frame.action);
            say([() => t("Hint: {tile} for {points} points (highlighted).", { tile, points: frame.points }) + why()]);
          } else {
            say([() => (frame.action === "draw" ? t("Hint: draw a tile.") : t("Hint: pass.")) + why()]);
          }
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

  const clocking = !!view && (view.table.clock != null || (view.round_end !== undefined && view.table.next != null));
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
  const myTurn = me !== null && view.to_move === me;
  const legal = myTurn ? view.legal : [];
  const playable = playableTiles(legal);
  const spots = selected && myTurn ? readingOrder(spotsFor(selected, legal)) : [];
  const draw = legalOf(legal, "draw");
  const pass = legalOf(legal, "pass");
  const bots = view.table.seats.some((s) => s.kind === "bot");
  const mine = me !== null ? view.table.seats[me] : undefined;
  const last = view.log[view.log.length - 1];
  const takeback = view.table.takeback ?? null;
  const fresh = view.board.length > 0 ? cellKey(view.board[view.board.length - 1]!.cell) : null;

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
    if (myTurn && !playable.has(tile)) setAnnounce(t("{tile} fits nowhere now.", { tile }));
    else if (myTurn) {
      const count = spotsFor(tile, legal).length;
      setAnnounce(nt("{tile} fits in {n} place; use the arrow keys to choose it.", "{tile} fits in {n} places; use the arrow keys to choose one.", count, { tile }));
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

  let turnText = "";
  if (view.finished) turnText = t("The game is over.");
  else if (view.round_end) turnText = t("Round {n} is over.", { n: view.round });
  else if (waiting) turnText = t("Waiting for players");
  else if (myTurn) turnText = t("Your turn");
  else if (view.to_move !== null) turnText = t("{name} to move", { name: who[view.to_move] ?? "" });

  return (
    <main id="main" class="page game" data-version={connection.version}>
      <div class="live sr" aria-live="polite" role="log">
        {announce}
      </div>
      {status !== "open" && (
        <p class="banner warn" role="status">
          {t("Reconnecting…")}
        </p>
      )}
      <div class="bar">
        <h1>
          {me === null ? t("Watching table {id}", { id }) : t("Table {id}", { id })}
          {view.round > 0 && <span class="muted"> · {t("Round {n}", { n: view.round })}</span>}
        </h1>
        <p class="turn" aria-live="off">
          <strong data-turn={myTurn && !view.round_end ? "mine" : "other"}>{turnText}</strong>
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

      {mine?.stand_in && (
        <p class="banner" role="status">
          {t("A bot is playing for you.")}{" "}
          <button type="button" onClick={() => send({ type: "back" })}>
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

      {view.round_end && !view.finished && <RoundOver view={view} names={who} nextLeft={nextLeft} onNext={() => send({ type: "next" })} />}
      {view.finished && <GameOver view={view} names={who} id={id} onRematch={() => send({ type: "rematch" })} />}

      {!waiting && (
        <div class="play">
          <section class="players" aria-label={t("Players")}>
            {view.table.seats.map((seat, i) => (
              <div class={`player${view.to_move === i ? " moving" : ""}${i === me ? " me" : ""}`} key={i}>
                <span class="name">{who[i]}</span>
                <span class="tiles">{nt("{n} tile", "{n} tiles", view.hand_sizes[i] ?? 0)}</span>
                <span class="total">{nt("{n} point", "{n} points", Math.abs(view.totals[i] ?? 0), { n: view.totals[i] ?? 0 })}</span>
                {seat.kind === "human" && !seat.connected && <span class="muted">{t("away")}</span>}
                {seat.stand_in && <span class="muted">{t("a bot plays")}</span>}
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
              hint={hint}
              onPlace={place}
              onRotate={rotate}
              onEscape={() => {
                document.querySelector<HTMLElement>(".rack-tile.selected")?.focus();
              }}
              focusRequest={focusRequest}
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
                  onSelect={select}
                  onArrow={() => spots.length > 0 && setFocusRequest((n) => n + 1)}
                  onRotate={rotate}
                  onDrop={(action, tile) => {
                    if (spotsFor(tile, legal).some((s) => s.options.some((o) => o.action === action))) act(action);
                  }}
                />
                <div class="actions">
                  <button type="button" onClick={rotate} disabled={!selected || spots.every((s) => s.options.length < 2)}>
                    {t("Rotate (R)")}
                  </button>
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
                    {t("Choose a highlighted cell (arrow keys, then Enter); R turns the tile.")}{" "}
                    {spots.some((s) => s.options.length > 1) && `(${t("Rotation {n}", { n: (rotation % Math.max(...spots.map((s) => s.options.length))) + 1 })})`}
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
            <section aria-labelledby="moves-h" class="moves">
              <h2 id="moves-h">{t("Moves")}</h2>
              <ol class="lines">
                {lines.slice(0, 12).map((line) => (
                  <li key={line.key}>{line.text()}</li>
                ))}
              </ol>
            </section>
            <ScoreSheet
              names={who}
              past={pastRounds(history.filter((h) => h.round < view.round))}
              round={view.round}
              turns={sheetTurns}
              end={view.round_end}
              totals={view.totals}
            />
            <Chat
              phrases={phrases}
              chat={chat}
              names={who}
              canSay={me !== null}
              onSay={(phrase) => send({ type: "chat", phrase })}
            />
          </aside>
        </div>
      )}
    </main>
  );
}

function RoundOver({ view, names, nextLeft, onNext }: { view: View; names: string[]; nextLeft: number | null; onNext: () => void }) {
  const end = view.round_end!;
  const me = view.seat;
  const ready = me !== null && view.table.seats[me]?.ready;
  return (
    <section class="card summary-card" aria-labelledby="round-over-h">
      <h2 id="round-over-h">{t("Round {n} is over", { n: view.round })}</h2>
      <p>{reasonText(end.reason)}</p>
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
          {nextLeft !== null && <span class="muted"> {t("The next round starts in {s} s.", { s: Math.max(0, Math.ceil(nextLeft)) })}</span>}
        </p>
      )}
    </section>
  );
}

function GameOver({ view, names, id, onRematch }: { view: View; names: string[]; id: string; onRematch: () => void }) {
  const winners = view.winners.map((w) => names[w] ?? "");
  const game = view.table.game;
  return (
    <section class="card summary-card" aria-labelledby="game-over-h">
      <h2 id="game-over-h">{t("Game over")}</h2>
      <p class="result">
        {winners.length === 1 ? t("Winner: {name}", { name: winners[0] ?? "" }) : t("Shared win: {names}", { names: winners.join(", ") })}
      </p>
      <ol class="final">
        {names
          .map((name, seat) => ({ name, total: view.totals[seat] ?? 0 }))
          .sort((a, b) => b.total - a.total)
          .map((row) => (
            <li key={row.name}>
              {row.name}: {nt("{n} point", "{n} points", Math.abs(row.total), { n: row.total })}
            </li>
          ))}
      </ol>
      <p class="row">
        {view.seat !== null && (
          <button type="button" class="primary" onClick={onRematch}>
            {t("Play again")}
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

function Chat(props: {
  phrases: Record<string, string>;
  chat: { seat: number; phrase: string }[];
  names: string[];
  canSay: boolean;
  onSay: (phrase: string) => void;
}) {
  return (
    <section class="chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{t("Chat")}</h2>
      <ul class="lines">
        {props.chat.slice(-6).map((line, i) => (
          <li key={i}>
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

