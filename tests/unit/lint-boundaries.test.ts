import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// The import boundaries of eslint.config.mjs, run through ESLint itself on snippets placed at
// paths inside the tree. Type information is switched off: these rules only read import sources.
const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: `${root}eslint.config.mjs`,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const violations = [
  {
    name: "the engine reaches up into a service",
    file: "lib/workflow/engine/x.ts",
    code: `import { loadRunResources } from "@/lib/services/runs/resources";`,
  },
  {
    name: "the AI seam reads providers through a service",
    file: "lib/ai/x.ts",
    code: `import { findProviderConnection } from "@/lib/services/llm-providers";`,
  },
  {
    name: "a contract takes a type from a service",
    file: "lib/contracts/x.ts",
    code: `import type { PluginView } from "@/lib/services/plugins";`,
  },
  {
    name: "scoring takes a type from a service",
    file: "lib/scoring/x.ts",
    code: `import type { EntryKey } from "@/lib/services/leaderboards/order";`,
  },
  {
    name: "red/blue rules import a service",
    file: "lib/red-blue/x.ts",
    code: `import { submitTeamPrompt } from "@/lib/services/red-blue";`,
  },
  {
    name: "an arena game imports a service",
    file: "lib/arena/games/x.ts",
    code: `import { mutateGame } from "@/lib/services/arena/engine";`,
  },
  {
    name: "a pack validator reads storage",
    file: "lib/packs/x.ts",
    code: `import { db } from "@/lib/db";`,
  },
  {
    name: "component imports a service function",
    file: "components/console/x.tsx",
    code: `import { listProviders } from "@/lib/services/llm-providers";`,
  },
  {
    name: "component imports a service type",
    file: "components/leaderboard/x.tsx",
    code: `import type { LeaderboardPage } from "@/lib/services/leaderboards";`,
  },
  {
    name: "component imports a service type inline",
    file: "components/console/x.tsx",
    code: `import { type ProviderView } from "@/lib/services/llm-providers";`,
  },
  {
    name: "component re-exports a service type",
    file: "components/console/x.ts",
    code: `export type { ProviderView } from "@/lib/services/llm-providers";`,
  },
  {
    name: "component re-exports a service function",
    file: "components/console/x.ts",
    code: `export { listProviders } from "@/lib/services/llm-providers";`,
  },
  {
    name: "component imports the Prisma client",
    file: "components/play/x.tsx",
    code: `import { db } from "@/lib/db";`,
  },
  {
    name: "component imports Prisma types",
    file: "components/play/x.tsx",
    code: `import type { Prisma } from "@/lib/generated/sqlite/client";`,
  },
  {
    name: "component reaches storage by a relative path",
    file: "components/play/x.tsx",
    code: `import { db } from "../../lib/db";`,
  },
  {
    name: "component imports the engine",
    file: "components/builder/x.tsx",
    code: `import { executeRun } from "@/lib/workflow/engine/execute-run";`,
  },
  {
    name: "component imports a node executor",
    file: "components/builder/x.tsx",
    code: `import { execute } from "@/lib/workflow/nodes/llm/execute";`,
  },
  {
    name: "component imports the AI seam",
    file: "components/play/x.tsx",
    code: `import { getModel } from "@/lib/ai";`,
  },
  {
    name: "component imports evaluation",
    file: "components/console/x.tsx",
    code: `import { judge } from "@/lib/evaluation/judge";`,
  },
  {
    name: "component imports the session reader",
    file: "components/shell/x.tsx",
    code: `import { getViewer } from "@/lib/auth/viewer";`,
  },
  { name: "component imports env", file: "components/shell/x.tsx", code: `import { env } from "@/lib/env";` },
  { name: "component is marked server-only", file: "components/play/x.ts", code: `import "server-only";` },
  {
    name: "component reads request headers",
    file: "components/play/x.ts",
    code: `import { headers } from "next/headers";`,
  },
  { name: "AI seam runs SQL", file: "lib/ai/x.ts", code: `import { query } from "@/lib/db/sql";` },
  {
    name: "engine imports the Prisma client",
    file: "lib/workflow/engine/x.ts",
    code: `import { db } from "@/lib/db";`,
  },
  {
    name: "evaluation opens SQLite",
    file: "lib/evaluation/x.ts",
    code: `import Database from "better-sqlite3";`,
  },
  { name: "scoring opens PostgreSQL", file: "lib/scoring/x.ts", code: `import pg from "pg";` },
  {
    name: "lib imports a Prisma package",
    file: "lib/auth/x.ts",
    code: `import { PrismaPg } from "@prisma/adapter-pg";`,
  },
  {
    name: "route handler imports the Prisma client",
    file: "app/api/x/route.ts",
    code: `import { db } from "@/lib/db";`,
  },
  {
    name: "server action imports Prisma types",
    file: "app/console/actions.ts",
    code: `import type { Prisma } from "@/lib/generated/sqlite/client";`,
  },
  {
    name: "a service outside the listed hot path runs direct SQL",
    file: "lib/services/challenges.ts",
    code: `import { query } from "@/lib/db/sql";`,
  },
  {
    name: "a service decodes SQL rows",
    file: "lib/services/x.ts",
    code: `import { rowMapper } from "@/lib/db/rows";`,
  },
  {
    name: "lib imports a route",
    file: "lib/openapi/x.ts",
    code: `import { GET } from "@/app/api/health/route";`,
  },
  {
    name: "a service imports a page module",
    file: "lib/services/x.ts",
    code: `import { x } from "../../app/console/context";`,
  },
];

const allowed = [
  {
    name: "component imports a view type from a contract",
    file: "components/leaderboard/x.tsx",
    code: `import type { LeaderboardPage } from "@/lib/contracts/boards";`,
  },
  {
    name: "component imports a server module's type",
    file: "components/shell/x.tsx",
    code: `import type { Viewer } from "@/lib/auth/viewer";`,
  },
  {
    name: "component imports client-safe lib code",
    file: "components/builder/x.tsx",
    code: `import { nodeDefinitions } from "@/lib/workflow/registry";\nimport { parseModelRef } from "@/lib/ai/model-ref";\nimport { SIMPLE_EVALUATOR } from "@/lib/evaluation/sandbox/examples";\nimport { safeNext } from "@/lib/auth/safe-next";\nimport { guestNumber } from "@/lib/auth/guest-name";`,
  },
  {
    name: "component imports a node definition",
    file: "components/builder/x.tsx",
    code: `import { definition } from "@/lib/workflow/nodes/llm/definition";`,
  },
  {
    name: "a service imports the Prisma client",
    file: "lib/services/x.ts",
    code: `import { db } from "@/lib/db";\nimport type { Prisma } from "@/lib/generated/sqlite/client";`,
  },
  {
    name: "a listed hot-path service runs direct SQL",
    file: "lib/services/attempts/record.ts",
    code: `import { query } from "@/lib/db/sql";\nimport { rowMapper } from "@/lib/db/rows";`,
  },
  {
    name: "the job engine runs direct SQL",
    file: "lib/jobs/x.ts",
    code: `import { exec } from "@/lib/db/sql";`,
  },
  {
    name: "data-access layer opens drivers",
    file: "lib/db/x.ts",
    code: `import Database from "better-sqlite3";\nimport pg from "pg";\nimport { PrismaPg } from "@prisma/adapter-pg";`,
  },
  {
    name: "migrations open drivers",
    file: "lib/migrate.ts",
    code: `import Database from "better-sqlite3";\nimport pg from "pg";`,
  },
  {
    name: "seed writes through the Prisma client",
    file: "lib/seed/x.ts",
    code: `import { db } from "@/lib/db";`,
  },
  {
    name: "a service calls the AI seam",
    file: "lib/services/x.ts",
    code: `import { getModel } from "@/lib/ai";`,
  },
  {
    name: "lib reads the database URL helper",
    file: "lib/rate-limit/x.ts",
    code: `import { sqliteFilePath } from "@/lib/db/url";`,
  },
  {
    name: "route handler calls a service",
    file: "app/api/x/route.ts",
    code: `import { pingDatabase } from "@/lib/services/health";`,
  },
  {
    name: "tests reach storage",
    file: "tests/integration/x.test.ts",
    code: `import { db } from "@/lib/db";\nimport pg from "pg";`,
  },
  { name: "scripts reach storage", file: "scripts/x.ts", code: `import { db } from "@/lib/db";` },
];

describe("import boundaries (eslint.config.mjs)", () => {
  it.each(violations)("fails: $name", async ({ file, code }) => {
    const messages = await lint(file, code);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m.ruleId).toBe("no-restricted-imports");
  });

  it.each(allowed)("passes: $name", async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
