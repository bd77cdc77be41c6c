// Challenge-pack bundles (docs/packs.md). Pure: no storage, no server-only
// code. A bundle is decoded from YAML into plain JSON values and normalised; the validators walk
// it and collect every error, each naming its field path (`input_sets[0].cases[1].case_key`).

/** One validation error: the field path and the condition, as the reference names them. */
export interface PackError {
  field: string;
  message: string;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * A decoded, normalised bundle. Only the shape the validators and the runner rely on is typed;
 * everything else is kept as decoded JSON (unknown keys outside `evaluation_spec` are ignored,
 * as the reference does, but kept in the stored manifest only where the reference keeps them).
 */
export interface Bundle {
  pack: { slug: string; name: string; family: string; description?: string } & JsonObject;
  version: {
    number: number;
    execution_mode?: string;
    tool_policy?: JsonObject;
    filesystem?: Json;
    sandbox?: JsonObject;
    evaluation_spec?: JsonObject;
    assets?: JsonObject[];
    deployment_defaults?: JsonObject;
  } & JsonObject;
  tools?: JsonObject;
  modality?: string;
  interface_spec?: JsonObject;
  scenario?: JsonObject;
  security?: JsonObject;
  challenges: (JsonObject & {
    key: string;
    title: string;
    category: string;
    difficulty: string;
    instructions?: string;
  })[];
  input_sets: (JsonObject & { key: string; name: string; cases: CaseDefinition[] })[];
}

export interface CaseDefinition extends JsonObject {
  challenge_key: string;
  case_key: string;
}

/** What parsing and validating a YAML text gives: the bundle when it decoded, and every error. */
export interface PackValidation {
  valid: boolean;
  errors: PackError[];
  bundle?: Bundle;
}
