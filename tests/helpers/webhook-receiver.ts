import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A real HTTP receiver on 127.0.0.1 for webhook tests: it records every request and answers with
// the statuses it is told to (then 200), and verifies Standard Webhooks signatures with the
// `standardwebhooks` package when it knows the secret. Plain Node (no vitest imports), so
// Playwright tests can use it too.

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified payload, or null when no secret is set or the signature does not verify. */
  verified: unknown;
  verifyError: string | null;
  receivedAt: Date;
}

export interface WebhookReceiver {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: ReceivedWebhook[];
  /** Secret used to verify (whsec_…); requests before it is set are recorded unverified. */
  secret: string | null;
  /** Answers for the next requests, in order (status and optional body); then 200. */
  script: { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }[];
  /** Distinct webhook-id values that verified (what a deduping receiver would process). */
  uniqueMessages(): string[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(",") : (v ?? "");
};

export async function startWebhookReceiver({ port = 0 }: { port?: number } = {}): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    port: 0,
    origin: "",
    requests: [],
    secret: null,
    script: [],
    uniqueMessages() {
      return [
        ...new Set(
          this.requests.filter((r) => r.verified !== null).map((r) => header(r.headers, "webhook-id")),
        ),
      ];
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (this.requests.length < count) {
        if (Date.now() > until)
          throw new Error(`receiver got ${this.requests.length} requests, wanted ${count}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    reset() {
      this.requests = [];
      this.script = [];
    },
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: unknown = null;
      let verifyError: string | null = null;
      if (receiver.secret) {
        try {
          verified = new Webhook(receiver.secret).verify(body, {
            "webhook-id": header(req.headers, "webhook-id"),
            "webhook-timestamp": header(req.headers, "webhook-timestamp"),
            "webhook-signature": header(req.headers, "webhook-signature"),
          });
        } catch (err) {
          verifyError = (err as Error).message;
        }
      }
      receiver.requests.push({
        path: req.url ?? "/",
        headers: req.headers,
        body,
        verified,
        verifyError,
        receivedAt: new Date(),
      });
      const next = receiver.script.shift() ?? { status: 200, body: "ok" };
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(next.status, { "content-type": "text/plain", ...next.headers });
        res.end(next.body ?? "");
      };
      if (next.delayMs) setTimeout(answer, next.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.origin = `http://127.0.0.1:${receiver.port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
