import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import {
  emailCodeSendSchema,
  emailCodeVerifySchema,
  loginInputSchema,
  passwordChangeSchema,
  registerInputSchema,
} from "@/lib/contracts/auth/inputs";

// The player's account on the web API: registration, the ways to log in and out, the password,
// and who is signed in (with their workspaces).

/** A login or registration's answer: the session as a Bearer access token (also set as the cookie). */
export const sessionResponseSchema = z.object({
  account: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  /** Send it as `Authorization: Bearer <access_token>`. */
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds until the access token expires. */
  expires_in: z.number(),
});

const EXAMPLE_EMAIL = "you@example.com";
const EXAMPLE_PASSWORD = "a long enough password";

export const authOperations = {
  register: operation({
    auth: "public",
    body: registerInputSchema,
    doc: {
      status: 201,
      response: sessionResponseSchema,
      anonymous: true,
      example: { email: EXAMPLE_EMAIL, name: "Your Name", password: EXAMPLE_PASSWORD },
    },
  }),
  // JSON or application/x-www-form-urlencoded (email=…&password=…), e.g. promptfoo's HTTP provider.
  login: operation({
    auth: "public",
    body: loginInputSchema,
    formBody: true,
    doc: {
      response: sessionResponseSchema,
      anonymous: true,
      example: { email: EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD },
    },
  }),
  sendEmailCode: operation({
    auth: "public",
    body: emailCodeSendSchema,
    doc: {
      response: z.object({ result: z.literal("sent"), expires_in: z.number() }),
      anonymous: true,
      example: { email: EXAMPLE_EMAIL },
    },
  }),
  verifyEmailCode: operation({
    auth: "public",
    body: emailCodeVerifySchema,
    doc: {
      response: sessionResponseSchema,
      anonymous: true,
      example: { email: EXAMPLE_EMAIL, code: "123456" },
    },
  }),
  logout: operation({ auth: "public", doc: { status: 204 } }),
  // Account management: a signed-in session only, never an API token (scope `session`).
  logoutEverywhere: operation({ auth: "user", scope: "session", doc: { status: 204 } }),
  changePassword: operation({ auth: "user", scope: "session", body: passwordChangeSchema }),
  me: operation({ auth: "user" }),
};
