// The pad's scoreboard and its sheet: every turn and round end with its
// points and the running totals, each with a button to change it.
import { t } from "../../i18n";
import type { Pad, PadScore } from "../../pad/model";
import { breakdown, flagText } from "./words";

export function Scoreboard({ pad, score, toMove }: { pad: Pad; score: PadScore; toMove: number | null }) {
  return (
    <table class="sheet board-score">
      <caption>{t("Score")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Player")}</th>
          <th scope="col">{t("Total")}</th>
        </tr>
      </thead>
      <tbody>
        {pad.players.map((name, seat) => (
          <tr key={seat} class={seat === toMove ? "moving" : ""} aria-current={seat === toMove ? "true" : undefined}>
            <th scope="row">
              {name}
              {score.finished && score.winners.includes(seat) && <span class="badge">{t("winner")}</span>}
            </th>
            <td class="total">{score.totals[seat]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Sheet(props: { pad: Pad; score: PadScore; onEditTurn?: (round: number, index: number) => void; onEditEnd?: (round: number) => void }) {
  const { pad, score } = props;
  return (
    <div class="sheet-wrap">
      <table class="sheet pad-sheet">
        <caption>{t("Every turn")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Turn")}</th>
            <th scope="col">{t("Player")}</th>
            <th scope="col">{t("Tile")}</th>
            <th scope="col">{t("Points")}</th>
            {props.onEditTurn && <th scope="col">{t("Change")}</th>}
          </tr>
        </thead>
        {score.rounds.map((round, r) => (
          <tbody key={r}>
            <tr class="round-head">
              <th colSpan={props.onEditTurn ? 5 : 4} scope="rowgroup">
                {t("Round {n}", { n: round.number })}
                {round.afterGame && <span class="flagged"> · {flagText({ code: "after-game", params: {} })}</span>}
              </th>
            </tr>
            {round.turns.map((turn) => (
              <tr key={turn.index} class={turn.flags.length ? "flagged" : ""}>
                <td>{turn.index + 1}</td>
                <th scope="row">{pad.players[turn.seat]}</th>
                <td>
                  {turn.tile ?? t("pass")}
                  {turn.draws > 0 && <span class="run">{t("drew {n}", { n: turn.draws })}</span>}
                  {turn.flags.map((f) => (
                    <span class="run warn-text" key={f.code}>
                      ⚠ {flagText(f)}
                    </span>
                  ))}
                </td>
                <td>
                  {turn.points}
                  <span class="run">{breakdown(turn)}</span>
                </td>
                {props.onEditTurn && (
                  <td>
                    <button
                      type="button"
                      class="small"
                      aria-label={t("Change turn {n} of round {round}", { n: turn.index + 1, round: round.number })}
                      onClick={() => props.onEditTurn?.(r, turn.index)}
                    >
                      {t("Change")}
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {round.end && (
              <tr class="end-row">
                <td />
                <th scope="row">{round.end.winners.map((s) => pad.players[s]).join(", ")}</th>
                <td>
                  {round.end.kind === "out" ? t("went out") : t("blocked")}
                  {round.end.flags.map((f, i) => (
                    <span class="run warn-text" key={i}>
                      ⚠ {flagText(f)}
                    </span>
                  ))}
                </td>
                <td>
                  {round.end.awards.map((p, s) => (p ? `${pad.players[s]} +${p}` : "")).filter(Boolean).join(", ") || "0"}
                  <span class="run">{round.totals.join(" · ")}</span>
                </td>
                {props.onEditEnd && (
                  <td>
                    <button type="button" class="small" aria-label={t("Change the end of round {round}", { round: round.number })} onClick={() => props.onEditEnd?.(r)}>
                      {t("Change")}
                    </button>
                  </td>
                )}
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}
