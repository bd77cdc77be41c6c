// `gauntlet packs run` and `gauntlet packs results`: start a run of a published pack, follow it
// with a progress bar, print its summary, its cases, or its JSON/CSV export.
// Exit codes: the CLI's one rule (EXIT_CODES_HELP in ./api.ts); a finished run exits 0 only when
// every case it ran passed (cases left out for a sandbox provider are not failures).
import { type Command, InvalidArgumentError, Option } from "commander";
import type { PackRunCaseView, PackRunView, StartRunBody } from "../../lib/contracts/pack-runs";
import { ApiError, EXIT, fail, requestJson, requestText, server, withApiErrors, type Server } from "./api";
import { caseLine, parseJudgeModels, parsePackRef, summaryLines } from "./format";
import { progressReporter } from "./progress";

const POLL_MS = 1000;
/** Transient failures in a row (unreachable, 429, 5xx) tolerated while waiting. */
const MAX_POLL_FAILURES = 5;
const FINISHED = new Set<PackRunView["status"]>(["completed", "cancelled", "failed"]);

const runPath = (id: string, rest = "") => `/console/api/pack-runs/${encodeURIComponent(id)}${rest}`;

/** Writes to stdout and waits until it is flushed, so an exit right after loses nothing of a pipe. */
function print(text: string): Promise<void> {
  return new Promise((resolve) =>
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`, () => resolve()),
  );
}

/**
 * 1 for a run that failed or was cancelled, or whose cases (run ones, not those left out) did not
 * all pass; 0 otherwise, also for a run still going (results without --wait).
 */
export function exitFor(run: Pick<PackRunView, "status" | "done_cases" | "sandbox_cases" | "passed_cases">): number {
  if (run.status === "failed" || run.status === "cancelled") return EXIT.failed;
  if (run.status !== "completed") return EXIT.ok;
  return run.done_cases - run.sandbox_cases > run.passed_cases ? EXIT.failed : EXIT.ok;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError("expected a whole number ≥ 1");
  return Number(value);
}

async function getRun(srv: Server, id: string): Promise<PackRunView> {
  return (await requestJson<{ run: PackRunView }>(srv, "GET", runPath(id))).run;
}

/**
 * Polls the run every second until it finishes, drawing its progress on stderr. Ctrl-C stops the
 * waiting only (a second Ctrl-C ends the process at once).
 */
async function waitForRun(
  srv: Server,
  start: PackRunView,
): Promise<{ run: PackRunView; interrupted: boolean }> {
  const reporter = progressReporter();
  let run = start;
  let interrupted = false;
  let wake = () => {};
  const onSigint = () => {
    interrupted = true;
    process.off("SIGINT", onSigint);
    wake();
  };
  process.on("SIGINT", onSigint);
  let failures = 0;
  try {
    reporter.update(run);
    while (!FINISHED.has(run.status)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (interrupted) break;
      try {
        run = await getRun(srv, run.id);
        failures = 0;
      } catch (err) {
        if (!(err instanceof ApiError) || !err.transient || ++failures >= MAX_POLL_FAILURES) throw err;
        reporter.done();
        console.error(`warning: ${err.message}; asking again`);
        continue;
      }
      if (interrupted) break;
      reporter.update(run);
    }
  } finally {
    reporter.done();
    process.off("SIGINT", onSigint);
  }
  return { run, interrupted };
}

function stoppedWaiting(run: PackRunView): never {
  fail(
    `stopped waiting: run ${run.id} goes on on the server (${run.done_cases}/${run.total_cases} cases done).\n` +
      `Follow it again with: gauntlet packs results ${run.id} --wait`,
    EXIT.interrupted,
  );
}

async function allCases(srv: Server, id: string): Promise<PackRunCaseView[]> {
  const out: PackRunCaseView[] = [];
  for (;;) {
    const page = await requestJson<{ data: PackRunCaseView[]; total: number }>(
      srv,
      "GET",
      runPath(id, `/cases?limit=500&offset=${out.length}`),
    );
    out.push(...page.data);
    if (page.data.length === 0 || out.length >= page.total) return out;
  }
}

interface RunOptions {
  model: string[];
  inputSet?: string;
  concurrency?: number;
  judgeModel?: string[];
  promptOnly?: boolean;
  wait: boolean;
  json?: boolean;
}

interface ResultsOptions {
  json?: boolean;
  csv?: boolean;
  cases?: boolean;
  wait?: boolean;
}

export function addRunCommands(packs: Command): void {
  packs
    .command("run")
    .description("run a published pack against models, follow its progress and print the summary")
    .argument("<pack>", "the pack's slug, optionally @version (default the latest), e.g. eval-trio@2")
    .requiredOption("--model <ref>", "a model to run the cases on (repeat for several)", collect)
    .option("--input-set <key>", "only this input set's cases (default every input set)")
    .option("--concurrency <n>", "cases in flight at once per provider (server default 8)", positiveInt)
    .option(
      "--judge-model <name=ref>",
      "the model to use for a judge model the pack names (repeatable)",
      collect,
    )
    .option(
      "--prompt-only",
      "run only the cases that need no sandbox provider (a native pack's security tests, …); without it such a run is refused (exit 5)",
    )
    .option("--no-wait", "print the run id and return at once")
    .option("--json", "print the finished run as JSON instead of the summary")
    .action((ref: string, opts: RunOptions) =>
      withApiErrors(async () => {
        const pack = parsePackRef(ref);
        if (!pack) fail(`<pack> "${ref}": expected a slug or slug@version (e.g. eval-trio@2)`, EXIT.usage);
        const judges = parseJudgeModels(opts.judgeModel ?? []);
        if (typeof judges === "string") fail(judges, EXIT.usage);
        const srv = server();
        const body: StartRunBody = {
          models: opts.model,
          ...(pack.version === undefined ? {} : { version: pack.version }),
          ...(opts.inputSet === undefined ? {} : { input_set: opts.inputSet }),
          ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
          ...(Object.keys(judges).length ? { judge_models: judges } : {}),
          ...(opts.promptOnly ? { prompt_only: true } : {}),
        };
        const started = await requestJson<{ run: PackRunView }>(
          srv,
          "POST",
          `/console/api/packs/${encodeURIComponent(pack.slug)}/runs`,
          { json: body },
        );
        const run = started.run;
        console.error(
          `started run ${run.id}: ${run.pack_slug} v${run.version_number}, ${run.total_cases} cases, ` +
            `models ${run.models.join(", ")}` +
            (run.sandbox_cases > 0 ? ` (${run.sandbox_cases} left out: they need a sandbox provider)` : ""),
        );
        if (!opts.wait) {
          await print(opts.json ? JSON.stringify(run, null, 2) : run.id);
          process.exit(EXIT.ok);
        }
        const waited = await waitForRun(srv, run);
        if (waited.interrupted) stoppedWaiting(waited.run);
        await print(opts.json ? JSON.stringify(waited.run, null, 2) : summaryLines(waited.run).join("\n"));
        process.exit(exitFor(waited.run));
      }),
    );

  packs
    .command("results")
    .description("a run's status and summary, its cases, or its export as JSON or CSV")
    .argument("<run-id>", "the run's id (printed by packs run)")
    .addOption(
      new Option("--json", "the run and every case as JSON (the export)").conflicts(["csv", "cases"]),
    )
    .addOption(new Option("--csv", "one CSV row per case (the export)").conflicts("cases"))
    .option("--cases", "also one line per case: model input_set/case_key status overall")
    .option("--wait", "first follow the run until it finishes, with its progress on stderr")
    .action((id: string, opts: ResultsOptions) =>
      withApiErrors(async () => {
        const srv = server();
        let run = await getRun(srv, id);
        if (opts.wait && !FINISHED.has(run.status)) {
          const waited = await waitForRun(srv, run);
          if (waited.interrupted) stoppedWaiting(waited.run);
          run = waited.run;
        }
        if (opts.json || opts.csv) {
          await print(
            await requestText(srv, "GET", runPath(id, `/export?format=${opts.csv ? "csv" : "json"}`)),
          );
          process.exit(exitFor(run));
        }
        const lines = summaryLines(run);
        if (opts.cases) lines.push("", ...(await allCases(srv, id)).map(caseLine));
        await print(lines.join("\n"));
        process.exit(exitFor(run));
      }),
    );
}
