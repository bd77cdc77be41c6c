import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Import boundaries: storage behind lib/services and lib/db, components free of server code, lib/
// below app/. The core rule, not typescript-eslint's copy, which is deprecated in its favour.
const alias = (path) => `^(?:@/|(?:\\.{1,2}/)+)${path}(?:/.*)?$`;
const storage = [
  {
    // lib/db/url.ts only reads a URL: anyone may.
    regex: alias("lib/(?:db(?!/url$)|generated)"),
    message: "Only lib/services and lib/db talk to storage: call a service.",
  },
  {
    regex: "^(?:@prisma/.+|better-sqlite3|pg)(?:/.*)?$",
    message: "Only the data-access layer (lib/db, lib/migrate.ts) opens database drivers: call a service.",
  },
];
// The layers below services receive data and functions; they never reach up into services.
const servicesFromBelow = [
  {
    regex: alias("lib/services"),
    message: "Engine, evaluation, scoring, the AI seam and contracts sit below lib/services: take what you need as a parameter.",
  },
];
const appFromLib = [{ regex: alias("app"), message: "lib/ sits below app/ and never imports from it." }];
// Modules a browser bundle must never pull in; the listed exceptions are client-safe files there.
const serverOnly = [
  ...["ai", "api", "auth", "crypto", "email", "env", "evaluation", "rate-limit", "startup"],
  ...["workflow/engine", "workflow/executors", "workflow/executor-types", "workflow/run-workflow"],
  "workflow/nodes/[^/]+/(?:execute|stream-model)",
];
const clientSafe = ["ai/model-ref", "auth/guest-name", "auth/safe-next", "evaluation/sandbox/examples"];
const serverCode = [
  {
    regex: alias("lib/services"),
    message: "Components import nothing from services (not even types): view types live in lib/contracts; the page or action passes the data in.",
  },
  {
    regex: `^@/lib/(?!(?:${clientSafe.join("|")})$)(?:${serverOnly.join("|")})(?:/.*)?$`,
    allowTypeImports: true,
    message: "Server-only module: components import only its types.",
  },
  { regex: "^(?:server-only|next/headers)$", message: "Components hold no server-only code." },
];
const restrictImports = (...groups) => ["error", { patterns: groups.flat() }];
// Direct SQL (lib/db/sql.ts, lib/db/rows.ts) only in these service modules, each kept SQL by a
// benchmark its first line names; every other service uses the Prisma client.
const directSql = [
  {
    regex: alias("lib/db/(?:sql|rows)"),
    message:
      "Services use the Prisma client; direct SQL only in the bench-justified modules listed in eslint.config.mjs (see ARCHITECTURE.md 'Storage')",
  },
];
const SQL_HOT_PATH = [
  "lib/services/attempts/**",
  "lib/services/leaderboards/**",
  "lib/services/runs/store.ts",
  "lib/services/runs/resources.ts",
  "lib/services/ladder.ts",
  "lib/services/hints/store.ts",
  "lib/services/red-blue/**",
  "lib/services/arena/**",
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".next-*/",
      "lib/generated/",
      "data/",
      "test-results/",
      "playwright-report/",
      "tests/artifacts/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.mjs", "scripts/*.mjs"] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/env.ts." },
      ],
    },
  },
  {
    files: ["lib/env.ts", "instrumentation.ts", "scripts/**", "tests/**", "playwright.config.ts", "vitest.config.ts", "next.config.ts", "bench/**", "*.mjs"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        WebAssembly: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        performance: "readonly",
      },
    },
  },
  {
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  { rules: { "no-restricted-imports": restrictImports(storage) } },
  { files: ["lib/**"], rules: { "no-restricted-imports": restrictImports(storage, appFromLib) } },
  {
    files: ["lib/db/**", "lib/db/index.ts", "lib/migrate.ts", "lib/seed.ts", "lib/seed/**"],
    rules: { "no-restricted-imports": restrictImports(appFromLib) },
  },
  { files: ["lib/services/**"], rules: { "no-restricted-imports": restrictImports(appFromLib, directSql) } },
  {
    files: SQL_HOT_PATH,
    rules: { "no-restricted-imports": restrictImports(appFromLib) },
  },
  { files: ["components/**"], rules: { "no-restricted-imports": restrictImports(storage, serverCode) } },
  {
    files: ["lib/workflow/**", "lib/evaluation/**", "lib/scoring/**", "lib/red-blue/**", "lib/arena/**", "lib/packs/**", "lib/ai/**", "lib/contracts/**"],
    rules: { "no-restricted-imports": restrictImports(storage, appFromLib, servicesFromBelow) },
  },
  { files: ["scripts/**", "tests/**"], rules: { "no-restricted-imports": "off" } },
  // Rate-limit stores are a storage adapter of their own (their table, their connection).
  { files: ["lib/rate-limit/stores.ts"], rules: { "no-restricted-imports": restrictImports(appFromLib) } },
  // The job engine and pub/sub are storage adapters too (the jobs table, pg-boss, LISTEN/NOTIFY);
  // they must not reach the services (the job definitions are given to them).
  {
    files: ["lib/jobs/**", "lib/pubsub/**"],
    rules: { "no-restricted-imports": restrictImports(appFromLib, servicesFromBelow) },
  },
);
