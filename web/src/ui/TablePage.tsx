// /t/ID: join a waiting table with a name, play a seat (the token in the
// fragment or kept from before), or watch.
import { useEffect, useState } from "preact/hooks";
import { useMe } from "../account";
import { ApiError, api } from "../api";
import { nt, t } from "../i18n";
import { errorText, levelName } from "../narrate";
import { go } from "../router";
import { rememberSeat, seatToken, tokenFromHash } from "../storage";
import type { Summary } from "../types";
import { Game } from "./Game";
import { setTitle } from "../title";

export function TablePage({ id }: { id: string }) {
  const [token, setToken] = useState<string | null>(() => {
    const fromHash = tokenFromHash(location.hash);
    if (fromHash) rememberSeat(id, fromHash);
    return fromHash ?? seatToken(id);
  });
  const [summary, setSummary] = useState<Summary | null>(null);
  const [missing, setMissing] = useState(false);
  const [watching, setWatching] = useState(false);
  const me = useMe();
  // A signed-in player's own seat, taken on any device: the session plays it.
  const mine = !!me && !!summary && summary.seats.some((s) => s.player === me.name);

  useEffect(() => {
    if (token || watching || mine) return;
    let stop = false;
    const load = () =>
      api
        .table(id)
        .then((s) => !stop && setSummary(s))
        .catch((e) => !stop && e instanceof ApiError && e.status === 404 && setMissing(true));
    void load();
    const timer = setInterval(load, 2000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [id, token, watching, mine]);

  useEffect(() => {
    setTitle(t("Table {id}", { id }));
  }, [id]);

  if (token || watching || mine || (summary && summary.status !== "waiting")) {
    return (
      <Game
        id={id}
        token={token}
        onRefused={() => {
          rememberSeat(id, null);
          setToken(null);
          setWatching(true);
        }}
      />
    );
  }
  if (missing) {
    return (
      <main id="main" class="page">
        <h1>{t("There is no table {id}", { id })}</h1>
        <p>
          <a href="/" onClick={(e) => go(e, "/")}>
            {t("Back to the start")}
          </a>
        </p>
      </main>
    );
  }
  if (!summary) return <main id="main" class="page" aria-busy="true" />;
  if (me === undefined) return <main id="main" class="page" aria-busy="true" />;
  return (
    <Lobby
      summary={summary}
      me={me?.name ?? null}
      onJoined={(answer) => {
        rememberSeat(id, answer);
        history.replaceState(null, "", `/t/${id}#seat=${encodeURIComponent(answer)}`);
        setToken(answer);
      }}
      onWatch={() => setWatching(true)}
    />
  );
}

export function InviteLink({ id }: { id: string }) {
  const link = `${location.origin}/t/${id}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      const input = document.getElementById("invite") as HTMLInputElement | null;
      input?.select();
    }
  };
  return (
    <div class="invite">
      <label for="invite">{t("Invite link")}</label>
      <div class="row">
        <input id="invite" readOnly value={link} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
        <button type="button" onClick={copy}>
          {t("Copy the link")}
        </button>
      </div>
      <p role="status" class="muted">
        {copied ? t("The link is copied: send it to the other players.") : ""}
      </p>
    </div>
  );
}

export function Seated({
  seats,
}: {
  seats: { name: string | null; kind: string; bot: string | null; taken?: boolean; connected: boolean; deleted?: boolean }[];
}) {
  return (
    <ul class="seated" aria-label={t("Who has joined")}>
      {seats.map((seat, index) => (
        <li key={index} class={seat.kind === "bot" || seat.name ? "taken" : "free"}>
          <span class="seat-no">{index + 1}</span>{" "}
          {seat.kind === "bot"
            ? t("Bot ({level})", { level: levelName(seat.bot ?? "") })
            : seat.deleted
              ? t("deleted player")
              : (seat.name ?? t("free seat"))}
          {seat.kind === "human" && seat.name && !seat.connected && <span class="muted"> · {t("not here yet")}</span>}
        </li>
      ))}
    </ul>
  );
}

function Lobby({ summary, me, onJoined, onWatch }: { summary: Summary; me: string | null; onJoined: (token: string) => void; onWatch: () => void }) {
  const [name, setName] = useState(() => localStorage.getItem("triominoes.name") ?? "");
  const guestAtRated = !!summary.rated && me === null;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const free = summary.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const join = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.join(summary.id, me === null ? name.trim() : null);
      try {
        if (me === null) localStorage.setItem("triominoes.name", name.trim());
      } catch {
        // not kept
      }
      onJoined(answer.token);
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === "no-seat"
          ? t("Every seat at this table is taken.")
          : e instanceof ApiError && e.code === "already-seated"
            ? t("You have a seat at this table already.")
            : e instanceof ApiError && e.code === "sign-in-needed"
              ? t("Sign in to play at a rated table.")
          : e instanceof ApiError
            ? errorText(e.code, e.message, e.reason)
            : String(e),
      );
      setBusy(false);
    }
  };
  return (
    <main id="main" class="page lobby">
      <h1>{t("Table {id}", { id: summary.id })}</h1>
      <div class="columns">
        <section class="card" aria-labelledby="join">
          <h2 id="join">{t("Take a seat")}</h2>
          <p>
            {nt("{n} seat is free.", "{n} seats are free.", free)}
            {summary.rated && ` ${t("This game is rated.")}`}
          </p>
          {guestAtRated && (
            <p class="banner">
              {t("Sign in to play at a rated table.")}{" "}
              <a href={`/signin?next=/t/${summary.id}`} onClick={(e) => go(e, `/signin?next=/t/${summary.id}`)}>
                {t("Sign in")}
              </a>{" "}
              ·{" "}
              <a href={`/signup?next=/t/${summary.id}`} onClick={(e) => go(e, `/signup?next=/t/${summary.id}`)}>
                {t("Create an account")}
              </a>
            </p>
          )}
          <form onSubmit={join}>
            {me === null ? (
              <div class="field">
                <label for="name">{t("Your name")}</label>
                <input
                  id="name"
                  name="name"
                  required
                  maxLength={32}
                  autoComplete="nickname"
                  disabled={guestAtRated}
                  value={name}
                  onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
                />
              </div>
            ) : (
              <p>{t("You play as {name}.", { name: me })}</p>
            )}
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" class="primary" disabled={busy || free === 0 || guestAtRated || (me === null && name.trim() === "")}>
              {me === null ? t("Join the table") : t("Join as {name}", { name: me })}
            </button>{" "}
            <button type="button" onClick={onWatch}>
              {t("Just watch")}
            </button>
          </form>
        </section>
        <section class="card" aria-labelledby="who">
          <h2 id="who">{t("Who has joined")}</h2>
          <Seated seats={summary.seats} />
          <InviteLink id={summary.id} />
        </section>
      </div>
    </main>
  );
}
