// The pages of players, a chunk of their own (the game page does not load
// them): signing in and up, My games, profiles, leaderboards, quick match.
import type { Route } from "../../router";
import { Leaderboard } from "./Leaderboard";
import { MePage } from "./MePage";
import { Profile } from "./Profile";
import { QuickMatch } from "./QuickMatch";
import { SignIn } from "./SignIn";

export default function PlayersPage({ route }: { route: Route }) {
  switch (route.page) {
    case "signin":
    case "signup":
      return <SignIn mode={route.page} next={route.next} key={route.page} />;
    case "me":
      return <MePage />;
    case "profile":
      return <Profile name={route.name} key={route.name} />;
    case "leaderboard":
      return <Leaderboard pool={route.pool} />;
    case "play":
      return <QuickMatch />;
    default:
      return null;
  }
}
