// lib/env.ts on PostgreSQL: several instances share the database, so the keys they must share
// cannot be generated per instance; PUBSUB must name a backend that is configured.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";

const PG_URL = "postgresql://gauntlet@db.internal:5432/gauntlet";
const saved = { ...process.env };

function configure(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

/** The configuration error env raises on first use, or undefined. */
function loadError(): Error | undefined {
  try {
    void env.DATABASE_URL;
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "gauntlet-env-"));
});
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetEnvForTests();
});

describe("keys on PostgreSQL", () => {
  it("refuses to start without ENCRYPTION_KEY, naming it and why", () => {
    configure({ DATABASE_URL: PG_URL, DATA_DIR: dataDir, ENCRYPTION_KEY: undefined });
    const err = loadError();
    expect(err?.message).toMatch(/^On PostgreSQL, set ENCRYPTION_KEY explicitly: every app instance/);
    expect(err?.message).toMatch(/must share the same values/);
    expect(err?.message).not.toMatch(/set AUTH_SECRET/);
    // Nothing was generated into DATA_DIR.
    expect(existsSync(join(dataDir, "keys.json"))).toBe(false);
  });

  it("refuses to start without AUTH_SECRET, and names both when both are missing", () => {
    configure({ DATABASE_URL: PG_URL, DATA_DIR: dataDir, AUTH_SECRET: undefined });
    expect(loadError()?.message).toMatch(/^On PostgreSQL, set AUTH_SECRET explicitly/);
    configure({ AUTH_SECRET: undefined, ENCRYPTION_KEY: undefined });
    const err = loadError();
    expect(err?.message).toMatch(/^On PostgreSQL, set AUTH_SECRET and ENCRYPTION_KEY explicitly/);
    expect(err?.message).toMatch(/openssl rand -base64 32/);
  });

  it("starts with both given", () => {
    configure({ DATABASE_URL: PG_URL, DATA_DIR: dataDir });
    expect(loadError()).toBeUndefined();
    expect(env.databaseKind).toBe("postgresql");
    expect(env.ENCRYPTION_KEY).toBe(saved.ENCRYPTION_KEY);
  });

  it("SQLite still generates missing keys into DATA_DIR (one machine)", () => {
    configure({
      DATABASE_URL: `file:${join(dataDir, "x.db")}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: undefined,
      ENCRYPTION_KEY: undefined,
    });
    expect(loadError()).toBeUndefined();
    expect(env.ENCRYPTION_KEY).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(existsSync(join(dataDir, "keys.json"))).toBe(true);
  });
});

describe("PUBSUB", () => {
  it("accepts memory, postgres and redis only, and only when that backend is configured", () => {
    configure({ DATABASE_URL: PG_URL, DATA_DIR: dataDir, PUBSUB: "kafka" });
    expect(loadError()?.message).toMatch(/PUBSUB/);
    configure({ PUBSUB: "redis", REDIS_URL: undefined });
    expect(loadError()?.message).toBe("PUBSUB=redis needs REDIS_URL");
    configure({ PUBSUB: "postgres", DATABASE_URL: `file:${join(dataDir, "x.db")}` });
    expect(loadError()?.message).toBe("PUBSUB=postgres needs a PostgreSQL DATABASE_URL");
    configure({ PUBSUB: "postgres", DATABASE_URL: PG_URL });
    expect(loadError()).toBeUndefined();
    expect(env.PUBSUB).toBe("postgres");
  });
});

describe("arena standalone mode", () => {
  const base = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${join(dataDir, "g.db")}`,
    PUBSUB: undefined,
  });
  it("is refused under NODE_ENV=production unless ARENA_STANDALONE_IN_PRODUCTION=true", () => {
    configure({
      ...base(),
      NODE_ENV: "production",
      ARENA_MODE: "standalone",
      ARENA_STANDALONE_IN_PRODUCTION: undefined,
    });
    expect(loadError()?.message).toMatch(/ARENA_MODE=standalone .* refused in production/);
    configure({ ARENA_STANDALONE_IN_PRODUCTION: "true" });
    expect(loadError()).toBeUndefined();
    expect(env.ARENA_MODE).toBe("standalone");
  });
  it("is allowed in development and tests, and auth mode anywhere", () => {
    configure({
      ...base(),
      NODE_ENV: "development",
      ARENA_MODE: "standalone",
      ARENA_STANDALONE_IN_PRODUCTION: undefined,
    });
    expect(loadError()).toBeUndefined();
    configure({ NODE_ENV: "production", ARENA_MODE: "auth" });
    expect(loadError()).toBeUndefined();
  });
});
