export const DEFAULT_AFTER_LOGIN = "/console";

/**
 * Where to send someone after they log in: only a same-site path ("/x", never "//host" or "/\host",
 * which browsers treat as another origin), otherwise the console. The server action must apply the
 * same rule again; this copy only decides what the form carries.
 */
export function safeNextPath(value: string | string[] | undefined | null): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2048)
    return DEFAULT_AFTER_LOGIN;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\"))
    return DEFAULT_AFTER_LOGIN;
  // Control characters (tabs, newlines) are stripped by URL parsers and could re-form "//".
  if ([...candidate].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u007f" || ch === "\\"))
    return DEFAULT_AFTER_LOGIN;
  try {
    const base = "http://gauntlet.invalid";
    const url = new URL(candidate, base);
    if (url.origin !== base) return DEFAULT_AFTER_LOGIN;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}
