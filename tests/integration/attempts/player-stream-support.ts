// The player's view of a streamed attempt, shared by the player-stream tests: reading the SSE
// answer of POST /web/api/challenges/{id}/attempts and the checks every played stream must pass.
import { expect } from "vitest";
import { POST as attempt } from "@/app/web/api/challenges/[id]/attempts/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { makeAccount } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? "",
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null") as Record<string, unknown>,
    }));
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const reverse = (s: string) => [...s].reverse().join("");
const rot13 = (s: string) =>
  s.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

/** The forms of `secret` that `text` contains. */
export function formsIn(text: string, secret: string): string[] {
  const flat = squash(text);
  const s = squash(secret);
  const found: string[] = [];
  if (text.toLowerCase().includes(secret.toLowerCase())) found.push("literal");
  if (flat.includes(s)) found.push("separated"); // spelled T-A-N-G…, spaced, dotted…
  if (flat.includes(reverse(s))) found.push("reversed");
  if (flat.includes(squash(rot13(secret)))) found.push("rot13");
  if (flat.includes(Buffer.from(secret).toString("hex").toLowerCase())) found.push("hex");
  if (text.includes(Buffer.from(secret).toString("base64").replace(/=+$/, ""))) found.push("base64");
  return found;
}

const ATTEMPT_KEYS = [
  "attempt_id",
  "challenge_id",
  "status",
  "succeeded",
  "score",
  "judge_rating",
  "judge_feedback",
  "message",
  "answer",
  "tokens_total",
  "elapsed_ms",
  "attempts_left",
  "cooldown_until",
  "first_blood",
  "personal_best",
  "replayed",
  "reproduction",
  "created_at",
  "creator_message",
  "revealed_secret",
];
const PLAYER_KEYS: Record<string, string[]> = {
  run_started: ["type"],
  progress: ["message", "stage", "type"],
  answer_delta: ["delta", "type"],
  answer: ["text", "type"],
  reproducing: ["done", "message", "runs", "type"],
};

export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

export interface Played {
  events: SseEvent[];
  text: string;
  /** The text of every event before the attempt: what the page shows while the run goes on. */
  live: string;
  deltas: string[];
  result: { answer: string | null; succeeded: boolean; status: string; attempt_id: string };
}

export async function playStream(challengeId: string, prompt: string): Promise<Played> {
  // A fresh player per attempt keeps clear of the per-account rate limit.
  const bearer = await createSessionToken(await makeAccount());
  const res = await call(attempt, {
    method: "POST",
    params: { id: challengeId },
    path: `/web/api/challenges/${challengeId}/attempts`,
    body: { prompt },
    bearer,
    headers: { accept: "text/event-stream" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events = parseSse(res.text);
  const last = events.at(-1)!;
  expect(last.event).toBe("attempt");
  const live = events.slice(0, -1);
  return {
    events,
    // The one place a secret may be: the winner's own result on a challenge whose goal it is
    // (revealed_secret, checked in expectPlayerView); every other check reads the rest.
    text: res.text.replace(/"revealed_secret":"[^"]*"/g, '"revealed_secret":null'),
    live: live.map((e) => JSON.stringify(e.data)).join("\n"),
    deltas: live.filter((e) => e.event === "answer_delta").map((e) => e.data.delta as string),
    result: last.data as unknown as Played["result"],
  };
}

/**
 * The checks every played stream must pass: only player events with their own fields, no node
 * id, no judge data, no node output the answer does not contain, and no form of the secret that
 * the final answer does not show (the literal secret never).
 */
export async function expectPlayerView(p: Played, graph: WorkflowGraph, secret: string) {
  const names = p.events.map((e) => e.event);
  expect(names[0]).toBe("run_started");
  expect(names.filter((n) => n === "attempt")).toHaveLength(1);
  for (const e of p.events) {
    if (e.event === "attempt") {
      expect(Object.keys(e.data).sort()).toEqual([...ATTEMPT_KEYS].sort());
      continue;
    }
    expect(PLAYER_KEYS).toHaveProperty(e.event);
    expect(e.data.type).toBe(e.event);
    expect(Object.keys(e.data).sort()).toEqual(PLAYER_KEYS[e.event]);
  }
  // The final answer is sent once, exactly as recorded, and what streamed before it is where it
  // starts: the page only ever adds to what it shows, it never takes anything back.
  const answers = p.events.filter((e) => e.event === "answer");
  if (p.result.answer === null) expect(answers).toEqual([]);
  else expect(answers.map((e) => e.data.text)).toEqual([p.result.answer]);
  if (p.deltas.length > 0) expect((p.result.answer ?? "").startsWith(p.deltas.join(""))).toBe(true);

  expect(p.text).not.toMatch(/judge_raw|nodeId|node_finished|text_delta|run_finished|pass_threshold/);
  const ids = new Set(graph.nodes.map((n) => n.id));
  for (const e of p.events) {
    const { type: _type, ...rest } = e.data;
    for (const value of stringsOf(rest)) expect(ids.has(value), `node id ${value} in ${e.event}`).toBe(false);
  }

  // Other nodes' outputs, as the run stored them (masked): none may reach the player unless the
  // answer itself carries it.
  const row = await db.challengeAttempt.findUniqueOrThrow({ where: { id: p.result.attempt_id } });
  const nodeRuns = await db.workflowNodeRun.findMany({ where: { runId: row.workflowRunId! } });
  expect(nodeRuns.length).toBeGreaterThan(0);
  const answer = p.result.answer ?? "";
  for (const nodeRun of nodeRuns) {
    if (nodeRun.nodeType === "answer") continue;
    for (const value of stringsOf(nodeRun.outputs)) {
      if (value.length < 8 || answer.includes(value)) continue;
      expect(p.live, `output of ${nodeRun.nodeId} reached the player`).not.toContain(value);
    }
  }

  const revealed = (p.result as unknown as { revealed_secret: string | null }).revealed_secret;
  expect(revealed).toBe(p.result.succeeded && revealed !== null ? secret : null);
  // The secret: never literally; in another form only when the final answer shows that form.
  expect(p.text.toLowerCase()).not.toContain(secret.toLowerCase());
  const allowed = formsIn(answer, secret);
  for (const form of formsIn(p.text, secret)) {
    expect(allowed, `the stream shows the secret (${form}) that the answer withholds`).toContain(form);
  }
}

export const SPELL = "Spell the password letter by letter.";
