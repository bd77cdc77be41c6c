// The player pages (everything under app/ outside the console and the auth forms), each with a
// real target on a server that seeded the demo (SEED_DEMO, on by default): the ladder's level 1
// and collection, the red/blue demo, the demo player's own pages (logged in as that player), an
// arena game created for the occasion. Shared by the bench and the budget test.
import { DEMO, RED_BLUE_DEMO_ID } from "../../lib/seed/demo-constants";
import { DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";

export interface PlayerPage {
  /** The route as app/ spells it. */
  route: string;
  path: string;
  /** Fetched as the logged-in demo player. */
  asPlayer?: boolean;
}

/** Logs the demo player in; returns the session cookie and the account's id. */
async function loginDemoPlayer(baseUrl: string): Promise<{ cookie: string; accountId: string }> {
  const res = await fetch(new URL("/web/api/login", baseUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: new URL(baseUrl).origin,
      // Behind the browser tests' trusted loopback proxy, logins are limited per client: this
      // caller is a client of its own (elsewhere the header is ignored).
      "x-forwarded-for": `10.251.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
    },
    body: JSON.stringify({ email: DEMO.player.email, password: DEMO.player.password }),
  });
  if (!res.ok) throw new Error(`demo player login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = await fetch(new URL("/web/api/me", baseUrl), { headers: { cookie } });
  if (!me.ok) throw new Error(`/web/api/me answered ${me.status}`);
  const body = (await me.json()) as { account: { id: string } };
  return { cookie, accountId: body.account.id };
}

/** A fresh arena game (any visitor may start one), for its page. */
async function arenaGame(baseUrl: string): Promise<string> {
  const res = await fetch(new URL("/api/v1/challenges/psi", baseUrl), { method: "POST" });
  if (!res.ok) throw new Error(`creating an arena game answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

export async function playerPages(baseUrl: string): Promise<{ pages: PlayerPage[]; cookie: string }> {
  const [{ cookie, accountId }, gameId] = await Promise.all([loginDemoPlayer(baseUrl), arenaGame(baseUrl)]);
  const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!.challengeId;
  const pages: PlayerPage[] = [
    { route: "/", path: "/" },
    { route: "/challenges", path: "/challenges" },
    { route: "/challenges/[id]", path: `/challenges/${level1}` },
    { route: "/challenges/[id] (logged in)", path: `/challenges/${level1}`, asPlayer: true },
    { route: "/challenges/[id]/leaderboard", path: `/challenges/${level1}/leaderboard` },
    { route: "/challenge-collections", path: "/challenge-collections" },
    { route: "/challenge-collections/[id]", path: `/challenge-collections/${DEMO_LADDER_COLLECTION.id}` },
    { route: "/leaderboard", path: "/leaderboard" },
    { route: "/red-blue", path: "/red-blue" },
    { route: "/red-blue/[id]", path: `/red-blue/${RED_BLUE_DEMO_ID}`, asPlayer: true },
    { route: "/arena", path: "/arena" },
    { route: "/arena/[id]", path: `/arena/${gameId}` },
    { route: "/arena/agents", path: "/arena/agents", asPlayer: true },
    { route: "/arena/leaderboard", path: "/arena/leaderboard" },
    { route: "/arena/leaderboard/[type]", path: "/arena/leaderboard/psi" },
    { route: "/players/[id]", path: `/players/${accountId}` },
    // /profile redirects here.
    { route: "/players/[id] (own)", path: `/players/${accountId}`, asPlayer: true },
    { route: "/settings", path: "/settings", asPlayer: true },
    { route: "/notifications", path: "/notifications", asPlayer: true },
    { route: "/docs/api", path: "/docs/api" },
    { route: "/docs/promptfoo", path: "/docs/promptfoo" },
    { route: "/docs/calibration", path: "/docs/calibration" },
    { route: "/login", path: "/login" },
    { route: "/register", path: "/register" },
  ];
  return { pages, cookie };
}
