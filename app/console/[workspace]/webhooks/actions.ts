"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/contracts/forms";
import { webhookCreateSchema, webhookUpdateSchema } from "@/lib/contracts/webhooks";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from "@/lib/services/webhooks";
import { idParams } from "@/lib/contracts/params";
import { MANAGER_ROLES, workspaceAction } from "../context";

/** What the endpoint forms get back: the secret once (create), the endpoint's id. */
export type WebhookFormData = { id: string; secret?: string };
/** What "send test event" and "resend" show: the delivery's outcome. */
export type DeliveryOutcome = {
  status: "pending" | "succeeded" | "failed";
  responseStatus: number | null;
  error: string | null;
  tries: number;
};

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

function endpointFields(formData: FormData) {
  return {
    url: text(formData, "url").trim(),
    events: formData.getAll("events").filter((v): v is string => typeof v === "string"),
    description: text(formData, "description"),
    active: formData.get("active") === "on",
  };
}

const listPath = (slug: string) => `/console/${slug}/webhooks`;

export async function createWebhookAction(_prev: FormState<WebhookFormData>, formData: FormData) {
  return workspaceAction<WebhookFormData>(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const input = webhookCreateSchema.parse(endpointFields(formData));
    const { endpoint, secret } = await createWebhookEndpoint(workspace.id, input);
    revalidatePath(listPath(workspace.slug));
    return { data: { id: endpoint.id, secret } };
  });
}

export async function updateWebhookAction(_prev: FormState<WebhookFormData>, formData: FormData) {
  return workspaceAction<WebhookFormData>(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const input = webhookUpdateSchema.parse(endpointFields(formData));
    await updateWebhookEndpoint(workspace.id, id, input);
    revalidatePath(listPath(workspace.slug), "layout");
    return { data: { id } };
  });
}

export async function deleteWebhookAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deleteWebhookEndpoint(workspace.id, id);
    revalidatePath(listPath(workspace.slug));
  });
  if (state.status === "success") redirect(listPath(text(formData, "workspace")));
  return state;
}

export async function rotateSecretAction(_prev: FormState<WebhookFormData>, formData: FormData) {
  return workspaceAction<WebhookFormData>(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const { secret } = await rotateWebhookSecret(workspace.id, id);
    return { data: { id, secret } };
  });
}

export async function sendTestEventAction(_prev: FormState<DeliveryOutcome>, formData: FormData) {
  return workspaceAction<DeliveryOutcome>(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const d = await sendTestEvent(workspace.id, id);
    revalidatePath(`${listPath(workspace.slug)}/${id}`);
    return { data: { status: d.status, responseStatus: d.response_status, error: d.error, tries: d.tries } };
  });
}

export async function resendDeliveryAction(_prev: FormState<DeliveryOutcome>, formData: FormData) {
  return workspaceAction<DeliveryOutcome>(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const d = await resendDelivery(workspace.id, id);
    revalidatePath(`${listPath(workspace.slug)}/${d.endpoint_id}`);
    return { data: { status: d.status, responseStatus: d.response_status, error: d.error, tries: d.tries } };
  });
}
