// The cases of a run (docs/packs.md §4): every case of the chosen input sets for every
// model, then the security block's adversarial prompts as text tests. Each planned case says
// whether Gauntlet can run it on text alone or why it needs a sandbox provider. Pure.
import { decodeEvaluationSpec, type EvaluationSpec } from "@/lib/packs/evaluation-spec";
import { isObject } from "@/lib/packs/normalize";
import type { Bundle, CaseDefinition } from "@/lib/packs/types";
import { SANDBOX_VALIDATOR_TYPES } from "@/lib/packs/vocabulary";

/** The input-set key of security text tests (an input set cannot take it: keys are slugs). */
export const SECURITY_SET = "@security";

export type PlannedKind = "case" | "security";

export interface PlannedCase {
  ordinal: number;
  modelRef: string;
  kind: PlannedKind;
  inputSetKey: string;
  challengeKey: string;
  caseKey: string;
  /** Set when the case cannot run on text alone: why it needs a sandbox provider. */
  needsSandbox?: string;
}

export interface RunPlan {
  cases: PlannedCase[];
  /** Run-wide reasons some checks need a sandbox (forbidden egress, file-planted secrets). */
  sandboxNotes: string[];
}

const SANDBOX_TYPES = new Set<string>(SANDBOX_VALIDATOR_TYPES);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The decoded evaluation spec of a bundle (an empty spec when it has none). */
export function specOf(bundle: Bundle): EvaluationSpec {
  return decodeEvaluationSpec(bundle.version.evaluation_spec).spec ?? {};
}

/** Why every case of the bundle needs a sandbox provider, or undefined when text is enough. */
export function bundleSandboxReason(bundle: Bundle, spec: EvaluationSpec): string | undefined {
  const mode = text(bundle.version.execution_mode);
  if (mode === "native") return "native execution mode runs in a sandbox with tools";
  const sandboxValidator = (spec.validators ?? []).find((v) => SANDBOX_TYPES.has(text(v.type)));
  if (sandboxValidator) {
    return `validator "${text(sandboxValidator.key)}" (${text(sandboxValidator.type)}) reads sandbox evidence`;
  }
  if ((spec.post_execution_checks ?? []).length > 0) return "post_execution_checks read files from a sandbox";
  return undefined;
}

/** Why one case needs a sandbox provider (files, artifacts, a user simulator), or undefined. */
export function caseSandboxReason(caseDef: CaseDefinition): string | undefined {
  if (list(caseDef.assets).length > 0) return "the case ships files (assets)";
  if (list(caseDef.artifacts).length > 0) return "the case reads artifacts";
  if (isObject(caseDef.user_simulator) && Object.keys(caseDef.user_simulator).length > 0) {
    return "the case is a conversation with a user simulator";
  }
  const artifactInput = list(caseDef.inputs).find(
    (input) => isObject(input) && text(input.artifact_key) !== "",
  );
  if (artifactInput && isObject(artifactInput)) return `input "${text(artifactInput.key)}" reads an artifact`;
  return undefined;
}

/** The adversarial prompts of the bundle's security block (name and text set). */
export function adversarialPrompts(bundle: Bundle): { name: string; text: string; refusal: string }[] {
  const security = isObject(bundle.security) ? bundle.security : {};
  return list(security.adversarial_prompts)
    .filter(isObject)
    .map((prompt, i) => ({
      name: text(prompt.name) || `prompt-${i + 1}`,
      text: text(prompt.text),
      refusal: text(prompt.expected_refusal_pattern),
    }))
    .filter((prompt) => prompt.text !== "");
}

/**
 * Every case × model of the run, in a stable order (input set, case, model), then each
 * adversarial prompt × model. `inputSetKey` limits the run to one input set.
 */
export function planRun(bundle: Bundle, models: string[], inputSetKey?: string | null): RunPlan {
  const spec = specOf(bundle);
  const runWide = bundleSandboxReason(bundle, spec);
  const cases: PlannedCase[] = [];
  const sets = bundle.input_sets.filter((set) => !inputSetKey || set.key === inputSetKey);
  for (const set of sets) {
    for (const caseDef of set.cases) {
      const needsSandbox = runWide ?? caseSandboxReason(caseDef);
      for (const modelRef of models) {
        cases.push({
          ordinal: cases.length,
          modelRef,
          kind: "case",
          inputSetKey: set.key,
          challengeKey: caseDef.challenge_key,
          caseKey: caseDef.case_key,
          ...(needsSandbox ? { needsSandbox } : {}),
        });
      }
    }
  }
  for (const prompt of adversarialPrompts(bundle)) {
    for (const modelRef of models) {
      cases.push({
        ordinal: cases.length,
        modelRef,
        kind: "security",
        inputSetKey: SECURITY_SET,
        challengeKey: bundle.challenges[0]?.key ?? "",
        caseKey: prompt.name,
      });
    }
  }
  return { cases, sandboxNotes: securitySandboxNotes(bundle) };
}

/** Security checks that a text run cannot make: egress rules and secrets planted in files. */
export function securitySandboxNotes(bundle: Bundle): string[] {
  const security = isObject(bundle.security) ? bundle.security : {};
  const notes: string[] = [];
  const egress = list(security.forbidden_egress).filter(isObject);
  if (egress.length > 0) {
    notes.push(`${egress.length} forbidden_egress rule(s) need a sandbox provider with network capture`);
  }
  const filed = list(security.planted_secrets)
    .filter(isObject)
    .filter((secret) => text(secret.file_path) !== "" || ["file", "env"].includes(text(secret.location)));
  if (filed.length > 0) {
    notes.push(
      `${filed.length} planted secret(s) belong in files or the environment: the text tests place them in the system prompt; planting them where the pack says needs a sandbox provider`,
    );
  }
  return notes;
}

/** The case definition a planned case names (undefined for security tests or a missing case). */
export function findCase(bundle: Bundle, inputSetKey: string, caseKey: string): CaseDefinition | undefined {
  return bundle.input_sets.find((set) => set.key === inputSetKey)?.cases.find((c) => c.case_key === caseKey);
}

export interface LeftOut {
  reason: string;
  cases: number;
}

/** Reasons with how many cases each (first appearance first). */
export function countReasons(reasons: string[]): LeftOut[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, cases]) => ({ reason, cases }));
}

/** The planned cases that need a sandbox provider, by reason. */
export function leftOutByReason(cases: PlannedCase[]): LeftOut[] {
  return countReasons(cases.flatMap((c) => (c.needsSandbox ? [c.needsSandbox] : [])));
}

/** The error a case that needs a sandbox provider is recorded with. */
export const NEEDS_SANDBOX_PREFIX = "needs a sandbox provider: ";
