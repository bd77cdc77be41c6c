// The gauntlet CLI against a real HTTP server (the app's route handlers served in this process,
// with a job worker): publish the eval-trio pack, `packs run` it on the offline model with offline
// judges (progress lines on a non-TTY stderr, the summary, exit 1 when a case failed), then
// `packs results` as text, cases, JSON and CSV; Ctrl-C while waiting stops waiting only (exit 130,
// how to follow again); a run cancelled while the CLI waits is exit 1; a native pack is refused
// (exit 5) unless --prompt-only, whose summary prints what was measured; one exit-code rule for
// every command: 3 the server refused (its message, never its body), 4 it failed or is unreachable.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as casesRoute } from "@/app/console/api/pack-runs/[id]/cases/route";
import { POST as cancelRoute } from "@/app/console/api/pack-runs/[id]/cancel/route";
import { GET as exportRoute } from "@/app/console/api/pack-runs/[id]/export/route";
import { GET as runRoute } from "@/app/console/api/pack-runs/[id]/route";
import { GET as listRunsRoute, POST as startRoute } from "@/app/console/api/packs/[id]/runs/route";
import { GET as listRoute, POST as publishRoute } from "@/app/console/api/packs/route";
import { packRunCaseView, packRunView, type PackRunView } from "@/lib/contracts/pack-runs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiToken } from "@/lib/services/api-tokens";
import type { RunningWorker } from "@/lib/jobs";
import { consoleActors, type ConsoleActors } from "@/tests/helpers/console";
import { startRouteServer, type RouteServer } from "@/tests/helpers/route-server";
import { waitFor } from "@/tests/helpers/wait";
import { startPackRunWorker } from "./packs-support";

const root = join(import.meta.dirname, "../../..");
const TRIO = join(root, "tests/fixtures/packs/eval-trio.yaml");
const VAULT = join(root, "tests/fixtures/packs/security-native.yaml");

let actors: ConsoleActors;
let http: RouteServer;
let worker: RunningWorker | undefined;

interface Cli {
  /** Resolves once stderr matches; the match. */
  stderrMatch(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ctrl-C in a terminal: SIGINT to the CLI's whole process group. */
  interrupt(): void;
  done: Promise<{ status: number | null; stdout: string; stderr: string }>;
}

function cli(args: string[], env: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [join(root, "scripts/gauntlet.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, GAUNTLET_URL: http.url, GAUNTLET_TOKEN: actors.tokenA, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, as a terminal's foreground job
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 90_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
  return {
    done,
    interrupt: () => process.kill(-child.pid!, "SIGINT"),
    stderrMatch: (re, timeoutMs = 30_000) =>
      waitFor(`stderr to match ${re}`, () => re.exec(stderr), timeoutMs, { output: () => stderr }),
  };
}

const run = (...args: string[]) => cli(args).done;

const OFFLINE_MODEL = ["--model", "offline:level-1"];
/** `packs run <pack> --model offline:level-1`, then `flags`. */
const offlineRun = (pack: string, ...flags: string[]) => ["packs", "run", pack, ...OFFLINE_MODEL, ...flags];
const CAPITALS = ["--input-set", "capitals"];

async function apiRun(id: string): Promise<PackRunView> {
  const res = await fetch(`${http.url}/console/api/pack-runs/${id}`, {
    headers: { authorization: `Bearer ${actors.tokenA}` },
  });
  expect(res.status).toBe(200);
  return packRunView.parse(((await res.json()) as { run: unknown }).run);
}

beforeAll(async () => {
  actors = await consoleActors();
  http = await startRouteServer({
    "/console/api/packs": { GET: listRoute, POST: publishRoute },
    "/console/api/packs/[id]/runs": { GET: listRunsRoute, POST: startRoute },
    "/console/api/pack-runs/[id]": { GET: runRoute },
    "/console/api/pack-runs/[id]/cases": { GET: casesRoute },
    "/console/api/pack-runs/[id]/export": { GET: exportRoute },
    "/console/api/pack-runs/[id]/cancel": { POST: cancelRoute },
  });
  for (const file of [TRIO, VAULT]) {
    const published = await run("packs", "publish", file);
    expect(published.stderr).toBe("");
    expect(published.stdout).toMatch(/^published: version 1\n/);
    expect(published.status).toBe(0);
  }
});

afterAll(async () => {
  await worker?.stop();
  await http?.close();
});

describe("gauntlet packs run / results", () => {
  it("Ctrl-C stops waiting and says how to follow the run; a run cancelled while waiting exits 1", async () => {
    // No worker yet: the run stays queued while the CLI waits on it.
    const waiting = cli(offlineRun("eval-trio@1", ...CAPITALS));
    const id = (
      await waiting.stderrMatch(/started run (\S+): eval-trio v1, 8 cases, models offline:level-1\n/)
    )[1]!;
    await waiting.stderrMatch(/progress: 0\/8 0% queued\n/);
    waiting.interrupt();
    const stopped = await waiting.done;
    expect(stopped.status).toBe(130);
    expect(stopped.stdout).toBe("");
    expect(stopped.stderr).toContain(`stopped waiting: run ${id} goes on on the server (0/8 cases done)`);
    expect(stopped.stderr).toContain(`gauntlet packs results ${id} --wait`);
    expect(stopped.stderr).not.toContain("\x1b"); // stderr is a pipe: no escape codes
    expect((await apiRun(id)).status).toBe("queued");

    const following = cli(["packs", "results", id, "--wait"]);
    await following.stderrMatch(/progress: 0\/8 0% queued\n/);
    const cancel = await fetch(`${http.url}/console/api/pack-runs/${id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${actors.tokenA}` },
    });
    expect(cancel.status).toBe(200);
    const cancelled = await following.done;
    expect(cancelled.stderr).toMatch(/progress: 0\/8 0% cancelled\n/);
    expect(cancelled.stdout).toMatch(
      new RegExp(`^eval-trio v1 run ${id}: cancelled, 0/8 cases \\(input set capitals\\)\n`),
    );
    expect(cancelled.status).toBe(1);
  }, 120_000);

  it("runs eval-trio on the offline model, prints the summary, then the results as text, cases, JSON and CSV", async () => {
    worker = await startPackRunWorker();
    const ran = await run(
      ...offlineRun(
        "eval-trio",
        ...CAPITALS,
        "--judge-model",
        "gpt-4o-mini=offline:judge",
        "--judge-model",
        "gpt-4.1-mini=offline:judge",
      ),
    );
    expect(ran.stderr).not.toContain("\x1b");
    const id = /started run (\S+): eval-trio v1, 8 cases/.exec(ran.stderr)?.[1] ?? "";
    expect(ran.stderr).toMatch(/progress: 8\/8 100% completed\n$/);
    // One progress line per change of status or count, never the same one twice in a row.
    const progress = ran.stderr.split("\n").filter((l) => l.startsWith("progress: "));
    expect(progress.every((l, i) => i === 0 || l !== progress[i - 1])).toBe(true);

    const json = await run("packs", "results", id, "--json");
    const exported = JSON.parse(json.stdout) as { run: unknown; cases: unknown[] };
    const finished = packRunView.parse(exported.run);
    const cases = exported.cases.map((c) => packRunCaseView.parse(c));
    expect(finished).toMatchObject({ id, status: "completed", total_cases: 8, done_cases: 8 });
    expect(cases).toHaveLength(8);
    expect(new Set(cases.map((c) => c.input_set))).toEqual(new Set(["capitals"]));
    // The offline model answers in a sentence: some cases fail, so every command exits 1.
    const passed = cases.filter((c) => c.status === "passed").length;
    expect(passed).toBeLessThan(8);
    expect(ran.status, ran.stderr).toBe(1);
    expect(json.status).toBe(1);

    // The summary printed by `run` is the finished run's, figure by figure.
    const model = finished.summary?.models[0];
    if (!model) throw new Error("no summary");
    const lines = ran.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`eval-trio v1 run ${id}: completed, 8/8 cases (input set capitals)`);
    expect(lines[1]).toBe(`offline:level-1: 8 cases (${passed} passed, ${8 - passed} failed, 0 errors)`);
    expect(lines[2]).toBe(`  pass rate     ${((passed / 8) * 100).toFixed(1)}% (${passed}/8 scored)`);
    expect(lines[3]).toBe(`  mean overall  ${model.scorecard.mean_overall?.toFixed(3)}`);
    expect(lines[4]).toMatch(/^ {2}accuracy +\d\.\d{3} \(validators, 8 scored/);
    expect(lines[5]).toMatch(/^ {2}quality +\d\.\d{3} \(llm_judge, 8 scored/);
    expect(lines).toContain(`  cost          $${model.cost_usd.toFixed(4)} (${model.tokens} tokens)`);
    expect(ran.stdout).not.toMatch(/needs sandbox|left out/);

    const text = await run("packs", "results", id);
    expect(text.status).toBe(1);
    expect(text.stdout).toBe(ran.stdout);

    const listed = await run("packs", "results", id, "--cases");
    expect(listed.status).toBe(1);
    const caseLines = listed.stdout
      .trimEnd()
      .split("\n")
      .slice(lines.length + 1);
    expect(caseLines).toEqual(
      cases.map((c) => `offline:level-1 capitals/${c.case_key} ${c.status} ${c.overall?.toFixed(3)}`),
    );

    const csv = await run("packs", "results", id, "--csv");
    expect(csv.status).toBe(1);
    const rows = csv.stdout.trimEnd().split(/\r?\n/);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toMatch(/^ordinal,model,kind,input_set,challenge_key,case_key,status,overall/);
    expect(rows.filter((r) => r.includes(",offline:level-1,case,capitals,"))).toHaveLength(8);
  }, 120_000);

  it("refuses a native pack with exit 5 unless --prompt-only; then the summary prints what was measured", async () => {
    const refused = await run(...offlineRun("vault-guard"));
    expect(refused.status).toBe(5);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim()).toBe(
      "422 needs_sandbox: 2 of the run's 5 cases need a sandbox provider, which Gauntlet does not have: " +
        "native execution mode runs in a sandbox with tools (2). " +
        "Start the run with prompt_only: true (CLI: --prompt-only) to run only the other 3 cases.",
    );

    const ran = await run(...offlineRun("vault-guard", "--prompt-only"));
    const id =
      /started run (\S+): vault-guard v1, 5 cases, models offline:level-1 \(2 left out: they need a sandbox provider\)\n/.exec(
        ran.stderr,
      )?.[1];
    if (!id) throw new Error(ran.stderr);
    const finished = await apiRun(id);
    expect(finished).toMatchObject({ status: "completed", prompt_only: true, sandbox_cases: 2 });
    const m = finished.summary?.models[0];
    if (!m) throw new Error("no summary");
    expect(m.security.tests).toBe(3);
    expect(m.scorecard.cases).toBe(0);
    const lines = ran.stdout.trimEnd().split("\n");
    expect(lines).toEqual([
      `vault-guard v1 run ${id}: completed, 5/5 cases`,
      `offline:level-1: 5 cases (${m.passed} passed, ${m.failed} failed, ${m.errors} errors, 2 left out)`,
      `  cost          $${m.cost_usd.toFixed(4)} (${m.tokens} tokens)`,
      `  security      ${m.security.passed}/3 passed, ${m.security.findings} findings`,
      "left out: 2 cases need a sandbox provider (not run, not failed):",
      "  2 × native execution mode runs in a sandbox with tools",
      ...finished.summary!.sandbox_notes.map((n) => `note: ${n}`),
    ]);
    expect(ran.stdout).not.toContain("0/0");
    expect(ran.status).toBe(m.failed + m.errors > 0 ? 1 : 0);
  }, 120_000);

  it("one rule for every command: a refusal exits 3 with the server's message, a failing or unreachable server 4", async () => {
    const { token: playOnly } = await createApiToken(actors.wsA.id, null, { name: "play", scopes: ["play"] });
    for (const args of [
      ["packs", "list"],
      ["packs", "publish", TRIO],
      ["packs", "results", "some-run"],
      offlineRun("eval-trio"),
    ]) {
      const scoped = await cli(args, { GAUNTLET_TOKEN: playOnly }).done;
      expect(scoped.status, args.join(" ")).toBe(3);
      expect(scoped.stderr, args.join(" ")).toMatch(/^(\S+: )?403 insufficient_scope: [^{]+\n$/);
      expect(scoped.stdout).toBe("");
    }

    // A proxy's HTML error page: its status and a hint, never the page.
    const proxy = createServer((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body>upstream exploded: secret-internal-host:8080</body></html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      for (const args of [
        ["packs", "list"],
        ["packs", "results", "some-run"],
      ]) {
        const failed = await cli(args, { GAUNTLET_URL: proxyUrl }).done;
        expect(failed.status, args.join(" ")).toBe(4);
        expect(failed.stderr).toBe(
          "502 Bad Gateway: the server gave no error message (is GAUNTLET_URL a Gauntlet server?)\n",
        );
      }
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
    const unreachable = await cli(["packs", "list"], { GAUNTLET_URL: proxyUrl }).done;
    expect(unreachable.status).toBe(4);
    expect(unreachable.stderr).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+: /);
  }, 120_000);

  it("--no-wait prints the id; server errors exit 3 with the server's message; usage errors exit 2", async () => {
    const quick = await run(...offlineRun("eval-trio", ...CAPITALS, "--no-wait"));
    expect(quick.status).toBe(0);
    const id = quick.stdout.trim();
    expect(quick.stderr).toContain(`started run ${id}:`);
    expect(["queued", "running", "completed"]).toContain((await apiRun(id)).status);

    const missing = await run(...offlineRun("no-such-pack"));
    expect(missing.status).toBe(3);
    expect(missing.stderr.trim()).toMatch(/^404 not_found: .*not found$/i);

    const badSet = await run(...offlineRun("eval-trio", "--input-set", "nope"));
    expect(badSet.status).toBe(3);
    expect(badSet.stderr).toMatch(/^422 validation_failed: .*input_set/);

    const noRun = await run("packs", "results", "no-such-run");
    expect(noRun.status).toBe(3);
    expect(noRun.stderr).toMatch(/^404 not_found: /);

    const badToken = await cli(["packs", "results", id], { GAUNTLET_TOKEN: "gnt_not_a_token" }).done;
    expect(badToken.status).toBe(3);
    expect(badToken.stderr).toMatch(/^401 unauthorized: /);

    const noServer = await cli(offlineRun("eval-trio"), {
      GAUNTLET_URL: "",
    }).done;
    expect(noServer.status).toBe(2);
    expect(noServer.stderr).toMatch(/Set GAUNTLET_URL/);

    const badRef = await run(...offlineRun("eval-trio@x"));
    expect(badRef.status).toBe(2);
    const noModel = await run("packs", "run", "eval-trio");
    expect(noModel.status).toBe(2);
    expect(noModel.stderr).toMatch(/required option '--model <ref>'/);
    const both = await run("packs", "results", id, "--json", "--csv");
    expect(both.status).toBe(2);
  }, 120_000);
});
