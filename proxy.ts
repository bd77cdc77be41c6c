import type { NextRequest } from "next/server";
import { proxy as pages } from "@/lib/http/proxy";

// Next 16's proxy (formerly middleware), for pages only: their Content-Security-Policy and the
// trailing-slash redirect (lib/http/proxy.ts). API and asset routes skip it; their malformed URLs
// and unserved methods are answered by lib/http/request-guard.ts before the framework runs.
export function proxy(req: NextRequest) {
  return pages(req);
}

export const config = {
  // Everything but build assets, the icons, API prefixes and signed asset downloads.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|icon.svg|api/|api$|web/api/|web/api$|console/api/|console/api$|assets/).*)",
  ],
};
