// A turn in a few taps: three numbers on a 0–5 pad (any rotation), the
// bonus the rule set has, the tiles drawn, then place or pass. The points
// shown are the model's for exactly the turn that would be stored.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { addTurn, editTurn, scorePad, tileSetOf, type Bonus, type Pad, type Turn } from "../../pad/model";
import { findTile, type Numbers } from "../../pad/tiles";
import { bonusChoices, bonusLabel, breakdown, flagText } from "./words";

const DIGITS = [0, 1, 2, 3, 4, 5];

export function TurnEntry(props: {
  pad: Pad;
  round: number;
  /** The turn being edited, or null for the next one. */
  editing: number | null;
  seat: number;
  onDone(turn: Turn): void;
  onCancel?: () => void;
}) {
  const old = props.editing === null ? null : (props.pad.rounds[props.round]?.turns[props.editing] ?? null);
  const [numbers, setNumbers] = useState<number[]>(old?.tile ? [...old.tile] : []);
  const [bonus, setBonus] = useState<Bonus | null>(old?.bonus ?? null);
  const [draws, setDraws] = useState(old?.draws ?? 0);
  const [out, setOut] = useState(old?.out ?? false);
  const rules = props.pad.rules;
  const tile = numbers.length === 3 ? findTile(tileSetOf(rules), numbers as unknown as Numbers) : null;
  const name = props.pad.players[props.seat] ?? "";

  const turnOf = (pass: boolean): Turn => ({
    draws,
    tile: pass ? null : (numbers as unknown as Numbers),
    bonus: pass ? null : bonus,
    out: pass ? false : out,
  });
  const preview = (turn: Turn) => {
    const pad = props.editing === null ? addTurn(props.pad, turn, 0) : editTurn(props.pad, props.round, props.editing, turn, 0);
    const round = scorePad(pad).rounds[props.round];
    return round?.turns[props.editing ?? round.turns.length - 1] ?? null;
  };
  const shown = numbers.length === 3 ? preview(turnOf(false)) : null;
  const passing = preview(turnOf(true));
  const done = (pass: boolean) => {
    props.onDone(turnOf(pass));
    setNumbers([]);
    setBonus(null);
    setDraws(0);
    setOut(false);
  };
  const same = (b: Bonus) => bonus?.kind === b.kind && bonus.count === b.count;

  return (
    <section class="card entry" aria-labelledby="entry-title">
      <h2 id="entry-title">{props.editing === null ? t("{name} to play", { name }) : t("Change turn {n}: {name}", { n: props.editing + 1, name })}</h2>
      <div class="slots" aria-live="polite" aria-label={t("The tile's numbers")}>
        {[0, 1, 2].map((i) => (
          <span class={`slot${numbers[i] === undefined ? " empty" : ""}`} key={i}>
            {numbers[i] ?? "·"}
          </span>
        ))}
        <button type="button" class="small" onClick={() => setNumbers(numbers.slice(0, -1))} disabled={numbers.length === 0}>
          {t("Back")}
        </button>
      </div>
      <div class="digits" role="group" aria-label={t("Numbers on the tile, clockwise")}>
        {DIGITS.map((d) => (
          <button type="button" key={d} class="digit" disabled={numbers.length === 3} onClick={() => setNumbers([...numbers, d])}>
            {d}
          </button>
        ))}
      </div>
      {numbers.length === 3 && !tile && (
        <p class="error" role="alert">
          {t("{tile} is not a tile of this set (a mirror image?)", { tile: numbers.join("-") })}
        </p>
      )}
      <div class="bonuses" role="group" aria-label={t("Bonus")}>
        {bonusChoices(rules).map((b) => (
          <button type="button" key={`${b.kind}${b.count}`} aria-pressed={same(b)} class={same(b) ? "on" : ""} onClick={() => setBonus(same(b) ? null : b)}>
            {bonusLabel(b)}
          </button>
        ))}
      </div>
      <div class="row draws">
        <span id="draws-label">{t("Tiles drawn")}</span>
        <button type="button" class="small" aria-label={t("One draw less")} disabled={draws === 0} onClick={() => setDraws(draws - 1)}>
          −
        </button>
        <output aria-labelledby="draws-label" class="count">
          {draws}
        </output>
        <button type="button" class="small" aria-label={t("One draw more")} onClick={() => setDraws(draws + 1)}>
          +
        </button>
      </div>
      <label class="check">
        <input type="checkbox" checked={out} onChange={(e) => setOut((e.currentTarget as HTMLInputElement).checked)} />
        <span>{t("That was the last tile (went out)")}</span>
      </label>
      {shown && tile && (
        <p class="preview" aria-live="polite">
          <strong>{t("{points} points", { points: shown.points })}</strong> <span class="muted">{breakdown(shown)}</span>
        </p>
      )}
      {shown?.flags.map((f) => (
        <p class="banner warn" key={f.code}>
          {flagText(f)}
        </p>
      ))}
      <div class="actions">
        <button type="button" class="primary" disabled={!tile} onClick={() => done(false)}>
          {props.editing === null ? t("Place") : t("Save the turn")}
        </button>
        <button type="button" onClick={() => done(true)} disabled={numbers.length > 0}>
          {passing ? t("Pass ({points})", { points: passing.points }) : t("Pass")}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            {t("Cancel")}
          </button>
        )}
      </div>
    </section>
  );
}
