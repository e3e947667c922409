import { t } from "./i18n";

export function App() {
  return <h1>{t("Triominoes")}</h1>;
}
