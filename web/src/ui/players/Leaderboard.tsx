// /leaderboard?pool=duel|table: the players by rating, the bots among them on
// the same scale ("expert is rated 2,120"), the provisional players apart.
import { useEffect, useState } from "preact/hooks";
import { api } from "../../api";
import { language, t } from "../../i18n";
import { levelName } from "../../narrate";
import { go } from "../../router";
import { setTitle } from "../../title";
import type { Pool, Ranked } from "../../types";
import { accountError, poolName, ratingText } from "./words";

export function Leaderboard({ pool }: { pool: Pool }) {
  const [rows, setRows] = useState<Ranked[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(t("Leaderboard"));
    setRows(null);
    api
      .leaderboard(pool)
      .then(setRows)
      .catch((e) => setError(accountError(e)));
  }, [pool]);
  const locale = language();
  const ranked = (rows ?? []).filter((r) => !r.provisional);
  const newcomers = (rows ?? []).filter((r) => r.provisional);
  let place = 0;
  return (
    <main id="main" class="page">
      <h1>{t("Leaderboard")}</h1>
      <nav class="tabs" aria-label={t("Pools")}>
        {(["duel", "table"] as const).map((p) => (
          <a key={p} href={`/leaderboard?pool=${p}`} onClick={(e) => go(e, `/leaderboard?pool=${p}`)} aria-current={p === pool ? "page" : undefined}>
            {poolName(p)}
          </a>
        ))}
      </nav>
      <p class="lead">{t("Ratings of rated games. The bots are rated on the same scale, from their games against people.")}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows === null && !error && <p aria-busy="true" />}
      {rows !== null && (
        <section class="card">
          <h2 class="sr">{poolName(pool)}</h2>
          <table class="list leaderboard">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("Player")}</th>
                <th scope="col">{t("Rating")}</th>
                <th scope="col">{t("Games")}</th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((row) => {
                if (!row.bot) place += 1;
                return (
                  <tr key={row.bot ?? row.name} class={row.bot ? "bot" : undefined}>
                    <td>{row.bot ? "" : place}</td>
                    <th scope="row">
                      {row.bot ? (
                        t("Bot ({level})", { level: levelName(row.bot) })
                      ) : (
                        <a href={`/p/${row.name}`} onClick={(e) => go(e, `/p/${row.name}`)}>
                          {row.name}
                        </a>
                      )}
                    </th>
                    <td>{ratingText(row.rating, false, locale)}</td>
                    <td>{row.games}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {ranked.every((r) => r.bot) && <p class="muted">{t("Nobody has played 10 rated games in this pool yet.")}</p>}
        </section>
      )}
      {newcomers.length > 0 && (
        <section class="card" aria-labelledby="provisional-h">
          <h2 id="provisional-h">{t("Provisional ratings (fewer than 10 games)")}</h2>
          <ul class="newcomers">
            {newcomers.map((row) => (
              <li key={row.name}>
                <a href={`/p/${row.name}`} onClick={(e) => go(e, `/p/${row.name}`)}>
                  {row.name}
                </a>{" "}
                <span>{ratingText(row.rating, true, locale)}</span> <span class="muted">({t("{n} of 10 games", { n: row.games })})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
