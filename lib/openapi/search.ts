import { operationHref, type RefGroup } from "@/lib/openapi/reference";

// The API reference's client-side search (/docs/api): a compact index of every operation
// (method, path, summary, tag page link), small enough to ship in the page, and the match. Pure
// and client-safe: the search box runs it in the browser.

/** [method, path, summary, href] */
export type SearchEntry = [string, string, string, string];

export function searchIndex(groups: RefGroup[]): SearchEntry[] {
  return groups.flatMap((g) => g.operations.map((op): SearchEntry => [op.method, op.path, op.summary, operationHref(op)]));
}

/**
 * The entries matching every word of the query (method, path, summary or tag, case-insensitive),
 * those whose path or method matches every word first, each group in index order.
 */
export function searchOperations(index: SearchEntry[], query: string, limit = 25): SearchEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const ranked: { entry: SearchEntry; rank: number; i: number }[] = [];
  index.forEach((entry, i) => {
    const [method, path, summary, href] = entry;
    const route = `${method} ${path}`.toLowerCase();
    const text = `${route} ${summary} ${href.split("#")[0]}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) return;
    ranked.push({ entry, rank: words.every((w) => route.includes(w)) ? 0 : 1, i });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, limit)
    .map((r) => r.entry);
}
