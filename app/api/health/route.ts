import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { pingDatabase } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = Date.now();
  try {
    await pingDatabase();
    return NextResponse.json({ status: "ok", database: env.databaseKind, db_ms: Date.now() - started });
  } catch {
    return NextResponse.json(
      { status: "error", database: env.databaseKind, error: { code: "unavailable", message: "Database unreachable" } },
      { status: 503 },
    );
  }
}
