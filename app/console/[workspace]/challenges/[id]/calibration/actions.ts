"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { WRITERS } from "@/lib/contracts/challenges";
import type { FormState } from "@/lib/contracts/forms";
import { exampleCreateSchema, labelAttemptSchema, settingsPatchSchema } from "@/lib/contracts/calibration";
import { idParams } from "@/lib/contracts/params";
import {
  createCalibrationExample,
  deleteCalibrationExample,
  labelAttempt,
} from "@/lib/services/calibration/examples";
import { addGeneratedExamples } from "@/lib/services/calibration/generated";
import { startCalibrationRun } from "@/lib/services/calibration/runs";
import { updateCalibrationSettings } from "@/lib/services/calibration/settings";
import { FormReader, workspaceAction } from "../../../context";

// The calibration page's forms: examples (add, add the generated set, delete), settings and
// "Calibrate". Each checks the workspace role again; the service scopes the challenge to it.

const challengeIdOf = (formData: FormData) => idParams.parse({ id: formData.get("challenge_id") }).id;
const t = () => getTranslations("consolePages.calibration");

function refresh(workspace: string, challengeId: string) {
  revalidatePath(`/console/${workspace}/challenges/${challengeId}/calibration`);
}

export async function addExampleAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const challengeId = challengeIdOf(formData);
    const form = new FormReader(formData);
    const body = exampleCreateSchema.parse({ label: form.text("label"), text: form.text("text") });
    form.done();
    await createCalibrationExample(workspace.id, challengeId, body, viewer.id);
    refresh(workspace.slug, challengeId);
    return { message: (await t())("added") };
  });
}

export async function addGeneratedAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const challengeId = challengeIdOf(formData);
    const added = await addGeneratedExamples(workspace.id, challengeId, {}, viewer.id);
    refresh(workspace.slug, challengeId);
    return { message: (await t())("generatedAdded", { count: added.length }) };
  });
}

export async function deleteExampleAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace }) => {
    const challengeId = challengeIdOf(formData);
    const { id: exampleId } = idParams.parse({ id: formData.get("example_id") });
    await deleteCalibrationExample(workspace.id, challengeId, exampleId);
    refresh(workspace.slug, challengeId);
  });
}

/** A percentage field as a share (0..1); empty keeps the stored value. */
function share(form: FormReader, name: string, label: string): number | undefined {
  const percent = form.int(name, undefined, label);
  return percent === undefined ? undefined : percent / 100;
}

export async function saveSettingsAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const challengeId = challengeIdOf(formData);
    const form = new FormReader(formData);
    const patch = settingsPatchSchema.parse({
      samples: form.int("samples", undefined, "Samples"),
      max_false_wins: form.int("max_false_wins", undefined, "False wins"),
      max_flip_rate: share(form, "max_flip_rate", "Flip rate"),
      min_agreement: share(form, "min_agreement", "Agreement"),
    });
    form.done();
    await updateCalibrationSettings(workspace.id, challengeId, patch, viewer.id);
    refresh(workspace.slug, challengeId);
    return { message: (await t())("settingsSaved") };
  });
}

export async function calibrateAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const challengeId = challengeIdOf(formData);
    await startCalibrationRun(workspace.id, challengeId, {}, viewer.id);
    refresh(workspace.slug, challengeId);
    return { message: (await t())("started") };
  });
}

export async function labelAttemptAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const challengeId = challengeIdOf(formData);
    const body = labelAttemptSchema.parse({
      attempt_id: formData.get("attempt_id"),
      label: formData.get("label"),
    });
    await labelAttempt(workspace.id, challengeId, body, viewer.id);
    refresh(workspace.slug, challengeId);
    const messages = await t();
    return { message: messages("attemptLabelled", { label: messages(`labels.${body.label}`) }) };
  });
}
