import { randomUUID } from "node:crypto";
import type { ZodType } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type consolePairingsResponse,
  redBlueConsoleOperations,
  type RedBlueChallengeView,
} from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { createRedBlueChallenge } from "@/lib/services/red-blue";
import { setSecret } from "@/lib/services/secrets";
import { consoleActors, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { makeApp, makePlugin, makeWorkflow } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

// Console red/blue challenge tests (red-blue-console*.test.ts): two workspaces with secrets, apps,
// workflows and plugins, a viewer of A, and calls as A's owner or the viewer. Every body is kept
// (per test file) for the file's closing secret scan.

const SECRET = "Vault-Code-Pangolin-913";
const OTHER_SECRET = "Beta-Only-Secret-77";

// The operations' documented response schemas (the same objects the OpenAPI document is built from).
export const challengeResponse = redBlueConsoleOperations.get.doc!.response as ZodType<{
  red_blue_challenge: RedBlueChallengeView;
}>;
export const listResponse = redBlueConsoleOperations.list.doc!.response as ZodType<{
  data: RedBlueChallengeView[];
}>;
export const pairingsResponse = redBlueConsoleOperations.pairings.doc!
  .response as typeof consolePairingsResponse;

/** What consoleFixtures() sets up before the file's tests. */
export const fx = {
  a: undefined as unknown as ConsoleActors,
  viewerCookie: "",
  /** A's first app, a second app of A, B's app. */
  appA: "",
  appA2: "",
  appB: "",
  workflowA: "",
  workflowB: "",
  /** A challenge of workspace B. */
  rbB: "",
};
const bodies: string[] = [];

type Handler = Parameters<typeof call>[0];
type Opts = Parameters<typeof call>[1];
export async function as(opts: Opts, handler: Handler) {
  const res = await call(handler, opts);
  bodies.push(res.text);
  return res;
}
export const asA = (handler: Handler, opts: Opts = {}) =>
  as({ cookie: fx.a.ownerA.cookie, headers: ORIGIN, ...opts }, handler);
export const asViewer = (handler: Handler, opts: Opts = {}) =>
  as({ cookie: fx.viewerCookie, headers: ORIGIN, ...opts }, handler);

export const base = () => ({
  app_id: fx.appA,
  name: "Vault Guard",
  settings: { model: "offline:level-1", secret_ref: "RB_SECRET" },
});

export function consoleFixtures() {
  beforeAll(async () => {
    const a = (fx.a = await consoleActors());
    const viewer = await db.account.create({
      data: { email: `viewer-${randomUUID()}@example.test`, name: "viewer" },
    });
    await db.membership.create({ data: { workspaceId: a.wsA.id, accountId: viewer.id, role: "viewer" } });
    const { createSessionToken, sessionCookieName } = await import("@/lib/auth/session");
    fx.viewerCookie = `${sessionCookieName()}=${await createSessionToken(viewer)}`;
    await setSecret(a.wsA.id, "RB_SECRET", SECRET);
    await setSecret(a.wsB.id, "B_ONLY", OTHER_SECRET);
    fx.appA = (await db.app.findFirstOrThrow({ where: { workspaceId: a.wsA.id } })).id;
    fx.appA2 = (await makeApp({ workspaceId: a.wsA.id })).id;
    fx.appB = (await makeApp({ workspaceId: a.wsB.id })).id;
    fx.workflowA = (await makeWorkflow({ workspaceId: a.wsA.id, appId: fx.appA })).id;
    fx.workflowB = (await makeWorkflow({ workspaceId: a.wsB.id, appId: fx.appB })).id;
    fx.rbB = (
      await createRedBlueChallenge(a.wsB.id, a.ownerB.id, {
        app_id: fx.appB,
        name: "Beta game",
        settings: { model: "offline:level-1", secret_ref: "B_ONLY" },
      })
    ).id;
    await makePlugin({
      workspaceId: a.wsA.id,
      pluginId: "rb-score",
      kind: "scorer",
      code: "export function score() { return { score: 1 }; }",
      entrypoints: ["score"],
    });
    await makePlugin({ workspaceId: a.wsA.id, pluginId: "rb-eval", kind: "evaluator" });
  });
}

/** The file's last test: none of its console responses (more than `minBodies`) carries a secret value. */
export function secretsSuite(minBodies: number) {
  describe("secrets", () => {
    it("no console response carries a secret value", () => {
      expect(bodies.length).toBeGreaterThan(minBodies);
      for (const text of bodies) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(OTHER_SECRET);
      }
    });
  });
}
