import { route } from "@/lib/api/handler";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { languageFromHeader, registerAccount } from "@/lib/services/accounts";

export const POST = route(authOperations.register, async ({ body, req, clientKey }) => {
  const account = await registerAccount(body, {
    clientKey,
    language: languageFromHeader(req.headers.get("accept-language")),
  });
  return sessionResponse(account, 201);
});
