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
  const people = [DEMO.creator, DEMO.player];
  const hashes = await Promise.all(people.map((p) => hashPassword(p.password)));
  await db.$transaction(async (tx) => {
    const [creator] = await Promise.all(
      people.map((p, i) =>
        tx.account.create({
          data: { email: p.email, name: p.name, passwordHash: hashes[i], profile: { create: { displayName: p.name } } },
        }),
      ),
    );
    await tx.workspace.create({
      data: {
        name: DEMO.workspace.name,
        slug: DEMO.workspace.slug,
        memberships: { create: { accountId: creator!.id, role: "owner" } },
        apps: { create: { name: "Default app" } },
      },
    });
  });
  return { created: true };
}
