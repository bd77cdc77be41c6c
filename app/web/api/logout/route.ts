import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";

export const POST = route({ auth: "public" }, () => {
  const res = new NextResponse(null, { status: 204 });
  res.cookies.set(sessionCookieName(), "", sessionCookieOptions(0));
  return res;
});
