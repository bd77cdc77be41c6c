"use server";

import { redirect } from "next/navigation";
import { toAppError } from "@/lib/api/handler";
import { getViewer } from "@/lib/auth/viewer";
import { LISTING_KINDS, reportCreateSchema, type ListingKind } from "@/lib/contracts/moderation";
import { createReport } from "@/lib/services/moderation";

// The "Report" form of the public pages: a plain form (no client code), answered by going back
// to the page with the outcome in its address.

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

const PAGES: Record<ListingKind, string> = {
  challenge: "/challenges",
  collection: "/challenge-collections",
  red_blue: "/red-blue",
};

export async function reportListingAction(formData: FormData): Promise<void> {
  const kindValue = text(formData, "target_type");
  const kind = (LISTING_KINDS as readonly string[]).includes(kindValue) ? (kindValue as ListingKind) : "challenge";
  const id = text(formData, "target_id").slice(0, 64);
  const back = `${PAGES[kind]}/${encodeURIComponent(id)}`;
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?${new URLSearchParams({ next: back }).toString()}`);
  let outcome = "sent";
  try {
    const details = text(formData, "details").trim();
    const input = reportCreateSchema.parse({
      target_type: kind,
      target_id: id,
      reason: formData.get("reason"),
      ...(details ? { details } : {}),
    });
    await createReport(viewer.id, input);
  } catch (err) {
    outcome = toAppError(err).code === "rate_limited" ? "limited" : "failed";
  }
  redirect(`${back}?report=${outcome}#report`);
}
