"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { toAppError } from "@/lib/api/handler";
import { getViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import {
  adminGrantSchema,
  listingActionSchema,
  LISTING_KINDS,
  reportResolveSchema,
  workspaceApprovalSchema,
  type ListingKind,
} from "@/lib/contracts/moderation";
import {
  requireInstanceAdmin,
  resolveReport,
  setInstanceAdmin,
  setListingState,
  setWorkspaceApproval,
  type AdminActor,
} from "@/lib/services/moderation";

// The /admin page's forms: plain forms posting to these actions, which call the same services as
// the admin API (lib/services/moderation) and go back to /admin with the outcome.

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

async function asAdmin(formData: FormData, run: (actor: AdminActor) => Promise<unknown>): Promise<never> {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/admin");
  const section = field(formData, "section");
  const anchor = section && /^[a-z]+$/.test(section) ? section : undefined;
  // A distinct address per outcome: a redirect to the page already shown that differs only in its
  // #fragment is a scroll, not a navigation, and would leave the old lists on screen.
  let to = `/admin?${new URLSearchParams({ done: anchor ?? "1", at: String(Date.now()) }).toString()}`;
  try {
    await run(await requireInstanceAdmin(viewer));
  } catch (err) {
    to = `/admin?${new URLSearchParams({ error: toAppError(err).message.slice(0, 300), at: String(Date.now()) }).toString()}`;
  }
  revalidatePath("/admin");
  redirect(anchor ? `${to}#${anchor}` : to);
}

export async function workspaceApprovalAction(formData: FormData): Promise<void> {
  await asAdmin(formData, async (actor) => {
    const input = workspaceApprovalSchema.parse({ action: field(formData, "action"), reason: field(formData, "reason") });
    await setWorkspaceApproval(actor, String(field(formData, "id") ?? ""), input.action, input.reason);
  });
}

export async function listingAction(formData: FormData): Promise<void> {
  await asAdmin(formData, async (actor) => {
    const kind = String(field(formData, "kind") ?? "");
    if (!(LISTING_KINDS as readonly string[]).includes(kind)) throw new AppError("bad_request", "Unknown listing kind");
    const input = listingActionSchema.parse({ action: field(formData, "action"), reason: field(formData, "reason") });
    await setListingState(actor, kind as ListingKind, String(field(formData, "id") ?? ""), input.action, input.reason);
  });
}

export async function resolveReportAction(formData: FormData): Promise<void> {
  await asAdmin(formData, async (actor) => {
    const input = reportResolveSchema.parse({ status: field(formData, "status"), resolution: field(formData, "resolution") });
    await resolveReport(actor, String(field(formData, "id") ?? ""), input.status, input.resolution);
  });
}

export async function setAdminAction(formData: FormData): Promise<void> {
  await asAdmin(formData, async (actor) => {
    const input = adminGrantSchema.parse({
      email: field(formData, "email"),
      admin: field(formData, "admin") === "true",
      reason: field(formData, "reason"),
    });
    await setInstanceAdmin(actor, input);
  });
}
