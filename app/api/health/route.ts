import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = Date.now();
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return NextResponse.json({ status: "ok", database: env.databaseKind, db_ms: Date.now() - started });
  } catch {
    return NextResponse.json(
      { status: "error", database: env.databaseKind, error: { code: "unavailable", message: "Database unreachable" } },
      { status: 503 },
    );
  }
}
