"use server";

import { getTranslations } from "next-intl/server";
import { runAction } from "@/lib/api/action";
import type { FormState } from "@/lib/contracts/forms";
import { AppError } from "@/lib/errors";
import { unsubscribeFromNotificationEmails } from "@/lib/services/notifications/email-unsubscribe";

/** The unsubscribe page's button: the signed token is the authority, no session needed. */
export async function unsubscribeAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const t = await getTranslations("player.unsubscribe");
  const messages = () => Promise.resolve({ failed: t("failed") });
  return runAction({ name: "unsubscribing from notification emails", messages }, async () => {
    try {
      await unsubscribeFromNotificationEmails(formData.get("token"));
    } catch (err) {
      if (err instanceof AppError && err.code === "bad_request") throw new AppError("bad_request", t("invalid"));
      throw err;
    }
    return { message: t("done") };
  });
}
