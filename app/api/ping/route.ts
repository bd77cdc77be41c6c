import { NextResponse } from "next/server";

// Liveness probe that touches nothing (no database): load balancers and the HTTP benchmark's
// baseline use it.
export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json({ ok: true });
}
