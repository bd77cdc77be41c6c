import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { claimsFromJwt, sessionMaxAgeSeconds } from "@/lib/auth/session";
import { loginWithPassword } from "@/lib/services/accounts";
import { verifyEmailCode } from "@/lib/services/email-codes";

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
      async authorize(credentials) {
        const account = await loginWithPassword(credentials?.email ?? "", credentials?.password ?? "", "next-auth");
        return account ? { id: account.id, email: account.email, name: account.name } : null;
      },
    }),
    CredentialsProvider({
      id: "email-code",
      name: "Email code",
      credentials: { email: { type: "email" }, code: { type: "text" } },
      async authorize(credentials) {
        const account = await verifyEmailCode(credentials?.email ?? "", credentials?.code ?? "", "next-auth");
        return account ? { id: account.id, email: account.email, name: account.name } : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) return { ...token, sub: user.id, authTime: Math.floor(Date.now() / 1000) };
      // Absolute lifetime: an old token is emptied instead of being refreshed.
      return claimsFromJwt(token) ? token : {};
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
