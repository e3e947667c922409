// The signed-in player's unfinished tables (GET /api/me), those where it is
// their turn first, each with a "Your turn" badge and its clock: on the home
// page and at /me.
import { nt, t } from "../i18n";
import { levelName, presetName } from "../narrate";
import { go } from "../router";
import type { MyGame } from "../types";
import { ago } from "../when";

export function opponents(game: MyGame): string {
  return game.players
    .filter((_, seat) => seat !== game.seat)
    .map((p) => (p.kind === "bot" ? t("Bot ({level})", { level: levelName(p.bot ?? "") }) : (p.name ?? t("deleted player"))))
    .join(", ");
}

function rulesName(rules: MyGame["rules"]): string {
  const name = typeof rules === "string" ? rules : rules["preset"] ?? rules["name"];
  return typeof name === "string" ? presetName(name) : t("House rules");
}

export function MyGames({ games, limit }: { games: MyGame[]; limit?: number }) {
  const shown = limit === undefined ? games : games.slice(0, limit);
  if (games.length === 0) return <p class="muted">{t("No game of yours is waiting or in play.")}</p>;
  return (
    <ul class="my-games">
      {shown.map((game) => {
        const path = `/t/${game.table}`;
        return (
          <li key={game.table} class={game.your_turn ? "mine" : undefined}>
            <a href={path} onClick={(e) => go(e, path)}>
              {game.status === "waiting"
                ? t("Waiting for players: {rules}", { rules: rulesName(game.rules) })
                : t("Against {names}", { names: opponents(game) })}
            </a>
            {game.your_turn && <span class="badge your-turn">{t("Your turn")}</span>}
            {game.rated && <span class="tag">{t("Rated")}</span>}
            <span class="muted details">
              {game.status === "playing" && rulesName(game.rules)}
              {game.status === "playing" && game.turn_seconds !== null && game.turn_seconds >= 86400 && ` · ${t("correspondence")}`}
              {game.your_turn && game.clock !== null
                ? ` · ${t("your time runs out {when}", { when: ago(game.clock) })}`
                : game.since
                  ? ` · ${game.your_turn ? t("your turn began {when}", { when: ago(game.since) }) : t("last move {when}", { when: ago(game.since) })}`
                  : ""}
            </span>
          </li>
        );
      })}
      {limit !== undefined && games.length > limit && (
        <li class="more">
          <a href="/me" onClick={(e) => go(e, "/me")}>
            {nt("{n} more game", "{n} more games", games.length - limit)}
          </a>
        </li>
      )}
    </ul>
  );
}
