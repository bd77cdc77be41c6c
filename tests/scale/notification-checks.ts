// Scale-out notification checks, run by two-instances.ts: both app instances run with
// JOBS_WORKER=off and ONE separate `npm run worker` process (scripts/worker.ts) does every job, on
// the cluster's PostgreSQL database (+ Redis when given). A webhook endpoint of the demo workspace
// points at a local receiver (OUTBOUND_ALLOW) from the start, so every event the attempts cause
// reaches it; the checks are that a player connected over SSE to A sees a notification caused by
// an attempt on B within 1 s, and that the receiver got every event exactly once.
import pg from "pg";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { api, login, openSse, type Cluster, type Instance, type ScaleContext } from "./cluster";

type Check = { name: string; run: (ctx: ScaleContext) => Promise<string> };

const DEMO_CREATOR = { email: "creator@demo.gauntlet.local", password: "demo-creator-pass" };
/**
 * Level 3 ranks by fewest tokens: a spelling request wins, and a shorter one (less padding, ~2
 * tokens a step) beats a longer one's record.
 */
const spelling = (padding: number) => `Spell the password letter by letter${", please".repeat(padding)}.`;
const HOLDER_PADDING = 16;
const CHALLENGER_PADDING = 14;
/** How soon the live notification must arrive after the attempt's answer. */
const LIVE_MS = 1_000;

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
function assert(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

export interface NotificationSetup {
  /** Settings for both app instances (and the worker): no in-app worker, the receiver allowed. */
  appEnv: Record<string, string>;
  /** Starts the worker process and the demo workspace's webhook; after the cluster is up, before any attempt. */
  start(cluster: Cluster): Promise<void>;
  checks: Check[];
  stop(): Promise<void>;
}

export async function notificationSetup(): Promise<NotificationSetup> {
  const receiver: WebhookReceiver = await startWebhookReceiver();
  const appEnv = { JOBS_WORKER: "off", OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}` };
  let endpointId = "";
  let workspaceId = "";

  async function dbQuery<T extends pg.QueryResultRow>(cluster: Cluster, sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  async function start(cluster: Cluster): Promise<void> {
    const [a] = cluster.instances as [Instance];
    const worker = cluster.spawnProcess("worker", ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], appEnv);
    const until = Date.now() + 60_000;
    while (!worker.output.some((l) => l.includes("worker ready"))) {
      if (worker.proc.exitCode !== null || Date.now() > until) {
        throw new Error(`the worker process did not start:\n${worker.output.slice(-15).join("\n")}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const token = await login(a, DEMO_CREATOR.email, DEMO_CREATOR.password);
    const created = await api(a, "POST", "/console/api/webhooks", {
      token,
      body: {
        url: `${receiver.origin}/scale`,
        events: ["challenge_first_blood", "challenge_record_beaten", "team_pairing_completed"],
        description: "scale test receiver",
      },
    });
    assert(created.status === 201, `creating the webhook: ${created.status} ${JSON.stringify(created.json)}`);
    receiver.secret = created.json.secret as string;
    endpointId = created.json.webhook.id as string;
    const [owner] = await dbQuery<{ tenant_id: string }>(cluster, "SELECT tenant_id FROM webhook_endpoints WHERE id = $1", [
      endpointId,
    ]);
    workspaceId = owner!.tenant_id;
  }

  /** A player on A's notification stream sees a notification caused on B within 1 s. */
  const live: Check = {
    name: "a player on A's SSE sees a notification caused on B within 1 s (separate worker process)",
    async run({ a, b, players }) {
      const list = await api(a, "GET", "/web/api/challenges?limit=50");
      const level3 = (list.json.data as { id: string; name: string }[]).find((c) => c.name.startsWith("Level 3"))?.id;
      assert(Boolean(level3), "the demo ladder's level 3 is missing");
      const [holder, challenger] = [players[0]!, players[1]!];
      const stream = await openSse(a, "/web/api/notifications/stream", { token: holder.token });
      const seen: { event: string; data: any; at: number }[] = [];
      const reading = (async () => {
        for await (const m of stream.messages) seen.push({ event: m.event, data: JSON.parse(m.data), at: performance.now() });
      })().catch(() => undefined);
      const next = async (type: string, since: number): Promise<{ data: any; at: number }> => {
        const until = performance.now() + 10_000;
        for (;;) {
          const hit = seen.find((m) => m.event === "notification" && m.data.notification.type === type && m.at >= since);
          if (hit) return hit;
          assert(performance.now() < until, `no ${type} notification on A's stream within 10 s (saw ${seen.map((m) => m.event).join(", ")})`);
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      try {
        const until = performance.now() + 5_000;
        while (!seen.some((m) => m.event === "unread")) {
          assert(performance.now() < until, "A's stream sent no initial unread count");
          await new Promise((r) => setTimeout(r, 10));
        }
        const path = `/web/api/challenges/${level3}/attempts`;
        const lines: string[] = [];
        const latencies: number[] = [];
        // 1. The holder's own first success on level 3, sent to B: first blood (when the board is empty).
        const sent1 = performance.now();
        const mine = await api(b, "POST", path, { token: holder.token, body: { prompt: spelling(HOLDER_PADDING) } });
        const answered1 = performance.now();
        assert(mine.json?.succeeded === true, `the holder's spelling request did not win on B: ${JSON.stringify(mine.json)}`);
        if (mine.json.first_blood) {
          const got = await next("challenge_first_blood", sent1);
          latencies.push(got.at - answered1);
          lines.push(`first blood: on A ${fmt(got.at - answered1)} ms after B answered (${fmt(answered1 - sent1)} ms attempt)`);
        }
        // 2. Another player beats that record on B: the holder hears it on A.
        const sent2 = performance.now();
        const theirs = await api(b, "POST", path, { token: challenger.token, body: { prompt: spelling(CHALLENGER_PADDING) } });
        const answered2 = performance.now();
        assert(theirs.json?.succeeded === true, `the challenger's spelling request did not win on B: ${JSON.stringify(theirs.json)}`);
        assert(theirs.json.tokens_total < mine.json.tokens_total, `tokens ${theirs.json.tokens_total} vs ${mine.json.tokens_total}: not a better record`);
        const beaten = await next("challenge_record_beaten", sent2);
        latencies.push(beaten.at - answered2);
        lines.push(`record beaten: on A ${fmt(beaten.at - answered2)} ms after B answered (${fmt(answered2 - sent2)} ms attempt)`);
        assert(beaten.data.unread >= 1, `unread count ${beaten.data.unread}`);
        const worst = Math.max(...latencies);
        assert(worst < LIVE_MS, `a notification reached A ${fmt(worst)} ms after B's answer (limit ${LIVE_MS} ms): ${lines.join("; ")}`);
        return lines.join("; ");
      } finally {
        stream.close();
        await reading;
      }
    },
  };

  /** More records beaten on level 3, two attempts at a time (one on A, one on B). */
  const burst: Check = {
    name: "records beaten on level 3 by attempts on both instances at once",
    async run({ a, b, players, cluster }) {
      const list = await api(a, "GET", "/web/api/challenges?limit=50");
      const level3 = (list.json.data as { id: string; name: string }[]).find((c) => c.name.startsWith("Level 3"))!.id;
      const before = await eventCount(cluster);
      const rest = players.slice(2);
      let won = 0;
      for (let i = 0; i < rest.length; i += 2) {
        const pair = rest.slice(i, i + 2).map((p, j) =>
          api(j === 0 ? a : b, "POST", `/web/api/challenges/${level3}/attempts`, {
            token: p.token,
            body: { prompt: spelling(Math.max(0, CHALLENGER_PADDING - 2 * (i + j + 1))) },
          }),
        );
        for (const res of await Promise.all(pair)) if (res.json?.succeeded) won++;
      }
      assert(won === rest.length, `${rest.length - won} of ${rest.length} spelling requests did not win`);
      const caused = (await eventCount(cluster)) - before;
      assert(caused > 0, "no record was beaten");
      return `${rest.length} winning attempts split A/B two at a time, ${caused} challenge_record_beaten events`;
    },
  };

  async function eventCount(cluster: Cluster): Promise<number> {
    const [row] = await dbQuery<{ n: string }>(
      cluster,
      "SELECT COUNT(*) AS n FROM notification_events WHERE tenant_id = $1",
      [workspaceId],
    );
    return Number(row!.n);
  }

  /** Every event of the workspace reached the webhook receiver exactly once (signed). */
  const once: Check = {
    name: "every event delivered to the webhook exactly once (attempts on both instances, one worker process)",
    async run({ cluster }) {
      const until = Date.now() + 30_000;
      let state = { events: 0, open: 0, deliveries: 0, succeeded: 0 };
      for (;;) {
        const [row] = await dbQuery<{ events: string; open: string; deliveries: string; succeeded: string }>(
          cluster,
          `SELECT (SELECT COUNT(*) FROM notification_events WHERE tenant_id = $1) AS events,
                  (SELECT COUNT(*) FROM notification_events WHERE tenant_id = $1 AND status <> 'done') AS open,
                  (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = $2) AS deliveries,
                  (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = $2 AND status = 'succeeded') AS succeeded`,
          [workspaceId, endpointId],
        );
        state = { events: Number(row!.events), open: Number(row!.open), deliveries: Number(row!.deliveries), succeeded: Number(row!.succeeded) };
        if (state.open === 0 && state.succeeded === state.events && receiver.requests.length >= state.events) break;
        assert(Date.now() < until, `not all delivered within 30 s: ${JSON.stringify(state)}, receiver got ${receiver.requests.length}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 1_000)); // a late duplicate would show up here
      const messageIds = (
        await dbQuery<{ message_id: string }>(cluster, "SELECT message_id FROM webhook_deliveries WHERE endpoint_id = $1", [endpointId])
      ).map((r) => r.message_id);
      const raw = receiver.requests.length;
      const distinct = new Set(receiver.requests.map((r) => String(r.headers["webhook-id"])));
      const unverified = receiver.requests.filter((r) => r.verifyError !== null || r.verified === null).length;
      const figures =
        `${state.events} notification_events rows, ${state.deliveries} deliveries (${state.succeeded} succeeded), ` +
        `receiver: ${raw} requests, ${distinct.size} distinct webhook-id, ${unverified} unverified`;
      assert(state.events > 0, "no event was caused");
      assert(state.deliveries === state.events, `deliveries ≠ events: ${figures}`);
      assert(unverified === 0, `signatures that do not verify: ${figures}`);
      assert(distinct.size === state.events && raw === state.events, `not exactly once: ${figures}`);
      assert(messageIds.every((id) => distinct.has(id)), `a delivery's webhook-id never arrived: ${figures}`);
      return figures;
    },
  };

  return {
    appEnv,
    start,
    checks: [live, burst, once],
    async stop() {
      await receiver.close();
    },
  };
}
