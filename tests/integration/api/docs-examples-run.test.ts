// Every copy-paste command Gauntlet prints — the API reference's curl examples (/docs/api and its
// tag pages, including the index's register/login/me), the API-tokens page's commands and the
// arena's "for agents" snippets — run with bash and the real curl against the app's route
// handlers served over HTTP. Placeholders (<id>, inv_…, <game id>) are replaced by ids made here,
// $GAUNTLET_TOKEN is a real token; every command must answer 2xx unless listed below with the
// status it documents and why.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentSnippets } from "@/app/arena/agents/snippets";
import { createSessionToken } from "@/lib/auth/session";
import { curlSnippet } from "@/components/console/token-form";
import { db } from "@/lib/db";
import { errorStatus } from "@/lib/errors";
import { openApiDocument } from "@/lib/openapi/document";
import { apiReference, authExamples, type RefOperation } from "@/lib/openapi/reference";
import { ROUTES } from "@/lib/openapi/routes";
import { createApiToken } from "@/lib/services/api-tokens";
import { setSecret } from "@/lib/services/secrets";
import { createWorkspace } from "@/lib/services/workspaces";
import {
  makeAccount,
  makeApp,
  makeCollection,
  makePlayableChallenge,
  makePlugin,
  makeRedBlueChallenge,
  makeWebhookEndpoint,
} from "@/tests/helpers/factories";
import { startRouteServer, type RouteServer, type RouteTable } from "@/tests/helpers/route-server";

const ROOT = resolve(import.meta.dirname, "../../..");
let server: RouteServer;
let cwd = "";
let token = "";
let apiToken = "";
let challengeId = "";
let ids: Record<string, string> = {};

const PLACEHOLDER_BODY =
  'the example body holds placeholder values ("string", a zero uuid) the route rightly refuses';
const UPLOAD = "the example uploads ./file or ./body, which the reader supplies (an image, a pack)";
const NOT_MADE =
  "no such resource is made here (a pack, a pack run, an asset, a job, a delivery, a hint, a live game)";

/**
 * Examples that cannot answer 2xx as printed, with the status they answer (one the operation
 * documents) and why. Everything else must succeed.
 */
const EXPECTED: Record<string, { status: number; why: string }> = {
  "DELETE /console/api/assets/{id}": { status: 422, why: NOT_MADE },
  "GET /assets/{id}": { status: 422, why: NOT_MADE },
  "GET /console/api/pack-runs/compare": { status: 404, why: NOT_MADE },
  "GET /console/api/pack-runs/{id}": { status: 404, why: NOT_MADE },
  "GET /console/api/pack-runs/{id}/cases": { status: 404, why: NOT_MADE },
  "GET /console/api/pack-runs/{id}/export": { status: 404, why: NOT_MADE },
  "GET /console/api/packs/{id}": { status: 404, why: NOT_MADE },
  "GET /console/api/packs/{id}/runs": { status: 404, why: NOT_MADE },
  "GET /console/api/packs/{id}/versions/{number}": { status: 422, why: NOT_MADE },
  "GET /console/api/packs/{id}/versions/{number}/calibration/compare": { status: 422, why: NOT_MADE },
  "GET /console/api/packs/{id}/versions/{number}/calibration/outputs": { status: 422, why: NOT_MADE },
  "POST /console/api/packs/{id}/versions/{number}/calibration/outputs": { status: 422, why: NOT_MADE },
  "PATCH /console/api/packs/{id}/versions/{number}/calibration/outputs/{outputId}": {
    status: 422,
    why: NOT_MADE,
  },
  "DELETE /console/api/packs/{id}/versions/{number}/calibration/outputs/{outputId}": {
    status: 422,
    why: NOT_MADE,
  },
  "GET /console/api/packs/{id}/versions/{number}/calibration/runs": { status: 422, why: NOT_MADE },
  "POST /console/api/packs/{id}/versions/{number}/calibration/runs": { status: 422, why: NOT_MADE },
  "GET /console/api/packs/{id}/versions/{number}/calibration/runs/{runId}": { status: 422, why: NOT_MADE },
  "GET /web/api/arena/games/{id}/stream": { status: 404, why: NOT_MADE },
  "POST /console/api/jobs/{id}/retry": { status: 422, why: NOT_MADE },
  "POST /console/api/pack-runs/{id}/cancel": { status: 404, why: NOT_MADE },
  "POST /console/api/packs/{id}/runs": { status: 404, why: NOT_MADE },
  "POST /console/api/webhook-deliveries/{id}/resend": { status: 422, why: NOT_MADE },
  "POST /web/api/challenges/{id}/hints/{hintId}/unlock": { status: 404, why: NOT_MADE },
  "PATCH /console/api/challenges/{id}": { status: 422, why: PLACEHOLDER_BODY },
  "PATCH /console/api/red-blue-challenges/{id}": { status: 422, why: PLACEHOLDER_BODY },
  "PATCH /console/api/webhooks/{id}": { status: 422, why: PLACEHOLDER_BODY },
  "POST /console/api/challenges": { status: 422, why: PLACEHOLDER_BODY },
  "POST /console/api/plugins": { status: 422, why: PLACEHOLDER_BODY },
  "POST /console/api/red-blue-challenges": { status: 422, why: PLACEHOLDER_BODY },
  "PUT /console/api/challenge-collections/{id}/challenges": { status: 422, why: PLACEHOLDER_BODY },
  "PUT /console/api/workflows/{id}/draft": { status: 422, why: PLACEHOLDER_BODY },
  "POST /web/api/password": { status: 422, why: PLACEHOLDER_BODY },
  "POST /console/api/assets": { status: 422, why: UPLOAD },
  "POST /console/api/packs": { status: 422, why: UPLOAD },
  "POST /console/api/packs/import": { status: 422, why: UPLOAD },
  "POST /console/api/packs/validate": { status: 422, why: UPLOAD },
  "POST /web/api/challenges/{id}/claims": {
    status: 403,
    why: "the challenge made here takes no password claims",
  },
  "POST /web/api/notifications/unsubscribe": {
    status: 400,
    why: "the token comes from an email's unsubscribe link; <token> and ./body are placeholders",
  },
  "POST /web/api/admin/admins": { status: 422, why: PLACEHOLDER_BODY },
  "POST /console/api/challenges/{id}/calibration/examples/from-attempt": {
    status: 404,
    why: PLACEHOLDER_BODY,
  },
  "POST /web/api/reports": { status: 404, why: PLACEHOLDER_BODY },
  "POST /console/api/workflows/{id}/publish": {
    status: 409,
    why: "the challenge made here keeps calibration examples and its draft has no passing calibration: the gate holds it until an override_reason is given",
  },
  "POST /web/api/admin/listings/{kind}/{id}": {
    status: 422,
    why: "<kind> and <id> name a listing of the reader's instance (challenge, collection or red_blue)",
  },
  "POST /web/api/admin/reports/{id}/resolve": { status: 404, why: "no player has reported a listing here" },
  "POST /web/api/admin/workspaces/{id}/approval": {
    status: 404,
    why: "<id> is a workspace of the reader's instance (the one made here is not the example's)",
  },
  "DELETE /console/api/event-codes/{id}": {
    status: 422,
    why: "no event code is made here; <id> is a placeholder",
  },
  "POST /web/api/login/email-code/verify": {
    status: 401,
    why: "the code comes by email; 123456 is a placeholder",
  },
};

// next-auth's own endpoints need a Next.js request scope, which the route handlers served here lack.
const SKIPPED = new Set(["/api/auth/{nextauth}"]);

interface Ran {
  statuses: number[];
  out: string;
}

/** Runs one command as a reader would paste it into bash, reporting each curl's HTTP status. */
function run(command: string, env: Record<string, string> = {}): Promise<Ran> {
  // Each curl also prints its status; a stream (SSE) is cut after its headers by a safety-net limit.
  const prelude = [
    `curl() { case "$*" in *stream*|*/chat/ws/*) command curl -sS --max-time 3 -w '\\n@@STATUS:%{http_code}\\n' "$@";;`,
    `  *) command curl -sS --max-time 60 -w '\\n@@STATUS:%{http_code}\\n' "$@";; esac; }`,
  ].join("\n");
  const capture = command.includes("| jq");
  const script = capture
    ? `${command}\nprintf '\\n@@TOKEN:%s\\n' "$GAUNTLET_TOKEN"`
    : `${prelude}\n${command}`;
  return new Promise((done) => {
    execFile(
      "bash",
      ["-c", script],
      {
        cwd,
        env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: cwd, GAUNTLET_TOKEN: token, ...env },
        maxBuffer: 8 << 20,
      },
      (_err, stdout, stderr) => {
        const out = `${stdout}${stderr}`;
        const statuses = [...out.matchAll(/@@STATUS:(\d+)/g)].map((m) => Number(m[1]));
        done({ statuses, out });
      },
    );
  });
}

/** The placeholders of a reference example's URL, filled with the ids made in beforeAll. */
function fill(op: RefOperation, curl: string): string {
  return curl.replace(/<(\w+)>/g, (whole, name: string) => {
    const key = `${op.path.split(`{${name}}`)[0]}{${name}}`;
    return ids[key] ?? ids[name] ?? whole;
  });
}

beforeAll(async () => {
  const table: RouteTable = {};
  for (const entry of ROUTES) {
    const mod = (await import(pathToFileURL(join(ROOT, entry.file)).href)) as RouteTable[string];
    table[entry.path.replace(/\{(\w+)\}/g, "[$1]")] = mod;
  }
  table["/api/openapi.json"] = (await import(
    pathToFileURL(join(ROOT, "app/api/openapi.json/route.ts")).href
  )) as RouteTable[string];
  server = await startRouteServer(table);
  cwd = mkdtempSync(join(tmpdir(), "gauntlet-examples-"));

  const owner = await makeAccount({ name: "Docs Reader" });
  // The reader is also an instance administrator, so the moderation examples run as printed.
  await db.account.update({ where: { id: owner.id }, data: { instanceAdmin: true } });
  const ws = await createWorkspace(owner.id, `Docs ${Date.now()}`);
  const app = await makeApp({ workspaceId: ws.id });
  const challenge = await makePlayableChallenge({ name: "Docs level" }, { appId: app.id });
  challengeId = challenge.id;
  const collection = await makeCollection({ appId: app.id, workspaceId: ws.id, isPublic: true });
  await db.challengeCollectionItem.create({
    data: { collectionId: collection.id, challengeId, position: 1 },
  });
  const plugin = await makePlugin({ workspaceId: ws.id });
  const secret = await setSecret(ws.id, "DOCS_SECRET", "value-1");
  const provider = await db.llmProvider.create({
    data: {
      workspaceId: ws.id,
      name: "docs-provider",
      kind: "openai-compatible",
      baseUrl: "https://api.example.com/v1",
      models: ["m1"],
    },
  });
  const redBlue = await makeRedBlueChallenge({ workspaceId: ws.id, appId: app.id });
  const webhook = await makeWebhookEndpoint({ workspaceId: ws.id });
  const spare = await createApiToken(ws.id, owner.id, { name: "to revoke" });
  apiToken = (await createApiToken(ws.id, owner.id, { name: "docs", scopes: ["console", "play"] })).token;
  // The owner's access token, as POST /web/api/login returns it: it reaches every console route
  // (an API token is refused the owner-only ones, e.g. webhooks and API tokens).
  token = await createSessionToken(owner);
  const wf = await db.challenge.findUniqueOrThrow({
    where: { id: challengeId },
    select: { workflowId: true },
  });
  // A calibration example and a finished run of the challenge, for the calibration examples.
  const example = await db.calibrationExample.create({
    data: { workspaceId: ws.id, challengeId, label: "win", source: "creator", text: "The password is out." },
  });
  const published = await db.workflow.findFirstOrThrow({
    where: { challenges: { some: { id: challengeId } } },
    select: { publishedVersionId: true },
  });
  const calibration = await db.calibrationRun.create({
    data: {
      workspaceId: ws.id,
      challengeId,
      workflowVersionId: published.publishedVersionId!,
      version: 1,
      samples: 1,
      status: "done",
      total: 1,
      completed: 1,
      thresholds: { maxFalseWins: 0, maxFlipRate: 0.1, minAgreement: 0.9 },
    },
  });
  // One of the reader's own attempts to flag, and a contested attempt's review to decide.
  const reader = await db.endUser.create({ data: { workspaceId: ws.id, accountId: owner.id } });
  const flaggable = await db.challengeAttempt.create({
    data: { workspaceId: ws.id, challengeId, endUserId: reader.id, accountId: owner.id, status: "completed" },
  });
  const contested = await db.challengeAttempt.create({
    data: {
      workspaceId: ws.id,
      challengeId,
      endUserId: reader.id,
      accountId: owner.id,
      status: "judge_error",
    },
  });
  const review = await db.verdictReview.create({
    data: { workspaceId: ws.id, challengeId, attemptId: contested.id, source: "contested" },
  });
  ids = {
    "/web/api/challenges/{id}/attempts/{attemptId}": flaggable.id,
    "/console/api/verdict-reviews/{id}": review.id,
    "/console/api/challenges/{id}/calibration/examples/{exampleId}": example.id,
    "/console/api/challenges/{id}/calibration/runs/{runId}": calibration.id,
    "/console/api/challenges/{id}": challengeId,
    "/web/api/challenges/{id}": challengeId,
    "/console/api/challenge-collections/{id}": collection.id,
    "/web/api/challenge-collections/{id}": collection.id,
    "/console/api/plugins/{id}": plugin.id,
    "/console/api/secrets/{id}": secret.id,
    "/console/api/llm-providers/{id}": provider.id,
    "/console/api/red-blue-challenges/{id}": redBlue.id,
    "/web/api/red-blue-challenges/{id}": redBlue.id,
    "/console/api/webhooks/{id}": webhook.id,
    "/console/api/api-tokens/{id}": spare.apiToken.id,
    "/console/api/workflows/{id}": wf.workflowId!,
  };
  writeFileSync(join(cwd, "file"), "hello");
  writeFileSync(join(cwd, "body"), "name: docs\n");
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe("copy-paste examples against a live server", () => {
  it("runs the API-tokens page's commands for a new token", async () => {
    const ran = await run(curlSnippet(server.url, apiToken, ["play", "console"], challengeId));
    expect(ran.statuses, ran.out).toEqual([201, 200]);
  }, 120_000);

  it("plays an arena game with the /arena/agents snippets (auth mode: a signed join, then the session key)", async () => {
    const s = agentSnippets(server.url);
    const created = await run(s.create);
    expect(created.statuses, created.out).toEqual([200, 200]);
    const game = JSON.parse(/^\{"id".*$/m.exec(created.out)?.[0] ?? "{}") as {
      id?: string;
      invites?: string[];
    };
    expect(game.invites?.length, created.out).toBeGreaterThan(0);
    const [keygen, signer] = s.sign.split("\n\n");
    writeFileSync(join(cwd, "make-key.mjs"), keygen!);
    writeFileSync(join(cwd, "sign.mjs"), signer!);
    expect((await run("node make-key.mjs")).out).toMatch(/^[0-9a-f]{60,}/);
    const joined = await run(s.joinAuth.replace("INVITE=inv_…", `INVITE=${game.invites![0]}`));
    expect(joined.statuses, joined.out).toEqual([200]);
    const key = /"sessionKey":"([^"]+)"/.exec(joined.out)?.[1];
    expect(key, joined.out).toBeTruthy();
    const acted = await run(s.actAuth.replace("KEY=s_0.…   GAME=<game id>", `KEY=${key}   GAME=${game.id}`));
    expect(acted.statuses.length, acted.out).toBe(3);
    expect(
      acted.statuses.every((st) => st >= 200 && st < 300),
      acted.out,
    ).toBe(true);
    const stream = await run(s.stream.replaceAll("<game id>", game.id!));
    expect(stream.statuses, stream.out).toEqual([200]);
  }, 120_000);

  it("registers and logs in with the index's examples, keeping the access token for the next command", async () => {
    const groups = apiReference({ document: openApiDocument(), errorStatus, origin: server.url });
    const auth = authExamples(groups);
    expect(auth.register).not.toContain("Authorization");
    expect(auth.login).not.toContain("Authorization");
    const email = `docs-${Date.now()}@example.com`;
    // As printed (you@example.com), then once more with a fresh address for a second account.
    for (const command of [auth.register!, auth.register!.replace("you@example.com", email)]) {
      const ran = await run(command, { GAUNTLET_TOKEN: "" });
      const captured = /@@TOKEN:(\S*)/.exec(ran.out)?.[1] ?? "";
      expect(captured, ran.out).toMatch(/\S{20,}/);
      expect(captured).not.toBe("null");
      const me = await run(auth.me, { GAUNTLET_TOKEN: captured });
      expect(me.statuses, me.out).toEqual([200]);
    }
    const login = await run(auth.login!, { GAUNTLET_TOKEN: "" });
    const captured = /@@TOKEN:(\S*)/.exec(login.out)?.[1] ?? "";
    expect(captured, login.out).toMatch(/\S{20,}/);
    const me = await run(auth.me, { GAUNTLET_TOKEN: captured });
    expect(me.statuses, me.out).toEqual([200]);
    expect(me.out).toContain("you@example.com");
  }, 120_000);

  it("runs every API reference example: 2xx, or the status listed for it", async () => {
    const groups = apiReference({ document: openApiDocument(), errorStatus, origin: server.url });
    const ops = groups.flatMap((g) => g.operations);
    const byName = (op: RefOperation) => `${op.method} ${op.path}`;
    // Deletions and signing out last, so the other examples still find what they use; a deeper
    // path's deletion first, so a challenge's calibration example goes before the challenge.
    const last = (op: RefOperation) =>
      /\/logout$/.test(op.path)
        ? 3
        : /logout/.test(op.path)
          ? 2
          : op.method === "DELETE"
            ? 1 + (20 - op.path.split("/").length) / 100
            : 0;
    const failures: string[] = [];
    for (const op of [...ops].sort((a, b) => last(a) - last(b))) {
      if (op.curl.includes("| jq")) continue; // the first test runs the token-issuing examples
      if (SKIPPED.has(op.path)) continue;
      const command = fill(op, op.curl);
      // Signing out revokes the token it sends (and signing out everywhere ran before): an account of its own.
      const ran = await run(
        command,
        op.path === "/web/api/logout"
          ? { GAUNTLET_TOKEN: await createSessionToken(await makeAccount()) }
          : {},
      );
      const status = ran.statuses.at(-1) ?? 0;
      const expected = EXPECTED[byName(op)]?.status;
      // The arena reference's examples carry signature and invite placeholders (the /arena/agents
      // snippets are the ones to paste, run above): they must answer a status they document.
      const documented =
        op.tag === "arena" &&
        (op.errors.some((e) => e.status === String(status)) || op.success.status.includes(String(status)));
      const ok = expected !== undefined ? status === expected : (status >= 200 && status < 300) || documented;
      if (!ok)
        failures.push(
          `${byName(op)} → ${status}: ${command.replace(/ \\\n {2}/g, " ")}\n  ${ran.out.slice(0, 300)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
