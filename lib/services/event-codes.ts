import "server-only";
import { randomInt } from "node:crypto";
import type { EventCodeView } from "@/lib/contracts/event-codes";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { scaledLimiter, type Limiter } from "@/lib/rate-limit";

// Event codes let a room behind one NAT register and log in without exhausting per-address limits,
// within the code's own cap (ARCHITECTURE.md, 'Event codes').

const viewSelect = {
  id: true,
  name: true,
  code: true,
  maxUses: true,
  uses: true,
  expiresAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

// No 0/O or 1/I: the code may be read aloud or copied from a projector.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 12;

function newCode(): string {
  let out = "";
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The form the code is stored and compared in: upper case, no dashes or spaces. */
export function normalizeEventCode(code: string): string {
  return code.trim().toUpperCase().replace(/[-\s]/g, "");
}

export async function createEventCode(
  workspaceId: string,
  createdById: string | null,
  input: { name: string; maxUses: number; expiresInHours: number },
): Promise<EventCodeView> {
  return db.eventCode.create({
    data: {
      workspaceId,
      createdById,
      name: input.name,
      code: newCode(),
      maxUses: input.maxUses,
      expiresAt: new Date(Date.now() + input.expiresInHours * 3_600_000),
    },
    select: viewSelect,
  });
}

export async function listEventCodes(workspaceId: string): Promise<EventCodeView[]> {
  return db.eventCode.findMany({ where: { workspaceId }, orderBy: { createdAt: "desc" }, select: viewSelect, take: 200 });
}

/** Withdraws a code of this workspace (404 for another workspace's code: it is not there). */
export async function revokeEventCode(workspaceId: string, id: string): Promise<EventCodeView> {
  const res = await db.eventCode.updateMany({ where: { id, workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db.eventCode.findFirst({ where: { id, workspaceId }, select: viewSelect });
  if (!row || (res.count === 0 && !row.revokedAt)) throw notFound("Event code");
  return row;
}

export type EventCodeRefusal = "unknown" | "expired" | "revoked" | "used_up";

const REFUSALS: Record<EventCodeRefusal, string> = {
  unknown: "This event code is not known. Check the invite link with the event's organiser.",
  expired: "This event code has expired. Ask the event's organiser for a new invite link.",
  revoked: "This event code was withdrawn by the event's organiser.",
  used_up: "This event code has been used as many times as its organiser allowed. Ask the organiser for another invite link.",
};

function refused(reason: EventCodeRefusal): AppError {
  return new AppError("validation_failed", REFUSALS[reason], { details: { field: "event", reason: `event_code_${reason}` } });
}

/** A code that may carry logins now (used-up codes still do: the room has registered). */
export interface ActiveEventCode {
  id: string;
  name: string;
  maxUses: number;
}

async function findCode(code: string) {
  return db.eventCode.findUnique({
    where: { code: normalizeEventCode(code) },
    select: { id: true, name: true, maxUses: true, uses: true, expiresAt: true, revokedAt: true },
  });
}

function refusalOf(row: Awaited<ReturnType<typeof findCode>>, now: Date, forRegistration: boolean): EventCodeRefusal | null {
  if (!row) return "unknown";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  if (forRegistration && row.uses >= row.maxUses) return "used_up";
  return null;
}

/**
 * What the register and login pages show about a code from an invite link: its event's name, or
 * why it cannot be used. Reads only.
 */
export async function describeEventCode(
  code: string,
  forRegistration = true,
): Promise<{ name: string } | { refusal: string }> {
  const row = await findCode(code);
  const refusal = refusalOf(row, new Date(), forRegistration);
  return refusal || !row ? { refusal: REFUSALS[refusal ?? "unknown"] } : { name: row.name };
}

/**
 * Takes one registration from the code: one conditional UPDATE, so concurrent registrations on
 * every instance never take more than max_uses. An unknown code costs `addressLimit` a point first.
 */
export async function takeEventCodeUse(code: string, addressLimit: Limiter, clientKey: string): Promise<ActiveEventCode> {
  const now = new Date();
  const normalized = normalizeEventCode(code);
  const row = await findCode(normalized);
  const early = refusalOf(row, now, true);
  if (!row || early) {
    if (!row) await addressLimit.consume(clientKey);
    throw refused(early ?? "unknown");
  }
  const res = await db.eventCode.updateMany({
    where: { id: row.id, revokedAt: null, expiresAt: { gt: now }, uses: { lt: row.maxUses } },
    data: { uses: { increment: 1 } },
  });
  if (res.count === 0) {
    // Another registration took the last use (or the organiser withdrew it) in between.
    throw refused(refusalOf(await findCode(normalized), new Date(), true) ?? "used_up");
  }
  return { id: row.id, name: row.name, maxUses: row.maxUses };
}

/** Gives back a use whose registration did not happen (the email was taken, a bad code). */
export async function returnEventCodeUse(id: string): Promise<void> {
  await db.eventCode.updateMany({ where: { id, uses: { gt: 0 } }, data: { uses: { decrement: 1 } } });
}

/**
 * The limiter and key a per-address limit is counted on: the address, or with a code that is
 * not expired or withdrawn, the code (the quota times its max uses, shared by its room).
 */
export async function limitFor(
  base: Limiter,
  clientKey: string,
  code: string | undefined,
): Promise<{ limiter: Limiter; key: string }> {
  if (code === undefined) return { limiter: base, key: clientKey };
  const row = await findCode(code);
  const refusal = refusalOf(row, new Date(), false);
  if (!row || refusal) {
    if (!row) await base.consume(clientKey);
    throw refused(refusal ?? "unknown");
  }
  return {
    limiter: scaledLimiter(base, row.maxUses, "Too many attempts with this event code."),
    key: `event:${row.id}`,
  };
}
