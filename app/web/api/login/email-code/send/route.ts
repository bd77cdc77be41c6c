import { route } from "@/lib/api/handler";
import { authOperations } from "@/lib/contracts/auth";
import { CODE_TTL_MINUTES, sendEmailCode } from "@/lib/services/email-codes";

// Always the same answer, whether or not the email has an account.
export const POST = route(authOperations.sendEmailCode, async ({ body, clientKey }) => {
  await sendEmailCode(body.email, body.purpose, clientKey, body.event);
  return { result: "sent", expires_in: CODE_TTL_MINUTES * 60 };
});
