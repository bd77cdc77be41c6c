import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchFetch } from "@/lib/http/dispatch-fetch";

// dispatchFetch against real local servers: what the model clients and webhooks rely on from
// fetch (status, headers, streamed bodies, redirects, aborts, network errors) holds.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let main: Awaited<ReturnType<typeof listen>>;
let other: Awaited<ReturnType<typeof listen>>;
const agent = new Agent();
const fallback = vi.fn(
  (input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as never, { ...init, dispatcher: agent } as never) as unknown as Promise<Response>,
);
const go = (url: string, init?: RequestInit) => dispatchFetch(agent, url, init, fallback);

beforeAll(async () => {
  other = await listen((req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`other ${req.method}`);
  });
  main = await listen((req, res, body) => {
    const path = req.url ?? "/";
    if (path === "/json") {
      res.writeHead(201, {
        "content-type": "application/json",
        "set-cookie": ["a=1", "b=2"],
        "x-echo": body,
      });
      return res.end(JSON.stringify({ got: body, method: req.method }));
    }
    if (path === "/empty") {
      res.writeHead(204);
      return res.end();
    }
    if (path === "/slow") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first ");
      return setTimeout(() => res.end("second"), 150);
    }
    if (path === "/hang") return; // never answers
    if (path === "/big") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(Buffer.alloc(5000, 97));
    }
    if (path === "/bomb") {
      res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      return res.end(gzipSync(Buffer.alloc(200_000, 0)));
    }
    if (path === "/gzip") {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      return res.end(gzipSync(JSON.stringify({ zipped: true })));
    }
    const redirect = /^\/r(\d{3})(\/.*)$/.exec(path);
    if (redirect) {
      res.writeHead(Number(redirect[1]), { location: redirect[2] });
      return res.end();
    }
    if (path === "/to-other") {
      res.writeHead(307, { location: `${other.url}/landed` });
      return res.end();
    }
    if (path === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    res.writeHead(404);
    res.end("not here");
  });
});

afterAll(async () => {
  await agent.close();
  for (const s of [main.server, other.server]) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

describe("dispatchFetch", () => {
  it("sends method, headers and body; answers status, headers (repeated ones too) and a JSON body", async () => {
    const res = await go(`${main.url}/json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer k" },
      body: '{"x":1}',
    });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.json()).toEqual({ got: '{"x":1}', method: "POST" });
    const seen = main.seen.at(-1)!;
    expect(seen.headers.authorization).toBe("Bearer k");
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(fallback).not.toHaveBeenCalled();
  });

  it("takes Headers and bytes as well as plain objects and strings", async () => {
    const res = await go(`${main.url}/json`, {
      method: "PUT",
      headers: new Headers([["x-one", "1"]]),
      body: new TextEncoder().encode("bytes"),
    });
    expect(await res.json()).toEqual({ got: "bytes", method: "PUT" });
    expect(main.seen.at(-1)!.headers["x-one"]).toBe("1");
  });

  it("streams the body: the first chunk is readable before the server has finished", async () => {
    const res = await go(`${main.url}/slow`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("first ");
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("second");
  });

  it("decodes a gzip body, as fetch does", async () => {
    expect(await (await go(`${main.url}/gzip`)).json()).toEqual({ zipped: true });
  });

  it("cuts a body off past the cap, also when it only grows there by decompression", async () => {
    const big = await dispatchFetch(agent, `${main.url}/big`, undefined, fallback, 4096);
    await expect(big.arrayBuffer()).rejects.toThrow();
    const bomb = await dispatchFetch(agent, `${main.url}/bomb`, undefined, fallback, 100_000);
    await expect(bomb.text()).rejects.toThrow();
    // Under the cap, the same bodies arrive whole.
    const whole = await dispatchFetch(agent, `${main.url}/big`, undefined, fallback, 5000);
    expect((await whole.arrayBuffer()).byteLength).toBe(5000);
  });

  it("a 204 has a null body", async () => {
    const res = await go(`${main.url}/empty`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it("follows 307 with the same method and body, and 303 as a GET without body or content headers", async () => {
    const kept = await go(`${main.url}/r307/json`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "same",
    });
    expect(await kept.json()).toEqual({ got: "same", method: "POST" });

    const changed = await go(`${main.url}/r303/json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-keep": "yes" },
      body: "dropped",
    });
    expect(await changed.json()).toEqual({ got: "", method: "GET" });
    const seen = main.seen.at(-1)!;
    expect(seen.headers["content-type"]).toBeUndefined();
    expect(seen.headers["x-keep"]).toBe("yes");
  });

  it("drops credentials on a redirect to another origin, and keeps them on the same origin", async () => {
    const headers = { authorization: "Bearer secret", cookie: "s=1", "x-other": "kept" };
    const res = await go(`${main.url}/to-other`, { method: "GET", headers });
    expect(await res.text()).toBe("other GET");
    const landed = other.seen.at(-1)!;
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.headers.cookie).toBeUndefined();
    expect(landed.headers["x-other"]).toBe("kept");

    await go(`${main.url}/r302/json`, { headers });
    expect(main.seen.at(-1)!.headers.authorization).toBe("Bearer secret");
  });

  it("redirect 'manual' answers the redirect; 'error' and endless redirects reject like fetch", async () => {
    const manual = await go(`${main.url}/r302/json`, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/json");
    await expect(go(`${main.url}/r302/json`, { redirect: "error" })).rejects.toThrow(TypeError);
    await expect(go(`${main.url}/loop`)).rejects.toThrow("fetch failed");
  });

  it("an abort rejects with the signal's reason; a refused connection with TypeError('fetch failed')", async () => {
    const controller = new AbortController();
    const pending = go(`${main.url}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop here")), 50);
    await expect(pending).rejects.toThrow("stop here");

    const closed = await listen(() => undefined);
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const err = await go(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe("fetch failed");
    expect((err as TypeError).cause).toBeInstanceOf(Error);
  });

  it("hands a Request object or a stream body to the full fetch", async () => {
    fallback.mockClear();
    const res = await go(`${main.url}/json`, {
      method: "POST",
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode("streamed"));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(await res.json()).toEqual({ got: "streamed", method: "POST" });
  });
});
