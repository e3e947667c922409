// /play: quick match. Choose a pool, the rules, rated or not and whether bots
// may fill the table; wait (how long, for which ratings, with how many
// others), then land at the table, in one's own seat.
import { useEffect, useRef, useState } from "preact/hooks";
import { useMe } from "../../account";
import { api } from "../../api";
import { language, nt, t } from "../../i18n";
import { presetName } from "../../narrate";
import { go, navigate } from "../../router";
import { setTitle } from "../../title";
import type { Pool, QueueStatus } from "../../types";
import { accountError, poolName, ratingText } from "./words";

const PRESETS = ["standard", "pressman", "czech", "german", "spanish"];
const BOTS = [null, 15, 30, 60, 120];

function waited(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function QuickMatch() {
  const me = useMe();
  const [pool, setPool] = useState<Pool>("duel");
  const [players, setPlayers] = useState(4);
  const [rules, setRules] = useState("standard");
  const [rated, setRated] = useState(true);
  const [botsAfter, setBotsAfter] = useState<number | null>(30);
  const [ticket, setTicket] = useState<string | null>(null);
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const waiting = useRef<string | null>(null);
  useEffect(() => setTitle(t("Quick match")), []);

  useEffect(() => {
    if (!ticket) return;
    waiting.current = ticket;
    let stop = false;
    const ask = async () => {
      try {
        const answer = await api.queued(ticket);
        if (stop) return;
        setStatus(answer);
        if (answer.status === "matched") {
          waiting.current = null;
          navigate(`/t/${answer.table}`);
        }
      } catch (e) {
        if (!stop) {
          setError(accountError(e));
          setTicket(null);
          waiting.current = null;
        }
      }
    };
    void ask();
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      void ask();
    }, 1000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [ticket]);

  // Leaving the page leaves the queue (a ticket nobody asks about is dropped anyway).
  useEffect(
    () => () => {
      if (waiting.current) void api.unqueue(waiting.current).catch(() => undefined);
    },
    [],
  );

  if (me === undefined) return <main id="main" class="page" aria-busy="true" />;
  if (me === null) {
    return (
      <main id="main" class="page narrow">
        <h1>{t("Quick match")}</h1>
        <p class="lead">{t("Quick match finds you opponents of your strength. Sign in to use it.")}</p>
        <p class="row">
          <a class="button primary" href="/signin?next=/play" onClick={(e) => go(e, "/signin?next=/play")}>
            {t("Sign in")}
          </a>
          <a class="button" href="/signup?next=/play" onClick={(e) => go(e, "/signup?next=/play")}>
            {t("Create an account")}
          </a>
        </p>
      </main>
    );
  }

  const start = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    try {
      const answer = await api.queue({ pool, players: pool === "duel" ? 2 : players, rules, rated, bots_after: botsAfter });
      setTicket(answer.ticket);
    } catch (e) {
      setError(accountError(e));
    }
  };
  const cancel = async () => {
    const leaving = ticket;
    setTicket(null);
    setStatus(null);
    waiting.current = null;
    if (leaving) await api.unqueue(leaving).catch(() => undefined);
  };

  if (ticket) {
    const w = status?.status === "waiting" ? status : null;
    const now = Date.now() / 1000 + (w ? w.now - Date.now() / 1000 : 0);
    const locale = language();
    return (
      <main id="main" class="page narrow">
        <h1>{t("Looking for players…")}</h1>
        <section class="card waiting-card" aria-live="polite">
          <p class="spinner" aria-hidden="true" />
          <p>
            {poolName(pool)} · {presetName(rules)} · {rated ? t("Rated") : t("Unrated")}
          </p>
          {w && (
            <>
              <p class="big" role="timer" aria-label={t("Time waited")}>
                {waited(now - w.since)}
              </p>
              <p>
                {t("Your rating {rating}; opponents from {low} to {high}.", {
                  rating: ratingText(w.rating, false, locale),
                  low: ratingText(Math.round(w.rating - w.window), false, locale),
                  high: ratingText(Math.round(w.rating + w.window), false, locale),
                })}
              </p>
              <p class="muted">
                {w.waiting > 1 ? nt("{n} other player waits with you.", "{n} other players wait with you.", w.waiting - 1) : t("Nobody else is waiting yet.")}
                {w.bots_at !== null && ` ${t("Bots take the empty seats in {s} s.", { s: Math.max(0, Math.ceil(w.bots_at - now)) })}`}
              </p>
            </>
          )}
          {status?.status === "matched" && <p role="status">{t("Found! Taking you to the table…")}</p>}
          <button type="button" onClick={cancel}>
            {t("Stop looking")}
          </button>
        </section>
      </main>
    );
  }

  return (
    <main id="main" class="page narrow">
      <h1>{t("Quick match")}</h1>
      <p class="lead">{t("Play people of your strength now: the search widens the longer you wait.")}</p>
      <form class="card" onSubmit={start}>
        <fieldset>
          <legend>{t("Game")}</legend>
          {(["duel", "table"] as const).map((p) => (
            <label class="check" key={p}>
              <input type="radio" name="pool" value={p} checked={pool === p} onChange={() => setPool(p)} />
              <span>
                {poolName(p)} <span class="muted">· {ratingText(me.ratings[p].rating, me.ratings[p].provisional, language())}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {pool === "table" && (
          <div class="field">
            <label for="qm-players">{t("Players")}</label>
            <select id="qm-players" value={String(players)} onChange={(e) => setPlayers(Number((e.currentTarget as HTMLSelectElement).value))}>
              {[3, 4, 5, 6].map((n) => (
                <option key={n} value={String(n)}>
                  {nt("{n} player", "{n} players", n)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="field">
          <label for="qm-rules">{t("Rules")}</label>
          <select id="qm-rules" value={rules} onChange={(e) => setRules((e.currentTarget as HTMLSelectElement).value)}>
            {PRESETS.map((name) => (
              <option key={name} value={name}>
                {presetName(name)}
              </option>
            ))}
          </select>
        </div>
        <label class="check">
          <input type="checkbox" checked={rated} onChange={(e) => setRated((e.currentTarget as HTMLInputElement).checked)} />
          <span>{t("Rated game")}</span>
        </label>
        <div class="field">
          <label for="qm-bots">{t("Bots fill empty seats")}</label>
          <select
            id="qm-bots"
            value={String(botsAfter)}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              setBotsAfter(v === "null" ? null : Number(v));
            }}
          >
            {BOTS.map((s) => (
              <option key={String(s)} value={String(s)}>
                {s === null ? t("Never: people only") : nt("After {n} second", "After {n} seconds", s)}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary">
          {t("Find a game")}
        </button>
      </form>
    </main>
  );
}
