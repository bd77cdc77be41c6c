"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { WRITERS } from "@/lib/contracts/challenges";
import type { FormState } from "@/lib/contracts/forms";
import { packOutputCreateSchema } from "@/lib/contracts/pack-calibration";
import {
  createPackCalibrationOutput,
  deletePackCalibrationOutput,
  startPackCalibration,
} from "@/lib/services/packs/calibration";
import { FormReader, workspaceAction } from "../../../../../context";

// The pack judge calibration page's forms: add and delete a labelled output, "Calibrate". Each
// checks the workspace role again; the service scopes the pack version to the workspace.

const versionOf = z.object({
  pack_id: z.string().min(1).max(100),
  number: z.coerce.number().int().min(1).max(2_147_483_647),
});
const target = (formData: FormData) =>
  versionOf.parse({ pack_id: formData.get("pack_id"), number: formData.get("number") });
const t = () => getTranslations("consolePages.calibration");

function refresh(workspace: string, v: { pack_id: string; number: number }) {
  revalidatePath(`/console/${workspace}/packs/${v.pack_id}/versions/${v.number}/calibration`);
}

export async function addPackOutputAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const v = target(formData);
    const form = new FormReader(formData);
    // The case select sends "<input set>/<case key>".
    const [inputSet, ...rest] = form.text("case").split("/");
    const body = packOutputCreateSchema.parse({
      input_set: inputSet,
      case_key: rest.join("/"),
      judge_key: form.text("judge_key"),
      label: form.text("label"),
      text: form.text("text"),
    });
    form.done();
    await createPackCalibrationOutput(workspace.id, v.pack_id, v.number, body, viewer.id);
    refresh(workspace.slug, v);
    return { message: (await t())("packAdded") };
  });
}

export async function deletePackOutputAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace }) => {
    const v = target(formData);
    const outputId = z.uuid().parse(formData.get("output_id"));
    await deletePackCalibrationOutput(workspace.id, v.pack_id, v.number, outputId);
    refresh(workspace.slug, v);
  });
}

export async function calibratePackAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace, viewer }) => {
    const v = target(formData);
    await startPackCalibration(workspace.id, v.pack_id, v.number, {}, viewer.id);
    refresh(workspace.slug, v);
    return { message: (await t())("started") };
  });
}
