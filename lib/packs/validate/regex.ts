// User patterns are RE2 (Go `regexp`) patterns: compiled with re2js, never with JS RegExp, so
// inline flags such as `(?i)` and `(?im)` work and nothing can backtrack catastrophically.
import { RE2JS } from "re2js";

/** The syntax error of an RE2 pattern, or undefined when it compiles. */
export function re2SyntaxError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
