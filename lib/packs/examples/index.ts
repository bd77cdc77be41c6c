// The example packs the console's "Load example" puts in the editor, read from the YAML files
// beside this one (kept as files so they are read, copied and tested as creators see them).
import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** Where the example files are, from the app's working directory (the repository root). */
const DIR = join(process.cwd(), "lib", "packs", "examples");

let cached: Promise<string> | undefined;

/** The complete, commented prompt_eval example (prompt-eval-example.yaml). */
export function examplePackYaml(): Promise<string> {
  cached ??= readFile(join(DIR, "prompt-eval-example.yaml"), "utf8").catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}
