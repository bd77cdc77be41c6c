import { route } from "@/lib/api/handler";
import { claimGuestOfRequest } from "@/lib/auth/guest-claim";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { languageFromHeader, registerAccount } from "@/lib/services/accounts";

export const POST = route(authOperations.register, async ({ body, req, clientKey }) => {
  // A guest who registers keeps their attempts (lib/auth/guest-claim.ts).
  const account = await registerAccount(body, {
    clientKey,
    language: languageFromHeader(req.headers.get("accept-language")),
  });
  return claimGuestOfRequest(req.headers, await sessionResponse(account, 201), account.id);
});
