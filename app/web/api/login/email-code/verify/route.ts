import { route } from "@/lib/api/handler";
import { sessionResponse } from "@/lib/auth/respond";
import { AppError } from "@/lib/errors";
import { verifyEmailCode } from "@/lib/services/email-codes";
import { emailCodeVerifySchema } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: emailCodeVerifySchema }, async ({ body, clientKey }) => {
  const account = await verifyEmailCode(body.email, body.code, clientKey);
  if (!account) throw new AppError("unauthorized", "The code is invalid or has expired");
  return sessionResponse(account);
});
