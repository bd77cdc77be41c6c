// Import cycles, type-only imports included (tsPreCompilationDeps): `npm run lint` fails on one.
// tests/unit/lint-cycles.test.ts proves that a deliberate cycle fails this check.
/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle, type-only or not: move what both sides share to a neutral file beside them.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "^(?:node_modules|lib/generated|\\.next[^/]*|data|test-results|playwright-report|tests/artifacts)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    skipAnalysisNotInRules: true,
  },
};
