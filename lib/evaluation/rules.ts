import { RULES_SUCCESS_TYPES } from "@/lib/contracts/evaluation";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { containsFolded } from "@/lib/evaluation/normalize";
import {
  CreatorRegexError,
  MAX_PATTERN_LENGTH,
  creatorRegexFind,
  quoteRegexLiteral,
  validateCreatorRegex,
} from "@/lib/evaluation/regex";

// Rules evaluation: "regex" (RE2, found anywhere in the text) and "contains" (case-insensitive,
// Unicode-normalised, see normalize.ts). Pure functions with no I/O, so they are client-safe:
// the console validates configs with the same code. The secret is never fetched here; server
// callers pass it in, and it never reaches feedback or raw diagnostics.

export { RULES_SUCCESS_TYPES };
export type RulesSuccessType = (typeof RULES_SUCCESS_TYPES)[number];

export const RULES_PASS_FEEDBACK = "Success! The response met the challenge criteria.";
export const RULES_FAIL_FEEDBACK = "Not yet: the response did not meet the success criteria.";
export const RULES_CONFIG_ERROR_FEEDBACK =
  "This challenge's success check is misconfigured, so the response could not be evaluated.";

/** `{{secret}}` (spaces inside the braces and any case allowed) stands for the challenge secret. */
const SECRET_PLACEHOLDER = /\{\{\s*secret\s*\}\}/gi;

export function referencesSecret(pattern: string): boolean {
  SECRET_PLACEHOLDER.lastIndex = 0;
  return SECRET_PLACEHOLDER.test(pattern);
}

/** Replaces every placeholder; a function replacement keeps "$&" etc. in secrets literal. */
function fillSecret(pattern: string, replacement: string): string {
  return pattern.replace(SECRET_PLACEHOLDER, () => replacement);
}

const isRulesType = (t: string): t is RulesSuccessType =>
  (RULES_SUCCESS_TYPES as readonly string[]).includes(t);

export interface RulesConfig {
  /** "regex" | "contains"; other values are refused with a message. */
  successType: string;
  pattern: string | null | undefined;
  /** Regex flags from "ims" (inline (?i) etc. work too). Ignored for contains. */
  flags?: string;
  /** When false, a pattern that uses {{secret}} is refused; when undefined it is not checked. */
  hasSecret?: boolean;
}

/** Save-time validation of a rules config (challenge or node). Messages are for the creator. */
export function validateRulesConfig(config: RulesConfig): { ok: true } | { ok: false; message: string } {
  const { successType, pattern, flags, hasSecret } = config;
  if (!isRulesType(successType)) {
    return { ok: false, message: `Unknown success type "${successType}": use "regex" or "contains".` };
  }
  if (pattern == null || pattern.trim() === "") {
    return { ok: false, message: "The success pattern is empty: every response would match it." };
  }
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      message: `The success pattern is too long (${pattern.length.toLocaleString("en-US")} characters; the limit is ${MAX_PATTERN_LENGTH.toLocaleString("en-US")}).`,
    };
  }
  const usesSecret = referencesSecret(pattern);
  if (usesSecret && hasSecret === false) {
    return {
      ok: false,
      message:
        "The pattern uses {{secret}}, but this challenge has no secret: set one or remove the placeholder.",
    };
  }
  if (successType === "regex") {
    // A stand-in literal checks that the pattern around the placeholder is valid.
    const check = validateCreatorRegex(
      usesSecret ? fillSecret(pattern, quoteRegexLiteral("secret")) : pattern,
      flags,
    );
    if (!check.ok) return check;
  }
  return { ok: true };
}

export interface EvaluateRulesInput {
  successType: string;
  pattern: string | null | undefined;
  /** The model output being judged. */
  text: string;
  /** The challenge secret (plaintext), needed only when the pattern uses {{secret}}. */
  secret?: string | null;
  flags?: string;
}

function configError(reason: string): EvaluationResult {
  // raw.configError is for creators and logs: it never contains the pattern or the secret.
  return {
    outcome: "error",
    rating: null,
    feedback: RULES_CONFIG_ERROR_FEEDBACK,
    evaluator: "rules",
    raw: { configError: reason },
  };
}

const verdict = (passed: boolean): EvaluationResult => ({
  outcome: passed ? "pass" : "fail",
  rating: null,
  feedback: passed ? RULES_PASS_FEEDBACK : RULES_FAIL_FEEDBACK,
  evaluator: "rules",
});

/** What a rules config asks for on a given text: a result already, or one regex search. */
export type RulesPlan =
  | { kind: "result"; result: EvaluationResult }
  | { kind: "regex"; pattern: string; flags?: string; usesSecret: boolean };

/**
 * Everything of evaluateRules except the regex search itself, so a server caller can run the
 * search under a time budget (rules-runner.ts) with the same outcomes.
 */
export function planRules(input: EvaluateRulesInput): RulesPlan {
  const { successType, pattern, text, secret, flags } = input;
  if (!isRulesType(successType)) return { kind: "result", result: configError(`unknown success type "${successType}"`) };
  if (pattern == null || pattern.trim() === "") return { kind: "result", result: configError("empty pattern") };

  let effective = pattern;
  const usesSecret = referencesSecret(pattern);
  if (usesSecret) {
    if (!secret) {
      return { kind: "result", result: configError("the pattern uses {{secret}} but no secret is configured") };
    }
    effective = fillSecret(pattern, successType === "regex" ? quoteRegexLiteral(secret) : secret);
  }

  if (successType === "contains") return { kind: "result", result: verdict(containsFolded(text, effective)) };
  return { kind: "regex", pattern: effective, flags, usesSecret };
}

/** The verdict of a regex search planned by planRules. */
export const rulesVerdict = verdict;

/** The config error for a planned regex that does not compile. */
export function rulesRegexError(err: CreatorRegexError, usesSecret: boolean): EvaluationResult {
  // The message may quote part of the pattern, which may hold the secret: keep it out.
  return configError(usesSecret ? "invalid regex (uses {{secret}})" : `invalid regex: ${err.message}`);
}

/**
 * Evaluates a response against a rules config. A config that cannot run (unknown type, empty or
 * invalid pattern, {{secret}} without a secret) gives outcome "error" with generic feedback,
 * never a pass or a fail. Runs the search inline: servers use evaluateRulesBounded
 * (rules-runner.ts), which caps the text and bounds the search's time.
 */
export function evaluateRules(input: EvaluateRulesInput): EvaluationResult {
  const plan = planRules(input);
  if (plan.kind === "result") return plan.result;
  try {
    return verdict(creatorRegexFind(plan.pattern, input.text, plan.flags));
  } catch (err) {
    if (err instanceof CreatorRegexError) return rulesRegexError(err, plan.usesSecret);
    throw err;
  }
}
