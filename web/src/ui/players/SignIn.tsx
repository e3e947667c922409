// /signin and /signup: a name and a password; then back where the reader was.
import { useEffect, useState } from "preact/hooks";
import { refreshMe } from "../../account";
import { api } from "../../api";
import { t } from "../../i18n";
import { go, navigate } from "../../router";
import { setTitle } from "../../title";
import { accountError } from "./words";

export function SignIn({ mode, next }: { mode: "signin" | "signup"; next: string | null }) {
  const up = mode === "signup";
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTitle(up ? t("Create an account") : t("Sign in"));
    setError(null);
  }, [up]);
  const other = up ? "/signin" : "/signup";
  const keep = next ? `?next=${encodeURIComponent(next)}` : "";

  const submit = async (event: Event) => {
    event.preventDefault();
    if (up && password !== again) {
      setError(t("The two passwords differ."));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (up) await api.signUp(name.trim(), password);
      else await api.signIn(name.trim(), password);
      await refreshMe();
      navigate(next ?? "/");
    } catch (e) {
      setError(accountError(e));
      setBusy(false);
    }
  };

  return (
    <main id="main" class="page narrow">
      <h1>{up ? t("Create an account") : t("Sign in")}</h1>
      <p class="lead">
        {up
          ? t("An account keeps your games, gives you a rating and finds you opponents. Guests can still play with a link.")
          : t("Welcome back. Your games and your rating are waiting.")}
      </p>
      <form class="card" onSubmit={submit}>
        <div class="field">
          <label for="account-name">{t("Name")}</label>
          <input
            id="account-name"
            name="username"
            required
            minLength={3}
            maxLength={20}
            pattern="[A-Za-z0-9_\-]{3,20}"
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            aria-describedby={up ? "name-help" : undefined}
            value={name}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
          />
          {up && (
            <span id="name-help" class="muted">
              {t("3 to 20 letters (a–z), digits, _ or -. Everyone sees it.")}
            </span>
          )}
        </div>
        <div class="field">
          <label for="account-password">{t("Password")}</label>
          <input
            id="account-password"
            name="password"
            type="password"
            required
            minLength={up ? 10 : 1}
            maxLength={1024}
            autoComplete={up ? "new-password" : "current-password"}
            aria-describedby={up ? "password-help" : undefined}
            value={password}
            onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
          />
          {up && (
            <span id="password-help" class="muted">
              {t("At least 10 characters; a few words together are easy to remember.")}
            </span>
          )}
        </div>
        {up && (
          <div class="field">
            <label for="account-again">{t("Password again")}</label>
            <input
              id="account-again"
              name="again"
              type="password"
              required
              autoComplete="new-password"
              value={again}
              onInput={(e) => setAgain((e.currentTarget as HTMLInputElement).value)}
            />
          </div>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <p class="row">
          <button type="submit" class="primary" disabled={busy}>
            {up ? t("Create the account") : t("Sign in")}
          </button>
          <a href={`${other}${keep}`} onClick={(e) => go(e, `${other}${keep}`)}>
            {up ? t("I have an account: sign in") : t("New here? Create an account")}
          </a>
        </p>
      </form>
    </main>
  );
}
