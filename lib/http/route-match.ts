import { ROUTE_METHODS } from "@/lib/http/api-routes";

// Which route handler serves a path, as Next.js picks it (static segments before [dynamic] ones,
// before [...catch-all], before [[...optional]]), and the methods it answers. lib/http/request-guard.ts
// uses it to answer an unserved method with a JSON 405 instead of the framework's empty one.

type Segment = { kind: 0; name: string } | { kind: 1 | 2 | 3 };
interface Route {
  segments: Segment[];
  methods: ReadonlySet<string>;
  allow: string;
}

function parse(path: string): Segment[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((s): Segment => {
      if (s.startsWith("[[...")) return { kind: 3 };
      if (s.startsWith("[...")) return { kind: 2 };
      if (s.startsWith("[")) return { kind: 1 };
      return { kind: 0, name: s };
    });
}

function build(rows: typeof ROUTE_METHODS): Route[] {
  return rows.map(([path, declared]) => {
    // Next answers HEAD for a GET handler and OPTIONS for every route by itself.
    const methods = new Set([...declared, ...(declared.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
    return { segments: parse(path), methods, allow: [...methods].join(", ") };
  });
}

/** The rank of each segment the route used to match, or null when it does not match. */
function ranks(route: Route, parts: string[]): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i]!;
    if (seg.kind === 2 || seg.kind === 3) {
      if (seg.kind === 2 && parts.length <= i) return null;
      out.push(seg.kind);
      return out;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.kind === 0 && seg.name !== part) return null;
    out.push(seg.kind);
  }
  return parts.length === route.segments.length ? out : null;
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length > b.length;
}

export function createRouteMatcher(rows: typeof ROUTE_METHODS = ROUTE_METHODS) {
  // Every route starts with a static segment here (api, web, console, assets, favicon.ico), so
  // routes are looked up by it: a page or a build asset costs one map lookup, not a scan.
  const byFirst = new Map<string, Route[]>();
  const rooted: Route[] = [];
  for (const route of build(rows)) {
    const first = route.segments[0];
    if (first?.kind === 0) byFirst.set(first.name, [...(byFirst.get(first.name) ?? []), route]);
    else rooted.push(route);
  }
  /** The route serving `pathname` (no trailing slash), or null when none does (pages, 404s). */
  return function match(pathname: string): { methods: ReadonlySet<string>; allow: string } | null {
    const parts = pathname.split("/").filter(Boolean);
    const candidates = rooted.length ? [...(byFirst.get(parts[0] ?? "") ?? []), ...rooted] : (byFirst.get(parts[0] ?? "") ?? []);
    let best: { route: Route; rank: number[] } | null = null;
    for (const route of candidates) {
      const rank = ranks(route, parts);
      if (rank && (!best || better(rank, best.rank))) best = { route, rank };
    }
    return best ? { methods: best.route.methods, allow: best.route.allow } : null;
  };
}

export const matchRoute = createRouteMatcher();
