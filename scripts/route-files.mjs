// Reads app/**/route.ts for the generators (scripts/api-routes.mjs, scripts/openapi-routes.mjs).
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
export const root = fileURLToPath(new URL("..", import.meta.url));

/** Every route.ts under app/, absolute, sorted. */
export function routeFiles(dir = join(root, "app")) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(path);
      return entry.name === "route.ts" ? [path] : [];
    })
    .sort();
}

/** The methods a route module exports: `export const GET`, `export function GET`, `export { x as GET }`. */
export function exportedMethods(source) {
  const found = new Set();
  for (const m of source.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/g))
    found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) found.add(name);
    }
  }
  return METHODS.filter((method) => found.has(method));
}

/** `app/console/api/challenges/[id]/route.ts` → `/console/api/challenges/[id]` (route groups dropped). */
export function routePath(file) {
  const segments = relative(join(root, "app"), file).split(sep).slice(0, -1);
  return "/" + segments.filter((s) => !(s.startsWith("(") && s.endsWith(")"))).join("/");
}
