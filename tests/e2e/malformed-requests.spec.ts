import { expect, test } from "@playwright/test";
import { rawRequest as raw, register } from "./support";

// What the real server answers to malformed page paths and server-action bodies, which Next.js
// used to answer with a 500: the request guard refuses them before the framework sees them
// (lib/http/request-guard.ts, lib/http/action-body.ts). Real server actions still work.

const PORT = Number(process.env.E2E_PORT ?? 3210);

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

test("malformed percent-encoding in page, asset and build paths is a 400, never a 500", async () => {
  const paths = [
    "/challenges/%",
    "/challenges/%E0%A4%A",
    "/console/%ff",
    "/players/%c0%af",
    "/red-blue/%E0%A4%A",
    "/arena/%",
    "/assets/%ff",
    "/_next/static/%ff",
  ];
  for (const path of paths) {
    const page = await raw("GET", path, { accept: "text/html" });
    expect(page.status, `${path}: ${page.text.slice(0, 200)}`).toBe(400);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.text).toContain("not valid percent-encoded UTF-8");
    const rsc = await raw("GET", path, { rsc: "1" });
    expect(rsc.status, `${path} (RSC): ${rsc.text.slice(0, 200)}`).toBe(400);
    expect(rsc.headers["content-type"]).toMatch(/^application\/json/);
    expect((JSON.parse(rsc.text) as { error: { code: string } }).error.code).toBe("bad_request");
  }
});

test("real server actions work; malformed action bodies are a 400, 413 or 422, never a 500", async ({
  page,
}) => {
  // A real action (registration) through the guard, and its id and page for the hostile ones.
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
  await register(page, "Malformed Body Player", "/challenges");
  const action = await sent;
  const actionId = action.headers()["next-action"]!;
  const path = new URL(action.url()).pathname;

  const bodies: [string, string, number][] = [
    ["unparseable", "[", 400],
    ["dangling references", '["$@1",{"a":"$Q99"}]', 400],
    ["5,000 levels", deep(5000), 422],
    ["1,000 levels", deep(1000), 422],
    ["3 MB", "[".repeat(3 * 1024 * 1024), 413],
  ];
  const results: string[] = [];
  for (const [name, body, status] of bodies) {
    for (const rsc of [false, true]) {
      const base = {
        "next-action": actionId,
        origin: `http://localhost:${PORT}`,
        ...(rsc ? { rsc: "1" } : {}),
      };
      const boundary = "----gauntletE2E";
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n${body}\r\n--${boundary}--\r\n`;
      for (const [type, payload] of [
        ["text/plain;charset=UTF-8", body],
        [`multipart/form-data; boundary=${boundary}`, multipart],
      ] as const) {
        const res = await raw("POST", path, { ...base, "content-type": type }, payload);
        results.push(`${name} ${type.split(";")[0]}${rsc ? " RSC" : ""}: ${res.status}`);
        expect(res.status, `${name} as ${type}${rsc ? " with RSC" : ""}: ${res.text.slice(0, 200)}`).toBe(
          status,
        );
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
      }
    }
  }
  expect(results).toHaveLength(bodies.length * 4);
});
