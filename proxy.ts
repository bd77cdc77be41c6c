import type { NextRequest } from "next/server";
import { proxy as guard } from "@/lib/http/proxy";

// Next 16's proxy (formerly middleware): JSON errors for malformed API requests, 405 JSON for
// unsupported methods, and the pages' Content-Security-Policy. The logic is in lib/http/proxy.ts.
export function proxy(req: NextRequest) {
  return guard(req);
}

export const config = {
  // Everything but build assets and the icon (static files need no nonce).
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
