"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runAction } from "@/lib/api/action";
import { getViewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { markReadSchema } from "@/lib/contracts/notifications";
import { markNotificationsRead } from "@/lib/services/notifications";

/** Marks the signed-in player's notifications read: the form's `id` fields, or all with `all=true`. */
export async function markReadAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return runAction(
    {
      name: "mark notifications read",
      messages: async () => ({ failed: (await getTranslations("notifications.inbox"))("failed") }),
    },
    async () => {
      const viewer = await getViewer();
      if (!viewer) redirect("/login?next=/notifications");
      const input = markReadSchema.parse(formData.get("all") === "true" ? { all: true } : { ids: formData.getAll("id") });
      await markNotificationsRead(viewer.id, input);
      revalidatePath("/notifications");
    },
  );
}
