"use server";

import { revalidatePath } from "next/cache";
import type { FormState } from "@/lib/contracts/forms";
import { idParams } from "@/lib/contracts/params";
import { decisionInputSchema } from "@/lib/contracts/verdict-reviews";
import { decideVerdictReview } from "@/lib/services/verdict-reviews";
import { workspaceAction } from "../context";

/** Confirms or overturns one review's verdict, with the member's note. */
export async function decideReviewAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const input = decisionInputSchema.parse({
      verdict: formData.get("verdict"),
      note: formData.get("note") ?? "",
    });
    const account = { id: viewer.id, name: viewer.name, email: viewer.email };
    await decideVerdictReview({ workspaceId: workspace.id, account }, id, input);
    revalidatePath(`/console/${workspace.slug}/reviews`);
  });
}
