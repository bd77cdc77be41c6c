import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// Enough of an S3-compatible server, path-style, for the asset store's real HTTP client:
// PutObject, GetObject and DeleteObject on one bucket, kept in memory. It records each request's
// method, key and Authorization header, and can refuse the next requests with an S3 error.

export interface S3TestServer {
  url: string;
  bucket: string;
  objects: Map<string, { bytes: Buffer; contentType: string | undefined }>;
  requests: { method: string; key: string; authorization: string }[];
  /** Answers the next `count` requests with this status and S3 error code. */
  refuseNext(count: number, status?: number, code?: string): void;
  close(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Server(bucket = "gauntlet-test"): Promise<S3TestServer> {
  const objects: S3TestServer["objects"] = new Map();
  const requests: S3TestServer["requests"] = [];
  let refusals: { count: number; status: number; code: string } = { count: 0, status: 403, code: "AccessDenied" };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
      const key = decodeURIComponent(path.slice(prefix.length));
      const body = await readBody(req);
      requests.push({ method: req.method ?? "", key, authorization: String(req.headers.authorization ?? "") });
      if (refusals.count > 0) {
        refusals.count--;
        return xmlError(res, refusals.status, refusals.code, "Refused by the test server");
      }
      if (req.method === "PUT") {
        objects.set(key, { bytes: body, contentType: req.headers["content-type"] });
        res.writeHead(200, { etag: `"${key.length}-${body.length}"` });
        return res.end();
      }
      if (req.method === "GET") {
        const obj = objects.get(key);
        if (!obj) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
        res.writeHead(200, {
          "content-type": obj.contentType ?? "application/octet-stream",
          "content-length": String(obj.bytes.length),
        });
        return res.end(obj.bytes);
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      xmlError(res, 405, "MethodNotAllowed", "Not supported here");
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    refuseNext(count, status = 403, code = "AccessDenied") {
      refusals = { count, status, code };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
