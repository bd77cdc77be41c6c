// Every app instance and worker on one database holds the same ENCRYPTION_KEY and AUTH_SECRET:
// the database keeps their fingerprints, and an app or a `npm run worker` process started with
// another key refuses to start, naming the variable, instead of serving (a worker with another
// ENCRYPTION_KEY sent every webhook job to `dead`; an app with another AUTH_SECRET answered 401 to
// every other instance's sessions).
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSecretFingerprint } from "@/lib/crypto";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import {
  AUTH_SECRET_FINGERPRINT,
  AuthSecretMismatchError,
  checkAuthSecret,
  checkInstanceKeys,
  ENCRYPTION_KEY_FINGERPRINT,
  InstanceKeyMismatchError,
} from "@/lib/services/instance-settings";
import { startWorkerProcess } from "@/tests/helpers/worker-process";

const SECRET = process.env.AUTH_SECRET!;
const KEY = process.env.ENCRYPTION_KEY!;
const OTHER_SECRET = "another-instance-auth-secret-0123456789abcdef0123";
const OTHER_KEY = Buffer.alloc(32, 42).toString("base64");

function withEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvForTests();
}

afterEach(() => {
  delete process.env.AUTO_MIGRATE;
  withEnv({ AUTH_SECRET: SECRET, ENCRYPTION_KEY: KEY });
  vi.restoreAllMocks();
});

const clearFingerprints = () =>
  db.instanceSetting.deleteMany({ where: { key: { in: [AUTH_SECRET_FINGERPRINT, ENCRYPTION_KEY_FINGERPRINT] } } });

describe("the AUTH_SECRET fingerprint in instance_settings", () => {
  it("is stored on first start, accepted for the same secret, refused for another, and is not the secret", async () => {
    await clearFingerprints();
    expect(await checkAuthSecret()).toEqual({ stored: true });
    const row = await db.instanceSetting.findUniqueOrThrow({ where: { key: AUTH_SECRET_FINGERPRINT } });
    expect(row.value).toBe(authSecretFingerprint());
    expect(row.value).not.toContain(SECRET);
    expect(await checkAuthSecret()).toEqual({ stored: false });

    withEnv({ AUTH_SECRET: OTHER_SECRET });
    expect(authSecretFingerprint()).not.toBe(row.value);
    const err = await checkAuthSecret().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthSecretMismatchError);
    expect(err).toBeInstanceOf(InstanceKeyMismatchError);
    expect((err as Error).message).toMatch(/^AUTH_SECRET does not match/);
    for (const s of [SECRET, OTHER_SECRET]) expect((err as Error).message).not.toContain(s);
    // The first instance's fingerprint stands.
    expect((await db.instanceSetting.findUniqueOrThrow({ where: { key: AUTH_SECRET_FINGERPRINT } })).value).toBe(row.value);
  });

  it("a fresh database stores both fingerprints at the first start and nothing at the next", async () => {
    await clearFingerprints();
    expect(await checkInstanceKeys()).toEqual(["ENCRYPTION_KEY", "AUTH_SECRET"]);
    expect(await checkInstanceKeys()).toEqual([]);
  });
});

describe("an app instance with another AUTH_SECRET", () => {
  it("refuses to start with a message naming AUTH_SECRET", async () => {
    await clearFingerprints();
    await checkInstanceKeys(); // the first instance
    withEnv({ AUTH_SECRET: OTHER_SECRET, AUTO_MIGRATE: "false" });
    const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`process.exit(${String(code)})`);
    });
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { startup } = await import("@/lib/startup");
    await expect(startup()).rejects.toThrow("process.exit(1)");
    expect(exit).toHaveBeenCalledWith(1);
    const line = JSON.parse(String(printed.mock.calls[0]?.[0])) as { msg: string; error: string };
    expect(line.msg).toBe("refusing to start");
    expect(line.error).toMatch(/^AUTH_SECRET does not match/);
    expect(line.error).not.toContain(OTHER_SECRET);
  });
});

/** Runs `npm run worker` (scripts/worker.ts) until it exits or says it is ready. */
async function runWorker(env: Record<string, string>): Promise<{ exit: number | string | null; output: string }> {
  const { child, output: outputSoFar, exited } = startWorkerProcess(env);
  const ready = new Promise<"ready">((resolve) => {
    child.stdout!.on("data", () => outputSoFar().includes("worker ready") && resolve("ready"));
  });
  const first = await Promise.race([exited, ready]);
  if (first === "ready") {
    child.kill("SIGTERM");
    await exited;
    return { exit: "ready", output: outputSoFar() };
  }
  return { exit: first, output: outputSoFar() };
}

describe("a worker process (npm run worker)", () => {
  it("with another ENCRYPTION_KEY or AUTH_SECRET refuses to start, naming it; with the same keys it starts", { timeout: 120_000 }, async () => {
    await clearFingerprints();
    await checkInstanceKeys(); // the app instances' keys

    const otherKey = await runWorker({ ENCRYPTION_KEY: OTHER_KEY });
    expect(otherKey.exit, otherKey.output).toBe(1);
    expect(otherKey.output).toMatch(/refusing to start/);
    expect(otherKey.output).toMatch(/ENCRYPTION_KEY does not match/);
    expect(otherKey.output).not.toContain("worker ready");
    expect(otherKey.output).not.toContain(OTHER_KEY);

    const otherSecret = await runWorker({ AUTH_SECRET: OTHER_SECRET });
    expect(otherSecret.exit, otherSecret.output).toBe(1);
    expect(otherSecret.output).toMatch(/AUTH_SECRET does not match/);
    expect(otherSecret.output).not.toContain("worker ready");
    expect(otherSecret.output).not.toContain(OTHER_SECRET);

    const same = await runWorker({});
    expect(same.exit, same.output).toBe("ready");
  });
});
