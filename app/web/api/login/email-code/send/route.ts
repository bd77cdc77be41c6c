import { route } from "@/lib/api/handler";
import { CODE_TTL_MINUTES, sendEmailCode } from "@/lib/services/email-codes";
import { emailCodeSendSchema } from "@/lib/validation/auth";

// Always the same answer, whether or not the email has an account.
export const POST = route({ auth: "public", body: emailCodeSendSchema }, async ({ body, clientKey }) => {
  await sendEmailCode(body.email, body.purpose, clientKey);
  return { result: "sent", expires_in: CODE_TTL_MINUTES * 60 };
});
