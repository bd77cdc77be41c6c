// The `gauntlet` CLI (package.json "bin"): challenge packs from the command line.
//   gauntlet packs validate <file…>        offline: every error as "<file>: <field> <message>", exit 1 on any
//   gauntlet packs publish <file>          to GAUNTLET_URL with GAUNTLET_TOKEN (a workspace API token)
//   gauntlet packs list                    the workspace's packs
//   gauntlet packs run <slug[@version]>    run a published pack against models (scripts/gauntlet/runs.ts)
//   gauntlet packs results <run-id>        a run's summary, cases, JSON or CSV
// One exit-code rule for every command: EXIT_CODES_HELP in scripts/gauntlet/api.ts (also --help).
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { validatePackYaml } from "../lib/packs";
import { ApiError, EXIT, EXIT_CODES_HELP, requestJson, server, withApiErrors } from "./gauntlet/api";
import { addRunCommands } from "./gauntlet/runs";

const program = new Command();
program
  .name("gauntlet")
  .description("Gauntlet command line: challenge packs")
  .showHelpAfterError()
  .addHelpText("after", `\n${EXIT_CODES_HELP}`)
  // Commander's own usage errors (unknown option, missing argument) exit 2 like ours; help exits 0.
  .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : EXIT.usage));

function readFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    console.error(`${file}: cannot read (${(err as Error).message})`);
    process.exit(EXIT.usage);
  }
}

const packs = program.command("packs").description("challenge-pack bundles (YAML)");

packs
  .command("validate")
  .description("validate bundles offline with every rule; exit 1 when any has an error")
  .argument("<files...>", "bundle YAML files")
  .action((files: string[]) => {
    let failed = 0;
    for (const file of files) {
      const checked = validatePackYaml(readFile(file));
      if (checked.valid) {
        console.log(`${file}: valid`);
        continue;
      }
      failed++;
      for (const e of checked.errors) console.log(`${file}: ${e.field} ${e.message}`);
    }
    process.exit(failed ? EXIT.failed : EXIT.ok);
  });

packs
  .command("publish")
  .description("publish a bundle as an immutable version (GAUNTLET_URL, GAUNTLET_TOKEN)")
  .argument("<file>", "bundle YAML file")
  .action((file: string) =>
    withApiErrors(async () => {
      const srv = server();
      let body: Record<string, unknown>;
      try {
        body = await requestJson<Record<string, unknown>>(srv, "POST", "/console/api/packs", {
          text: readFile(file),
          contentType: "application/yaml",
        });
      } catch (err) {
        // The bundle's own errors, like validate: "<file>: <field> <message>", exit 1.
        const errors = err instanceof ApiError ? (err.body as { errors?: unknown } | undefined)?.errors : undefined;
        if (err instanceof ApiError && err.status === 422 && Array.isArray(errors)) {
          for (const e of errors as { field: string; message: string }[])
            console.log(`${file}: ${e.field} ${e.message}`);
          process.exit(EXIT.failed);
        }
        if (err instanceof ApiError) throw new ApiError(`${file}: ${err.message}`, err.status, err.code, err.body);
        throw err;
      }
      console.log(
        `${body.created ? "published" : "already published (same content)"}: version ${String(body.version_number)}`,
      );
      for (const k of ["challenge_pack_id", "challenge_pack_version_id", "evaluation_spec_id"])
        console.log(`  ${k}: ${String(body[k])}`);
      console.log(`  input_set_ids: ${((body.input_set_ids as string[] | undefined) ?? []).join(", ")}`);
    }),
  );

packs
  .command("list")
  .description("the workspace's packs")
  .action(() =>
    withApiErrors(async () => {
      const body = await requestJson<{ data?: { slug: string; name: string; latest_version: number | null }[] }>(
        server(),
        "GET",
        "/console/api/packs",
      );
      for (const p of body.data ?? []) console.log(`${p.slug}@${p.latest_version ?? "-"}  ${p.name}`);
    }),
  );

addRunCommands(packs);
for (const command of [packs, ...packs.commands]) command.addHelpText("after", `\n${EXIT_CODES_HELP}`);

await program.parseAsync(process.argv);
