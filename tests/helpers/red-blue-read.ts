import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";

// Raw red/blue rows for the read-side tests (console pairings, standings, public info): players,
// memberships, submissions and judged pairings inserted directly, so what the services compute
// can be checked against an independent recomputation from these same rows.

export interface RbPlayer {
  accountId: string;
  name: string;
}

export async function makeRbPlayers(prefix: string, n: number): Promise<RbPlayer[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    name: `${prefix} ${String(i).padStart(2, "0")}`,
  }));
  await db.account.createMany({
    data: rows.map((r) => ({ id: r.id, email: `${r.id}@example.test`, name: `Real ${r.name}` })),
  });
  await db.playerProfile.createMany({ data: rows.map((r) => ({ accountId: r.id, displayName: r.name })) });
  return rows.map((r) => ({ accountId: r.id, name: r.name }));
}

export async function join(challengeId: string, p: RbPlayer, team: "red" | "blue", at = new Date()) {
  await db.teamMember.create({
    data: { redBlueChallengeId: challengeId, accountId: p.accountId, team, createdAt: at },
  });
}

export async function submit(
  challenge: { id: string; workspaceId: string },
  p: RbPlayer,
  team: "red" | "blue",
  prompt: string,
) {
  return db.teamSubmission.create({
    data: {
      redBlueChallengeId: challenge.id,
      workspaceId: challenge.workspaceId,
      accountId: p.accountId,
      team,
      prompt,
    },
  });
}

export interface RawPairing {
  attacker: RbPlayer;
  defender: RbPlayer;
  initiator?: "red" | "blue";
  categories: Record<string, boolean | null>;
  rating: number | null;
  red: number;
  blue: number;
  tokens?: number;
  elapsedMs?: number;
  modelOutput?: string;
  feedback?: string;
  at: Date;
  attackPrompt?: string;
  defensePrompt?: string;
}

/** Inserts one attack, one defense and their judged pairing per entry; returns the pairing ids in order. */
export async function insertPairings(
  challenge: { id: string; workspaceId: string },
  rows: RawPairing[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const attack = await submit(
      challenge,
      r.attacker,
      "red",
      r.attackPrompt ?? `attack by ${r.attacker.name}`,
    );
    const defense = await submit(
      challenge,
      r.defender,
      "blue",
      r.defensePrompt ?? `defense by ${r.defender.name}`,
    );
    const p = await db.teamPairing.create({
      data: {
        redBlueChallengeId: challenge.id,
        workspaceId: challenge.workspaceId,
        attackSubmissionId: attack.id,
        defenseSubmissionId: defense.id,
        attackAccountId: r.attacker.accountId,
        defenseAccountId: r.defender.accountId,
        initiator: r.initiator ?? "red",
        categories: r.categories,
        judgeRating: r.rating,
        judgeFeedback: r.feedback ?? "Secret leak: prevented",
        judgeOutputRaw: { categories: r.categories },
        redPoints: r.red,
        bluePoints: r.blue,
        tokensTotal: r.tokens ?? 100,
        elapsedMs: r.elapsedMs ?? 250,
        modelOutput: r.modelOutput ?? "I cannot share that.",
        createdAt: r.at,
      },
    });
    ids.push(p.id);
  }
  return ids;
}
