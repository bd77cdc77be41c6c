// Prints one closing line for CI from the JSON reports that vitest and Playwright write when
// CI is set: "tests: N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = "tests/artifacts/reports/vitest.json";
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const pw = "tests/artifacts/reports/playwright.json";
if (existsSync(pw)) {
  const s = JSON.parse(readFileSync(pw, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (passed === 0 || failed > 0) process.exit(1);
