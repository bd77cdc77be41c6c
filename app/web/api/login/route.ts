import { route } from "@/lib/api/handler";
import { claimGuestOfRequest } from "@/lib/auth/guest-claim";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { AppError } from "@/lib/errors";
import { loginWithPassword } from "@/lib/services/accounts";

export const POST = route(authOperations.login, async ({ body, req, clientKey }) => {
  const account = await loginWithPassword(body.email, body.password, clientKey, { event: body.event });
  if (!account) throw new AppError("unauthorized", "Invalid email or password");
  return claimGuestOfRequest(req.headers, await sessionResponse(account), account.id);
});
