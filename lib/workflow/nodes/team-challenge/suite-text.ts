// Client-safe: the editor shows a judge suite as text, one category per line — a built-in key
// ("secret_leak") or "key: rubric" — and stores what judge_suite accepts (judgeSuiteSchema's
// input). Empty text is no suite: the node then uses the red/blue challenge's.

export type SuiteEntry = string | { key: string; rubric?: string; name?: string; uses_secret?: boolean };

/** Text → judge_suite entries (undefined for empty text). Lines without a colon are keys. */
export function suiteFromText(text: string): SuiteEntry[] | undefined {
  const entries: SuiteEntry[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon < 0) {
      entries.push(line);
      continue;
    }
    const key = line.slice(0, colon).trim();
    const rubric = line.slice(colon + 1).trim();
    entries.push(rubric === "" ? key : { key, rubric });
  }
  return entries.length > 0 ? entries : undefined;
}

/** judge_suite (as stored in the graph) → the editor's text. */
export function suiteToText(value: unknown): string {
  if (!Array.isArray(value)) return "";
  return value
    .map((entry: unknown) => {
      if (typeof entry === "string") return entry;
      if (entry && typeof entry === "object" && "key" in entry) {
        const { key, rubric } = entry as { key?: unknown; rubric?: unknown };
        const k = typeof key === "string" ? key : "";
        return typeof rubric === "string" && rubric.trim() !== "" ? `${k}: ${rubric}` : k;
      }
      return "";
    })
    .filter((line) => line !== "")
    .join("\n");
}
