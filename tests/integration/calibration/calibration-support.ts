// The calibration API tests' setup: console actors (workspace A and B) and a challenge of A with a
// published workflow on the offline model, plus route calls as A's owner or B's owner.
import { db } from "@/lib/db";
import { ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeApp, makePlayableChallenge } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

export const SECRET = "Quokka-77";

type Handler = Parameters<typeof call>[0];
export interface Req {
  method?: string;
  params: Record<string, string>;
  body?: unknown;
  query?: string;
}

/** A route call as `who` (cookie, same origin). */
export function asActor(who: { cookie: string }, handler: Handler, req: Req) {
  const path = `/console/api/x${req.query ? `?${req.query}` : ""}`;
  return call(handler, {
    method: req.method ?? (req.body !== undefined ? "POST" : "GET"),
    path,
    params: req.params,
    body: req.body,
    cookie: who.cookie,
    headers: ORIGIN,
  });
}

/** A challenge of workspace `workspaceId` whose workflow is published (unless publish: false). */
export async function challengeOf(
  workspaceId: string,
  opts: { publish?: boolean; withoutSecret?: boolean } = {},
) {
  const app = await makeApp({ workspaceId });
  const challenge = await makePlayableChallenge({}, { appId: app.id, secret: SECRET, publish: opts.publish });
  if (opts.withoutSecret)
    await db.challenge.update({ where: { id: challenge.id }, data: { secretRef: null } });
  return challenge;
}

/** An example written straight to the database (for tests of runs, not of the example routes). */
export function exampleRow(
  actors: ConsoleActors,
  challengeId: string,
  label: "win" | "no_win",
  text: string,
) {
  return db.calibrationExample.create({
    data: { workspaceId: actors.wsA.id, challengeId, label, source: "creator", text },
  });
}
