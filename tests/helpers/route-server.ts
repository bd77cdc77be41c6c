import { createServer, type IncomingMessage, type Server } from "node:http";
import { NextRequest } from "next/server";
import { installPeerAddressHook } from "@/lib/http/peer-address";
import { listenOnLoopback, type LoopbackServer } from "./loopback";

// A real HTTP server in the test process that hands each request to the app's route handlers, the
// way `next start` would (a NextRequest, the path's params): for clients that must talk HTTP, such
// as the gauntlet CLI run as a child process. Only the routes given are served; others are 404.

type Handler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/** A path such as "/console/api/pack-runs/[id]/cases" and its handler per method. */
export type RouteTable = Record<
  string,
  Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>
>;

export type RouteServer = LoopbackServer;

function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split("/")
    .map((part) => {
      const m = /^\[(\w+)\]$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|\\]/g, "\\$&");
      names.push(m[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { re: new RegExp(`^${source}$`), names };
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function startRouteServer(routes: RouteTable): Promise<RouteServer> {
  // The peer-address header the app reads, as instrumentation.ts installs it for `next start`.
  installPeerAddressHook();
  // Fewer dynamic segments first, as Next prefers a static segment: "/pack-runs/compare" is not
  // taken for "/pack-runs/[id]", nor "…/examples/generated" for "…/examples/[exampleId]".
  const table = Object.entries(routes)
    .map(([pattern, methods]) => ({ ...compile(pattern), methods, dynamic: pattern.split("[").length - 1 }))
    .sort((a, b) => a.dynamic - b.dynamic);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost:3000");
      for (const route of table) {
        const m = route.re.exec(url.pathname);
        if (!m) continue;
        const handler = route.methods[(req.method ?? "GET") as keyof typeof route.methods];
        if (!handler) {
          res.writeHead(405).end();
          return;
        }
        const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === "string") headers.set(k, v);
          else if (Array.isArray(v)) for (const one of v) headers.append(k, one);
        }
        const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
        const answer = await handler(new NextRequest(url, { method: req.method, headers, body }), {
          params: Promise.resolve(params),
        });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        // Streamed as it comes (a Server-Sent Events answer never ends); cancelled when the client goes.
        const reader = answer.body?.getReader();
        if (!reader) return void res.end();
        res.on("close", () => void reader.cancel().catch(() => undefined));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
        res.end();
        return;
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "not_found", message: `no route for ${url.pathname}` } }));
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  return listenOnLoopback(server);
}
