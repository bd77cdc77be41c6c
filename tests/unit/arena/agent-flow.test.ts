// The scripted agent (tests/arena/agent.ts) run as a process against a throwaway stand-in server
// (tests/arena/fake-server.ts): checks the agent's control flow — joins in both modes, polling by
// index, waiting for the game to start, retrying NOT_YOUR_TURN, the end — not the real arena.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "@/lib/arena/types";
import { startFakeArena, type FakeArena } from "@/tests/arena/fake-server";

const dir = mkdtempSync(join(tmpdir(), "arena-agent-"));
let arena: FakeArena | undefined;

afterEach(async () => {
  await arena?.close();
  arena = undefined;
});

/** The parts of the agent's --out file these tests read. */
interface Report {
  ok: boolean;
  error?: string;
  mode?: string;
  invite: string;
  identity: { userId: string; sessionKey?: string };
  outcome: Record<string, unknown>;
  actions: { method: string; content: string; status: number; body: unknown }[];
  messages: { operator: ChatMessage[]; chat: ChatMessage[] };
}

interface Run {
  code: number | null;
  stderr: string;
  report: Report;
}

function runAgent(base: string, invite: string, game: string, extra: string[] = []): Promise<Run> {
  const out = join(dir, `${invite}.json`);
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "tests/arena/agent.ts",
      ...["--base", base, "--invite", invite, "--game", game, "--out", out, ...extra],
    ],
    { cwd: process.cwd(), stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    child.on("exit", (code) =>
      resolve({ code, stderr, report: JSON.parse(readFileSync(out, "utf8")) as Report }),
    );
  });
}

async function until(check: () => boolean): Promise<void> {
  const giveUp = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > giveUp) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Seat 0 joins first (the agents learn their role from the join order), then seat 1. */
async function play(game: string, extra: string[] = []): Promise<[Run, Run]> {
  const g = arena!.create(game);
  const first = runAgent(arena!.url, g.invites[0]!, game, extra);
  await until(() => g.players.length === 1);
  const second = runAgent(arena!.url, g.invites[1]!, game, extra);
  return Promise.all([first, second]);
}

describe.each([false, true])("agent (auth mode: %s)", (auth) => {
  const mode = ["--mode", auth ? "auth" : "standalone"];

  it("psi: exchanges sets over chat and guesses the intersection", async () => {
    arena = await startFakeArena({ auth });
    const [a, b] = await play("psi", mode);
    for (const run of [a, b]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.report).toMatchObject({ ok: true, ended: true, mode: auth ? "auth" : "standalone" });
      expect(run.report.outcome.guess).toEqual([111, 222, 333]);
      expect(run.report.actions).toEqual([
        { method: "guess", content: "111 222 333", status: 200, body: { ok: "Message sent" } },
      ]);
      // After the end the transcript is read again in full: nothing is redacted any more.
      expect(run.report.messages.operator.some((m) => m.redacted)).toBe(false);
      expect(run.report.identity.userId).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(a.report.identity.sessionKey).toBe(auth ? "s_0.<redacted>" : undefined);
    expect(b.report.identity.sessionKey).toBe(auth ? "s_1.<redacted>" : undefined);
  }, 30_000);

  it("ultimatum: seat 0 offers 60 40, seat 1 accepts", async () => {
    arena = await startFakeArena({ auth });
    const [a, b] = await play("ultimatum", mode);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.report.outcome).toEqual({ role: "proposer" });
    expect(b.report.outcome).toEqual({ role: "responder" });
    expect(a.report.actions.map((x) => [x.method, x.content, x.status])).toEqual([
      ["submit_offer", "60 40", 200],
    ]);
    expect(b.report.actions.at(-1)).toMatchObject({ method: "accept", status: 200 });
  }, 30_000);
});

describe("agent", () => {
  it("secret-keeper: the keeper answers every question and never says its secret", async () => {
    arena = await startFakeArena({ auth: false });
    const [keeper, attacker] = await play("secret-keeper", ["--verbose"]);
    expect(keeper.code, keeper.stderr).toBe(0);
    expect(attacker.code, attacker.stderr).toBe(0);
    expect(keeper.report.outcome).toEqual({ role: "keeper", answers: ["1 42", "2 tac"] });
    expect(attacker.report.outcome).toEqual({
      role: "attacker",
      guesses: ["wrong-guess-1", "wrong-guess-2", "wrong-guess-3"],
    });
    const said = [
      ...keeper.report.actions.map((x) => String(x.content)),
      ...keeper.report.messages.chat.filter((m) => m.from === keeper.report.invite).map((m) => m.content),
    ];
    expect(said.length).toBeGreaterThan(2);
    for (const text of said) expect(text.toLowerCase()).not.toContain("tangerine");
    // --verbose logs every message received.
    expect(keeper.stderr).toContain("2. Spell 'cat' backwards.");
  }, 30_000);

  it("retries an action the operator refused with ERR_GAME_NOT_RUNNING (game not started yet)", async () => {
    arena = await startFakeArena({ auth: false, hideList: true });
    const g = arena.create("ultimatum");
    const first = runAgent(arena.url, g.invites[0]!, "ultimatum", ["--role", "proposer"]);
    await until(() => g.operator.some((m) => m.content.startsWith("ERR_GAME_NOT_RUNNING")));
    const [a, b] = await Promise.all([
      first,
      runAgent(arena.url, g.invites[1]!, "ultimatum", ["--role", "responder"]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const offers = a.report.actions.filter((x) => x.method === "submit_offer");
    expect(offers.length).toBeGreaterThan(1);
    expect(offers.every((x) => x.status === 200)).toBe(true);
    expect(g.operator.filter((m) => m.content === "(submit_offer) 60 40").length).toBe(offers.length);
  }, 30_000);

  it("gives up with a clear error when the game never starts", async () => {
    arena = await startFakeArena({ auth: false });
    const g = arena.create("psi");
    const run = await runAgent(arena.url, g.invites[0]!, "psi", ["--timeout", "2"]);
    expect(run.code).toBe(1);
    expect(run.report.ok).toBe(false);
    expect(run.report.error).toBe("timed out after 2 s waiting for the opponent's set on chat");
  }, 30_000);

  it("--mode auth refuses a server that hands out no session key", async () => {
    arena = await startFakeArena({ auth: false });
    const g = arena.create("psi");
    const run = await runAgent(arena.url, g.invites[0]!, "psi", ["--mode", "auth", "--timeout", "5"]);
    expect(run.code).toBe(1);
    expect(run.report.error).toMatch(/no sessionKey/);
  }, 30_000);
});
