/** Where a sign-in without a return path lands: playing, not the creator console. */
export const DEFAULT_AFTER_LOGIN = "/challenges";

/** Longest return path carried (longer ones are dropped, not cut). */
const MAX_NEXT_LENGTH = 2048;

/**
 * Where to send someone after they log in or register: only a same-origin path ("/x", never
 * "//host", "/\host" or "https://host", which browsers treat as another origin), otherwise the
 * challenges. The page and the server action both apply it: a return path is never trusted.
 * Client-safe (the header builds its links with the same rule).
 */
export function safeNextPath(value: string | string[] | undefined | null): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_NEXT_LENGTH)
    return DEFAULT_AFTER_LOGIN;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\"))
    return DEFAULT_AFTER_LOGIN;
  // Control characters (tabs, newlines) are stripped by URL parsers and could re-form "//";
  // browsers read a backslash as a slash.
  if ([...candidate].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u007f" || ch === "\\"))
    return DEFAULT_AFTER_LOGIN;
  try {
    const base = "http://gauntlet.invalid";
    const url = new URL(candidate, base);
    if (url.origin !== base) return DEFAULT_AFTER_LOGIN;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Parsing may resolve "/./" or "/../" into something that starts with "//" again.
    return path.startsWith("//") ? DEFAULT_AFTER_LOGIN : path;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}

/** The return path for the page at `pathname` + `search` (the login pages keep the one they carry). */
export function returnPathFor(pathname: string, search: string): string | null {
  if (pathname === "/login" || pathname === "/register") {
    const carried = new URLSearchParams(search).get("next");
    return carried ? safeNextPath(carried) : null;
  }
  const here = safeNextPath(`${pathname}${search}`);
  return here === DEFAULT_AFTER_LOGIN && pathname !== DEFAULT_AFTER_LOGIN ? null : here;
}

/** `/login` or `/register` with the return path (and an invite link's event code, on those pages). */
export function authHref(page: "/login" | "/register", next: string | null, event?: string | null): string {
  const params = new URLSearchParams();
  if (next) params.set("next", next);
  if (event) params.set("event", event);
  const query = params.toString();
  return query ? `${page}?${query}` : page;
}
