import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1. `close` drops open connections first, so a client still
 * reading a stream that never ends (Server-Sent Events) does not keep the server up.
 */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
