import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { forwardingTrusted } from "@/lib/http/client-ip";

const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The base URL for the docs' examples: the address the reader reached this server at (its Host,
 * or X-Forwarded-Host/-Proto only from a trusted proxy), else APP_URL. Only shown to the reader
 * who sent the request; a malformed host falls back to APP_URL.
 */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const app = new URL(env.APP_URL);
  const trusted = forwardingTrusted(h);
  const host = (trusted ? h.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined) || h.get("host");
  if (!host || !HOST.test(host)) return app.origin;
  if (host === app.host) return app.origin;
  const forwardedProto = trusted ? h.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const local = /^(localhost|127\.|\[::1\])/.test(host);
  const proto =
    forwardedProto === "http" || forwardedProto === "https"
      ? forwardedProto
      : local
        ? "http"
        : app.protocol.slice(0, -1);
  return `${proto}://${host}`;
}
