import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { LANGUAGES, loadLanguage, preferredLanguage, rememberLanguage, storedLanguage, t } from "./i18n";
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
            {t("Triominoes")}
          </a>
          <a href="/pad" onClick={(e) => go(e, "/pad")} aria-current={route.page === "pad" ? "page" : undefined}>
            {t("Score pad")}
          </a>
        </nav>
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

function Page({ route, onLanguage }: { route: Route; onLanguage(code: string): void }) {
  switch (route.page) {
    case "pad":
    case "pad-follow":
      return <Pad route={route} onLanguage={onLanguage} />;
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
