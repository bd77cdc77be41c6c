// Tests never pass or fail on how long something took: a busy machine makes such checks flaky.
// Timing belongs in the bench (tests/bench); tests check orders, counts and where work ran.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const SCANNED = ["tests/unit", "tests/integration", "tests/e2e"];
const SOURCE = /\.(?:ts|tsx|mjs)$/;

/** A clock reading minus a start, inside an expect: `expect(performance.now() - t0)`. */
const ELAPSED_IN_EXPECT = /expect\(\s*(?:performance\.now\(\)|Date\.now\(\))\s*-\s*[A-Za-z_$]/;
/** A duration-named variable compared with a bound: `expect(elapsed).toBeLessThan(500)`. */
const DURATION_COMPARED =
  /expect\(\s*(?:elapsed\w*|\w*(?:Ms|Millis)|duration\w*|\w*[Ll]atenc\w*|lag\w*|took\w*|\w*[Pp]95|worstPing\w*)\s*(?:,[^)]*)?\)\s*\.(?:not\.)?toBe(?:Less|Greater)Than/;
/** High-resolution timers and event-loop delay monitors have no use in a test but timing. */
const TIMER_API = /\bhrtime\b|monitorEventLoopDelay|eventLoopUtilization/;

/** The timing assertions in one file's text, as "line: text". */
export function timingAssertions(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (ELAPSED_IN_EXPECT.test(line) || DURATION_COMPARED.test(line) || TIMER_API.test(line)) {
      found.push(`${i + 1}: ${line.trim()}`);
    }
  });
  return found;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

describe("tests stay free of timing assertions", () => {
  it("no unit, integration or e2e test asserts on elapsed time", () => {
    const offenders: string[] = [];
    for (const dir of SCANNED) {
      for (const path of files(join(root, dir))) {
        if (path === fileURLToPath(import.meta.url)) continue; // its own patterns and examples
        for (const hit of timingAssertions(readFileSync(path, "utf8")))
          offenders.push(`${relative(root, path)}:${hit}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it.each([
    "expect(performance.now() - started).toBeLessThan(5_000);",
    "    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);",
    "expect(elapsed).toBeLessThan(500);",
    "expect(tookMs, 'slow').toBeLessThanOrEqual(2000);",
    "expect(loadP95).toBeLessThanOrEqual(bound);",
    "expect(worstPing).toBeLessThan(1000);",
    "expect(lagMs).not.toBeGreaterThan(100);",
    "const t = process.hrtime.bigint();",
    "const h = monitorEventLoopDelay({ resolution: 10 });",
  ])("finds a planted one: %s", (line) => {
    expect(timingAssertions(`ok();\n${line}\n`)).toEqual([`2: ${line.trim()}`]);
  });

  it.each([
    "expect(retryAfter).toBeLessThanOrEqual(60);",
    "expect(Date.parse(body.run_at)).toBeGreaterThan(Date.now() - 1_000);",
    "expect(result.elapsed_ms).toBeGreaterThanOrEqual(0);",
    "expect(scorePairing({ elapsedMs: 2000 }, cfg)).toEqual({ points: 1 });",
    "const deadline = Date.now() + 15_000;",
    "expect(stamped).toBeLessThanOrEqual(now);",
  ])("leaves data and deadlines alone: %s", (line) => {
    expect(timingAssertions(line)).toEqual([]);
  });
});
