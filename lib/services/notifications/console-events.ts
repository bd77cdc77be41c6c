import "server-only";
import type { WorkspaceEventList } from "@/lib/contracts/notifications";
import { db } from "@/lib/db";
import type { SubjectRef } from "@/lib/services/notifications/events";
import { eventView, parsedEvent } from "@/lib/services/notifications/views";

// The console's event log: a workspace's notification_events, newest first, with what each
// caused. Only the given workspace's rows (the caller's membership is checked by the route/page).

async function subjectNames(workspaceId: string, refs: SubjectRef[]): Promise<Map<string, string>> {
  const ids = (table: SubjectRef["table"]) => [...new Set(refs.filter((r) => r.table === table).map((r) => r.id))];
  const [challenges, redBlue] = await Promise.all([
    ids("challenges").length
      ? db.challenge.findMany({ where: { workspaceId, id: { in: ids("challenges") } }, select: { id: true, name: true } })
      : [],
    ids("red_blue_challenges").length
      ? db.redBlueChallenge.findMany({ where: { workspaceId, id: { in: ids("red_blue_challenges") } }, select: { id: true, name: true } })
      : [],
  ]);
  const names = new Map<string, string>();
  for (const c of challenges) names.set(`challenges:${c.id}`, c.name);
  for (const c of redBlue) names.set(`red_blue_challenges:${c.id}`, c.name);
  return names;
}

export async function listWorkspaceEvents(
  workspaceId: string,
  opts: { limit: number; offset: number },
): Promise<WorkspaceEventList> {
  const [rows, total] = await Promise.all([
    db.notificationEvent.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: opts.limit,
      skip: opts.offset,
      select: {
        id: true,
        event: true,
        payload: true,
        status: true,
        occurredAt: true,
        processedAt: true,
        _count: { select: { notifications: true } },
      },
    }),
    db.notificationEvent.count({ where: { workspaceId } }),
  ]);
  const refs = new Map<string, SubjectRef>();
  for (const r of rows) {
    const parsed = parsedEvent(r.event, r.payload);
    if (parsed) refs.set(r.id, parsed.type.subject(parsed.payload));
  }
  const names = await subjectNames(workspaceId, [...refs.values()]);
  const events = rows.map((r) => {
    const ref = refs.get(r.id);
    return eventView(r, ref ? (names.get(`${ref.table}:${ref.id}`) ?? null) : null, r._count.notifications);
  });
  return { events, total, limit: opts.limit, offset: opts.offset };
}
