// Full arena games driven over real HTTP by two independent client processes (tests/arena/agent.ts,
// written from docs/arena-protocol.md only), in auth mode with Ed25519 keys made by Node's crypto:
// PSI, ultimatum and secret-keeper. Afterwards every leaderboard the server serves — each
// strategy's metrics per game type and the global average — must equal a recomputation from the
// ended games the server lists (their scores, players, identities and attributions).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { recomputeScores } from "../../lib/arena/scoring/recompute";
import type { Challenge, GameResult, ScoringEntry } from "../../lib/arena/types";

const root = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "gauntlet-agents-"));

function runAgent(
  base: string,
  game: string,
  invite: string,
  tag: string,
): Promise<{ code: number; report: Record<string, unknown>; stderr: string }> {
  const out = join(dir, `${tag}.json`);
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "tests/arena/agent.ts",
        "--base",
        base,
        "--invite",
        invite,
        "--game",
        game,
        "--mode",
        "auth",
        "--identity",
        join(dir, `${tag}.key`),
        "--out",
        out,
        "--timeout",
        "60",
      ],
      { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => {
      let report: Record<string, unknown> = {};
      try {
        report = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
      } catch {
        /* no report */
      }
      resolve({ code: code ?? -1, report, stderr });
    });
  });
}

async function playWithTwoProcesses(
  request: APIRequestContext,
  base: string,
  type: string,
  tags: [string, string],
) {
  const created = await request.post(`/api/v1/challenges/${type}`);
  expect(created.status()).toBe(200);
  const game = (await created.json()) as Challenge;
  // Seat 0 joins first (roles follow the join order); seat 1 starts once the invite is used.
  const first = runAgent(base, type, game.invites[0]!, tags[0]);
  await expect
    .poll(async () => (await request.get(`/api/v1/invites/${game.invites[0]}`)).status(), { timeout: 30_000 })
    .toBe(409);
  const second = runAgent(base, type, game.invites[1]!, tags[1]);
  const results = await Promise.all([first, second]);
  for (const r of results)
    expect(r.code, `${type} agent: ${JSON.stringify(r.report.error ?? "")} ${r.stderr.slice(-800)}`).toBe(0);
  return game.id;
}

async function endedGames(request: APIRequestContext, type: string): Promise<GameResult[]> {
  const out: GameResult[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await (
      await request.get(`/api/v1/challenges/${type}?status=ended&limit=100&offset=${offset}`)
    ).json()) as { challenges: Challenge[]; total: number };
    for (const c of page.challenges) {
      const r: GameResult = {
        gameId: c.id,
        challengeType: c.challengeType,
        createdAt: c.createdAt,
        completedAt: c.state.completedAt!,
        scores: c.state.scores,
        players: c.state.players,
        playerIdentities: c.state.playerIdentities,
      };
      if (c.state.attributions?.length) r.attributions = c.state.attributions;
      out.push(r);
    }
    if (offset + 100 >= page.total) return out;
  }
}

const close = (a: Record<string, number>, b: Record<string, number>) => {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const k of Object.keys(b)) expect(a[k], k).toBeCloseTo(b[k]!, 9);
};

test("agents play PSI, ultimatum and secret-keeper over HTTP; every board equals a recomputation", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const ids = {
    psi: await playWithTwoProcesses(request, base, "psi", ["alice", "bob"]),
    ultimatum: await playWithTwoProcesses(request, base, "ultimatum", ["alice", "bob"]),
    "secret-keeper": await playWithTwoProcesses(request, base, "secret-keeper", ["alice", "bob"]),
  };
  const metadata = (await (await request.get("/api/v1/metadata")).json()) as Record<string, unknown>;
  const types = Object.keys(metadata);
  const results = (await Promise.all(types.map((t) => endedGames(request, t)))).flat();
  for (const [type, id] of Object.entries(ids)) {
    const game = results.find((r) => r.gameId === id);
    expect(game, `${type} ended`).toBeDefined();
    expect(game!.scores).toHaveLength(2);
  }
  // The keeper kept its secret (the attacker agent only guesses wrong): no breach, keeper security 1.
  const keeper = results.find((r) => r.gameId === ids["secret-keeper"])!;
  expect(keeper.scores[0]!.security).toBe(1);
  expect(keeper.attributions ?? []).toEqual([]);

  // Strategies and defaults as the server applies them: read from each type's board.
  const boards: Record<string, Record<string, ScoringEntry[]>> = {};
  for (const t of types)
    boards[t] = (await (await request.get(`/api/v1/scoring/${t}`)).json()) as Record<string, ScoringEntry[]>;
  const strategiesOf = (t: string) => Object.keys(boards[t] ?? {});
  const expected = recomputeScores(results, strategiesOf, () => "average");
  for (const t of types) {
    for (const strategy of strategiesOf(t)) {
      const want = expected.perType.get(t)?.get(strategy) ?? [];
      const got = boards[t]![strategy]!;
      expect(got.map((e) => e.playerId).sort(), `${t}/${strategy}`).toEqual(
        want.map((e) => e.playerId).sort(),
      );
      for (const w of want) {
        const g = got.find((e) => e.playerId === w.playerId)!;
        expect(g.gamesPlayed, `${t}/${strategy} ${w.playerId}`).toBe(w.gamesPlayed);
        close(g.metrics, w.metrics);
      }
    }
  }
  const global = (await (await request.get("/api/v1/scoring")).json()) as ScoringEntry[];
  expect(global.map((e) => e.playerId).sort()).toEqual(expected.global.map((e) => e.playerId).sort());
  for (const w of expected.global) {
    const g = global.find((e) => e.playerId === w.playerId)!;
    expect(g.gamesPlayed).toBe(w.gamesPlayed);
    close(g.metrics, w.metrics);
  }
  // The same two identities played all three games.
  const alice = JSON.parse(readFileSync(join(dir, "alice.json"), "utf8")) as { identity: { userId: string } };
  expect(global.find((e) => e.playerId === alice.identity.userId)!.gamesPlayed).toBeGreaterThanOrEqual(3);
});
