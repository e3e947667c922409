// /p/NAME: a player's ratings with their history, recent games (each a link
// to its replay) and statistics per pool and rules.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../../api";
import { language, nt, t } from "../../i18n";
import { levelName, presetName } from "../../narrate";
import { go } from "../../router";
import { setTitle } from "../../title";
import type { GamePlayer, Pool, Profile as ProfileData, RecentGame } from "../../types";
import { ago, day } from "../../when";
import { RatingChart } from "./RatingChart";
import { accountError, change, placeText, poolName, ratingText } from "./words";

const POOLS: Pool[] = ["duel", "table"];

export function playerName(p: GamePlayer): string {
  if (p.kind === "bot") return t("Bot ({level})", { level: levelName(p.bot ?? "") });
  return p.name ?? t("deleted player");
}

function rulesOf(rules: RecentGame["rules"]): string {
  const name = typeof rules === "string" ? rules : rules["preset"] ?? rules["name"];
  const base = typeof name === "string" ? presetName(name) : t("House rules");
  const target = typeof rules === "object" ? rules["target_score"] : undefined;
  return typeof target === "number" ? `${base}, ${t("to {n} points", { n: target })}` : base;
}

export function Profile({ name }: { name: string }) {
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTitle(name);
    setProfile(null);
    setError(null);
    api
      .profile(name)
      .then((p) => {
        setProfile(p);
        setTitle(p.name);
      })
      .catch((e) => setError(e instanceof ApiError && e.status === 404 ? t("There is no player {name}.", { name }) : accountError(e)));
  }, [name]);
  if (error)
    return (
      <main id="main" class="page">
        <h1>{name}</h1>
        <p class="error" role="alert">
          {error}
        </p>
      </main>
    );
  if (!profile) return <main id="main" class="page" aria-busy="true" />;
  const locale = language();
  return (
    <main id="main" class="page profile">
      <h1>{profile.name}</h1>
      <p class="lead">{t("Playing since {date}", { date: day(profile.since) })}</p>
      <div class="columns">
        {POOLS.map((pool) => {
          const r = profile.ratings[pool];
          return (
            <section class="card" key={pool} aria-labelledby={`pool-${pool}`}>
              <h2 id={`pool-${pool}`}>{poolName(pool)}</h2>
              <p class="big-rating">
                <span class="rating">{ratingText(r.rating, r.provisional, locale)}</span>{" "}
                <span class="muted">
                  {nt("{n} rated game", "{n} rated games", r.games)}
                  {r.provisional && ` · ${t("provisional until 10 games")}`}
                </span>
              </p>
              <RatingChart points={profile.history[pool]} label={t("Rating history, {pool}", { pool: poolName(pool) })} />
            </section>
          );
        })}
      </div>
      <section class="card" aria-labelledby="recent-h">
        <h2 id="recent-h">{t("Recent games")}</h2>
        {profile.recent.length === 0 ? (
          <p class="muted">{t("No finished game yet.")}</p>
        ) : (
          <div class="wide-table">
            <table class="list">
              <thead>
                <tr>
                  <th scope="col">{t("When")}</th>
                  <th scope="col">{t("Players")}</th>
                  <th scope="col" class="col-rules">
                    {t("Rules")}
                  </th>
                  <th scope="col">{t("Place")}</th>
                  <th scope="col">{t("Points")}</th>
                  <th scope="col">{t("Rating")}</th>
                  <th scope="col">
                    <span class="sr">{t("Replay")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {profile.recent.map((g) => {
                  const replay = `/replay?table=${g.table}&game=${g.game}`;
                  return (
                    <tr key={`${g.table}-${g.game}`} class={g.place === 1 ? "won" : undefined}>
                      <td>{ago(g.at)}</td>
                      <td>
                        {g.players.map((p, i) => (
                          <span key={i}>
                            {i > 0 && ", "}
                            {p.player && p.player !== profile.name ? (
                              <a href={`/p/${p.player}`} onClick={(e) => go(e, `/p/${p.player}`)}>
                                {playerName(p)}
                              </a>
                            ) : (
                              <span class={i === g.seat ? "self" : undefined}>{playerName(p)}</span>
                            )}
                          </span>
                        ))}
                      </td>
                      <td class="col-rules">{rulesOf(g.rules)}</td>
                      <td>{placeText(g.place, g.players.length)}</td>
                      <td>{g.points}</td>
                      <td class={g.rated && g.before !== null && g.after !== null ? (g.after >= g.before ? "up" : "down") : "muted"}>
                        {g.rated && g.before !== null && g.after !== null
                          ? `${new Intl.NumberFormat(locale).format(g.after)} (${change(g.before, g.after)})`
                          : t("unrated")}
                      </td>
                      <td>
                        <a href={replay} onClick={(e) => go(e, replay)}>
                          {t("Replay")}
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section class="card" aria-labelledby="stats-h">
        <h2 id="stats-h">{t("Statistics")}</h2>
        {profile.stats.length === 0 ? (
          <p class="muted">{t("No finished game yet.")}</p>
        ) : (
          <div class="wide-table">
            <table class="list">
              <thead>
                <tr>
                  <th scope="col">{t("Game")}</th>
                  <th scope="col">{t("Games")}</th>
                  <th scope="col">{t("Wins")}</th>
                  <th scope="col">{t("Points a round")}</th>
                  <th scope="col">{t("Hexagons a game")}</th>
                  <th scope="col">{t("Bridges a game")}</th>
                  <th scope="col">{t("Best game")}</th>
                </tr>
              </thead>
              <tbody>
                {profile.stats.map((s) => {
                  const best = s.best ? `/replay?table=${s.best.table}&game=${s.best.game}` : null;
                  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
                  return (
                    <tr key={`${s.pool}-${s.preset}`}>
                      <th scope="row">
                        {poolName(s.pool)}, {s.preset === "house" ? t("House rules") : presetName(s.preset)}
                      </th>
                      <td>{s.games}</td>
                      <td>{s.wins}</td>
                      <td>{number.format(s.points_per_round)}</td>
                      <td>{number.format(s.hexagons_per_game)}</td>
                      <td>{number.format(s.bridges_per_game)}</td>
                      <td>
                        {best && s.best ? (
                          <a href={best} onClick={(e) => go(e, best)}>
                            {nt("{n} point", "{n} points", s.best.points)}
                          </a>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
