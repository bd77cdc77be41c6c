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
      summary: "Register a player account",
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
      summary: "Log in with email and password",
      response: sessionResponseSchema,
      anonymous: true,
      example: { email: EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD },
    },
  }),
  sendEmailCode: operation({
    auth: "public",
    body: emailCodeSendSchema,
    doc: {
      summary: "Send a login code by email",
      response: z.object({ result: z.literal("sent"), expires_in: z.number() }),
      anonymous: true,
      example: { email: EXAMPLE_EMAIL },
    },
  }),
  verifyEmailCode: operation({
    auth: "public",
    body: emailCodeVerifySchema,
    doc: {
      summary: "Log in with an emailed code",
      response: sessionResponseSchema,
      anonymous: true,
      example: { email: EXAMPLE_EMAIL, code: "123456" },
    },
  }),
  logout: operation({
    auth: "public",
    doc: {
      summary: "Log out: revoke the session used (cookie or access token) and clear the cookie",
      status: 204,
    },
  }),
  // Account management: a signed-in session only, never an API token (scope `session`).
  logoutEverywhere: operation({
    auth: "user",
    scope: "session",
    doc: { summary: "Log out everywhere: revoke every session of the signed-in account", status: 204 },
  }),
  changePassword: operation({
    auth: "user",
    scope: "session",
    body: passwordChangeSchema,
    doc: { summary: "Change the password; revokes every other session and returns a new session" },
  }),
  me: operation({ auth: "user", doc: { summary: "The signed-in account and its workspaces" } }),
};
