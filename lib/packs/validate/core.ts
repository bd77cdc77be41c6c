// docs/packs.md §2 rows for the pack, the version number, the execution mode, challenges and input sets.
import { DIFFICULTIES as DIFFICULTY_LIST, EXECUTION_MODES } from "../vocabulary";
import type { Bundle, JsonObject } from "../types";
import { type Errors, objectsOf, text } from "./util";

export { EXECUTION_MODES };
const DIFFICULTIES: ReadonlySet<string> = new Set(DIFFICULTY_LIST);

export function validatePackAndVersion(bundle: Bundle, errs: Errors): void {
  if (bundle.pack.slug === "") errs.add("pack.slug", "is required");
  if (bundle.pack.name === "") errs.add("pack.name", "is required");
  if (bundle.pack.family === "") errs.add("pack.family", "is required");
  if (!(bundle.version.number > 0)) errs.add("version.number", "must be greater than 0");
}

export function validateExecutionMode(bundle: Bundle, errs: Errors): void {
  const mode = bundle.version.execution_mode ?? "";
  if (mode !== "" && !(EXECUTION_MODES as readonly string[]).includes(mode)) {
    errs.add(
      "version.execution_mode",
      `must be one of ${EXECUTION_MODES.map((m) => JSON.stringify(m)).join(", ")}`,
    );
  }
  const hasTools =
    bundle.tools !== null && typeof bundle.tools === "object" && Object.keys(bundle.tools).length > 0;
  if (mode === "prompt_eval") {
    if (hasTools) errs.add("tools", "must be empty when version.execution_mode is prompt_eval");
    const sandbox = bundle.version.sandbox as unknown;
    if (sandbox !== undefined && sandbox !== null) {
      errs.add("version.sandbox", "must be omitted when version.execution_mode is prompt_eval");
    }
    const policy = bundle.version.tool_policy as unknown;
    if (policy !== null && typeof policy === "object" && Object.keys(policy).length > 0) {
      errs.add("version.tool_policy", "must be empty when version.execution_mode is prompt_eval");
    }
  }
  if (mode === "responses" && hasTools) {
    errs.add(
      "tools",
      "must be empty when version.execution_mode is responses (use OpenAI Responses tools, not pack-defined tools)",
    );
  }
}

/** Keys of `version.assets` that are set (artifact references resolve against them). */
export function versionAssetKeys(bundle: Bundle): Set<string> {
  const keys = new Set<string>();
  for (const asset of objectsOf(bundle.version.assets)) {
    const key = text(asset.key);
    if (key !== "") keys.add(key);
  }
  return keys;
}

export function validateAssets(path: string, assets: JsonObject[], errs: Errors): void {
  const seen = new Set<string>();
  assets.forEach((asset, i) => {
    const key = text(asset.key);
    if (key === "") errs.add(`${path}[${i}].key`, "is required");
    else {
      if (seen.has(key)) errs.add(`${path}[${i}].key`, "must be unique");
      seen.add(key);
    }
    if (text(asset.path) === "") errs.add(`${path}[${i}].path`, "is required");
  });
}

function validateArtifactRefs(path: string, refs: JsonObject[], assets: Set<string>, errs: Errors): void {
  const seen = new Set<string>();
  refs.forEach((ref, i) => {
    const key = text(ref.key);
    const field = `${path}[${i}].key`;
    if (key === "") return errs.add(field, "is required");
    if (seen.has(key)) errs.add(field, "must be unique");
    seen.add(key);
    if (!assets.has(key)) errs.add(field, "must reference a declared version asset");
  });
}

/** The rules inputs and expectations share: key required and unique, kind, artifact_key. */
function validateEntry(
  base: string,
  entry: JsonObject,
  seen: Set<string>,
  assets: Set<string>,
  errs: Errors,
): void {
  const key = text(entry.key);
  if (key === "") errs.add(`${base}.key`, "is required");
  else {
    if (seen.has(key)) errs.add(`${base}.key`, "must be unique");
    seen.add(key);
  }
  if (text(entry.kind) === "") errs.add(`${base}.kind`, "is required");
  const artifact = text(entry.artifact_key);
  if (artifact !== "" && !assets.has(artifact)) {
    errs.add(`${base}.artifact_key`, "must reference a declared version asset");
  }
}

function validateInputs(path: string, inputs: JsonObject[], assets: Set<string>, errs: Errors): void {
  const seen = new Set<string>();
  inputs.forEach((input, i) => validateEntry(`${path}[${i}]`, input, seen, assets, errs));
}

/** Case expectations (also a scripted user-simulator turn's `expects`). */
export function validateExpectations(
  path: string,
  expectations: JsonObject[],
  inputs: JsonObject[],
  assets: Set<string>,
  errs: Errors,
): void {
  const inputKeys = new Set(inputs.map((input) => text(input.key)).filter((key) => key !== ""));
  const seen = new Set<string>();
  expectations.forEach((expectation, i) => {
    validateEntry(`${path}[${i}]`, expectation, seen, assets, errs);
    const field = `${path}[${i}].source`;
    const source = text(expectation.source);
    if (source === "") return;
    if (source.startsWith("input:")) {
      const key = source.slice("input:".length).trim();
      if (key === "") errs.add(field, "must reference a non-empty input key");
      else if (!inputKeys.has(key)) errs.add(field, "must reference a declared case input");
    } else if (source.startsWith("artifact:")) {
      const key = source.slice("artifact:".length).trim();
      if (key === "") errs.add(field, "must reference a non-empty artifact key");
      else if (!assets.has(key)) errs.add(field, "must reference a declared version asset");
    } else errs.add(field, "must start with input: or artifact:");
  });
}

/** Challenges, then input sets and their cases. */
export function validateChallengesAndInputSets(bundle: Bundle, assets: Set<string>, errs: Errors): void {
  const challengeKeys = new Set<string>();
  bundle.challenges.forEach((challenge, i) => {
    const path = `challenges[${i}]`;
    if (challenge.key === "") errs.add(`${path}.key`, "is required");
    else {
      if (challengeKeys.has(challenge.key)) errs.add(`${path}.key`, "must be unique");
      challengeKeys.add(challenge.key);
    }
    if (challenge.title === "") errs.add(`${path}.title`, "is required");
    if (challenge.category === "") errs.add(`${path}.category`, "is required");
    if (!DIFFICULTIES.has(challenge.difficulty)) {
      errs.add(`${path}.difficulty`, "must be one of easy, medium, hard, expert");
    }
    validateAssets(`${path}.assets`, objectsOf(challenge.assets), errs);
    validateArtifactRefs(`${path}.artifact_refs`, objectsOf(challenge.artifact_refs), assets, errs);
  });

  const inputSetKeys = new Set<string>();
  bundle.input_sets.forEach((inputSet, i) => {
    const path = `input_sets[${i}]`;
    if (inputSet.key === "") errs.add(`${path}.key`, "is required");
    else {
      if (inputSetKeys.has(inputSet.key)) errs.add(`${path}.key`, "must be unique");
      inputSetKeys.add(inputSet.key);
    }
    if (inputSet.name === "") errs.add(`${path}.name`, "is required");
    if (inputSet.cases.length === 0) errs.add(`${path}.cases`, "must contain at least one case");

    const caseKeys = new Set<string>();
    let setChallenge = "";
    inputSet.cases.forEach((item, k) => {
      const itemPath = `${path}.cases[${k}]`;
      if (item.challenge_key === "") errs.add(`${itemPath}.challenge_key`, "is required");
      else {
        if (setChallenge === "") setChallenge = item.challenge_key;
        else if (item.challenge_key !== setChallenge) {
          errs.add(
            `${itemPath}.challenge_key`,
            "must reference the same challenge as the other cases in this input set",
          );
        }
        if (!challengeKeys.has(item.challenge_key)) {
          errs.add(`${itemPath}.challenge_key`, "must reference a declared challenge");
        }
      }
      const caseKey = item.case_key || text(item.item_key);
      if (caseKey === "") errs.add(`${itemPath}.case_key`, "is required");
      else {
        const composite = `${item.challenge_key}\u0000${caseKey}`;
        if (caseKeys.has(composite))
          errs.add(`${itemPath}.case_key`, "must be unique per challenge in the input set");
        caseKeys.add(composite);
      }
      const inputs = objectsOf(item.inputs);
      validateAssets(`${itemPath}.assets`, objectsOf(item.assets), errs);
      validateArtifactRefs(`${itemPath}.artifacts`, objectsOf(item.artifacts), assets, errs);
      validateInputs(`${itemPath}.inputs`, inputs, assets, errs);
      validateExpectations(`${itemPath}.expectations`, objectsOf(item.expectations), inputs, assets, errs);
    });
  });
}
