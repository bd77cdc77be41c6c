import "server-only";
import { hashPassword } from "@/lib/crypto";
import { db } from "@/lib/db";

// Demo content for a fresh install. The credentials are public on purpose (README, start-up log):
// they exist so a first-time user can look around; change or delete them on a real deployment.
export const DEMO = {
  workspace: { name: "Demo workspace", slug: "demo" },
  creator: { email: "creator@demo.gauntlet.local", password: "demo-creator-pass", name: "Demo Creator" },
  player: { email: "player@demo.gauntlet.local", password: "demo-player-pass", name: "Demo Player" },
} as const;

export interface SeedResult {
  created: boolean;
}

/** Seeds the demo workspace and accounts once; a database that has any account is left alone. */
export async function seedDemo(): Promise<SeedResult> {
  if ((await db.account.count()) > 0) return { created: false };
  const [creatorHash, playerHash] = await Promise.all([
    hashPassword(DEMO.creator.password),
    hashPassword(DEMO.player.password),
  ]);
  await db.$transaction(async (tx) => {
    const creator = await tx.account.create({
      data: {
        email: DEMO.creator.email,
        name: DEMO.creator.name,
        passwordHash: creatorHash,
        profile: { create: { displayName: DEMO.creator.name } },
      },
    });
    await tx.account.create({
      data: {
        email: DEMO.player.email,
        name: DEMO.player.name,
        passwordHash: playerHash,
        profile: { create: { displayName: DEMO.player.name } },
      },
    });
    await tx.workspace.create({
      data: {
        name: DEMO.workspace.name,
        slug: DEMO.workspace.slug,
        memberships: { create: { accountId: creator.id, role: "owner" } },
        apps: { create: { name: "Default app" } },
      },
    });
  });
  return { created: true };
}
