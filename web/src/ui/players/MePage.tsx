// /me: the signed-in player's games (where it is their turn first), their
// ratings, and the account: password, signing out, deleting it, and
// whether their finished games may become puzzles.
import { useEffect, useState } from "preact/hooks";
import { forgetMe, refreshMe, useMe } from "../../account";
import { api } from "../../api";
import { language, t } from "../../i18n";
import { go, navigate } from "../../router";
import { setTitle } from "../../title";
import { MyGames } from "../MyGames";
import { accountError, poolName, ratingText } from "./words";

export function MePage() {
  const me = useMe();
  useEffect(() => {
    setTitle(t("My games"));
    void refreshMe();
  }, []);
  if (me === undefined) return <main id="main" class="page" aria-busy="true" />;
  if (me === null) {
    return (
      <main id="main" class="page narrow">
        <h1>{t("My games")}</h1>
        <p class="lead">{t("Sign in to see your games.")}</p>
        <p class="row">
          <a class="button primary" href="/signin?next=/me" onClick={(e) => go(e, "/signin?next=/me")}>
            {t("Sign in")}
          </a>
          <a class="button" href="/signup?next=/me" onClick={(e) => go(e, "/signup?next=/me")}>
            {t("Create an account")}
          </a>
        </p>
      </main>
    );
  }
  const locale = language();
  return (
    <main id="main" class="page">
      <h1>{t("My games")}</h1>
      <p class="lead">
        {t("Signed in as {name}.", { name: me.name })}{" "}
        <a href={`/p/${me.name}`} onClick={(e) => go(e, `/p/${me.name}`)}>
          {t("My profile")}
        </a>
      </p>
      <div class="columns">
        <section class="card" aria-labelledby="my-games-h">
          <h2 id="my-games-h">{t("Games in play")}</h2>
          <MyGames games={me.games} />
          <p class="row">
            <a class="button primary" href="/play" onClick={(e) => go(e, "/play")}>
              {t("Quick match")}
            </a>
            <a class="button" href="/" onClick={(e) => go(e, "/")}>
              {t("New table")}
            </a>
          </p>
        </section>
        <section class="card" aria-labelledby="my-ratings-h">
          <h2 id="my-ratings-h">{t("Ratings")}</h2>
          <dl class="ratings">
            {(["duel", "table"] as const).map((pool) => (
              <div key={pool}>
                <dt>{poolName(pool)}</dt>
                <dd>
                  {ratingText(me.ratings[pool].rating, me.ratings[pool].provisional, locale)}{" "}
                  <span class="muted">({t("{n} of 10 games", { n: Math.min(10, me.ratings[pool].games) })})</span>
                </dd>
              </div>
            ))}
          </dl>
          <Account name={me.name} />
          <PuzzleConsent allowed={me.settings.puzzles_from_my_games} />
        </section>
      </div>
    </main>
  );
}

// Off until the player turns it on: their games become puzzles that others
// see (docs/puzzles.md), and only with every player's leave.
function PuzzleConsent({ allowed }: { allowed: boolean }) {
  const [checked, setChecked] = useState(allowed);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The box shows the choice at once (a controlled box would jump back
  // while the server answers) and goes back if the server refuses it.
  const change = async (value: boolean) => {
    setChecked(value);
    setBusy(true);
    setError(null);
    try {
      const kept = await api.changeSettings({ puzzles_from_my_games: value });
      setChecked(kept.puzzles_from_my_games);
      void refreshMe();
    } catch (e) {
      setChecked(!value);
      setError(accountError(e));
    }
    setBusy(false);
  };
  return (
    <div class="account-box">
      <h3>{t("Puzzles")}</h3>
      <label class="check">
        <input
          type="checkbox"
          name="puzzles-from-my-games"
          checked={checked}
          disabled={busy}
          onChange={(e) => void change((e.currentTarget as HTMLInputElement).checked)}
        />
        <span>
          {t("My finished games may become puzzles")}{" "}
          <span class="muted">({t("only games whose every player agreed; never with guests")})</span>
        </span>
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Account({ name }: { name: string }) {
  const [open, setOpen] = useState<"password" | "delete" | null>(null);
  const [password, setPassword] = useState("");
  const [next, setNext] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = (which: "password" | "delete" | null) => {
    setOpen(which);
    setPassword("");
    setNext("");
    setError(null);
  };
  const signOut = async () => {
    await api.signOut().catch(() => undefined);
    forgetMe();
    navigate("/");
  };
  const change = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.changePassword(password, next);
      reset(null);
      setMessage(t("Your password is changed. Your other devices are signed out."));
    } catch (e) {
      setError(accountError(e));
    }
    setBusy(false);
  };
  const remove = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.deleteAccount(password);
      forgetMe();
      navigate("/");
    } catch (e) {
      setError(accountError(e));
      setBusy(false);
    }
  };
  return (
    <div class="account-box">
      <h3>{t("Account")}</h3>
      {message && <p role="status">{message}</p>}
      <p class="row">
        <button type="button" onClick={signOut}>
          {t("Sign out")}
        </button>
        <button type="button" onClick={() => reset(open === "password" ? null : "password")} aria-expanded={open === "password"}>
          {t("Change the password")}
        </button>
        <button type="button" class="danger" onClick={() => reset(open === "delete" ? null : "delete")} aria-expanded={open === "delete"}>
          {t("Delete the account")}
        </button>
      </p>
      {open !== null && (
        <form onSubmit={open === "password" ? change : remove}>
          <input type="text" name="username" autoComplete="username" value={name} hidden readOnly />
          {open === "delete" && (
            <p class="warn-text">
              {t("Your games stay, under “deleted player”; your name and password go, and you leave the leaderboards. Games in play are resigned. This cannot be undone.")}
            </p>
          )}
          <div class="field">
            <label for="current-password">{t("Your password")}</label>
            <input
              id="current-password"
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
            />
          </div>
          {open === "password" && (
            <div class="field">
              <label for="new-password">{t("New password")}</label>
              <input
                id="new-password"
                type="password"
                required
                minLength={10}
                autoComplete="new-password"
                value={next}
                onInput={(e) => setNext((e.currentTarget as HTMLInputElement).value)}
              />
            </div>
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class={open === "delete" ? "danger" : "primary"} disabled={busy}>
            {open === "delete" ? t("Delete my account") : t("Change the password")}
          </button>
        </form>
      )}
    </div>
  );
}
