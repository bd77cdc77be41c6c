import { describe, expect, it, vi } from "vitest";

// The lease owner names this process: every copy of the lease module in one process (a server
// bundle may hold several) must agree, or one copy's sweep would close the others' live claims.
describe("LEASE_OWNER", () => {
  it("is the same in every copy of the module loaded by one process", async () => {
    const first = await import("@/lib/services/attempts/lease");
    vi.resetModules();
    const second = await import("@/lib/services/attempts/lease");
    expect(second).not.toBe(first);
    expect(second.LEASE_OWNER).toBe(first.LEASE_OWNER);
    expect(first.leaseHolderGone(second.LEASE_OWNER)).toBe(false);
    expect(second.leaseHolderGone(first.LEASE_OWNER)).toBe(false);
  });

  it("still takes a claim of an earlier start of this process (same pid, another start) for a dead one", async () => {
    const { LEASE_HOST, leaseHolderGone } = await import("@/lib/services/attempts/lease");
    expect(leaseHolderGone(`${LEASE_HOST}|${process.pid}|00000000-0000-4000-8000-000000000000`)).toBe(true);
  });
});
