import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { LANGUAGES, loadLanguage, nt, preferredLanguage, rememberLanguage, storedLanguage, t } from "./i18n";
import { useMe } from "./account";
import { go, useRoute, type Route } from "./router";
import { choose as chooseSetting, setting } from "./settings";
import { unlock } from "./sound";
import { Home } from "./ui/Home";
import { TablePage } from "./ui/TablePage";
import { ReplayPage } from "./ui/ReplayPage";

export function App() {
  const [lang, setLang] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const wanted = preferredLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
    loadLanguage(wanted)
      .catch(() => loadLanguage("en"))
      .then(() => setLang(wanted))
      .catch(() => setFailed(true));
  }, []);
  const route = useRoute();
  if (failed) return <p>{t("The page could not load its texts.")}</p>;
  if (lang === null) return null;

  const choose = (code: string) => {
    rememberLanguage(code);
    loadLanguage(code)
      .then(() => setLang(code))
      .catch(() => setFailed(true));
  };

  return (
    <div class="app">
      <a class="skip" href="#main">
        {t("Skip to the content")}
      </a>
      <header class="top">
        <nav class="row" aria-label={t("Pages")}>
          <a class="brand" href="/" onClick={(e) => go(e, "/")}>
            <span class="mark" aria-hidden="true">
              ◭
            </span>
            <span class="name">{t("Triominoes")}</span>
          </a>
          <a href="/play" class="wide" onClick={(e) => go(e, "/play")} aria-current={route.page === "play" ? "page" : undefined}>
            {t("Quick match")}
          </a>
          <a href="/leaderboard" class="wide" onClick={(e) => go(e, "/leaderboard")} aria-current={route.page === "leaderboard" ? "page" : undefined}>
            {t("Leaderboard")}
          </a>
          <a href="/puzzles" class="wide" onClick={(e) => go(e, "/puzzles")} aria-current={route.page === "puzzles" ? "page" : undefined}>
            {t("Puzzles")}
          </a>
          <a href="/pad" onClick={(e) => go(e, "/pad")} aria-current={route.page === "pad" ? "page" : undefined}>
            {t("Score pad")}
          </a>
        </nav>
        <Account current={route.page} />
        <Settings />
        <div class="language">
          <label for="language">{t("Language")}</label>
          <select id="language" value={lang} onChange={(e) => choose((e.currentTarget as HTMLSelectElement).value)}>
            {LANGUAGES.map(([code, name]) => (
              <option value={code} lang={code} key={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </header>
      <Page route={route} onLanguage={choose} />
    </div>
  );
}

/** Who is signed in, and how many games wait for them; or a way to sign in. */
function Account({ current }: { current: Route["page"] }) {
  const me = useMe();
  if (me === undefined) return <span class="account" />;
  if (me === null) {
    const back = current === "signin" || current === "signup" ? "" : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <span class="account">
        <a href={`/signin${back}`} onClick={(e) => go(e, `/signin${back}`)} aria-current={current === "signin" ? "page" : undefined}>
          {t("Sign in")}
        </a>
      </span>
    );
  }
  const waiting = me.games.filter((g) => g.your_turn).length;
  return (
    <span class="account">
      <a href="/me" onClick={(e) => go(e, "/me")} aria-current={current === "me" ? "page" : undefined}>
        <span class="avatar" aria-hidden="true">
          {me.name.slice(0, 1).toUpperCase()}
        </span>
        <span class="who">{me.name}</span>
        {waiting > 0 && (
          <span class="badge turn-count" aria-label={nt("{n} game waits for your move", "{n} games wait for your move", waiting)}>
            {waiting}
          </span>
        )}
      </a>
    </span>
  );
}

/** Sounds and high contrast, remembered in this browser. */
function Settings() {
  const [sounds, setSounds] = useState(() => setting("sounds"));
  const [contrast, setContrast] = useState(() => setting("contrast"));
  return (
    <details class="settings">
      <summary>
        <span class="label">{t("Settings")}</span>
      </summary>
      <div class="settings-panel">
        <label class="check">
          <input
            type="checkbox"
            checked={sounds}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              chooseSetting("sounds", on);
              setSounds(on);
              if (on) unlock();
            }}
          />
          <span>{t("Sounds")}</span>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={contrast}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              chooseSetting("contrast", on);
              setContrast(on);
            }}
          />
          <span>{t("High contrast")}</span>
        </label>
      </div>
    </details>
  );
}

type PadPageType = ComponentType<{ route: Route; onLanguage(code: string): void }>;
let padPage: PadPageType | null = null;

/** The score pad comes as a chunk of its own: the game page does not load it. */
function Pad(props: { route: Route; onLanguage(code: string): void }) {
  const [loaded, setLoaded] = useState<PadPageType | null>(() => padPage);
  useEffect(() => {
    if (!loaded)
      void import("./ui/pad/PadPage").then((module) => {
        padPage = module.default;
        setLoaded(() => module.default);
      });
  }, [loaded]);
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <main id="main" class="page" aria-busy="true" />;
}

type PlayersPageType = ComponentType<{ route: Route }>;
let playersPage: PlayersPageType | null = null;

/** Accounts, profiles, leaderboards and quick match: a chunk of their own. */
function Players(props: { route: Route }) {
  const [loaded, setLoaded] = useState<PlayersPageType | null>(() => playersPage);
  useEffect(() => {
    if (!loaded)
      void import("./ui/players/PlayersPage").then((module) => {
        playersPage = module.default;
        setLoaded(() => module.default);
      });
  }, [loaded]);
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <main id="main" class="page" aria-busy="true" />;
}

type PuzzlesPageType = ComponentType<{ id: string | null; theme: string | null }>;
let puzzlesPage: PuzzlesPageType | null = null;

/** The puzzles: a chunk of their own, as the pad's. */
function Puzzles(props: { id: string | null; theme: string | null }) {
  const [loaded, setLoaded] = useState<PuzzlesPageType | null>(() => puzzlesPage);
  useEffect(() => {
    if (!loaded)
      void import("./ui/puzzles/PuzzlesPage").then((module) => {
        puzzlesPage = module.default;
        setLoaded(() => module.default);
      });
  }, [loaded]);
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <main id="main" class="page" aria-busy="true" />;
}

function Page({ route, onLanguage }: { route: Route; onLanguage(code: string): void }) {
  switch (route.page) {
    case "signin":
    case "signup":
    case "me":
    case "profile":
    case "leaderboard":
    case "play":
      return <Players route={route} />;
    case "pad":
    case "pad-follow":
      return <Pad route={route} onLanguage={onLanguage} />;
    case "puzzles":
      return <Puzzles id={route.id} theme={route.theme} />;
    case "home":
      return <Home />;
    case "table":
      return <TablePage id={route.id} key={route.id} />;
    case "replay":
      return <ReplayPage table={route.table} game={route.game} />;
    default:
      return (
        <main id="main" class="page">
          <h1>{t("Page not found")}</h1>
          <p>
            <a href="/" onClick={(e) => go(e, "/")}>
              {t("Back to the start")}
            </a>
          </p>
        </main>
      );
  }
}
