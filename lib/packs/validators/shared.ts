import type {
  DeterministicValidator,
  DeterministicValidatorType,
  ValidatorInput,
  ValidatorResult,
} from "./types";

// Helpers every validator shares: input caps, config readers, result builders and the wrapper
// that turns any failure into a failed result (validators never throw).

/** Each side of a comparison is capped at this many UTF-16 code units. */
export const MAX_TEXT = 100_000;

/** A config value the validator cannot use; reported as a failed result, never thrown out. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The text capped at MAX_TEXT. */
export function cap(text: string): string {
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

/** The expected evidence as text: strings as they are, numbers/booleans printed, objects as JSON. */
export function expectedText(expected: unknown): string | undefined {
  if (expected === undefined || expected === null) return undefined;
  if (typeof expected === "string") return cap(expected);
  if (typeof expected === "number" || typeof expected === "boolean" || typeof expected === "bigint") {
    return String(expected);
  }
  try {
    return cap(JSON.stringify(expected));
  } catch {
    return undefined;
  }
}

/** The expected evidence as one or more reference texts (a list of strings gives several). */
export function expectedTexts(expected: unknown): string[] {
  if (Array.isArray(expected) && expected.length > 0 && expected.every((e) => typeof e === "string")) {
    return expected.slice(0, 100).map(cap);
  }
  const one = expectedText(expected);
  return one === undefined ? [] : [one];
}

/** The expected text, or a ConfigError naming the validator when there is none. */
export function requireExpectedText(expected: unknown): string {
  const text = expectedText(expected);
  if (text === undefined) throw new ConfigError("expected value is missing");
  return text;
}

export function readBool(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = config[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "boolean") throw new ConfigError(`${key} must be true or false`);
  return v;
}

export function readString(config: Record<string, unknown>, key: string): string | undefined {
  const v = config[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new ConfigError(`${key} must be a string`);
  return v;
}

/** A string that must be one of the given choices. */
export function readChoice<T extends string>(
  config: Record<string, unknown>,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const v = readString(config, key);
  if (v === undefined) return fallback;
  const lowered = v.trim().toLowerCase();
  const found = choices.find((c) => c === lowered);
  if (!found) throw new ConfigError(`${key} must be one of ${choices.join(", ")} (got "${v}")`);
  return found;
}

interface NumberRule {
  min?: number;
  max?: number;
  /** The value must be strictly greater than min. */
  exclusiveMin?: boolean;
  integer?: boolean;
}

export function readNumber(
  config: Record<string, unknown>,
  key: string,
  fallback: number,
  rule: NumberRule = {},
): number {
  const v = config[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== "number" || !Number.isFinite(v)) throw new ConfigError(`${key} must be a number`);
  if (rule.integer && !Number.isInteger(v)) throw new ConfigError(`${key} must be an integer`);
  if (rule.min !== undefined) {
    if (rule.exclusiveMin ? v <= rule.min : v < rule.min) {
      throw new ConfigError(`${key} must be ${rule.exclusiveMin ? "greater than" : "at least"} ${rule.min}`);
    }
  }
  if (rule.max !== undefined && v > rule.max) throw new ConfigError(`${key} must be at most ${rule.max}`);
  return v;
}

/** `threshold` in [0, 1]. */
export function readThreshold(config: Record<string, unknown>, fallback: number): number {
  return readNumber(config, "threshold", fallback, { min: 0, max: 1 });
}

/** A number for evidence: at most 4 decimals, no trailing zeros. */
export function fmt(n: number): string {
  return String(Number(n.toFixed(4)));
}

/** A text shortened for evidence, JSON-quoted. */
export function quote(value: string | undefined, max = 60): string {
  const text = value ?? "";
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

export function pass(evidence: string, score = 1): ValidatorResult {
  return { passed: true, score, evidence };
}

export function fail(evidence: string, score = 0): ValidatorResult {
  return { passed: false, score, evidence };
}

/** A score against a threshold: "BLEU 0.43 < threshold 0.5". */
export function thresholdResult(label: string, score: number, threshold: number): ValidatorResult {
  const s = Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
  return s >= threshold
    ? pass(`${label} ${fmt(s)} >= threshold ${fmt(threshold)}`, s)
    : fail(`${label} ${fmt(s)} < threshold ${fmt(threshold)}`, s);
}

/**
 * Builds a validator whose run() never throws: the actual text is capped, config problems become
 * "invalid config: …" and anything unexpected "validator error: …", both failed with score 0.
 */
export function defineValidator(
  type: DeterministicValidatorType,
  run: (input: ValidatorInput) => ValidatorResult,
): DeterministicValidator {
  return {
    type,
    run(input) {
      try {
        const config =
          input.config && typeof input.config === "object" && !Array.isArray(input.config)
            ? input.config
            : {};
        const actual = typeof input.actual === "string" ? cap(input.actual) : "";
        return run({ actual, expected: input.expected, config });
      } catch (err) {
        if (err instanceof ConfigError) return fail(`invalid config: ${err.message}`);
        const message = err instanceof Error ? err.message : String(err);
        return fail(`validator error: ${message.slice(0, 200)}`);
      }
    },
  };
}
