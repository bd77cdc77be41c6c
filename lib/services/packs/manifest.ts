import "server-only";
import { createHash } from "node:crypto";
import type { Bundle } from "@/lib/packs/types";

// Content addresses: the canonical JSON (keys sorted at every depth) of the normalised bundle,
// hashed. Two publishes of the same pack content give the same hash whatever the YAML's layout,
// anchors or key order.

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sha256 = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;

/** The stored manifest: the normalised bundle as JSON. */
export function manifestOf(bundle: Bundle): Record<string, unknown> {
  return JSON.parse(canonicalJson(bundle)) as Record<string, unknown>;
}

export const contentHashOf = (bundle: Bundle) => sha256(canonicalJson(bundle));
export const evaluationSpecIdOf = (bundle: Bundle) =>
  sha256(canonicalJson(bundle.version.evaluation_spec ?? {}));
