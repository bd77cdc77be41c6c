import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { readDevMailbox } from "@/lib/email";
import { createApiToken } from "@/lib/services/api-tokens";
import { registerAccount } from "@/lib/services/accounts";
import { sendEmailCode } from "@/lib/services/email-codes";
import { createProvider } from "@/lib/services/llm-providers";
import { getSecretValue, setSecret } from "@/lib/services/secrets";
import { createWorkspace } from "@/lib/services/workspaces";

/** Every row of every application table, read with raw SQL (no Prisma omit in the way). */
async function dumpAllRows(): Promise<string> {
  const tables: { name: string }[] =
    env.databaseKind === "sqlite"
      ? await db.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      : await db.$queryRawUnsafe(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
  expect(tables.length).toBeGreaterThan(25);
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows: unknown[] = await db.$queryRawUnsafe(`SELECT * FROM "${name}"`);
    parts.push(JSON.stringify(rows, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)));
  }
  return parts.join("\n");
}

describe("secrets at rest", () => {
  it("stores no plaintext password, secret, provider key, API token or login code", async () => {
    const PASSWORD = "plaintext-password-4a7c1e";
    const SECRET = "FLAG{raw-secret-value-93b2}";
    const PROVIDER_KEY = "sk-provider-key-5d8e0f11aa";
    const account = await registerAccount(
      { email: `rest-${Date.now()}@example.test`, name: "Rest", password: PASSWORD },
      { clientKey: "rest-test" },
    );
    const ws = await createWorkspace(account.id, "At rest");
    await setSecret(ws.id, "FLAG", SECRET);
    await createProvider(ws.id, { name: "p", kind: "openai-compatible", apiKey: PROVIDER_KEY, models: ["m"] });
    const { token } = await createApiToken(ws.id, account.id, { name: "t" });
    await sendEmailCode(account.email, "login", "rest-test");
    const [mail] = await readDevMailbox({ to: account.email, limit: 1 });
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // The services can still read what they need.
    expect(await getSecretValue(ws.id, "FLAG")).toBe(SECRET);

    const dump = await dumpAllRows();
    expect(dump).toContain(account.email); // the dump really covers the tables
    for (const plaintext of [PASSWORD, SECRET, PROVIDER_KEY, token, token.slice(4)]) {
      expect(dump).not.toContain(plaintext);
    }
    // The code is only 6 digits, so look for it where it could be stored: the codes table.
    const codeRows: unknown[] = await db.$queryRawUnsafe(`SELECT * FROM "email_login_codes"`);
    expect(JSON.stringify(codeRows)).not.toContain(`"${code}"`);
  });
});
