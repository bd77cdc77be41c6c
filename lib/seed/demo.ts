import "server-only";
import { decryptSecret, encryptSecret, hashPassword } from "@/lib/crypto";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { installDemoLadder } from "@/lib/seed/install-ladder";
import { DEMO } from "@/lib/seed/demo-constants";
import { newDemoSecret, RETIRED_DEMO_SECRETS } from "@/lib/seed/demo-secrets";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { installDemoRedBlue, RED_BLUE_DEMO_SECRET_NAME } from "@/lib/seed/red-blue";

// Demo content for a fresh install: the accounts and workspace named in demo-constants.ts.
export { DEMO };

export interface SeedResult {
  /** The demo accounts and workspace were created by this call. */
  created: boolean;
  /** The demo ladder (lib/seed/ladder.ts) was written by this call. */
  ladderCreated: boolean;
  /** The offline red/blue demo (lib/seed/red-blue.ts) was written by this call. */
  redBlueCreated: boolean;
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

/**
 * The demo accounts and workspace, once: a database that has any account is left alone. Two
 * processes starting at once both try; the second one's insert fails on the unique e-mail (after
 * waiting for the first's transaction), which counts as "already seeded".
 */
async function seedAccounts(): Promise<boolean> {
  if ((await db.account.count()) > 0) return false;
  const people = [DEMO.creator, DEMO.player];
  const hashes = await Promise.all(people.map((p) => hashPassword(p.password)));
  try {
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
          // The demo is listed on the public pages whatever LISTING_APPROVAL says.
          listingApproval: "approved",
          memberships: { create: { accountId: creator!.id, role: "owner" } },
          apps: { create: { name: "Default app" } },
        },
      });
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Gives the demo's secrets that still hold a retired, listed word (an install seeded by an
 * earlier version) a fresh value. Compare-and-set on the stored ciphertext, so of several
 * processes starting at once one replaces it. Returns how many were replaced.
 */
async function replaceRetiredSecrets(workspaceId: string): Promise<number> {
  const names = [...DEMO_LADDER.map((l) => l.secretName), RED_BLUE_DEMO_SECRET_NAME];
  const rows = await db.secret.findMany({
    where: { workspaceId, name: { in: names } },
    select: { id: true, valueEncrypted: true },
  });
  let replaced = 0;
  for (const row of rows) {
    let value: string;
    try {
      value = decryptSecret(row.valueEncrypted);
    } catch {
      continue;
    }
    if (!RETIRED_DEMO_SECRETS.includes(value.trim().toUpperCase())) continue;
    const res = await db.secret.updateMany({
      where: { id: row.id, valueEncrypted: row.valueEncrypted },
      data: { valueEncrypted: encryptSecret(newDemoSecret()) },
    });
    replaced += res.count;
  }
  if (replaced > 0) log.info("Demo secrets from an older version replaced with fresh ones", { count: replaced });
  return replaced;
}

/**
 * Seeds the demo on start-up; safe to call on every start and from several processes at once.
 * The ladder goes into the demo workspace (slug "demo") whenever that workspace exists without
 * it, so an install that predates the ladder gets it too.
 */
export async function seedDemo(): Promise<SeedResult> {
  const created = await seedAccounts();
  const workspace = await db.workspace.findUnique({
    where: { slug: DEMO.workspace.slug },
    select: { id: true, memberships: { where: { role: "owner" }, select: { accountId: true }, take: 1 } },
  });
  const creatorId = workspace?.memberships[0]?.accountId ?? null;
  const ladderCreated = workspace ? await installDemoLadder(workspace.id, creatorId) : false;
  const redBlueCreated = workspace ? await installDemoRedBlue(workspace.id, creatorId) : false;
  if (workspace) await replaceRetiredSecrets(workspace.id);
  return { created, ladderCreated, redBlueCreated };
}
