// Secret columns (lib/db/index.ts secretColumns) never come back unless a query asks for them.
import { describe, expect, it } from "vitest";
import { db, secretColumns } from "@/lib/db";
import { makeAccount, makeMembership, makeWorkspace, unique } from "@/tests/helpers/factories";

type Row = Record<string, unknown>;

interface Repo {
  create(args: { data: Row }): Promise<Row>;
  findUnique(args: { where: Row; omit?: Row }): Promise<Row | null>;
  findFirst(args: { where: Row; omit?: Row }): Promise<Row | null>;
  findMany(args: { where: Row; omit?: Row }): Promise<Row[]>;
  update(args: { where: Row; data: Row; omit?: Row }): Promise<Row>;
  upsert(args: { where: Row; create: Row; update: Row }): Promise<Row>;
  delete(args: { where: Row }): Promise<Row>;
}

// [model (client key), secret column, value, data for the other required columns]
const cases: [keyof typeof secretColumns, string, string, () => Promise<Row>][] = [
  [
    "account",
    "passwordHash",
    "scrypt$32768$8$1$salt$hash",
    () => Promise.resolve({ email: `${unique("s")}@example.test`, name: "n" }),
  ],
  [
    "apiToken",
    "tokenHash",
    `sha256-${unique("token")}`,
    async () => ({ workspaceId: (await makeWorkspace()).id, name: "t", prefix: "gnt_", scopes: ["read"] }),
  ],
  [
    "secret",
    "valueEncrypted",
    "v1.aXY.dGFn.c2VjcmV0",
    async () => ({ workspaceId: (await makeWorkspace()).id, name: "FLAG" }),
  ],
  [
    "llmProvider",
    "apiKeyEncrypted",
    "v1.aXY.dGFn.a2V5",
    async () => ({ workspaceId: (await makeWorkspace()).id, name: "OpenAI", kind: "openai", models: [] }),
  ],
  [
    "webhookEndpoint",
    "secretEncrypted",
    "v1.aXY.dGFn.aG9vaw",
    async () => ({
      workspaceId: (await makeWorkspace()).id,
      url: "https://hooks.example.test/x",
      events: [],
    }),
  ],
  [
    "emailLoginCode",
    "codeHash",
    "sha256-code",
    () =>
      Promise.resolve({ email: `${unique("code")}@example.test`, expiresAt: new Date(Date.now() + 600_000) }),
  ],
];

describe("secret columns are omitted by default", () => {
  it("the table covers every configured secret column", () => {
    expect(cases.map(([model, column]) => `${model}.${column}`).sort()).toEqual(
      Object.entries(secretColumns)
        .flatMap(([model, cols]) => Object.keys(cols).map((c) => `${model}.${c}`))
        .sort(),
    );
  });

  it.each(cases)("%s.%s", async (model, column, value, base) => {
    const repo = (db as unknown as Record<string, Repo>)[model]!;
    const reveal = { [column]: false };

    const data = { ...(await base()), [column]: value };
    const created = await repo.create({ data });
    expect(created).not.toHaveProperty(column);
    const where = { id: created.id };

    // Every read path leaves the column out…
    const reads = [
      await repo.findUnique({ where }),
      await repo.findFirst({ where }),
      ...(await repo.findMany({ where })),
      await repo.update({ where, data: {} }),
      await repo.upsert({ where, create: data, update: {} }),
    ];
    expect(reads).toHaveLength(5);
    for (const row of reads) {
      expect(row).not.toBeNull();
      expect(row!.id).toBe(created.id);
      expect(Object.keys(row!)).not.toContain(column);
    }

    // …unless the query asks for it.
    expect((await repo.findUnique({ where, omit: reveal }))?.[column]).toBe(value);
    expect((await repo.findFirst({ where, omit: reveal }))?.[column]).toBe(value);
    expect((await repo.findMany({ where, omit: reveal }))[0]?.[column]).toBe(value);
    const changed = `${value}-rotated`;
    expect((await repo.update({ where, data: { [column]: changed }, omit: reveal }))[column]).toBe(changed);

    const deleted = await repo.delete({ where });
    expect(deleted).not.toHaveProperty(column);
  });

  it("stays omitted on rows loaded through relations and in select-less includes", async () => {
    const account = await makeAccount({ passwordHash: "scrypt$hash" });
    const m = await makeMembership({ accountId: account.id });
    await db.apiToken.create({
      data: {
        workspaceId: m.workspaceId,
        name: "t",
        tokenHash: unique("h"),
        prefix: "p",
        scopes: [],
        createdById: account.id,
      },
    });
    await db.secret.create({ data: { workspaceId: m.workspaceId, name: "S", valueEncrypted: "v1.x" } });

    const membership = await db.membership.findUniqueOrThrow({
      where: { id: m.id },
      include: { account: true },
    });
    expect(membership.account.id).toBe(account.id);
    expect(membership.account).not.toHaveProperty("passwordHash");

    const ws = await db.workspace.findUniqueOrThrow({
      where: { id: m.workspaceId },
      include: { apiTokens: { include: { createdBy: true } }, secrets: true },
    });
    expect(ws.apiTokens).toHaveLength(1);
    expect(ws.apiTokens[0]).not.toHaveProperty("tokenHash");
    expect(ws.apiTokens[0]!.createdBy).not.toHaveProperty("passwordHash");
    expect(ws.secrets).toHaveLength(1);
    expect(ws.secrets[0]).not.toHaveProperty("valueEncrypted");

    // A nested include can ask for the column explicitly.
    const revealed = await db.membership.findUniqueOrThrow({
      where: { id: m.id },
      include: { account: { omit: { passwordHash: false } } },
    });
    expect(revealed.account.passwordHash).toBe("scrypt$hash");
  });

  it("an explicit select returns the column (select overrides the default omit)", async () => {
    const account = await makeAccount({ passwordHash: "scrypt$selected" });
    const row = await db.account.findUniqueOrThrow({
      where: { id: account.id },
      select: { id: true, passwordHash: true },
    });
    expect(row).toEqual({ id: account.id, passwordHash: "scrypt$selected" });
  });
});
