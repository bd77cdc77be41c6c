// One case of a prompt_eval run, as the validators and judges see it (docs/packs.md
// §3 evidence references, §4): what the case holds, the prompt built from it, and each evidence
// reference resolved against the model's answer. Pure: no storage, no model, never throws.
import { isEvidenceReference } from "@/lib/packs/evaluation-spec";
import { isObject } from "@/lib/packs/normalize";
import { caseTemplateContext, renderCaseTemplate } from "@/lib/packs/run/template";

/** What one case offers to evidence references. */
export interface CaseContext {
  /** The model's answer (`final_output`, `run.final_output`). */
  finalOutput: string;
  /** The prompt sent for the case (`challenge_input`). */
  challengeInput: string;
  /** The case's payload (`case.payload[.<path>]`). */
  payload: Record<string, unknown>;
  /** Input key → its value (`case.inputs.<key>`). */
  inputs: Record<string, unknown>;
  /** Expectation key → its value, or its source input's value (`case.expectations.<key>`). */
  expectations: Record<string, unknown>;
  /**
   * References that name an input or expectation whose value is not in the bundle (an artifact
   * input, an `artifact:` expectation, an `input:` source without a value): reference → why.
   */
  unavailable?: Record<string, string>;
}

export type EvidenceResult = { ok: true; value: unknown } | { ok: false; reason: string };

/** The parts of a normalised case definition (`CaseDefinition`) that a run reads. */
export interface RunnableCase {
  [field: string]: unknown;
  payload?: unknown;
  inputs?: unknown;
  expectations?: unknown;
}

/** The parts of a normalised challenge (`Bundle["challenges"][number]`) that a run reads. */
export interface RunnableChallenge {
  [field: string]: unknown;
  instructions?: unknown;
  definition?: unknown;
}

const SANDBOX_PREFIXES = ["artifact.", "file:"];
const MULTI_TURN_PREFIXES = ["transcript.", "turn."];

function entries(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

const keyOf = (entry: Record<string, unknown>): string =>
  typeof entry.key === "string" ? entry.key.trim() : "";

/**
 * The context of one case: its payload, its inputs' values and its expectations' values (an
 * expectation with `source: "input:<k>"` takes input k's value, even when it also has a value).
 */
export function caseContextOf(
  caseDef: RunnableCase,
  finalOutput: string,
  challengeInput: string,
): CaseContext {
  const inputs: Record<string, unknown> = {};
  const expectations: Record<string, unknown> = {};
  const unavailable: Record<string, string> = {};
  for (const input of entries(caseDef.inputs)) {
    const key = keyOf(input);
    if (key === "") continue;
    if (input.value !== undefined) inputs[key] = input.value;
    else {
      const artifact = typeof input.artifact_key === "string" ? input.artifact_key : "";
      unavailable[`case.inputs.${key}`] =
        artifact !== ""
          ? `input "${key}" reads artifact "${artifact}", which needs a sandbox provider`
          : `input "${key}" has no value`;
    }
  }
  for (const expectation of entries(caseDef.expectations)) {
    const key = keyOf(expectation);
    if (key === "") continue;
    const source = typeof expectation.source === "string" ? expectation.source.trim() : "";
    const ref = `case.expectations.${key}`;
    if (source.startsWith("input:")) {
      const inputKey = source.slice("input:".length).trim();
      if (Object.hasOwn(inputs, inputKey)) expectations[key] = inputs[inputKey];
      else unavailable[ref] = `expectation "${key}" takes input "${inputKey}", which has no value`;
    } else if (source.startsWith("artifact:")) {
      const artifact = source.slice("artifact:".length).trim();
      unavailable[ref] = `expectation "${key}" reads artifact "${artifact}", which needs a sandbox provider`;
    } else if (expectation.value !== undefined) expectations[key] = expectation.value;
    else unavailable[ref] = `expectation "${key}" has no value`;
  }
  return {
    finalOutput,
    challengeInput,
    payload: isObject(caseDef.payload) ? caseDef.payload : {},
    inputs,
    expectations,
    ...(Object.keys(unavailable).length > 0 ? { unavailable } : {}),
  };
}

/** Walks a dotted path (object keys; integer segments index arrays); own properties only. */
function walk(root: unknown, path: string[]): { found: true; value: unknown } | { found: false } {
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= current.length) return { found: false };
      current = current[Number(segment)];
    } else if (isObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else return { found: false };
  }
  return { found: true, value: current };
}

/** `case.inputs.<p>` / `case.expectations.<p>`: a whole key (which may hold dots), else key + path. */
function fromKeyed(
  ref: string,
  prefix: string,
  values: Record<string, unknown>,
  ctx: CaseContext,
): EvidenceResult {
  const rest = ref.slice(prefix.length);
  const whole = ctx.unavailable?.[ref];
  if (Object.hasOwn(values, rest)) return { ok: true, value: values[rest] };
  if (whole !== undefined) return { ok: false, reason: whole };
  const [key = "", ...path] = rest.split(".");
  if (!Object.hasOwn(values, key)) {
    const reason = ctx.unavailable?.[`${prefix}${key}`];
    return { ok: false, reason: reason ?? `${prefix}${key} is not defined for this case` };
  }
  const found = walk(values[key], path);
  return found.found ? { ok: true, value: found.value } : { ok: false, reason: `${ref} is not set` };
}

/**
 * The value an evidence reference names for this case. `literal:<text>` is the text after the
 * prefix, exactly; the other references are read with surrounding whitespace trimmed. Artifacts
 * and captured files need a sandbox provider; transcripts and turn expectations exist only in
 * multi_turn runs; anything else that is not a §3 evidence reference is refused.
 */
export function resolveEvidence(ref: string, ctx: CaseContext): EvidenceResult {
  const start = ref.trimStart();
  if (start.startsWith("literal:")) return { ok: true, value: start.slice("literal:".length) };
  const name = ref.trim();
  if (!isEvidenceReference(name)) {
    return { ok: false, reason: `${JSON.stringify(name)} is not a supported evidence reference` };
  }
  if (name === "final_output" || name === "run.final_output") return { ok: true, value: ctx.finalOutput };
  if (name === "challenge_input") return { ok: true, value: ctx.challengeInput };
  if (name === "case.payload") return { ok: true, value: ctx.payload };
  if (name.startsWith("case.payload.")) {
    const found = walk(ctx.payload, name.slice("case.payload.".length).split("."));
    return found.found ? { ok: true, value: found.value } : { ok: false, reason: `${name} is not set` };
  }
  if (name.startsWith("case.inputs.")) return fromKeyed(name, "case.inputs.", ctx.inputs, ctx);
  if (name.startsWith("case.expectations.")) {
    return fromKeyed(name, "case.expectations.", ctx.expectations, ctx);
  }
  if (SANDBOX_PREFIXES.some((prefix) => name.startsWith(prefix))) {
    return { ok: false, reason: `${name} needs a sandbox provider` };
  }
  if (MULTI_TURN_PREFIXES.some((prefix) => name.startsWith(prefix))) {
    return { ok: false, reason: `${name} is only available in multi_turn runs` };
  }
  return { ok: false, reason: `${JSON.stringify(name)} is not a supported evidence reference` };
}

/** A value as prompt text: strings as they are, anything else as JSON. */
export function evidenceText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value) ?? "";
}

const LEGACY_PROMPT_FIELDS = ["question", "prompt", "input"];

/**
 * The two messages of a case's model call (an empty system message is not sent); which text goes
 * where: lib/packs/README.md, 'Case prompt'.
 */
export function buildPrompt(
  challenge: RunnableChallenge,
  caseDef: RunnableCase,
): { system: string; user: string } {
  const own = typeof challenge.instructions === "string" ? challenge.instructions.trim() : "";
  const definition = isObject(challenge.definition) ? challenge.definition : {};
  const fallback = typeof definition.instructions === "string" ? definition.instructions.trim() : "";
  const rendered = renderCaseTemplate(own !== "" ? own : fallback, caseTemplateContext(caseDef));
  const instructions = rendered.text;
  if (rendered.filled > 0) return { system: "", user: instructions };
  const inputs = entries(caseDef.inputs).filter((input) => keyOf(input) !== "" && input.value !== undefined);
  const [only] = inputs;
  if (inputs.length === 1 && only !== undefined && typeof only.value === "string") {
    return { system: instructions, user: only.value };
  }
  if (inputs.length > 0) {
    return {
      system: instructions,
      user: inputs.map((input) => `${keyOf(input)}: ${evidenceText(input.value)}`).join("\n"),
    };
  }
  const payload = isObject(caseDef.payload) ? caseDef.payload : {};
  for (const field of LEGACY_PROMPT_FIELDS) {
    const value = payload[field];
    if (typeof value === "string" && value.trim() !== "") return { system: instructions, user: value };
  }
  return { system: "", user: instructions };
}
