// docs/packs.md §2 user_simulator rows: a case's simulated user exists exactly when the pack is multi_turn.
import type { Bundle, CaseDefinition, Json, JsonObject } from "../types";
import { validateExpectations } from "./core";
import { caseTemplateContext, checkCaseTemplate } from "./templates";
import { type Errors, isObject, num, objectsOf, text } from "./util";

const ACTORS = new Set(["scripted", "llm", "human"]);
const TRIGGERS = new Set([
  "always",
  "on_assistant_mismatch",
  "on_validator_fail",
  "on_judge_below",
  "on_agent_loop",
  "on_max_llm_turns",
  "manual",
  "never",
]);

function validatePhase(
  path: string,
  phase: JsonObject,
  first: boolean,
  item: CaseDefinition,
  assets: Set<string>,
  errs: Errors,
): void {
  if (text(phase.id) === "") errs.add(`${path}.id`, "is required");
  const actor = text(phase.actor);
  if (actor === "") errs.add(`${path}.actor`, "is required");
  else if (!ACTORS.has(actor)) errs.add(`${path}.actor`, "must be one of scripted, llm, human");

  const trigger = text(phase.trigger) || "always";
  if (!TRIGGERS.has(trigger)) errs.add(`${path}.trigger`, "must be a supported trigger expression");
  if (first && trigger !== "always")
    errs.add(`${path}.trigger`, 'first phase trigger must be empty or "always"');
  if (!first && trigger === "always") errs.add(`${path}.trigger`, 'only the first phase may use "always"');

  if (actor === "scripted") {
    const turns = objectsOf(phase.turns);
    if (turns.length === 0) errs.add(`${path}.turns`, "must contain at least one turn for scripted actor");
    turns.forEach((turn, t) => {
      const turnPath = `${path}.turns[${t}]`;
      if (text(turn.message) === "") errs.add(`${turnPath}.message`, "is required for scripted turns");
      validateExpectations(
        `${turnPath}.expects`,
        objectsOf(turn.expects),
        objectsOf(item.inputs),
        assets,
        errs,
      );
    });
  } else if (actor === "llm") {
    if (text(phase.persona) === "") errs.add(`${path}.persona`, "is required for llm actor");
    if (num(phase.max_turns) < 0) errs.add(`${path}.max_turns`, "must be greater than or equal to 0");
    const until = Array.isArray(phase.until) ? phase.until : [];
    until.forEach((condition, u) => {
      if (text(condition) === "") errs.add(`${path}.until[${u}]`, "must be a non-empty condition expression");
    });
  } else if (actor === "human") {
    if (num(phase.timeout_ms) < 0) errs.add(`${path}.timeout_ms`, "must be greater than or equal to 0");
  }
  if (text(phase.model) !== "" && actor !== "" && actor !== "llm") {
    errs.add(`${path}.model`, "is only valid on phases with actor: llm");
  }
}

function validateSpec(
  path: string,
  spec: JsonObject,
  item: CaseDefinition,
  assets: Set<string>,
  errs: Errors,
): void {
  if (num(spec.schema_version) !== 1) errs.add(`${path}.schema_version`, "must be 1");
  if (text(spec.kind) !== "hybrid") errs.add(`${path}.kind`, 'must be "hybrid"');
  if (num(spec.max_turns) < 0) errs.add(`${path}.max_turns`, "must be greater than or equal to 0");
  const phases = objectsOf(spec.phases);
  if (phases.length === 0) errs.add(`${path}.phases`, "must contain at least one phase");

  const ids = new Set<string>();
  phases.forEach((phase, p) => {
    const phasePath = `${path}.phases[${p}]`;
    validatePhase(phasePath, phase, p === 0, item, assets, errs);
    const id = text(phase.id);
    if (id !== "") {
      if (ids.has(id)) errs.add(`${phasePath}.id`, "must be unique");
      ids.add(id);
    }
  });

  const calibration: Json | undefined = spec.calibration;
  if (isObject(calibration) && calibration.enabled === true) {
    const rate = num(calibration.sample_rate);
    if (rate <= 0 || rate > 1) {
      errs.add(
        `${path}.calibration.sample_rate`,
        "must be greater than 0 and at most 1 when calibration is enabled",
      );
    }
  }
  const postRun: Json | undefined = spec.post_run;
  if (isObject(postRun) && isObject(postRun.arena) && postRun.arena.enabled === true) {
    const comparison = text(postRun.arena.comparison) || "pairwise";
    if (comparison !== "pairwise") errs.add(`${path}.post_run.arena.comparison`, 'must be one of "pairwise"');
  }

  const context = caseTemplateContext(item);
  phases.forEach((phase, p) => {
    if (text(phase.actor) !== "scripted") return;
    objectsOf(phase.turns).forEach((turn, t) => {
      const message = typeof turn.message === "string" ? turn.message : text(turn.message);
      checkCaseTemplate(message, context, `${path}.phases[${p}].turns[${t}].message`, errs);
    });
  });
}

export function validateUserSimulators(bundle: Bundle, assets: Set<string>, errs: Errors): void {
  const multiTurn = bundle.version.execution_mode === "multi_turn";
  bundle.input_sets.forEach((inputSet, a) => {
    inputSet.cases.forEach((item, b) => {
      const path = `input_sets[${a}].cases[${b}].user_simulator`;
      const spec = item.user_simulator;
      if (!isObject(spec)) {
        if (multiTurn) errs.add(path, "is required when version.execution_mode is multi_turn");
        return;
      }
      if (!multiTurn) return errs.add(path, "is only allowed when version.execution_mode is multi_turn");
      validateSpec(path, spec, item, assets, errs);
    });
  });
}
