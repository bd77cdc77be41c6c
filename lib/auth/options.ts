import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { clientKey } from "@/lib/http/client-ip";
import { claimsFromJwt, sessionMaxAgeSeconds } from "@/lib/auth/session";
import { loginWithPassword } from "@/lib/services/accounts";
import { verifyEmailCode } from "@/lib/services/email-codes";
import { getSessionAccount, revokeSession, sessionClaimsForNewToken } from "@/lib/services/sessions";

/** The request headers next-auth hands to authorize(), as Headers (for the client's rate-limit key). */
function headersOf(req: { headers?: Record<string, unknown> } | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req?.headers ?? {})) {
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

// next-auth handles /api/auth/* (session, csrf, signout and credential sign-in for clients that
// use next-auth/react). Our own pages and JSON endpoints create the same JWT session directly.
export const authOptions: NextAuthOptions = {
  secret: env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      id: "password",
      name: "Email and password",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, req) {
        const account = await loginWithPassword(
          credentials?.email ?? "",
          credentials?.password ?? "",
          clientKey(headersOf(req)),
        );
        return account ? { id: account.id, email: account.email, name: account.name } : null;
      },
    }),
    CredentialsProvider({
      id: "email-code",
      name: "Email code",
      credentials: { email: { type: "email" }, code: { type: "text" } },
      async authorize(credentials, req) {
        const account = await verifyEmailCode(credentials?.email ?? "", credentials?.code ?? "", clientKey(headersOf(req)));
        return account ? { id: account.id, email: account.email, name: account.name } : null;
      },
    }),
  ],
  events: {
    // next-auth's sign-out ends the session on the server too (like POST /web/api/logout).
    async signOut({ token }) {
      const claims = claimsFromJwt(token);
      if (claims) await revokeSession(claims);
    },
  },
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        return {
          ...token,
          sub: user.id,
          authTime: Math.floor(Date.now() / 1000),
          ...(await sessionClaimsForNewToken(user.id)),
        };
      }
      // Absolute lifetime and revocation: an old or revoked token is emptied instead of refreshed.
      const claims = claimsFromJwt(token);
      return claims && (await getSessionAccount(claims)) ? token : {};
    },
    session({ session, token }) {
      const claims = claimsFromJwt(token);
      if (claims && session.user) {
        (session.user as { id?: string }).id = claims.accountId;
      }
      return session;
    },
  },
};
