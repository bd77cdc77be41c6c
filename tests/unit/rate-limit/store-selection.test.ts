import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { rateLimitStoreKind } from "@/lib/rate-limit";

const saved = {
  RATE_LIMIT_STORE: process.env.RATE_LIMIT_STORE,
  REDIS_URL: process.env.REDIS_URL,
  DATABASE_URL: process.env.DATABASE_URL,
};

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

describe("rateLimitStoreKind", () => {
  afterEach(() => setEnv(saved));

  it.each([
    { name: "default on SQLite", env: { DATABASE_URL: "file:./x.db" }, kind: "sqlite" },
    { name: "default on PostgreSQL", env: { DATABASE_URL: "postgresql://u@h/db" }, kind: "postgresql" },
    { name: "Redis when REDIS_URL is set", env: { REDIS_URL: "redis://127.0.0.1:6379" }, kind: "redis" },
    {
      name: "database wins when asked, even with Redis",
      env: { RATE_LIMIT_STORE: "database", REDIS_URL: "redis://127.0.0.1:6379", DATABASE_URL: "file:./x.db" },
      kind: "sqlite",
    },
    { name: "memory only when asked", env: { RATE_LIMIT_STORE: "memory" }, kind: "memory" },
    {
      name: "explicit redis",
      env: { RATE_LIMIT_STORE: "redis", REDIS_URL: "redis://127.0.0.1:6379" },
      kind: "redis",
    },
  ])("$name → $kind", ({ env, kind }) => {
    setEnv({ RATE_LIMIT_STORE: undefined, REDIS_URL: undefined, DATABASE_URL: "file:./x.db", ...env });
    expect(rateLimitStoreKind()).toBe(kind);
  });

  it("refuses RATE_LIMIT_STORE=redis without REDIS_URL", () => {
    setEnv({ RATE_LIMIT_STORE: "redis", REDIS_URL: undefined });
    expect(() => rateLimitStoreKind()).toThrow("REDIS_URL");
  });
});
