import { route } from "@/lib/api/handler";
import { sessionClaimsOf } from "@/lib/api/caller";
import { sessionResponse } from "@/lib/auth/respond";
import { authOperations } from "@/lib/contracts/auth";
import { changePassword } from "@/lib/services/accounts";

// Changes the signed-in account's password. Every other session of the account is revoked; the
// caller gets a new session (cookie and access token) with the same absolute expiry.
export const POST = route(
  authOperations.changePassword,
  async ({ body, caller, req, clientKey }) => {
    const claims = await sessionClaimsOf(req.headers);
    const account = await changePassword(
      caller.account.id,
      { currentPassword: body.current_password, newPassword: body.new_password },
      clientKey,
    );
    return sessionResponse(account, 200, { authTime: claims?.authTime });
  },
);
