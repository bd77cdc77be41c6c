import { describe, expect, it } from "vitest";
import { columnsOf, rowMapper } from "@/lib/db/rows";

describe("rowMapper", () => {
  const spec = { id: "text", endUserId: "text", score: "numOrNull", won: "bool", at: ["achieved_at", "date"], meta: "json" } as const;
  const toRow = rowMapper(spec);

  it("reads SQLite's text, 0/1 and JSON text", () => {
    expect(
      toRow({ id: "a", end_user_id: "u", score: 3n, won: 1, achieved_at: "2026-01-02T03:04:05.000Z", meta: '{"k":1}' }),
    ).toEqual({ id: "a", endUserId: "u", score: 3, won: true, at: new Date("2026-01-02T03:04:05.000Z"), meta: { k: 1 } });
  });

  it("reads PostgreSQL's Date, boolean and parsed JSON, and keeps nulls", () => {
    const at = new Date("2026-05-06T07:08:09.000Z");
    expect(toRow({ id: "b", end_user_id: "v", score: null, won: false, achieved_at: at, meta: { k: 2 } })).toEqual({
      id: "b",
      endUserId: "v",
      score: null,
      won: false,
      at,
      meta: { k: 2 },
    });
  });

  it("names the columns it reads", () => {
    expect(columnsOf(spec, "e.")).toBe("e.id, e.end_user_id, e.score, e.won, e.achieved_at, e.meta");
  });
});
