import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ATTEMPTS_PAGE_SIZE, getDashboard, listChallengeAttempts } from "@/lib/services/console-dashboard";
import { setSecret } from "@/lib/services/secrets";
import {
  makeAccount,
  makeAttempt,
  makeChallenge,
  makeEndUser,
  makeWorkflow,
  makeWorkflowRun,
  makeWorkspace,
} from "@/tests/helpers/factories";

const SECRET = "tangerine-747";

let ws: string;
let other: string;
let busy: { id: string };
let alice: { id: string; endUser: string };
let bob: { id: string; endUser: string };

beforeAll(async () => {
  ws = (await makeWorkspace()).id;
  other = (await makeWorkspace()).id;
  await setSecret(ws, "DASH_FLAG", SECRET);
  busy = await makeChallenge({ workspaceId: ws, name: "Busy", secretRef: "DASH_FLAG" });
  await makeChallenge({ workspaceId: ws, name: "Quiet", isActive: false });
  const a = await makeAccount({ name: "Alice Attacker" });
  const b = await makeAccount({ name: "Bob Breaker" });
  alice = { id: a.id, endUser: (await makeEndUser({ workspaceId: ws, accountId: a.id })).id };
  bob = { id: b.id, endUser: (await makeEndUser({ workspaceId: ws, accountId: b.id })).id };

  // Busy: Alice fails twice then succeeds (with a traced run); Bob fails once and errors once;
  // one pending attempt that must not count.
  const workflow = await makeWorkflow({ workspaceId: ws });
  const run = await makeWorkflowRun({ workflowId: workflow.id, status: "succeeded" });
  await db.workflowNodeRun.createMany({
    data: [
      { runId: run.id, nodeId: "start", nodeType: "start", index: 0, status: "succeeded", outputs: { prompt: "hi" } },
      // Written before masking existed for this value: the browser masks it again.
      { runId: run.id, nodeId: "llm", nodeType: "llm", index: 1, status: "succeeded", outputs: { text: `it is ${SECRET}` }, tokens: 12 },
    ],
  });
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  await makeAttempt({ challengeId: busy.id, endUserId: alice.endUser, succeeded: false, createdAt: at(1) });
  await makeAttempt({ challengeId: busy.id, endUserId: alice.endUser, succeeded: false, createdAt: at(2) });
  const win = await makeAttempt({
    challengeId: busy.id,
    endUserId: alice.endUser,
    succeeded: true,
    score: 100,
    response: `The password is ${SECRET}`,
    judgeFeedback: `Revealed ${SECRET.toUpperCase()}`,
    judgeOutputRaw: { raw: { note: SECRET } },
    workflowRunId: run.id,
    createdAt: at(3),
  });
  await db.challengeLeaderboardEntry.create({
    data: { challengeId: busy.id, endUserId: alice.endUser, accountId: alice.id, bestAttemptId: win.id, achievedAt: at(3), score: 100 },
  });
  await makeAttempt({ challengeId: busy.id, endUserId: bob.endUser, succeeded: false, createdAt: at(4) });
  await makeAttempt({ challengeId: busy.id, endUserId: bob.endUser, status: "errored", createdAt: at(5) });
  await makeAttempt({ challengeId: busy.id, endUserId: bob.endUser, status: "pending", createdAt: at(6) });
  // Another workspace's activity never shows up here.
  await makeAttempt({ workspaceId: other, succeeded: true });
});

describe("console dashboard", () => {
  it("counts attempts, solves and solvers per challenge, and lists recent attempts newest first", async () => {
    const data = await getDashboard(ws);
    expect(data.totals).toEqual({ challenges: 2, activeChallenges: 1, attempts: 5, solves: 1, players: 2 });
    const byName = Object.fromEntries(data.challenges.map((c) => [c.name, c]));
    expect(byName.Busy).toMatchObject({ attempts: 5, solves: 1, solvers: 1, isActive: true });
    expect(byName.Quiet).toMatchObject({ attempts: 0, solves: 0, solvers: 0, isActive: false });
    expect(data.recent.map((r) => r.status)).toEqual(["errored", "completed", "completed", "completed", "completed"]);
    expect(data.recent[0]).toMatchObject({ challengeName: "Busy", player: "Bob Breaker" });
  });

  it("is empty for a workspace with nothing in it", async () => {
    const data = await getDashboard((await makeWorkspace()).id);
    expect(data).toEqual({
      totals: { challenges: 0, activeChallenges: 0, attempts: 0, solves: 0, players: 0 },
      challenges: [],
      recent: [],
    });
  });
});

describe("attempt browser", () => {
  it("filters by status, result and player", async () => {
    expect((await listChallengeAttempts(ws, busy.id)).total).toBe(6);
    expect((await listChallengeAttempts(ws, busy.id, { status: "errored" })).total).toBe(1);
    expect((await listChallengeAttempts(ws, busy.id, { passed: true })).attempts.map((a) => a.player)).toEqual(["Alice Attacker"]);
    expect((await listChallengeAttempts(ws, busy.id, { passed: false, status: "completed" })).total).toBe(3);
    const bobs = await listChallengeAttempts(ws, busy.id, { player: "Bob" });
    expect(bobs.total).toBe(3);
    expect(bobs.attempts.every((a) => a.player === "Bob Breaker")).toBe(true);
    expect((await listChallengeAttempts(ws, busy.id, { player: "nobody at all" })).total).toBe(0);
  });

  it("masks the challenge secret in answers, feedback, raw judge output and node runs", async () => {
    const page = await listChallengeAttempts(ws, busy.id, { passed: true });
    const win = page.attempts[0]!;
    expect(win.response).toBe("The password is [masked]");
    expect(win.judgeFeedback).toBe("Revealed [masked]");
    expect(win.judgeOutputRaw).toEqual({ raw: { note: "[masked]" } });
    expect(win.run?.nodeRuns.map((n) => n.nodeId)).toEqual(["start", "llm"]);
    expect(win.run?.nodeRuns[1]?.outputs).toEqual({ text: "it is [masked]" });
    expect(JSON.stringify(page).toLowerCase()).not.toContain(SECRET);
  });

  it("pages through attempts newest first and clamps the page number", async () => {
    const many = await makeChallenge({ workspaceId: ws });
    const eu = await makeEndUser({ workspaceId: ws });
    await db.challengeAttempt.createMany({
      data: Array.from({ length: ATTEMPTS_PAGE_SIZE + 5 }, (_, i) => ({
        workspaceId: ws,
        challengeId: many.id,
        endUserId: eu.id,
        accountId: eu.accountId,
        prompt: `p${i}`,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)),
      })),
    });
    const first = await listChallengeAttempts(ws, many.id);
    expect(first).toMatchObject({ total: ATTEMPTS_PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.attempts[0]?.prompt).toBe(`p${ATTEMPTS_PAGE_SIZE + 4}`);
    const second = await listChallengeAttempts(ws, many.id, { page: 2 });
    expect(second.attempts.map((a) => a.prompt)).toEqual(["p4", "p3", "p2", "p1", "p0"]);
    expect((await listChallengeAttempts(ws, many.id, { page: 99 })).page).toBe(2);
  });

  it("treats another workspace's challenge as not found", async () => {
    const err = await listChallengeAttempts(other, busy.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });
});
