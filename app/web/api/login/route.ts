import { route } from "@/lib/api/handler";
import { sessionResponse } from "@/lib/auth/respond";
import { AppError } from "@/lib/errors";
import { loginWithPassword } from "@/lib/services/accounts";
import { loginInputSchema } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: loginInputSchema }, async ({ body, clientKey }) => {
  const account = await loginWithPassword(body.email, body.password, clientKey);
  if (!account) throw new AppError("unauthorized", "Invalid email or password");
  return sessionResponse(account);
});
