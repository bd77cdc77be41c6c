// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import { exec, json, type Step } from "@/lib/db/sql";
import type { Tx } from "@/lib/db";
import { enqueueJob, enqueueJobIn } from "@/lib/jobs";

// The notification outbox, written in the attempt's transaction with the job that dispatches it
// (lib/services/notifications): both commit or neither does.

export function* insertOutboxEvent(
  workspaceId: string,
  event: string,
  payload: unknown,
  occurredAt: Date,
): Step<void> {
  const now = new Date();
  const id = uuidv7();
  yield* exec(
    `INSERT INTO notification_events (id, tenant_id, event, payload, status, attempts, occurred_at, available_at, created_at)
     VALUES ($1, $2, $3, $4::jsonb, 'pending', 0, $5, $6, $6)`,
    id,
    workspaceId,
    event,
    json(payload),
    occurredAt,
    now,
  );
  yield* enqueueJob(...dispatchJob(id, workspaceId));
}

const dispatchJob = (id: string, workspaceId: string) =>
  ["notification.dispatch", { eventId: id }, { singletonKey: `notification.dispatch:${id}`, workspaceId }] as const;

/** insertOutboxEvent for a Prisma transaction. */
export async function insertOutboxEventIn(
  tx: Tx,
  workspaceId: string,
  event: string,
  payload: unknown,
  occurredAt: Date,
): Promise<void> {
  const id = uuidv7();
  const now = new Date();
  await tx.notificationEvent.create({
    data: { id, workspaceId, event, payload: payload as object, occurredAt, availableAt: now, createdAt: now },
    select: { id: true },
  });
  await enqueueJobIn(tx, ...dispatchJob(id, workspaceId));
}
