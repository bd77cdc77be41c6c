import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { env } from "@/lib/env";

describe("GET /api/health", () => {
  it("reports the database as reachable, with its kind and the time the ping took", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: string; db_ms: number };
    expect(body).toMatchObject({ status: "ok", database: env.databaseKind });
    expect(body.db_ms).toBeGreaterThanOrEqual(0);
  });
});
