import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/openapi/document";

// GET /api/openapi.json — the OpenAPI 3.1 document of every JSON route handler.
export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
