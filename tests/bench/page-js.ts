// The JavaScript a browser downloads to show a page, measured the way a visitor gets it: the
// page's HTML is fetched from a running production server, every `<script src>` under
// /_next/static is fetched in turn (framework, runtime, layout and page chunks alike) and gzipped,
// (zlib's default level, as `next start` compresses) and the sizes are summed. `nomodule` scripts (Next's legacy polyfills) are listed apart: a
// browser with ES modules, i.e. every browser the app supports, never downloads them.
// Used by the bench (tests/bench/js-budget.ts) and the budget test (tests/e2e/js-budget.spec.ts).
import { gzipSync } from "node:zlib";

/** Every player page stays at or below this much gzip JavaScript (the JavaScript budget). */
export const PAGE_JS_BUDGET_BYTES = 150 * 1024;

export interface PageJs {
  path: string;
  status: number;
  /** Scripts a module-capable browser downloads, each with its gzip size. */
  scripts: { src: string; gzip: number }[];
  /** Sum of `scripts`' gzip sizes. */
  gzipBytes: number;
  /** gzip size of the `nomodule` scripts, not counted in `gzipBytes`. */
  noModuleGzipBytes: number;
}

const SCRIPT_TAG = /<script\b[^>]*>/gi;

/** The `<script src>` URLs under /_next/static in a page's HTML, in order, without duplicates. */
export function scriptSources(html: string): { src: string; noModule: boolean }[] {
  const seen = new Set<string>();
  const out: { src: string; noModule: boolean }[] = [];
  for (const [tag] of html.matchAll(SCRIPT_TAG)) {
    const src = /\ssrc="([^"]+)"/i.exec(tag)?.[1]?.replaceAll("&amp;", "&");
    if (!src || !src.includes("/_next/static/") || seen.has(src)) continue;
    seen.add(src);
    out.push({ src, noModule: /\snomodule\b/i.test(tag) });
  }
  return out;
}

const gzipCache = new Map<string, number>();

async function gzipSizeOf(url: string): Promise<number> {
  const known = gzipCache.get(url);
  if (known !== undefined) return known;
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const size = gzipSync(Buffer.from(await res.arrayBuffer())).length;
  gzipCache.set(url, size);
  return size;
}

/** Fetches `path` from `baseUrl` (with `cookie`, if given) and measures its scripts. */
export async function measurePageJs(baseUrl: string, path: string, cookie?: string): Promise<PageJs> {
  const res = await fetch(new URL(path, baseUrl), {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  const html = await res.text();
  const scripts: PageJs["scripts"] = [];
  let noModuleGzipBytes = 0;
  for (const s of scriptSources(html)) {
    const gzip = await gzipSizeOf(new URL(s.src, baseUrl).toString());
    if (s.noModule) noModuleGzipBytes += gzip;
    else scripts.push({ src: s.src, gzip });
  }
  return {
    path,
    status: res.status,
    scripts,
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
    noModuleGzipBytes,
  };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
