// The score pad (/pad): for people playing the physical game. Loaded as a
// chunk of its own, so the game page stays light; once loaded it works
// offline (web/sw.js keeps the app shell).
import { useEffect, useState } from "preact/hooks";
import { api } from "../../api";
import { LANGUAGES, language, t } from "../../i18n";
import { presetName } from "../../narrate";
import { go, navigate } from "../../router";
import type { Route } from "../../router";
import { padStats } from "../../pad/export";
import { newPad, scorePad, type Pad, type Rules } from "../../pad/model";
import { allPads, loadPad, newPadId, savePad } from "../../pad/store";
import { followPad } from "../../pad/sync";
import { HouseRules, TargetScore } from "../HouseRules";
import { PadView, Status } from "./PadView";
import { Scoreboard, Sheet } from "./Sheet";
import { setTitle } from "../../title";

function keepOffline(): void {
  // Scoped to the pad: the game pages need the server anyway.
  navigator.serviceWorker?.register("/sw.js", { scope: "/pad" }).catch(() => undefined);
}

export default function PadPage({ route, onLanguage }: { route: Route; onLanguage(code: string): void }) {
  useEffect(keepOffline, []);
  if (route.page === "pad-follow") return <Follow id={route.id} key={route.id} />;
  const local = route.page === "pad" && route.local ? loadPad(route.local) : null;
  if (local) return <PadView initial={local} key={local.id} />;
  return <PadHome onLanguage={onLanguage} missing={route.page === "pad" && route.local !== null} />;
}

function PadHome({ onLanguage, missing }: { onLanguage(code: string): void; missing: boolean }) {
  useEffect(() => {
    setTitle(t("Score pad"));
  }, []);
  const pads = allPads();
  return (
    <main id="main" class="page pad">
      <h1>{t("Score pad")}</h1>
      <p class="lead">{t("Playing with real tiles? Enter each turn here: the pad knows the rules and keeps the score.")}</p>
      {missing && (
        <p class="error" role="alert">
          {t("This pad is not on this device.")}
        </p>
      )}
      <div class="columns">
        <NewPad onLanguage={onLanguage} />
        <History pads={pads} />
      </div>
    </main>
  );
}

function NewPad({ onLanguage }: { onLanguage(code: string): void }) {
  const [presets, setPresets] = useState<Record<string, Rules> | null>(null);
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(false);
  const [names, setNames] = useState(["", ""]);
  const [preset, setPreset] = useState("standard");
  const [overrides, setOverrides] = useState<Rules>({});
  useEffect(() => {
    api.rules().then(
      (answer) => {
        setPresets(answer.presets);
        setSchema(answer.schema);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) return <p class="error">{t("The rules could not be loaded: open the pad once while online.")}</p>;
  if (!presets || !schema) return null;
  const base = presets[preset] ?? {};

  const start = (event: Event) => {
    event.preventDefault();
    const players = names.map((name, i) => name.trim() || t("Player {n}", { n: i + 1 }));
    const pad = newPad(newPadId(), players, { ...base, ...overrides }, language(), Date.now());
    savePad(pad);
    navigate(`/pad?id=${pad.id}`);
  };

  return (
    <form class="card" onSubmit={start} aria-labelledby="new-pad">
      <h2 id="new-pad">{t("New pad")}</h2>
      <fieldset>
        <legend>{t("Players, in turn order")}</legend>
        {names.map((name, i) => (
          <div class="row" key={i}>
            <label for={`player-${i}`} class="sr">
              {t("Player {n}", { n: i + 1 })}
            </label>
            <input
              id={`player-${i}`}
              value={name}
              maxLength={40}
              placeholder={t("Player {n}", { n: i + 1 })}
              onInput={(e) => setNames(names.map((n, j) => (j === i ? (e.currentTarget as HTMLInputElement).value : n)))}
            />
            {names.length > 2 && (
              <button type="button" class="small" aria-label={t("Remove player {n}", { n: i + 1 })} onClick={() => setNames(names.filter((_, j) => j !== i))}>
                ×
              </button>
            )}
          </div>
        ))}
        {names.length < 6 && (
          <button type="button" class="small" onClick={() => setNames([...names, ""])}>
            {t("Add a player")}
          </button>
        )}
      </fieldset>
      <div class="field">
        <label for="pad-preset">{t("Rules")}</label>
        <select
          id="pad-preset"
          value={preset}
          onChange={(e) => {
            setPreset((e.currentTarget as HTMLSelectElement).value);
            setOverrides({});
          }}
        >
          {Object.keys(presets).map((name) => (
            <option value={name} key={name}>
              {presetName(name)}
            </option>
          ))}
        </select>
      </div>
      <TargetScore id="pad-target" base={base} overrides={overrides} onChange={setOverrides} />
      <HouseRules schema={schema} base={base} overrides={overrides} onChange={setOverrides} />
      <div class="field">
        <label for="pad-language">{t("Language")}</label>
        <select id="pad-language" value={language()} onChange={(e) => onLanguage((e.currentTarget as HTMLSelectElement).value)}>
          {LANGUAGES.map(([code, name]) => (
            <option value={code} lang={code} key={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="primary">
        {t("Start the pad")}
      </button>
    </form>
  );
}

function History({ pads }: { pads: Pad[] }) {
  const stats = padStats(pads);
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">{t("Your pads")}</h2>
      {pads.length === 0 && <p class="muted">{t("No pads on this device yet.")}</p>}
      <ul class="tables">
        {pads.map((pad) => {
          const score = scorePad(pad);
          const when = new Date(pad.updated).toLocaleDateString(language());
          const state = score.finished
            ? t("{names} won", { names: score.winners.map((s) => pad.players[s]).join(", ") })
            : t("in play, round {n}", { n: Math.max(1, pad.rounds.length) });
          return (
            <li key={pad.id}>
              <a href={`/pad?id=${pad.id}`} onClick={(e) => go(e, `/pad?id=${pad.id}`)}>
                {pad.players.join(", ")}
              </a>{" "}
              <span class="muted">
                {when} · {state}
              </span>
            </li>
          );
        })}
      </ul>
      {stats.length > 0 && (
        <div class="sheet-wrap">
          <table class="sheet">
            <caption>{t("Finished games")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Player")}</th>
                <th scope="col">{t("Wins")}</th>
                <th scope="col">{t("Points a round")}</th>
                <th scope="col">{t("Hexagons")}</th>
                <th scope="col">{t("Bridges")}</th>
              </tr>
            </thead>
            <tbody>
              {stats.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td>
                    {s.wins}/{s.games}
                  </td>
                  <td>{s.rounds ? Math.round(s.points / s.rounds) : 0}</td>
                  <td>{s.hexagons}</td>
                  <td>{s.bridges + s.twoSided}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Another phone's pad, followed live (read only: the scoring is this page's). */
function Follow({ id }: { id: string }) {
  const [pad, setPad] = useState<Pad | null>(null);
  const [live, setLive] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setTitle(t("Score pad"));
    return followPad(id, setPad, setLive, () => setMissing(true));
  }, [id]);
  if (missing)
    return (
      <main id="main" class="page pad">
        <h1>{t("Score pad")}</h1>
        <p class="error">{t("There is no such shared pad.")}</p>
      </main>
    );
  const score = pad ? scorePad(pad) : null;
  return (
    <main id="main" class="page pad">
      <h1>{t("Following a score pad")}</h1>
      <p class={live ? "muted" : "banner warn"} aria-live="polite">
        {live ? t("Live: every entry shows up here.") : t("Connecting…")}
      </p>
      {pad && score && (
        <>
          <Status pad={pad} score={score} />
          <Scoreboard pad={pad} score={score} toMove={score.rounds[score.rounds.length - 1]?.toMove ?? null} />
          <Sheet pad={pad} score={score} />
        </>
      )}
    </main>
  );
}
