import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

const handler = NextAuth(authOptions) as (req: Request, ctx: unknown) => Promise<Response>;

export { handler as GET, handler as POST };
