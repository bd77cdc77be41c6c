import type { Json, PackError } from "./types";

export const MAX_BUNDLE_BYTES: number;
export const MAX_DEPTH: number;
export const MAX_NODES: number;
export const MAX_VALUES: number;

/**
 * `errors` are the decode errors (at least one), each with its field path (`bundle` for the whole
 * text); `limit` names the bound a refused text is over (the server answers those 413).
 */
export type ParseResult =
  | { ok: true; value: Json }
  | { ok: false; errors: PackError[]; limit?: "bytes" | "nodes" };

export function countYamlNodes(text: string, limit?: number): number;
export function parseBundleYaml(text: string): ParseResult;
