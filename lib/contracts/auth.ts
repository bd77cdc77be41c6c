import { operation } from "@/lib/contracts/operation";
import {
  emailCodeSendSchema,
  emailCodeVerifySchema,
  loginInputSchema,
  passwordChangeSchema,
  registerInputSchema,
} from "@/lib/validation/auth";

// The player's account on the web API: registration, the ways to log in and out, the password,
// and who is signed in (with their workspaces).

export const authOperations = {
  register: operation({ auth: "public", body: registerInputSchema, doc: { status: 201 } }),
  // JSON or application/x-www-form-urlencoded (email=…&password=…), e.g. promptfoo's HTTP provider.
  login: operation({ auth: "public", body: loginInputSchema, formBody: true }),
  sendEmailCode: operation({ auth: "public", body: emailCodeSendSchema }),
  verifyEmailCode: operation({ auth: "public", body: emailCodeVerifySchema }),
  logout: operation({ auth: "public", doc: { status: 204 } }),
  // Account management: a signed-in session only, never an API token (scope `session`).
  logoutEverywhere: operation({ auth: "user", scope: "session", doc: { status: 204 } }),
  changePassword: operation({ auth: "user", scope: "session", body: passwordChangeSchema }),
  me: operation({ auth: "user" }),
};
