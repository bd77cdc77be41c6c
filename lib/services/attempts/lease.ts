import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readlinkSync } from "node:fs";
import { hostname } from "node:os";

// Crash safety of claimed attempts. A claim (the pending row that holds an idempotency key)
// carries a lease: who runs it (LEASE_OWNER) and until when (lease_until). The running process
// renews the lease every HEARTBEAT_MS. A pending row counts against max_attempts and the
// cooldown, and blocks its key, only while its lease is live. It is dead when
//   - its lease expired (the process stopped renewing it: crashed, frozen, on any host), or
//   - its owner ran on this host (same host name and PID namespace) and that process is gone:
//     then nobody has to wait for the lease to run out.
// A dead claim is taken over by the next request with the same key (the attempt runs there,
// once) or marked errored ("not counted") by the next claim of that player, or by the sweep
// (at start-up and every minute in every instance, sweeper.ts); a request with its key that
// comes after that claims it again and runs it (claims.ts diedUncounted), still counted once.

export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

/** The timings in use (tests shorten them to see a lease renewed or lost within a second). */
export const leaseTiming = { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS };

export function setLeaseTimingForTests(timing: { leaseMs: number; heartbeatMs: number } | null): void {
  Object.assign(leaseTiming, timing ?? { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS });
}

function pidNamespace(): string {
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return "";
  }
}

/** This machine (and PID namespace): owners with the same HOST can be checked by pid. */
export const LEASE_HOST = `${hostname()}${pidNamespace() ? `/${pidNamespace()}` : ""}`;
/**
 * This process, this start (a restarted process may get the same pid). One value per process: a
 * server bundle may hold this module more than once (a route's copy, the start-up sweeper's), and
 * a copy with its own value would take the others' live claims for a dead process's and close them.
 */
export const LEASE_OWNER: string = ((globalThis as { __gauntletLeaseOwner?: string }).__gauntletLeaseOwner ??=
  `${LEASE_HOST}|${process.pid}|${randomUUID()}`);

/** True when the owner ran on this host and its process no longer exists. */
export function leaseHolderGone(owner: string | null): boolean {
  if (!owner) return false;
  const [host, pidText] = owner.split("|");
  if (host !== LEASE_HOST) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return owner !== LEASE_OWNER;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export interface LeaseView {
  status: string;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
}

/** Whether a pending row is still being run by a live process. */
export function claimIsLive(row: LeaseView, legacyStaleMs: number, now = Date.now()): boolean {
  if (row.status !== "pending") return false;
  if (!row.leaseUntil) return now - row.createdAt.getTime() <= legacyStaleMs; // rows from before leases
  return row.leaseUntil.getTime() > now && !leaseHolderGone(row.leaseOwner);
}

/** The hash stored with an idempotent claim, to refuse the same key with another prompt. */
export function promptHash(prompt: string): string {
  return createHash("sha256").update(prompt, "utf8").digest("base64url");
}
