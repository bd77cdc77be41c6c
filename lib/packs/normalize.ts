// docs/packs.md §1 step 4: the decoded bundle made regular before validation. Strings are trimmed (a scalar
// decoded into a string field keeps its text, as yaml.v3 does), `pack.family` and the security
// block's enums and hosts are lower-cased, legacy `items[]` become `cases[]`, `case_key` and
// `item_key` fill each other and a challenge's `instructions` reach `definition.instructions`.
// Secret values, prompt texts and patterns are kept exactly as written: whitespace may matter.
// The shape was checked by the parser, so wrong types here only fall back to empty values.
import type { Bundle, CaseDefinition, Json, JsonObject } from "./types";

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A string field: trimmed text of a scalar, "" when missing. */
export function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text) : [];
}

/** Sets the trimmed text of each named field that is present. */
function trimFields(source: JsonObject, names: string[], lower: string[] = []): JsonObject {
  const out: JsonObject = { ...source };
  for (const name of names) {
    if (source[name] === undefined || source[name] === null) continue;
    out[name] = text(source[name]);
  }
  for (const name of lower) {
    if (source[name] === undefined || source[name] === null) continue;
    out[name] = text(source[name]).toLowerCase();
  }
  return out;
}

const normalizeAssets = (value: unknown): JsonObject[] =>
  objects(value).map((asset) => trimFields(asset, ["key", "kind", "path", "media_type", "artifact_id"]));
const normalizeRefs = (value: unknown): JsonObject[] => objects(value).map((ref) => trimFields(ref, ["key"]));
const normalizeInputs = (value: unknown): JsonObject[] =>
  objects(value).map((input) => trimFields(input, ["key", "kind", "artifact_key", "path"]));
const normalizeExpectations = (value: unknown): JsonObject[] =>
  objects(value).map((expectation) => trimFields(expectation, ["key", "kind", "artifact_key", "source"]));

function normalizeSecurity(value: JsonObject): JsonObject {
  const out = trimFields(value, [], ["default_severity"]);
  if (value.planted_secrets !== undefined) {
    out.planted_secrets = objects(value.planted_secrets).map((secret) =>
      trimFields(secret, ["name", "file_path"], ["location", "severity"]),
    );
  }
  if (value.forbidden_outputs !== undefined) {
    out.forbidden_outputs = objects(value.forbidden_outputs).map((pattern) =>
      trimFields(pattern, ["description"], ["severity"]),
    );
  }
  if (value.forbidden_egress !== undefined) {
    out.forbidden_egress = objects(value.forbidden_egress).map((rule) => {
      const egress = trimFields(rule, ["description"], ["host", "severity"]);
      if (rule.allow !== undefined) egress.allow = strings(rule.allow).map((host) => host.toLowerCase());
      return egress;
    });
  }
  if (value.adversarial_prompts !== undefined) {
    out.adversarial_prompts = objects(value.adversarial_prompts).map((prompt) =>
      trimFields(prompt, ["name", "strategy"]),
    );
  }
  return out;
}

function normalizeCase(source: JsonObject): CaseDefinition {
  const out: JsonObject = { ...source };
  const caseKey = text(source.case_key);
  const itemKey = text(source.item_key);
  out.challenge_key = text(source.challenge_key);
  out.case_key = caseKey || itemKey;
  out.item_key = itemKey || caseKey;
  out.payload = isObject(source.payload) ? source.payload : {};
  out.assets = normalizeAssets(source.assets);
  out.artifacts = normalizeRefs(source.artifacts);
  out.inputs = normalizeInputs(source.inputs);
  out.expectations = normalizeExpectations(source.expectations);
  return out as CaseDefinition;
}

function normalizeInputSet(source: JsonObject): Bundle["input_sets"][number] {
  const out: JsonObject = { ...source, key: text(source.key), name: text(source.name) };
  let cases = objects(source.cases);
  if (cases.length === 0 && Array.isArray(source.items) && source.items.length > 0) {
    cases = objects(source.items).map((item) => ({
      challenge_key: item.challenge_key ?? "",
      case_key: item.item_key ?? "",
      item_key: item.item_key ?? "",
      payload: isObject(item.payload) ? item.payload : {},
      assets: item.assets ?? [],
    }));
  }
  delete out.items;
  out.cases = cases.map(normalizeCase);
  return out as Bundle["input_sets"][number];
}

function normalizeChallenge(source: JsonObject): Bundle["challenges"][number] {
  const out = trimFields(source, ["key", "title", "category", "difficulty", "instructions"]);
  for (const name of ["key", "title", "category", "difficulty"]) out[name] = text(source[name]);
  out.assets = normalizeAssets(source.assets);
  out.artifact_refs = normalizeRefs(source.artifact_refs);
  const definition: JsonObject = isObject(source.definition) ? { ...source.definition } : {};
  const instructions = text(source.instructions);
  if (instructions !== "" && !("instructions" in definition)) definition.instructions = instructions;
  out.definition = definition;
  return out as Bundle["challenges"][number];
}

function normalizeDeploymentDefaults(value: JsonObject): JsonObject {
  const out: JsonObject = { ...value };
  if (isObject(value.aliases)) {
    const aliases: JsonObject = {};
    for (const [key, selector] of Object.entries(value.aliases)) aliases[key] = text(selector);
    out.aliases = aliases;
  }
  if (isObject(value.lineups)) {
    const lineups: JsonObject = {};
    for (const [key, selectors] of Object.entries(value.lineups)) lineups[key] = strings(selectors);
    out.lineups = lineups;
  }
  return out;
}

function normalizeVersion(source: JsonObject): Bundle["version"] {
  const out: JsonObject = { ...source };
  out.number = typeof source.number === "number" ? source.number : 0;
  if (source.execution_mode !== undefined) out.execution_mode = text(source.execution_mode);
  if (isObject(source.sandbox)) {
    const sandbox: JsonObject = { ...source.sandbox };
    if (source.sandbox.network_allowlist !== undefined) {
      sandbox.network_allowlist = strings(source.sandbox.network_allowlist);
    }
    if (source.sandbox.additional_packages !== undefined) {
      sandbox.additional_packages = strings(source.sandbox.additional_packages);
    }
    out.sandbox = sandbox;
  }
  if (isObject(source.deployment_defaults))
    out.deployment_defaults = normalizeDeploymentDefaults(source.deployment_defaults);
  out.assets = normalizeAssets(source.assets);
  return out as Bundle["version"];
}

/** The decoded YAML (an object, as the parser guarantees) as a normalised bundle. */
export function normalizeBundle(raw: Json): Bundle {
  const source: JsonObject = isObject(raw) ? raw : {};
  const pack = isObject(source.pack) ? source.pack : {};
  const out: JsonObject = { ...source };
  out.pack = {
    ...pack,
    slug: text(pack.slug),
    name: text(pack.name),
    family: text(pack.family).toLowerCase(),
  };
  out.version = normalizeVersion(isObject(source.version) ? source.version : {});
  if (source.modality !== undefined) out.modality = text(source.modality);
  if (isObject(source.interface_spec)) {
    const spec: JsonObject = {
      ...source.interface_spec,
      channel_profile: text(source.interface_spec.channel_profile),
    };
    spec.transports = strings(source.interface_spec.transports);
    out.interface_spec = spec;
  }
  if (isObject(source.scenario)) {
    out.scenario = {
      ...source.scenario,
      persona: text(source.scenario.persona),
      language: text(source.scenario.language),
    };
  }
  if (isObject(source.security)) out.security = normalizeSecurity(source.security);
  out.challenges = objects(source.challenges).map(normalizeChallenge);
  out.input_sets = objects(source.input_sets).map(normalizeInputSet);
  return out as unknown as Bundle;
}
