import { describe, expect, it } from "vitest";
import { z } from "zod";
import { uuidv7, uuidv7Time } from "@/lib/ids";

describe("uuidv7", () => {
  it("is an RFC 9562 version 7 UUID that zod accepts", () => {
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it("encodes the creation time in milliseconds", () => {
    const before = Date.now();
    const stamped = uuidv7Time(uuidv7());
    const now = Date.now();
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(now);
    const later = now + 60_000;
    expect(uuidv7Time(uuidv7(later))).toBe(later);
    // A clock that steps back does not break the order: the id keeps the latest time seen.
    expect(uuidv7Time(uuidv7(now))).toBe(later);
  });

  it("sorts in creation order, also many within one millisecond", () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // More than the 12-bit counter holds in one millisecond still keeps the order.
    const same = Array.from({ length: 5000 }, () => uuidv7(Date.now() + 120_000));
    expect([...same].sort()).toEqual(same);
  });
});
