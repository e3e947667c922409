// The replay viewer's post-game analysis (a chunk of its own, loaded by the
// viewer: the game page does not carry it): the button and the progress,
// then, in step with the viewer, the step's judgement and the costly
// decisions (each a jump to its step), and a summary per player. The
// server judged; this only shows.
import { costly, stepKey } from "../analysis";
import { ApiError } from "../api";
import { language, nt, t } from "../i18n";
import { bonusText, pointsText } from "../narrate";
import { parsePlacement, tileName } from "../tiles";
import type { Analysis, JudgedDecision, Legal } from "../types";
import type { AnalysisState } from "./useAnalysis";

/** A figure of the analysis (a tenth at most), in the reader's way. */
function decimal(value: number, sign = false): string {
  return new Intl.NumberFormat(language(), { maximumFractionDigits: 1, signDisplay: sign ? "exceptZero" : "auto" }).format(value);
}

function percent(value: number): string {
  return new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
}

/** An action of a legal list in words, with its points:
 * "3-4-5 at row 1, column 2: +14 points, bridge". */
export function legalText(legal: Legal): string {
  const placement = parsePlacement(legal.action);
  const move = placement
    ? t("{tile} at {where}", {
        tile: tileName(placement.corners),
        where: t("row {row}, column {column}", { row: placement.cell[1], column: placement.cell[0] }),
      })
    : legal.action === "draw"
      ? t("Draw a tile")
      : legal.action === "pass"
        ? t("Pass")
        : legal.action;
  const bonus = bonusText(legal.bonus);
  const points = pointsText(legal.points);
  return bonus ? t("{move}: {points}, {bonus}", { move, points, bonus }) : t("{move}: {points}", { move, points });
}

/** The analysis's marks by name ("missed-hexagon": "missed hexagon"). */
export function markName(mark: string): string {
  switch (mark) {
    case "missed-hexagon":
      return t("missed hexagon");
    case "missed-bridge":
      return t("missed bridge");
    case "needless-draw":
      return t("needless draw");
    case "costly-pass":
      return t("costly pass");
    default:
      return mark;
  }
}

export function errorMessage(e: unknown): string {
  if (!(e instanceof ApiError) || e.code === "network") return t("The server cannot be reached.");
  if (e.code === "not-found") return t("This game is not finished or does not exist.");
  if (e.code === "bad-record") return t("The server refused to analyse this record: {reason}", { reason: e.message });
  if (e.code === "interrupted") return t("The analysis stopped before its end. Try again.");
  return t("The analysis failed: {reason}", { reason: e.message });
}

function marksText(marks: readonly string[]): string {
  return marks.map(markName).join(", ");
}

/** The side panel: the button, the progress, then the step's judgement and
 * the costly decisions. */
export function AnalysisPanel(props: {
  state: AnalysisState;
  start(): void;
  names: readonly string[];
  round: number;
  step: number;
  goTo(round: number, step: number): void;
}) {
  const { state, names } = props;
  return (
    <section class="analysis" aria-labelledby="analysis-h">
      <h2 id="analysis-h">{t("Analysis")}</h2>
      {(state.phase === "idle" || state.phase === "failed") && (
        <p>
          <button type="button" class="primary" onClick={props.start}>
            {t("Analyse the game")}
          </button>
        </p>
      )}
      {state.phase === "idle" && <p class="muted note">{t("The server judges every decision by search; this can take a while.")}</p>}
      {state.phase === "failed" && (
        <p class="error" role="alert">
          {errorMessage(state.error)}
        </p>
      )}
      {state.phase === "running" && (
        <div class="analysing" aria-live="polite">
          <label for="analysis-progress">
            {state.total === null
              ? t("Analysing the game…")
              : nt("Analysing: {done} of {n} decision", "Analysing: {done} of {n} decisions", state.total, { done: state.done })}
          </label>
          {state.total === null ? (
            <progress id="analysis-progress" />
          ) : (
            <progress id="analysis-progress" max={Math.max(1, state.total)} value={state.done} />
          )}
        </div>
      )}
      {state.phase === "done" && (
        <>
          <Judgement decision={state.steps.get(stepKey(props.round, props.step))} step={props.step} names={names} />
          <Costly analysis={state.analysis} names={names} round={props.round} step={props.step} goTo={props.goTo} />
        </>
      )}
    </section>
  );
}

function Judgement({ decision: d, step, names }: { decision: JudgedDecision | undefined; step: number; names: readonly string[] }) {
  if (step < 0) return <p class="muted judgement">{t("Step through the game to see each decision judged.")}</p>;
  if (!d) return <p class="muted judgement">{t("No choice to judge at this move.")}</p>;
  const same = d.played.action === d.best.action;
  return (
    <div class="judgement">
      <h3>{t("The move of {name}", { name: names[d.seat] ?? "" })}</h3>
      <dl>
        <dt>{t("Played")}</dt>
        <dd class="played">{legalText(d.played)}</dd>
        <dt>{t("Best by the search")}</dt>
        <dd class="best">{same ? t("the move played") : legalText(d.best)}</dd>
        <dt>{t("Expected margin")}</dt>
        <dd>
          {same
            ? decimal(d.expected_best, true)
            : t("{played} after the move played, {best} after the best", {
                played: decimal(d.expected_played, true),
                best: decimal(d.expected_best, true),
              })}
        </dd>
        <dt>{t("Points left on the table")}</dt>
        <dd class="loss">{decimal(d.loss)}</dd>
        {d.rival.action !== d.played.action && (
          <dd class="muted note reckoning">
            {t("{rival} after {action}, less {played} after the move played, less {noise} for the search's noise (never below 0)", {
              rival: decimal(d.expected_rival, true),
              action: legalText(d.rival),
              played: decimal(d.expected_played, true),
              noise: decimal(d.noise),
            })}
          </dd>
        )}
        {d.marks.length > 0 && (
          <>
            <dt>{t("Marks")}</dt>
            <dd class="marks">{marksText(d.marks)}</dd>
          </>
        )}
      </dl>
      {!same && d.best.action.includes("@") && <p class="muted note">{t("The best placement is outlined on the board.")}</p>}
      <p class="muted note">
        {t("The margin is what the search expects the player to score from here to the end of the round, less the best other player.")}
      </p>
    </div>
  );
}

function Costly(props: { analysis: Analysis; names: readonly string[]; round: number; step: number; goTo(round: number, step: number): void }) {
  const list = costly(props.analysis);
  return (
    <div class="costly">
      <h3 id="costly-h">{t("Costly decisions")}</h3>
      {list.length === 0 ? (
        <p class="muted">{t("No costly decisions.")}</p>
      ) : (
        <ol aria-labelledby="costly-h">
          {list.map((d) => {
            const here = d.round - 1 === props.round && d.turn - 1 === props.step;
            return (
              <li key={stepKey(d.round, d.turn)}>
                <button type="button" aria-current={here ? "step" : undefined} onClick={() => props.goTo(d.round - 1, d.turn - 1)}>
                  {t("Round {round}, move {move}: {name} left {points} on the table", {
                    round: d.round,
                    move: d.turn,
                    name: props.names[d.seat] ?? "",
                    points: decimal(d.loss),
                  })}
                  {d.marks.length > 0 && <span class="marks">{` (${marksText(d.marks)})`}</span>}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** Per player: decisions, accuracy, points left per round and in all, marks. */
export function AnalysisSummary({ analysis }: { analysis: Analysis }) {
  const rounds = Math.max(0, ...analysis.players.map((p) => p.lost_per_round.length));
  const numbers = Array.from({ length: rounds }, (_, i) => i);
  return (
    <section class="analysis-summary sheet-wrap" aria-labelledby="analysis-summary-h">
      <h2 id="analysis-summary-h">{t("Analysis per player")}</h2>
      <table class="sheet">
        <thead>
          <tr>
            <th scope="col" rowSpan={2} class="start">
              {t("Player")}
            </th>
            <th scope="col" rowSpan={2}>
              {t("Decisions")}
            </th>
            <th scope="col" rowSpan={2}>
              {t("Accuracy")}
            </th>
            <th scope="colgroup" colSpan={rounds + 1}>
              {t("Points left on the table")}
            </th>
            <th scope="col" rowSpan={2} class="start">
              {t("Marks")}
            </th>
          </tr>
          <tr>
            {numbers.map((i) => (
              <th scope="col" key={i}>
                {t("Round {n}", { n: i + 1 })}
              </th>
            ))}
            <th scope="col">{t("In all")}</th>
          </tr>
        </thead>
        <tbody>
          {analysis.players.map((p) => {
            const marks = Object.entries(p.marks).filter(([, n]) => n > 0);
            return (
              <tr key={p.seat}>
                <th scope="row">{p.name}</th>
                <td>{p.decisions}</td>
                <td>{percent(p.accuracy)}</td>
                {numbers.map((i) => (
                  <td key={i}>{decimal(p.lost_per_round[i] ?? 0)}</td>
                ))}
                <td>{decimal(p.lost)}</td>
                <td class="marks">
                  {marks.length === 0
                    ? "–"
                    : marks.map(([mark, n]) => t("{mark}: {n}", { mark: markName(mark), n })).join(", ")}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="muted note">
        {nt(
          "Each decision was judged by search over {n} sampled deal of the hidden tiles. Points left on the table: how much more another action was worth, beyond the search's noise; a round's figure is the sum of its decisions', the total the sum of the rounds'. Accuracy: the share of decisions leaving at most {tolerance} points.",
          "Each decision was judged by search over {n} sampled deals of the hidden tiles. Points left on the table: how much more another action was worth, beyond the search's noise; a round's figure is the sum of its decisions', the total the sum of the rounds'. Accuracy: the share of decisions leaving at most {tolerance} points.",
          analysis.worlds,
          { tolerance: decimal(analysis.tolerance) },
        )}
      </p>
    </section>
  );
}
