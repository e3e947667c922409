// The replay viewer: a finished game from the server, or a record file the
// reader uploads (the server replays it: POST /api/replay), step by step,
// with every hand (a record hides nothing) and the score sheet in step;
// on demand, the server's analysis of every decision (./Analysis).
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { stepKey } from "../analysis";
import { ApiError, type AnalysisSource, api, recordUrl } from "../api";
import { outText } from "../events";
import { t } from "../i18n";
import { moveText } from "../narrate";
import { initials, seatColour } from "../players";
import { turns } from "../sheet";
import { cellKey, parsePlacement } from "../tiles";
import type { Placed, Replay } from "../types";
import { Board } from "./Board";
import { TileFace } from "./Rack";
import { type PastRound, ScoreSheet } from "./ScoreSheet";
import { useAnalysis } from "./useAnalysis";
import { setTitle } from "../title";

type AnalysisUi = typeof import("./Analysis");
let analysisUi: AnalysisUi | null = null;

/** The analysis's panels: a chunk of their own, loaded when a viewer that
 * can ask for an analysis shows (the game page never loads it). */
function useAnalysisUi(wanted: boolean): AnalysisUi | null {
  const [ui, setUi] = useState<AnalysisUi | null>(() => analysisUi);
  useEffect(() => {
    if (wanted && !ui)
      import("./Analysis")
        .then((module) => {
          analysisUi = module;
          setUi(module);
        })
        .catch(() => undefined);
  }, [wanted, ui]);
  return ui;
}

export function ReplayPage({ table, game }: { table: string | null; game: number | null }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [download, setDownload] = useState<{ href: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<AnalysisSource | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    setTitle(t("Replay"));
    if (!table || !game) return;
    api
      .replay(table, game)
      .then((r) => {
        setReplay(r);
        setSource({ table, game });
        setDownload({ href: recordUrl(table, game), name: `triominoes-${table}-${game}.json` });
      })
      .catch((e) => setError(e instanceof ApiError && e.status === 404 ? t("This game is not finished or does not exist.") : t("The server cannot be reached.")));
  }, [table, game]);

  const upload = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    setError(null);
    const text = await file.text();
    try {
      setReplay(await api.replayRecord(text));
      setSource({ record: text });
      setLoads((n) => n + 1);
      setDownload({ href: URL.createObjectURL(new Blob([text], { type: "application/json" })), name: file.name });
    } catch (e) {
      setReplay(null);
      setError(
        e instanceof ApiError && e.code === "bad-record"
          ? t("This file is not a record that can be replayed: {reason}", { reason: e.message })
          : t("The server cannot be reached."),
      );
    }
  };

  return (
    <main id="main" class="page replay">
      <h1>{t("Replay")}</h1>
      {!table && (
        <p class="upload">
          <label for="record-file">{t("Open a record file (JSON)")}</label>{" "}
          <input id="record-file" type="file" accept=".json,application/json" onChange={upload} />
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {replay && <Viewer replay={replay} download={download} source={source} key={`${table}:${game}:${loads}`} />}
    </main>
  );
}

/** Where the viewer is: a round, and the step shown in it (-1: its deal). */
export interface Position {
  round: number;
  step: number;
}

/** One step forward (1) or back (-1), across the rounds' edges. */
export function moved(rounds: Replay["rounds"], at: Position, by: 1 | -1): Position {
  const last = (rounds[at.round]?.steps.length ?? 0) - 1;
  if (by === 1) {
    if (at.step < last) return { round: at.round, step: at.step + 1 };
    return at.round < rounds.length - 1 ? { round: at.round + 1, step: -1 } : at;
  }
  if (at.step > -1) return { round: at.round, step: at.step - 1 };
  if (at.round === 0) return at;
  return { round: at.round - 1, step: (rounds[at.round - 1]?.steps.length ?? 0) - 1 };
}

export function Viewer({
  replay,
  download,
  source,
}: {
  replay: Replay;
  download: { href: string; name: string } | null;
  source: AnalysisSource | null;
}) {
  const [{ round, step }, setAt] = useState<Position>({ round: 0, step: -1 });
  const [analysis, analyse] = useAnalysis(source);
  const ui = useAnalysisUi(source !== null);
  const rounds = replay.rounds;
  const current = rounds[round];
  const steps = current?.steps ?? [];
  const last = steps.length - 1;

  const goTo = (r: number, s: number) => {
    const target = rounds[r];
    if (!target) return;
    setAt({ round: r, step: Math.max(-1, Math.min(s, target.steps.length - 1)) });
  };
  // Each step is from the position as it is then, not as the last render
  // saw it: keys pressed quickly (faster than a busy page renders) each
  // move one step.
  const forward = () => setAt((at) => moved(rounds, at, 1));
  const back = () => setAt((at) => moved(rounds, at, -1));

  // The arrow keys step through the game as soon as the viewer shows, with
  // the focus anywhere but in a field that reads them itself. A layout
  // effect is attached as the viewer is committed, before the browser can
  // paint it: a plain effect left a moment in which the first step was
  // shown but a key pressed then was lost.
  useLayoutEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.("input, select, textarea, [contenteditable]")) return;
      if (event.key === "ArrowRight") forward();
      else if (event.key === "ArrowLeft") back();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, [replay]);

  if (!current) return <p>{t("This record has no rounds.")}</p>;

  const shown = steps.slice(0, step + 1);
  const board: Placed[] = [];
  for (const s of shown) {
    const p = parsePlacement(s.action);
    if (p) board.push({ cell: [p.cell[0], p.cell[1]], corners: p.corners });
  }
  const at = step >= 0 ? steps[step]! : null;
  const hands = at ? at.hands : current.start.hands;
  const pool = at ? at.pool : current.start.pool;
  const totals = at ? at.totals : current.start.totals;
  // A player who deleted their account is "deleted player" in the record
  // (records are data, in English): said in the reader's language.
  const names = replay.players.map((name) => (name === "deleted player" ? t("deleted player") : name));
  const past: PastRound[] = rounds.slice(0, round).map((r, i) => {
    const after = rounds[i + 1]?.start.totals ?? replay.totals;
    return { round: i + 1, points: after.map((x, seat) => x - (r.start.totals[seat] ?? 0)), totals: after };
  });
  const atEnd = step === last && current.end.reason !== "unfinished";
  const inits = initials(names);
  const roundWinners = (r: (typeof rounds)[number]) => r.end.winners.map((w) => names[w] ?? "").join(", ");
  const lastPlaced = at ? parsePlacement(at.action) : null;
  const lastCells = new Map<string, number>(at && lastPlaced ? [[cellKey(lastPlaced.cell), at.seat]] : []);
  const outSeat = atEnd && current.end.reason === "out" ? (at?.hands.findIndex((hand) => hand.length === 0) ?? -1) : -1;
  const endTotals = rounds[round + 1]?.start.totals ?? replay.totals;
  const judged = analysis.phase === "done" ? analysis.steps.get(stepKey(round, step)) : undefined;
  const best = judged && judged.best.action !== judged.played.action ? parsePlacement(judged.best.action) : null;

  return (
    <div class="viewer">
      <div class="controls" role="group" aria-label={t("Replay controls")}>
        <label for="replay-round">{t("Round")}</label>
        <select
          id="replay-round"
          value={String(round)} onChange={(e) => goTo(Number((e.currentTarget as HTMLSelectElement).value), -1)}>
            {rounds.map((_, i) => (
              <option value={String(i)} key={i}>
                {t("Round {n}", { n: i + 1 })}
              </option>
            ))}
        </select>
        <button type="button" onClick={() => goTo(round, -1)} disabled={step === -1}>
          {t("Start of the round")}
        </button>
        <button type="button" onClick={back} disabled={step === -1 && round === 0}>
          {t("Back")}
        </button>
        <button type="button" onClick={forward} disabled={step === last && round === rounds.length - 1}>
          {t("Forward")}
        </button>
        <button type="button" onClick={() => goTo(round, last)} disabled={step === last}>
          {t("End of the round")}
        </button>
        {download && (
          <a class="button" href={download.href} download={download.name}>
            {t("Download the record")}
          </a>
        )}
      </div>
      <p class="step" aria-live="polite">
        {t("Round {n}, move {m} of {total}", { n: round + 1, m: step + 1, total: steps.length })}
        {": "}
        {at ? moveText(at, names[at.seat] ?? "", false) : t("the deal")}
        {atEnd && ` · ${outText(names, outSeat >= 0 ? outSeat : null, null, current.end.reason)}`}
      </p>
      {atEnd && (
        <p class="round-result" role="status">
          <strong>{t("Round {n} is over.", { n: round + 1 })}</strong>{" "}
          {current.end.winners.length === 1
            ? t("Round winner: {name}", { name: roundWinners(current) })
            : t("Round winners: {names}", { names: roundWinners(current) })}
        </p>
      )}
      <div class="play">
        <section class="players" aria-label={t("Players")}>
          {names.map((name, seat) => (
            <div class={`player${at?.seat === seat ? " moving" : ""}`} key={seat} style={{ "--who": seatColour(seat) }}>
              <span class="initial" aria-hidden="true">
                {inits[seat]}
              </span>
              <span class="name">{name}</span>
              <span class="total">{totals[seat] ?? 0}</span>
              <span class="hand-tiles" role="group" aria-label={t("Tiles of {name}", { name })}>
                {(hands[seat] ?? []).map((tile) => (
                  <span class="mini" key={tile} title={tile}>
                    <TileFace name={tile} size={40} />
                    <span class="sr">{tile}</span>
                  </span>
                ))}
              </span>
            </div>
          ))}
          <div class="player">
            <span class="name">{t("Pool")}</span>
            <span class="total">{pool}</span>
          </div>
        </section>
        <div class="table-area">
          <Board
            board={board}
            spots={[]}
            rotation={0}
            tile={null}
            fresh={lastPlaced ? cellKey(lastPlaced.cell) : null}
            last={lastCells}
            initials={inits}
            hint={null}
            onPlace={() => undefined}
            onRotate={() => undefined}
            onEscape={() => undefined}
            focusRequest={0}
            outline={best ? { cell: [best.cell[0], best.cell[1]], corners: best.corners } : null}
          />
        </div>
        <aside class="side">
          {ui && source && <ui.AnalysisPanel state={analysis} start={analyse} names={names} round={round} step={step} goTo={goTo} />}
          <ScoreSheet
            names={names}
            initials={inits}
            past={past}
            round={round + 1}
            turns={turns(shown, current.start.totals)}
            end={atEnd ? { reason: current.end.reason, points: current.end.points } : undefined}
            totals={atEnd ? endTotals : totals}
          />
        </aside>
      </div>
      {ui && analysis.phase === "done" && <ui.AnalysisSummary analysis={analysis.analysis} />}
    </div>
  );
}
