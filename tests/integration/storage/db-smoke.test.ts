import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";

describe("database", () => {
  it("creates and reads a workspace", async () => {
    const ws = await db.workspace.create({ data: { name: "W", slug: `w-${Date.now()}` } });
    const got = await db.workspace.findUniqueOrThrow({ where: { id: ws.id } });
    expect(got.name).toBe("W");
  });
});
