// The `gauntlet` CLI (package.json "bin"): challenge packs from the command line.
//   gauntlet packs validate <file…>        offline: every error as "<file>: <field> <message>", exit 1 on any
//   gauntlet packs publish <file>          to GAUNTLET_URL with GAUNTLET_TOKEN (a workspace API token)
//   gauntlet packs list                    the workspace's packs
//   gauntlet packs run <slug[@version]>    run a published pack against models (scripts/gauntlet/runs.ts)
//   gauntlet packs results <run-id>        a run's summary, cases, JSON or CSV
// Usage and configuration errors exit 2.
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { validatePackYaml } from "../lib/packs";
import { EXIT, server } from "./gauntlet/api";
import { addRunCommands } from "./gauntlet/runs";

const program = new Command();
program
  .name("gauntlet")
  .description("Gauntlet command line: challenge packs")
  .showHelpAfterError()
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
    process.exit(failed ? 1 : 0);
  });

packs
  .command("publish")
  .description("publish a bundle as an immutable version (GAUNTLET_URL, GAUNTLET_TOKEN)")
  .argument("<file>", "bundle YAML file")
  .action(async (file: string) => {
    const { url, token } = server();
    const res = await fetch(`${url}/console/api/packs`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/yaml" },
      body: readFile(file),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 422 && Array.isArray(body.errors)) {
      for (const e of body.errors as { field: string; message: string }[])
        console.log(`${file}: ${e.field} ${e.message}`);
      process.exit(1);
    }
    if (!res.ok) {
      const error = body.error as { message?: string } | undefined;
      console.error(`${file}: ${res.status} ${error?.message ?? JSON.stringify(body)}`);
      process.exit(1);
    }
    console.log(
      `${body.created ? "published" : "already published (same content)"}: version ${String(body.version_number)}`,
    );
    for (const k of ["challenge_pack_id", "challenge_pack_version_id", "evaluation_spec_id"])
      console.log(`  ${k}: ${String(body[k])}`);
    console.log(`  input_set_ids: ${(body.input_set_ids as string[]).join(", ")}`);
  });

packs
  .command("list")
  .description("the workspace's packs")
  .action(async () => {
    const { url, token } = server();
    const res = await fetch(`${url}/console/api/packs`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as {
      data?: { slug: string; name: string; latest_version: number | null }[];
    };
    if (!res.ok || !body.data) {
      console.error(`${res.status} ${JSON.stringify(body)}`);
      process.exit(1);
    }
    for (const p of body.data) console.log(`${p.slug}@${p.latest_version ?? "-"}  ${p.name}`);
  });

addRunCommands(packs);

await program.parseAsync(process.argv);
