import { route } from "@/lib/api/handler";
import { sessionResponse } from "@/lib/auth/respond";
import { languageFromHeader, registerAccount } from "@/lib/services/accounts";
import { registerInputSchema } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: registerInputSchema, doc: { status: 201 } }, async ({ body, req, clientKey }) => {
  const account = await registerAccount(body, {
    clientKey,
    language: languageFromHeader(req.headers.get("accept-language")),
  });
  return sessionResponse(account, 201);
});
