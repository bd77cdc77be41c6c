// ValidateBundle (docs/packs.md §2): every rule, every error, in the reference's
// order of emission.
import type { Bundle, PackError } from "../types";
import {
  validateAssets,
  validateChallengesAndInputSets,
  validateExecutionMode,
  validatePackAndVersion,
  versionAssetKeys,
} from "./core";
import { validateModality } from "./modality";
import { validateDeploymentDefaults, validateSandbox } from "./sandbox";
import { validateSecurityPolicy } from "./security";
import { validateCaseTemplates } from "./templates";
import { validateToolPolicy, validateTools } from "./tools";
import { validateUserSimulators } from "./user-simulator";
import { Errors, objectsOf, present } from "./util";

/** Checks `version.evaluation_spec` (§3); errors name fields under `prefix`. */
export type EvaluationSpecChecker = (raw: unknown, prefix: string) => PackError[];

export function validateBundle(bundle: Bundle, checkEvaluationSpec?: EvaluationSpecChecker): PackError[] {
  const errs = new Errors();
  validatePackAndVersion(bundle, errs);
  validateModality(bundle, errs);
  validateExecutionMode(bundle, errs);
  if (bundle.challenges.length === 0) errs.add("challenges", "must contain at least one challenge");
  if (bundle.pack.family === "security" && !present(bundle.security)) {
    errs.add("security", 'is required when pack.family == "security"');
  }
  validateSecurityPolicy(bundle.security, errs);

  const assets = versionAssetKeys(bundle);
  validateChallengesAndInputSets(bundle, assets, errs);
  validateTools(bundle.tools, errs);
  validateToolPolicy(bundle.version.tool_policy, errs);
  validateSandbox(bundle.version.sandbox, errs);
  validateDeploymentDefaults(bundle.version.deployment_defaults, errs);
  if (checkEvaluationSpec)
    errs.addAll(checkEvaluationSpec(bundle.version.evaluation_spec, "version.evaluation_spec"));
  validateCaseTemplates(bundle, errs);
  validateUserSimulators(bundle, assets, errs);
  validateAssets("version.assets", objectsOf(bundle.version.assets), errs);
  return errs.list;
}
