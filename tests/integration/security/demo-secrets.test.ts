// Every install seeds its own demo secrets (lib/seed/demo-secrets.ts): two fresh databases (this
// file's, and a second one seeded by another process, as a second install would be) get
// different values for every ladder level and the red/blue vault code, none of them one of the
// old word lists or any text in the source, read back through the secrets service.
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DEMO, seedDemo } from "@/lib/seed/demo";
import { DEMO_SECRET_PATTERN, demoSecretSpace } from "@/lib/seed/demo-secrets";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { RED_BLUE_DEMO_SECRET_NAME } from "@/lib/seed/red-blue";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { OLD_DEMO_WORDS } from "@/tests/helpers/demo-secrets";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const NAMES = [...DEMO_LADDER.map((l) => l.secretName), RED_BLUE_DEMO_SECRET_NAME];

async function readSecrets(): Promise<string[]> {
  const ws = await db.workspace.findUniqueOrThrow({ where: { slug: DEMO.workspace.slug } });
  return Promise.all(NAMES.map(async (n) => (await getSecretValue(ws.id, n))!));
}

/** A second install: a fresh database, migrated and seeded by another process; its secrets. */
async function secondInstall(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-second-install-"));
  const sqlite = (process.env.DATABASE_URL ?? "").startsWith("file:");
  const name = `gauntlet_second_${process.pid}_${Date.now().toString(36)}`;
  let admin: pg.Client | null = null;
  let url = `file:${join(dir, "second.db")}`;
  if (!sqlite) {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const childFile = join(dir, "child.mts");
  writeFileSync(
    childFile,
    `const { migrate } = await import(process.env.MIGRATE_MODULE);
await migrate(process.env.DATABASE_URL);
const { seedDemo } = await import(process.env.SEED_MODULE);
const { getSecretValue } = await import(process.env.SECRETS_MODULE);
const { db, disconnectDb } = await import(process.env.DB_MODULE);
await seedDemo();
const ws = await db.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
const values = [];
for (const n of JSON.parse(process.env.SECRET_NAMES)) values.push(await getSecretValue(ws.id, n));
await disconnectDb();
process.send(values, () => process.exit(0));
`,
  );
  try {
    const child = fork(childFile, [], {
      cwd: root,
      execArgv: ["--conditions=react-server", "--import", "tsx"],
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dir,
        LOG_LEVEL: "warn",
        SECRET_NAMES: JSON.stringify(NAMES),
        MIGRATE_MODULE: join(root, "lib/migrate.ts"),
        SEED_MODULE: join(root, "lib/seed/demo.ts"),
        SECRETS_MODULE: join(root, "lib/services/secrets.ts"),
        DB_MODULE: join(root, "lib/db/index.ts"),
      },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    return await new Promise<string[]>((resolve, reject) => {
      child.once("message", (m) => resolve(m as string[]));
      child.once(
        "exit",
        (code) => code !== 0 && reject(new Error(`second install exited ${code}: ${stderr}`)),
      );
    });
  } finally {
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every source text of the app (what a reader of the repository sees), lower-cased. */
function sourceTexts(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (entry === "generated" || entry === "node_modules") continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts|js|mjs|json|md)$/.test(entry)) out.push(readFileSync(p, "utf8").toLowerCase());
    }
  };
  for (const d of ["lib", "app", "components", "messages", "scripts"]) {
    try {
      walk(join(root, d));
    } catch {
      // a folder this checkout does not have
    }
  }
  return out;
}

let first: string[];
let second: string[];

beforeAll(async () => {
  await seedDemo();
  first = await readSecrets();
  second = await secondInstall();
}, 120_000);

describe("demo secrets per install", () => {
  it("differ between two installs, for every level and the vault code", () => {
    expect(first).toHaveLength(NAMES.length);
    expect(second).toHaveLength(NAMES.length);
    for (const v of [...first, ...second]) expect(v).toMatch(DEMO_SECRET_PATTERN);
    // Twelve draws from ~5.9e7 values: all distinct but for odds of about 1 in a million.
    expect(new Set([...first, ...second]).size).toBe(2 * NAMES.length);
    expect(demoSecretSpace()).toBeGreaterThanOrEqual(2 ** 24);
  });

  it("are no word of the old lists and appear nowhere in the source", () => {
    const texts = sourceTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const v of [...first, ...second]) {
      expect(OLD_DEMO_WORDS).not.toContain(v.toUpperCase());
      expect(
        texts.some((t) => t.includes(v.toLowerCase())),
        v,
      ).toBe(false);
    }
  });

  it("keep their values when the demo is seeded again (a restart)", async () => {
    expect((await seedDemo()).ladderCreated).toBe(false);
    expect(await readSecrets()).toEqual(first);
  });

  it("replace, on the next start, a retired word an install seeded by an earlier version still holds", async () => {
    const ws = await db.workspace.findUniqueOrThrow({ where: { slug: DEMO.workspace.slug } });
    await setSecret(ws.id, NAMES[0]!, "MARMALADE");
    await setSecret(ws.id, RED_BLUE_DEMO_SECRET_NAME, "NIGHTJAR");
    await setSecret(ws.id, NAMES[1]!, "A creator's own choice");
    await seedDemo();
    const now = await readSecrets();
    expect(now[0]).toMatch(DEMO_SECRET_PATTERN);
    expect(now.at(-1)).toMatch(DEMO_SECRET_PATTERN);
    expect(now[1]).toBe("A creator's own choice");
    expect(now.slice(2, -1)).toEqual(first.slice(2, -1));
  });
});
