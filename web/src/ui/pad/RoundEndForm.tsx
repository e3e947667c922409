// How a round ended: the hands left, each tapped on a picture of the whole
// tile set (tiles already placed, or counted in another hand, are greyed
// out) or given as a value.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { handValue, placedTiles, tileSetOf, type Hand, type Pad, type RoundEnd } from "../../pad/model";
import { tilesOf } from "../../pad/tiles";
import { TileFace } from "../Rack";

export function RoundEndForm(props: {
  pad: Pad;
  round: number;
  kind: "out" | "blocked";
  /** Changing an end: the table may also say it ended the other way. */
  switchable?: boolean;
  outSeat: number | null;
  onDone(end: RoundEnd): void;
  onCancel?: () => void;
}) {
  const { pad } = props;
  const old = pad.rounds[props.round]?.end;
  const [hands, setHands] = useState<Hand[]>(() => pad.players.map((_, s) => old?.hands[s] ?? { tiles: null, value: null }));
  const [picking, setPicking] = useState<number | null>(null);
  const [kind, setKind] = useState(props.kind);
  const setName = tileSetOf(pad.rules);
  const placed = placedTiles(pad, props.round);
  const seats = pad.players.map((_, s) => s).filter((s) => !(kind === "out" && s === props.outSeat));
  const setHand = (seat: number, hand: Hand) => setHands(hands.map((h, s) => (s === seat ? hand : h)));
  const taken = (seat: number) => new Set(hands.flatMap((h, s) => (s === seat ? [] : (h.tiles ?? []))));

  const submit = (event: Event) => {
    event.preventDefault();
    props.onDone({ kind, hands: hands.map((h, s) => (seats.includes(s) ? h : { tiles: [], value: null })) });
  };

  return (
    <form class="card" onSubmit={submit} aria-labelledby="end-title">
      <h2 id="end-title">{kind === "out" ? t("Went out: the tiles left in the other hands") : t("Blocked: every hand's tiles")}</h2>
      {props.switchable && (
        <div class="row" role="radiogroup" aria-label={t("How the round ended")}>
          {(["out", "blocked"] as const).map((k) => (
            <label class="check" key={k}>
              <input type="radio" name="end-kind" checked={kind === k} onChange={() => setKind(k)} />
              <span>{k === "out" ? t("went out") : t("blocked")}</span>
            </label>
          ))}
        </div>
      )}
      {seats.map((seat) => {
        const hand = hands[seat] ?? { tiles: null, value: null };
        const name = pad.players[seat] ?? "";
        const others = taken(seat);
        return (
          <fieldset key={seat} class="hand-entry">
            <legend>{name}</legend>
            <div class="row">
              <label for={`hand-${seat}`}>{t("Points in hand")}</label>
              <input
                id={`hand-${seat}`}
                type="number"
                min={0}
                inputMode="numeric"
                value={hand.tiles ? handValue(setName, hand) : (hand.value ?? "")}
                readOnly={hand.tiles !== null}
                onInput={(e) => {
                  const text = (e.currentTarget as HTMLInputElement).value;
                  setHand(seat, { tiles: null, value: text === "" ? null : Number(text) });
                }}
              />
              <button type="button" class="small" aria-expanded={picking === seat} onClick={() => {
                setPicking(picking === seat ? null : seat);
                if (!hand.tiles) setHand(seat, { tiles: [], value: null });
              }}>
                {t("Tap the tiles")}
              </button>
              {hand.tiles && (
                <button type="button" class="small" onClick={() => setHand(seat, { tiles: null, value: null })}>
                  {t("Type the points")}
                </button>
              )}
            </div>
            {hand.tiles && hand.tiles.length > 0 && <p class="muted">{hand.tiles.join(", ")}</p>}
            {picking === seat && hand.tiles && (
              <div class="tile-set" role="group" aria-label={t("The tiles in {name}'s hand", { name })}>
                {tilesOf(setName).map((tile) => {
                  const held = hand.tiles?.includes(tile.name) ?? false;
                  const gone = placed.has(tile.name) || others.has(tile.name);
                  return (
                    <button
                      type="button"
                      key={tile.name}
                      class={`pick${held ? " on" : ""}`}
                      aria-pressed={held}
                      disabled={gone && !held}
                      onClick={() => {
                        const tiles = hand.tiles ?? [];
                        setHand(seat, { tiles: held ? tiles.filter((n) => n !== tile.name) : [...tiles, tile.name], value: null });
                      }}
                    >
                      <TileFace name={tile.name} size={34} />
                      <span class="sr">{tile.name}</span>
                    </button>
                  );
                })}
              </div>
            )}
          </fieldset>
        );
      })}
      <div class="actions">
        <button type="submit" class="primary">
          {t("Score the round")}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            {t("Cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
