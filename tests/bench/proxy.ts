// A small round-robin HTTP proxy for the two-instance bench: each request goes to the next
// backend in turn; counts say how many each one served.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: number[], port = 0): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % backends.length;
    counts[i]!++;
    const upstream = http.request(
      { host: "127.0.0.1", port: backends[i], method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
