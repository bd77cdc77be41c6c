import { route } from "@/lib/api/handler";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { AppError } from "@/lib/errors";
import { loginWithPassword } from "@/lib/services/accounts";

export const POST = route(authOperations.login, async ({ body, clientKey }) => {
  const account = await loginWithPassword(body.email, body.password, clientKey);
  if (!account) throw new AppError("unauthorized", "Invalid email or password");
  return sessionResponse(account);
});
