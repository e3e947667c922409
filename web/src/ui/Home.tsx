import { useEffect, useState } from "preact/hooks";
import { refreshMe, useMe } from "../account";
import { ApiError, api } from "../api";
import { nt, t } from "../i18n";
import { errorText, levelName, presetName, rulesSummary } from "../narrate";
import { go, navigate } from "../router";
import { seatToken } from "../storage";
import type { FinishedGame, Rules, Summary } from "../types";
import { HouseRules, TargetScore, targetMissing } from "./HouseRules";
import { MyGames } from "./MyGames";
import { setTitle } from "../title";
import { ago } from "../when";

const LEVELS = ["easy", "medium", "hard", "expert"];
const DAY = 86400;
const CLOCKS = [null, 30, 60, 120, 300, DAY, 3 * DAY, 7 * DAY, 14 * DAY];

/** A signed-in player's games (their turn first); a guest's way to an account. */
function Players() {
  const me = useMe();
  if (me === undefined) return null;
  if (me === null) {
    return (
      <p class="invite-accounts">
        {t("Sign in for a rating, quick matches against people of your strength, and games that wait for you over days.")}{" "}
        <a href="/signup" onClick={(e) => go(e, "/signup")}>
          {t("Create an account")}
        </a>{" "}
        ·{" "}
        <a href="/play" onClick={(e) => go(e, "/play")}>
          {t("Quick match")}
        </a>
      </p>
    );
  }
  return (
    <section class="card" aria-labelledby="home-my-games">
      <h2 id="home-my-games">{t("My games")}</h2>
      <MyGames games={me.games} limit={5} />
      <p class="row">
        <a class="button primary" href="/play" onClick={(e) => go(e, "/play")}>
          {t("Quick match")}
        </a>
        <a class="button" href="/me" onClick={(e) => go(e, "/me")}>
          {t("All my games")}
        </a>
      </p>
    </section>
  );
}

export function Home() {
  const me = useMe();
  const [presets, setPresets] = useState<Record<string, Rules> | null>(null);
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(t("Triominoes"));
    void refreshMe(); // a game may have come to the player's turn meanwhile
    api
      .rules()
      .then((answer) => {
        setPresets(answer.presets);
        setSchema(answer.schema);
      })
      .catch(() => setError(t("The server cannot be reached.")));
  }, []);
  return (
    <main id="main" class="page home">
      <h1>{t("Triominoes")}</h1>
      <p class="lead">{t("Play Triominoes with friends or against bots: make a table, send the link, play.")}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <Players />
      <p class="home-puzzle">
        <a class="button" href="/puzzles" onClick={(e) => go(e, "/puzzles")}>
          {t("Today's puzzle")}
        </a>{" "}
        <span class="muted">{t("Find the best move; then practise hexagons, bridges and endgames at your level.")}</span>
      </p>
      <div class="columns">
        {presets && schema && <NewTable presets={presets} schema={schema} signedIn={!!me} />}
        <OpenTables me={me?.name ?? null} />
      </div>
    </main>
  );
}

function NewTable({ presets, schema, signedIn }: { presets: Record<string, Rules>; schema: Record<string, unknown>; signedIn: boolean }) {
  const names = Object.keys(presets);
  const [preset, setPreset] = useState(names[0] ?? "standard");
  const [overrides, setOverrides] = useState<Rules>({});
  const [seats, setSeats] = useState<string[]>(["human", "bot:medium"]);
  const [clock, setClock] = useState<number | null>(null);
  const [rated, setRated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = presets[preset] ?? {};
  const rules = { ...base, ...overrides };

  const missing = targetMissing(rules);
  const [tried, setTried] = useState(false);
  const create = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    if (missing) {
      document.getElementById("target")?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // A rated table keeps the preset's rules (its target score aside).
      const kept = rated ? Object.fromEntries(Object.entries(overrides).filter(([k]) => k === "target_score")) : overrides;
      const body = Object.keys(kept).length ? { preset, ...kept } : preset;
      const table = await api.create({ rules: body, seats, turn_seconds: clock, rated: rated && signedIn });
      navigate(`/t/${table.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e.code, e.message, e.reason) : String(e));
      setBusy(false);
    }
  };

  const setSeat = (index: number, value: string) => setSeats(seats.map((s, i) => (i === index ? value : s)));

  return (
    <section class="card" aria-labelledby="new-table">
      <h2 id="new-table">{t("New table")}</h2>
      <form onSubmit={create}>
        <div class="field">
          <label for="preset">{t("Rules")}</label>
          <select
            id="preset"
            name="preset"
            value={preset}
            onChange={(e) => {
              setPreset((e.currentTarget as HTMLSelectElement).value);
              setOverrides({});
            }}
          >
            {names.map((name) => (
              <option value={name} key={name}>
                {presetName(name)}
              </option>
            ))}
          </select>
        </div>
        <ul class="summary" aria-label={t("The rules in short")}>
          {rulesSummary(rules).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <TargetScore id="target" base={base} overrides={overrides} onChange={setOverrides} invalid={tried && missing} />
        <div class="field">
          <label for="clock">{t("Turn clock")}</label>
          <select
            id="clock"
            name="clock"
            value={String(clock)}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              setClock(v === "null" ? null : Number(v));
            }}
          >
            {CLOCKS.map((seconds) => (
              <option value={String(seconds)} key={String(seconds)}>
                {seconds === null
                  ? t("No clock")
                  : seconds < DAY
                    ? nt("{n} second a turn", "{n} seconds a turn", seconds)
                    : nt("{n} day a turn (correspondence)", "{n} days a turn (correspondence)", seconds / DAY)}
              </option>
            ))}
          </select>
        </div>
        {signedIn && (
          <label class="check">
            <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated((e.currentTarget as HTMLInputElement).checked)} />
            <span>
              {t("Rated game")} <span class="muted">({t("every player signs in; bots are rated too")})</span>
            </span>
          </label>
        )}
        <fieldset class="seats">
          <legend>{t("Seats")}</legend>
          {seats.map((seat, index) => (
            <div class="seat-row" key={index}>
              <div class="field">
                <label for={`seat-${index}`}>{t("Seat {n}", { n: index + 1 })}</label>
                <select id={`seat-${index}`} value={seat} name={`seat-${index}`} onChange={(e) => setSeat(index, (e.currentTarget as HTMLSelectElement).value)}>
                  <option value="human">{t("A person")}</option>
                  {LEVELS.map((level) => (
                    <option value={`bot:${level}`} key={level}>
                      {t("Bot ({level})", { level: levelName(level) })}
                    </option>
                  ))}
                </select>
              </div>
              {seats.length > 2 && (
                <button type="button" class="small" onClick={() => setSeats(seats.filter((_, i) => i !== index))}>
                  {t("Remove seat {n}", { n: index + 1 })}
                </button>
              )}
            </div>
          ))}
          {seats.length < 6 && (
            <button type="button" class="small" onClick={() => setSeats([...seats, "human"])}>
              {t("Add a seat")}
            </button>
          )}
        </fieldset>
        {!rated && <HouseRules schema={schema} base={base} overrides={overrides} onChange={setOverrides} />}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {t("Create the table")}
        </button>
      </form>
    </section>
  );
}

function describe(table: Summary): string {
  const people = table.seats.filter((s) => s.kind === "human");
  const taken = people.filter((s) => s.taken).length;
  return nt("{taken} of {n} person seated", "{taken} of {n} people seated", people.length, { taken });
}

function names(table: Summary): string {
  return table.seats
    .map((s) => (s.kind === "bot" ? t("Bot ({level})", { level: levelName(s.bot ?? "") }) : s.deleted ? t("deleted player") : s.name))
    .filter((n): n is string => !!n)
    .join(", ");
}

/** The seats as they stand: names, bots and free seats. */
function seatsText(table: Summary): string {
  return table.seats
    .map((s) =>
      s.kind === "bot" ? t("Bot ({level})", { level: levelName(s.bot ?? "") }) : s.deleted ? t("deleted player") : (s.name ?? t("free seat")),
    )
    .join(", ");
}

function presetOf(table: Summary): string {
  const name = table.rules["preset"] ?? table.rules["name"];
  return typeof name === "string" ? presetName(name) : t("House rules");
}

/** The rules in a few words: the preset, the target, the clock. */
function rulesText(table: Summary): string {
  const target = table.rules["target_score"];
  const parts = [presetOf(table)];
  parts.push(typeof target === "number" && table.rules["game_end"] !== "single-round" ? t("to {n} points", { n: target }) : t("one round"));
  const clock = table.settings.turn_seconds;
  parts.push(
    !clock
      ? t("No clock")
      : clock < DAY
        ? nt("{n} second a turn", "{n} seconds a turn", clock)
        : nt("{n} day a turn (correspondence)", "{n} days a turn (correspondence)", Math.round(clock / DAY)),
  );
  if (table.rated) parts.push(t("rated"));
  return parts.join(", ");
}

/** Who made the table: its first person seated (the one who sent the link). */
function host(table: Summary): string | null {
  return table.seats.find((s) => s.kind === "human" && s.taken && s.name)?.name ?? null;
}

function gameWinners(game: FinishedGame): string {
  const players = game.players ?? [];
  // A bot is named in the reader's language, from its kind and level.
  const name = (w: number) => {
    const seat = game.seats?.[w];
    if (seat?.kind === "bot") return t("Bot ({level})", { level: levelName(seat.bot ?? "") });
    return seat?.deleted ? t("deleted player") : (players[w] ?? "");
  };
  const winners = (game.winners ?? []).map(name);
  if (winners.length === 0) return "";
  return winners.length === 1 ? t("Winner: {name}", { name: winners[0] ?? "" }) : t("Shared win: {names}", { names: winners.join(", ") });
}

interface Lists {
  waiting: Summary[];
  playing: Summary[];
  finished: Summary[];
  /** The finished games of tables that played more than one. */
  games: Record<string, FinishedGame[]>;
}

function OpenTables({ me }: { me: string | null }) {
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    let stop = false;
    const known: Record<string, { count: number; games: FinishedGame[] }> = {};
    const load = async () => {
      try {
        const [waiting, playing, finished] = await Promise.all([
          api.tables("waiting"),
          api.tables("playing"),
          api.tables("finished"),
        ]);
        const shown = finished.slice(0, 8);
        // A rematched table's earlier games are finished too: each is listed
        // (asked again only when the table has finished another game).
        const games: Record<string, FinishedGame[]> = {};
        const rematched = [...playing.filter((s) => s.game > 1), ...shown.filter((s) => s.game > 1)];
        await Promise.all(
          rematched.map(async (s) => {
            const done = s.status === "finished" ? s.game : s.game - 1;
            const cached = known[s.id];
            if (cached && cached.count === done) {
              games[s.id] = cached.games;
              return;
            }
            const list = await api.games(s.id).catch(() => null);
            if (list) {
              known[s.id] = { count: done, games: list };
              games[s.id] = list;
            }
          }),
        );
        if (!stop) setLists({ waiting, playing, finished: shown, games });
      } catch {
        // the next poll tries again
      }
    };
    void load();
    const timer = setInterval(load, 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, []);
  if (!lists) return <section class="card" aria-busy="true" />;
  // This browser's seat (its token kept), or the signed-in player's on any device.
  const mine = (table: Summary) => seatToken(table.id) !== null || (me !== null && table.seats.some((s) => s.player === me));
  const earlier = lists.playing.filter((s) => (lists.games[s.id]?.length ?? 0) > 0);
  return (
    <section class="card" aria-labelledby="open-tables">
      <h2 id="open-tables">{t("Open tables")}</h2>
      {lists.waiting.length === 0 && <p>{t("No table is waiting for players.")}</p>}
      <ul class="tables">
        {lists.waiting.map((table) => {
          const by = host(table);
          return (
            <li key={table.id} class="table-entry">
              <a href={`/t/${table.id}`} onClick={(e) => go(e, `/t/${table.id}`)}>
                {mine(table) ? t("Resume: {rules}", { rules: rulesText(table) }) : t("Join: {rules}", { rules: rulesText(table) })}
              </a>
              <span class="muted details">
                {by ? t("Host: {name}", { name: by }) : t("Nobody seated yet")} · {describe(table)} · {seatsText(table)}
                {table.created_at ? ` · ${ago(table.created_at)}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
      <h3>{t("Games in play")}</h3>
      {lists.playing.length === 0 && <p>{t("No game is being played.")}</p>}
      <ul class="tables">
        {lists.playing.map((table) => (
          <li key={table.id} class="table-entry">
            <a href={`/t/${table.id}`} onClick={(e) => go(e, `/t/${table.id}`)}>
              {mine(table) ? t("Resume: {names}", { names: names(table) }) : t("Watch: {names}", { names: names(table) })}
            </a>
            <span class="muted details">
              {rulesText(table)}
              {table.game > 1 ? ` · ${t("game {n}", { n: table.game })}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <h3>{t("Finished games")}</h3>
      {lists.finished.length === 0 && earlier.length === 0 && <p>{t("No game has finished yet.")}</p>}
      <ul class="tables">
        {[...earlier, ...lists.finished].map((table) => {
          const games = lists.games[table.id];
          if (!games || games.length === 0) {
            return (
              <li key={table.id} class="table-entry">
                <a href={`/replay?table=${table.id}&game=${table.game}`} onClick={(e) => go(e, `/replay?table=${table.id}&game=${table.game}`)}>
                  {t("Replay: {names}", { names: names(table) })}
                </a>
              </li>
            );
          }
          return (
            <li key={table.id} class="table-entry">
              <span>{t("Replay: {names}", { names: names(table) })}</span>
              <ul class="games">
                {games.map((g) => (
                  <li key={g.game}>
                    <a href={`/replay?table=${table.id}&game=${g.game}`} onClick={(e) => go(e, `/replay?table=${table.id}&game=${g.game}`)}>
                      {t("Game {n}", { n: g.game })}
                    </a>{" "}
                    <span class="muted">{gameWinners(g)}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <p>
        <a href="/replay" onClick={(e) => go(e, "/replay")}>
          {t("Replay a record file")}
        </a>
      </p>
    </section>
  );
}
