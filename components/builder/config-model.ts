import type { NodeDefinition } from "@/lib/workflow/definition-types";

// Config editing helpers for the panel (pure, unit-tested): immutable updates by path and the
// definition's zod messages grouped by field path.

export type ConfigPath = readonly (string | number)[];
export type Config = Record<string, unknown>;

/** Sets (or, with undefined, removes) the value at a path; copies along the path. */
export function setAt(config: Config, path: ConfigPath, value: unknown): Config {
  const [head, ...rest] = path;
  if (head === undefined) return config;
  const current = config as Record<string | number, unknown>;
  if (rest.length === 0) {
    if (Array.isArray(config)) {
      const copy = (config as unknown[]).slice();
      copy[head as number] = value;
      return copy as unknown as Config;
    }
    const copy = { ...config };
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = current[head];
  const base: Config =
    child && typeof child === "object"
      ? (child as Config)
      : ((typeof rest[0] === "number" ? [] : {}) as Config);
  const updated = setAt(base, rest, value);
  if (Array.isArray(config)) {
    const copy = (config as unknown[]).slice();
    copy[head as number] = updated;
    return copy as unknown as Config;
  }
  return { ...config, [head]: updated };
}

export function getAt(config: unknown, path: ConfigPath): unknown {
  let value: unknown = config;
  for (const key of path) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

export const pathKey = (path: ConfigPath) => path.map(String).join(".");

/**
 * The config's problems by field path ("" for the whole config), each message prefixed with its
 * path the way validateGraph words it ("pass_threshold: …").
 */
export function configIssues(definition: NodeDefinition, config: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const parsed = definition.configSchema.safeParse(config ?? {});
  if (parsed.success) return map;
  for (const issue of parsed.error.issues) {
    const key = pathKey(issue.path as (string | number)[]);
    const message = key ? `${key}: ${issue.message}` : issue.message;
    map.set(key, [...(map.get(key) ?? []), message]);
  }
  return map;
}

/** Messages for a field: its own path and anything below it (e.g. variables.0.name under variables.0). */
export function issuesUnder(issues: Map<string, string[]>, path: ConfigPath): string[] {
  const key = pathKey(path);
  const out: string[] = [];
  for (const [k, messages] of issues) {
    if (k === key || k.startsWith(`${key}.`)) out.push(...messages);
  }
  return out;
}
