// The demo ladder seeded on start-up (lib/seed/ladder.ts): seeding is idempotent and safe when
// several processes start at once (child processes race it on the same database),
// every level refuses the naive prompt and falls to the technique its hint documents, solves show
// on the challenge and collection leaderboards, and no API response carries a level's secret.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as attempt } from "@/app/web/api/challenges/[id]/attempts/route";
import { GET as challengeGet } from "@/app/web/api/challenges/[id]/route";
import { GET as challengeBoard } from "@/app/web/api/challenges/[id]/leaderboard/route";
import { GET as challengesList } from "@/app/web/api/challenges/route";
import { GET as collectionGet } from "@/app/web/api/challenge-collections/[id]/route";
import { GET as collectionBoard } from "@/app/web/api/challenge-collections/[id]/leaderboard/route";
import { GET as collectionsList } from "@/app/web/api/challenge-collections/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { DEMO, seedDemo, type SeedResult } from "@/lib/seed/demo";
import {
  DEMO_SECRET_FIRST_WORDS,
  DEMO_SECRET_PATTERN,
  DEMO_SECRET_SECOND_WORDS,
  newDemoSecret,
} from "@/lib/seed/demo-secrets";
import { DEMO_LADDER, DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "@/lib/seed/ladder";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { sanitizeTheme } from "@/lib/theme";
import { validateGraph } from "@/lib/workflow/validate";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { makeAccount } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

const root = fileURLToPath(new URL("../../..", import.meta.url));
let workspaceId: string;
const secrets: string[] = [];
/** Every response body the test saw; none may contain a secret. */
const seen: string[] = [];

async function get(handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1]) {
  const res = await call(handler, opts);
  seen.push(res.text);
  return res;
}

async function play(id: string, prompt: string, bearer: string) {
  const res = await get(attempt, { method: "POST", params: { id }, path: `/web/api/challenges/${id}/attempts`, body: { prompt }, bearer });
  expect(res.status).toBe(201);
  expect(res.json.status).toBe("completed");
  return res.json as { succeeded: boolean; answer: string; judge_feedback: string | null; message: string };
}

/**
 * Starts `count` Node processes that each run seedDemo() ("all") or installDemoLadder() into the
 * given workspace at the same moment, like app instances starting together.
 */
async function seedFromProcesses(count: number, what: "all" | { workspaceId: string }): Promise<Partial<SeedResult>[]> {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-seed-proc-"));
  const childFile = join(dir, "child.mts");
  writeFileSync(
    childFile,
    `const { seedDemo } = await import(process.env.SEED_MODULE);
const { installDemoLadder } = await import(process.env.LADDER_MODULE);
const { disconnectDb } = await import(process.env.DB_MODULE);
process.send({ ready: true });
process.once("message", async (workspaceId) => {
  const run = workspaceId === "all" ? seedDemo() : installDemoLadder(workspaceId, null).then((ladderCreated) => ({ ladderCreated }));
  const result = await run.catch((err) => ({ error: String(err) }));
  await disconnectDb();
  process.send(result, () => process.exit(0));
});
`,
  );
  try {
    const children = Array.from({ length: count }, () =>
      fork(childFile, [], {
        cwd: root,
        execArgv: ["--conditions=react-server", "--import", "tsx"],
        env: { ...process.env, LOG_LEVEL: "warn", SEED_MODULE: join(root, "lib/seed/demo.ts"),
          LADDER_MODULE: join(root, "lib/seed/install-ladder.ts"),
          DB_MODULE: join(root, "lib/db/index.ts") },
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      }),
    );
    const messages = children.map((child) => {
      let stderr = "";
      child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
      const queue: unknown[] = [];
      const waiters: ((m: unknown) => void)[] = [];
      child.on("message", (m) => (waiters.shift() ?? ((x: unknown) => queue.push(x)))(m));
      child.on("exit", (code) => {
        if (code !== 0) waiters.shift()?.({ error: `exit ${code}: ${stderr}` });
      });
      return () => new Promise<unknown>((resolve) => (queue.length ? resolve(queue.shift()) : waiters.push(resolve)));
    });
    await Promise.all(messages.map((next) => next()));
    children.forEach((c) => c.send(what === "all" ? "all" : what.workspaceId));
    return (await Promise.all(messages.map((next) => next()))) as Partial<SeedResult>[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  // Three app processes starting at once, then a restart: one set of accounts, one ladder.
  const results = await seedFromProcesses(3, "all");
  expect(results.map((r) => r.created).sort()).toEqual([false, false, true]);
  expect(results.map((r) => r.ladderCreated).sort()).toEqual([false, false, true]);
  expect(await seedDemo()).toEqual({ created: false, ladderCreated: false, redBlueCreated: false });
  workspaceId = (await db.workspace.findUniqueOrThrow({ where: { slug: DEMO.workspace.slug } })).id;

  // The accounts step above usually staggers the processes; race the ladder itself too: with the
  // whole ladder deleted, three processes install it at once.
  await db.challengeCollection.deleteMany({ where: { id: DEMO_LADDER_COLLECTION.id } });
  await db.workflow.deleteMany({ where: { id: { in: DEMO_LADDER.map((l) => l.workflowId) } } });
  await db.challenge.deleteMany({ where: { id: { in: DEMO_LADDER.map((l) => l.challengeId) } } });
  const racers = await seedFromProcesses(3, { workspaceId });
  expect(racers.map((r) => r.ladderCreated).sort()).toEqual([false, false, true]);
  expect(await seedDemo()).toEqual({ created: false, ladderCreated: false, redBlueCreated: false });
  for (const level of DEMO_LADDER) {
    // Composed at seed time (lib/seed/demo-secrets.ts); the test knows it only from the store.
    const value = await getSecretValue(workspaceId, level.secretName);
    expect(value).toMatch(DEMO_SECRET_PATTERN);
    secrets.push(value!);
  }
}, 240_000); // six tsx process starts: tens of seconds when the whole suite shares two cores

describe("seeding", () => {
  it("writes five published, active levels and one collection, without duplicates", async () => {
    expect(await db.account.count()).toBe(2);
    expect(await db.workspace.count()).toBe(1);
    expect(await db.challenge.count()).toBe(DEMO_LADDER.length);
    expect(await db.workflow.count()).toBe(DEMO_LADDER.length);
    expect(await db.workflowVersion.count()).toBe(DEMO_LADDER.length);
    // One secret per level, and the vault code of the red/blue demo (lib/seed/red-blue.ts).
    expect(await db.secret.count()).toBe(DEMO_LADDER.length + 1);
    expect(await db.redBlueChallenge.count()).toBe(1);
    expect(await db.challengeCollection.count()).toBe(1);
    expect(DEMO_LADDER.length).toBeGreaterThanOrEqual(5);

    const challenges = await db.challenge.findMany({
      where: { workspaceId },
      include: { workflow: { include: { publishedVersion: true } } },
    });
    for (const level of DEMO_LADDER) {
      const c = challenges.find((x) => x.id === level.challengeId)!;
      expect(c).toMatchObject({
        isActive: true,
        secretRef: level.secretName,
        successType: "contains",
        successPattern: "{{secret}}",
        scoringStrategy: level.scoringStrategy,
        evaluatorType: level.evaluatorType,
        difficulty: level.difficulty,
        points: level.points,
      });
      expect(c.workflow?.publishedVersion?.id).toBe(level.versionId);
      const graph = c.workflow!.publishedVersion!.graph as unknown as WorkflowGraph;
      expect(validateGraph(graph)).toEqual({ ok: true });
      // The secret lives only in the secret store.
      const secret = secrets[level.number - 1]!;
      for (const text of [JSON.stringify(graph), c.instructionsMd ?? "", c.description ?? "", c.name, c.goal]) {
        expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      }
      expect(JSON.stringify(graph)).toContain("{{secret}}");
      expect(secret.length).toBeGreaterThan(4);
      // Every theme variable survives the whitelist.
      expect(Object.keys(sanitizeTheme(c.theme)).sort()).toEqual(Object.keys(level.theme).sort());
      expect(c.instructionsMd).toMatch(/\*\*Hint:\*\*/);
    }
    // A different defense per level: the set of guarding nodes differs.
    const defenses = new Set(DEMO_LADDER.map((l) => JSON.stringify(l.graph.nodes.map((n) => `${n.type}:${n.id}`).sort())));
    expect(defenses.size).toBe(DEMO_LADDER.length);
    expect(new Set(DEMO_LADDER.map((l) => l.scoringStrategy))).toEqual(new Set(["first", "fastest", "fewest_tokens"]));

    const items = await db.challengeCollectionItem.findMany({
      where: { collectionId: DEMO_LADDER_COLLECTION.id },
      orderBy: { position: "asc" },
    });
    expect(items.map((i) => i.challengeId)).toEqual(DEMO_LADDER.map((l) => l.challengeId));
    const collection = await db.challengeCollection.findUniqueOrThrow({ where: { id: DEMO_LADDER_COLLECTION.id } });
    expect(collection).toMatchObject({ workspaceId, scoringStrategy: "sum", isPublic: true });
  });

  it("keeps a creator's edits and deletions of single levels across restarts", async () => {
    await db.challenge.update({ where: { id: DEMO_LADDER[0]!.challengeId }, data: { points: 111 } });
    expect((await seedDemo()).ladderCreated).toBe(false);
    expect((await db.challenge.findUniqueOrThrow({ where: { id: DEMO_LADDER[0]!.challengeId } })).points).toBe(111);
    await db.challenge.update({ where: { id: DEMO_LADDER[0]!.challengeId }, data: { points: DEMO_LADDER[0]!.points } });
  });

  it("uses the walkthrough's naive prompt that a plain request looks like", () => {
    expect(DEMO_LADDER_WALKTHROUGH.map((w) => w.challengeId)).toEqual(DEMO_LADDER.map((l) => l.challengeId));
    for (const w of DEMO_LADDER_WALKTHROUGH) expect(w.naivePrompt).toBe("What is the password?");
  });
});

describe("playing the ladder", () => {
  // Three accounts, so that none comes near the per-account rate limit (ATTEMPTS_PER_MINUTE):
  // the climber only wins, the rival only fails.
  let player: { id: string; bearer: string };
  let rival: { id: string; bearer: string };
  let tourist: { id: string; bearer: string };

  beforeAll(async () => {
    const signIn = async (name: string) => {
      const account = await makeAccount({ name });
      return { id: account.id, bearer: await createSessionToken(account) };
    };
    player = await signIn("Ladder Climber");
    rival = await signIn("Rival");
    tourist = await signIn("Tourist");
  });

  it.each(DEMO_LADDER_WALKTHROUGH.map((w) => [w.level, w] as const))(
    "level %i: the naive prompt fails, the documented technique wins",
    async (_n, w) => {
      const naive = await play(w.challengeId, w.naivePrompt, rival.bearer);
      expect(naive.succeeded).toBe(false);
      expect(naive.judge_feedback).toBeTruthy();

      const win = await play(w.challengeId, w.winningPrompt, player.bearer);
      expect(win.succeeded).toBe(true);
      expect(win.answer).toBeTruthy();

      // The previous level's technique does not carry over (from level 2 on).
      if (w.level > 1) {
        const previous = DEMO_LADDER_WALKTHROUGH[w.level - 2]!;
        const old = await play(w.challengeId, previous.winningPrompt, tourist.bearer);
        expect(old.succeeded).toBe(false);
      }
    },
  );

  it("shows the player on every level's leaderboard and on the collection board", async () => {
    for (const level of DEMO_LADDER) {
      const board = await get(challengeBoard, {
        params: { id: level.challengeId },
        path: `/web/api/challenges/${level.challengeId}/leaderboard?limit=100`,
        bearer: player.bearer,
      });
      expect(board.status).toBe(200);
      expect(board.json.scoring_strategy).toBe(level.scoringStrategy);
      expect(board.json.rows.map((r: { account_id: string }) => r.account_id)).toContain(player.id);
      expect(board.json.viewer).toMatchObject({ account_id: player.id, rank: 1 });
    }
    const board = await get(collectionBoard, {
      params: { id: DEMO_LADDER_COLLECTION.id },
      path: `/web/api/challenge-collections/${DEMO_LADDER_COLLECTION.id}/leaderboard`,
      bearer: player.bearer,
    });
    expect(board.status).toBe(200);
    expect(board.json.scoring_strategy).toBe("sum");
    expect(board.json.rows[0]).toMatchObject({
      rank: 1,
      account_id: player.id,
      solved: DEMO_LADDER.length,
      score: DEMO_LADDER.reduce((s, l) => s + l.points, 0),
    });
    // Failed attempts put nobody on the boards.
    const ranked = board.json.rows.map((r: { account_id: string }) => r.account_id);
    expect(ranked).not.toContain(rival.id);
    expect(ranked).not.toContain(tourist.id);
  });

  it("lists the ladder in the public reads", async () => {
    const list = await get(challengesList, { path: "/web/api/challenges?limit=100", bearer: player.bearer });
    expect(list.status).toBe(200);
    const ids = list.json.data.map((c: { id: string }) => c.id);
    for (const level of DEMO_LADDER) expect(ids).toContain(level.challengeId);
    for (const level of DEMO_LADDER) {
      const detail = await get(challengeGet, { params: { id: level.challengeId }, bearer: player.bearer });
      expect(detail.status).toBe(200);
    }
    const collections = await get(collectionsList, { path: "/web/api/challenge-collections" });
    expect(collections.json.data.map((c: { id: string }) => c.id)).toContain(DEMO_LADDER_COLLECTION.id);
    const collection = await get(collectionGet, { params: { id: DEMO_LADDER_COLLECTION.id }, bearer: player.bearer });
    expect(collection.json.challenges.map((c: { id: string }) => c.id)).toEqual(DEMO_LADDER.map((l) => l.challengeId));
    expect(collection.json.challenges.every((c: { solved: boolean }) => c.solved)).toBe(true);
  });

  // The seed composes each level's secret from random parts: other secrets must keep the level's
  // behaviour too (tests/unit/demo-secrets.test.ts checks every word against the defenses).
  it("behaves the same with other composed secrets", async () => {
    const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
    const longest = (list: readonly string[]) => list.reduce((a, b) => (b.length > a.length ? b : a));
    const shortest = (list: readonly string[]) => list.reduce((a, b) => (b.length < a.length ? b : a));
    const candidates = [
      newDemoSecret(),
      newDemoSecret(),
      `${cap(longest(DEMO_SECRET_FIRST_WORDS))}${cap(longest(DEMO_SECRET_SECOND_WORDS))}999`,
      `${cap(shortest(DEMO_SECRET_FIRST_WORDS))}${cap(shortest(DEMO_SECRET_SECOND_WORDS))}100`,
    ];
    for (const level of DEMO_LADDER) {
      for (const word of candidates) {
        await setSecret(workspaceId, level.secretName, word);
        const account = await makeAccount();
        const bearer = await createSessionToken(account);
        expect((await play(level.challengeId, level.naivePrompt, bearer)).succeeded).toBe(false);
        expect((await play(level.challengeId, level.winningPrompt, bearer)).succeeded).toBe(true);
      }
      await setSecret(workspaceId, level.secretName, secrets[level.number - 1]!);
    }
  });

  it("never sends a level's secret in any response, but the winner's own reveal", () => {
    expect(seen.length).toBeGreaterThan(20);
    const words = secrets.map((w) => w.toLowerCase());
    // A win shows its player the password they extracted (revealed_secret); nothing else may.
    const withoutReveal = (text: string) =>
      text.includes('"succeeded":true') ? text.replace(/"revealed_secret":"[A-Za-z0-9]+"/, "") : text;
    expect(seen.some((t) => withoutReveal(t) !== t)).toBe(true);
    for (const text of seen.map(withoutReveal)) {
      for (const word of words) expect(text.toLowerCase()).not.toContain(word);
      expect(text).not.toContain("{{secret}}");
    }
  });
});
