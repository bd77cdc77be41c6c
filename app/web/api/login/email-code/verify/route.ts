import { route } from "@/lib/api/handler";
import { claimGuestOfRequest } from "@/lib/auth/guest-claim";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { AppError } from "@/lib/errors";
import { verifyEmailCode } from "@/lib/services/email-codes";

export const POST = route(authOperations.verifyEmailCode, async ({ body, req, clientKey }) => {
  const account = await verifyEmailCode(body.email, body.code, clientKey, body.event);
  if (!account) throw new AppError("unauthorized", "The code is invalid or has expired");
  return claimGuestOfRequest(req.headers, await sessionResponse(account), account.id);
});
