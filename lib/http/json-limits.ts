import { AppError } from "@/lib/errors";

// Nesting limits for JSON that reaches the server. Deeply nested values (thousands of levels) are
// legal JSON, but recursive code downstream (validation, Prisma, JSON.stringify, structured
// clone) overflows the stack on them and answers 500. Every body and every free-form JSON field
// is checked here first, without recursion, and refused with a 422 when it nests too deeply.

/** Deepest nesting of objects/arrays accepted anywhere (a body, a JSON field, plugin output). */
export const MAX_JSON_DEPTH = 64;

/**
 * Deepest nesting of arrays/objects in a JSON text, stopping early once `limit` is passed.
 * Scans the characters (strings and escapes skipped), so it never recurses and costs O(length).
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** Deepest nesting of arrays/objects in a value, iteratively (a cycle counts as too deep). */
export function jsonValueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    const depth = d + 1;
    if (depth > max) {
      max = depth;
      if (max > limit) return max;
    }
    // A cyclic or absurdly wide structure is not JSON anyone sent: treat it as too deep.
    if (++visited > 1_000_000) return Number.POSITIVE_INFINITY;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === "object") stack.push([child, depth]);
    }
  }
  return max;
}

function tooDeep(where: string, limit: number): AppError {
  const message = `${where} nests objects or arrays more than ${limit} levels deep`;
  return new AppError("validation_failed", message, {
    details: { issues: [{ path: where === "The request body" ? "" : where, message }] },
  });
}

/** Throws a 422 AppError when the JSON text nests deeper than the limit. */
export function assertJsonTextDepth(text: string, where = "The request body", limit = MAX_JSON_DEPTH): void {
  if (jsonTextDepth(text, limit) > limit) throw tooDeep(where, limit);
}

/** Throws a 422 AppError when the value nests deeper than the limit. */
export function assertJsonValueDepth(value: unknown, where = "The value", limit = MAX_JSON_DEPTH): void {
  if (jsonValueDepth(value, limit) > limit) throw tooDeep(where, limit);
}

/** JSON.parse that first refuses text nesting deeper than the limit (422). */
export function parseJsonWithLimits(text: string, where = "The request body", limit = MAX_JSON_DEPTH): unknown {
  assertJsonTextDepth(text, where, limit);
  return JSON.parse(text) as unknown;
}
