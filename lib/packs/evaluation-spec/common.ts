// Shared pieces of the evaluation-spec validators: the error collector, the evidence reference
// grammar and small predicates.
import type { PackError } from "@/lib/packs/types";

/** Collects errors; `add("validators[0].type", …)` names `<prefix>.validators[0].type`. */
export class Errors {
  readonly list: PackError[] = [];
  constructor(readonly prefix: string) {}
  add(path: string, message: string): void {
    this.list.push({ field: path === "" ? this.prefix : `${this.prefix}.${path}`, message });
  }
}

export const trim = (value: string | undefined): string => (value ?? "").trim();

const DOTTED_PREFIXES = ["case.payload.", "case.inputs.", "case.expectations.", "artifact."];
const EXACT_REFERENCES = new Set([
  "final_output",
  "run.final_output",
  "challenge_input",
  "case.payload",
  "transcript.full",
  "transcript.from_mismatch",
  "turn.expectations",
]);

/** A dotted path with no empty segment (`a.b`, not `a..b` nor ``). */
function isDottedPath(rest: string): boolean {
  return rest.trim() !== "" && rest.split(".").every((part) => part.trim() !== "");
}

/**
 * Whether `value` is an evidence reference a validator or judge may read: `final_output`,
 * `run.final_output`, `challenge_input`, `case.payload[.<path>]`, `case.inputs.<path>`,
 * `case.expectations.<path>`, `artifact.<path>`, `file:<key>`, `literal:<anything>`,
 * `transcript.full`, `transcript.from_mismatch`, `turn.expectations`, `transcript.last_n:<n>0>`.
 */
export function isEvidenceReference(value: string): boolean {
  if (EXACT_REFERENCES.has(value)) return true;
  if (value.startsWith("literal:")) return true;
  if (value.startsWith("file:")) return value.slice("file:".length).trim() !== "";
  if (value.startsWith("transcript.last_n:")) {
    const n = value.slice("transcript.last_n:".length);
    return /^[0-9]+$/.test(n) && Number(n) > 0;
  }
  for (const prefix of DOTTED_PREFIXES) {
    if (value.startsWith(prefix)) return isDottedPath(value.slice(prefix.length));
  }
  return false;
}

export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
export const between01 = (value: number): boolean => value >= 0 && value <= 1;
