// A column per player; each turn's points with its bonus badges and the
// mover's running total; earlier rounds in one line each.
import { t } from "../i18n";
import { badgeName, reasonText, signed } from "../narrate";
import { seatColour } from "../players";
import type { Badge, Turn } from "../sheet";

export interface PastRound {
  round: number;
  points: number[];
  totals: number[];
}

const SYMBOL: Record<Badge, string> = {
  hexagon: "⬡",
  bridge: "⌒",
  "two-sided": "◆",
  opening: "★",
  corner: "◇",
  draw: "+",
  pass: "–",
};

export function Badges({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <span class="badges">
      {badges.map((b, i) => (
        <span class={`bdg bdg-${b}`} title={badgeName(b)} key={i}>
          <span aria-hidden="true">{SYMBOL[b]}</span>
          <span class="sr">{badgeName(b)}</span>
        </span>
      ))}
    </span>
  );
}

export function ScoreSheet(props: {
  names: string[];
  past: PastRound[];
  round: number;
  turns: Turn[];
  end?: { reason: string; points: number[] } | undefined;
  totals: number[];
  current?: number | undefined;
  /** Each seat's initial, shown in its colour at the head of its column. */
  initials?: string[] | undefined;
  /** Each seat's colour (CSS); by default by seat number. */
  colours?: string[] | undefined;
}) {
  const colour = (seat: number) => props.colours?.[seat] ?? seatColour(seat);
  const { names } = props;
  return (
    <div class="sheet-wrap">
      <table class="sheet">
        <caption>{t("Score sheet")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Turn")}</th>
            {names.map((name, i) => (
              <th scope="col" key={i} style={{ "--who": colour(i) }}>
                {props.initials?.[i] && (
                  <span class="initial" aria-hidden="true">
                    {props.initials[i]}
                  </span>
                )}
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.past.map((r) => (
            <tr class="past" key={`r${r.round}`}>
              <th scope="row">{t("Round {n}", { n: r.round })}</th>
              {names.map((_, seat) => (
                <td key={seat}>
                  <span class="pts">{signed(r.points[seat] ?? 0)}</span>
                  <span class="run">{r.totals[seat] ?? 0}</span>
                </td>
              ))}
            </tr>
          ))}
          {props.round > 0 && (
            <tr class="round-head">
              <th scope="row" colSpan={names.length + 1}>
                {t("Round {n}", { n: props.round })}
              </th>
            </tr>
          )}
          {props.turns.map((turn, index) => (
            <tr key={index} class={index === props.current ? "now" : undefined}>
              <th scope="row">{index + 1}</th>
              {names.map((_, seat) => (
                <td key={seat} class={seat === turn.seat ? "mover" : undefined} style={seat === turn.seat ? { "--who": colour(seat) } : undefined}>
                  {seat === turn.seat ? (
                    <>
                      <span class="pts">{signed(turn.points)}</span>
                      <Badges badges={turn.badges} />
                      <span class="run">{turn.totals[seat]}</span>
                    </>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
          {props.end && (
            <tr class="end">
              <th scope="row">{reasonText(props.end.reason)}</th>
              {names.map((_, seat) => (
                <td key={seat}>
                  <span class="pts">{signed(props.end?.points[seat] ?? 0)}</span>
                </td>
              ))}
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("Total")}</th>
            {names.map((_, seat) => (
              <td key={seat}>{props.totals[seat] ?? 0}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
