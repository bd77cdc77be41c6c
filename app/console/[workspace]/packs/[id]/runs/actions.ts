"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import type { FormState } from "@/lib/contracts/forms";
import {
  MAX_RUN_CONCURRENCY,
  MAX_RUN_MODELS,
  startRunBody,
  type StartRunBody,
} from "@/lib/contracts/pack-runs";
import { AppError } from "@/lib/errors";
import { startPackRun } from "@/lib/services/packs/runs";
import { FormReader, workspaceAction } from "../../../context";

// The pack page's "Run this pack" form: version, input set, models (checked references plus the
// free model-id fields: `openai_model` and `provider_model:<provider name>`), concurrency. A
// started run opens its page; a refusal (unknown model, no cases, …) comes back as the message.

const PROVIDER_FIELD = "provider_model:";

async function modelsOf(formData: FormData): Promise<string[]> {
  const refs = formData.getAll("models").filter((v): v is string => typeof v === "string" && v.trim() !== "");
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name === "openai_model") refs.push(`openai:${value.trim()}`);
    else if (name.startsWith(PROVIDER_FIELD))
      refs.push(`provider:${name.slice(PROVIDER_FIELD.length)}/${value.trim()}`);
  }
  const unique = [...new Set(refs.map((r) => r.trim()))];
  const t = await getTranslations("consolePages.packRuns");
  const problem =
    unique.length === 0
      ? t("modelsRequired")
      : unique.length > MAX_RUN_MODELS
        ? t("modelsTooMany", { max: MAX_RUN_MODELS })
        : null;
  if (problem) {
    throw new AppError("validation_failed", problem, {
      details: { issues: [{ path: "models", message: problem }] },
    });
  }
  return unique;
}

async function runBodyOf(formData: FormData): Promise<StartRunBody> {
  const form = new FormReader(formData);
  const version = form.int("version", undefined, "Version");
  const concurrency = form.int("concurrency", undefined, "Concurrency");
  const promptOnly = form.checkbox("prompt_only");
  form.done();
  if (concurrency !== undefined && (concurrency < 1 || concurrency > MAX_RUN_CONCURRENCY)) {
    const t = await getTranslations("consolePages.packRuns");
    const message = t("concurrencyRange", { max: MAX_RUN_CONCURRENCY });
    throw new AppError("validation_failed", message, {
      details: { issues: [{ path: "concurrency", message }] },
    });
  }
  return startRunBody.parse({
    version,
    input_set: form.optional("input_set") ?? undefined,
    models: await modelsOf(formData),
    concurrency,
    ...(promptOnly ? { prompt_only: true } : {}),
  });
}

export async function startRunAction(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return workspaceAction<never>(formData, {}, async ({ viewer, workspace }) => {
    const pack = formData.get("pack");
    if (typeof pack !== "string" || pack === "") throw new AppError("validation_failed", "pack: missing");
    const body = await runBodyOf(formData);
    const run = await startPackRun(workspace.id, pack, body, viewer.id);
    revalidatePath(`/console/${workspace.slug}/packs/${run.pack_id}`);
    redirect(`/console/${workspace.slug}/packs/${run.pack_id}/runs/${run.id}`);
  });
}
