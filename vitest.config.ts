import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const resolve = {
  alias: {
    "@/": root,
    // Server-only modules are imported directly by tests.
    "server-only": `${root}tests/setup/server-only.ts`,
  },
};

const integration = (name: string, setup: string): TestProjectInlineConfiguration => ({
  resolve,
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: [setup],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    resolve,
    test: {
      name: "unit",
      include: ["tests/unit/**/*.test.ts"],
      setupFiles: ["tests/setup/unit.ts"],
      environment: "node",
      testTimeout: 20_000,
    },
  },
  integration("sqlite", "tests/setup/db-sqlite.ts"),
];
// PostgreSQL runs the same integration suite when a server is given (CI sets it).
if (process.env.TEST_DATABASE_URL) projects.push(integration("postgres", "tests/setup/db-postgres.ts"));

export default defineConfig({
  test: {
    projects,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "tests/artifacts/reports/vitest.json" }]]
      : ["default"],
  },
});
