import "server-only";
import { lookup } from "node:dns/promises";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { env } from "@/lib/env";
import { dispatchFetch } from "@/lib/http/dispatch-fetch";
import {
  allowsAddress,
  allowsHost,
  formatIp,
  forbiddenReason,
  normalizeHost,
  parseAllowList,
  parseIp,
  type AllowEntry,
} from "@/lib/http/ip";

// The one guard for server-side outbound HTTP: connects only to the address it checked
// (lib/http/README.md, 'Outbound guard').

/** A request the guard refused; the message says which host and why, never the request. */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
  constructor(
    message: string,
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const defaultPort = (protocol: string) => (protocol === "https:" ? 443 : 80);

const HINT = "an operator can allow it with OUTBOUND_ALLOW";

let parsedFor: string | undefined;
let parsed: AllowEntry[] = [];
function operatorAllowList(): AllowEntry[] {
  const raw = env.OUTBOUND_ALLOW ?? "";
  if (raw !== parsedFor) {
    parsed = parseAllowList(raw);
    parsedFor = raw;
  }
  return parsed;
}

/**
 * Checks a host the way a connection would and returns the one address to connect to.
 * `trusted` adds entries for this caller only (e.g. the operator's OPENAI_BASE_URL).
 */
export async function resolveOutbound(
  hostname: string,
  port: number,
  trusted: readonly AllowEntry[] = [],
): Promise<{ address: string; family: 4 | 6 }> {
  const host = normalizeHost(hostname);
  const allow = [...operatorAllowList(), ...trusted];
  const literal = parseIp(host);
  if (literal) {
    const reason = forbiddenReason(literal);
    if (reason && !allowsAddress(allow, literal, port)) {
      throw new OutboundRefusedError(`Outbound request to ${host} refused: it is ${reason} (${HINT})`, host);
    }
    return { address: formatIp(literal), family: literal.family };
  }
  const byName = allowsHost(allow, host, port);
  // A name that does not resolve rejects with the resolver's error (a network error).
  const addresses = await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new OutboundRefusedError(`Outbound request to ${host} failed: no address`, host);
  const checked = addresses.map((a) => parseIp(a.address)).filter((ip) => ip !== null);
  if (!byName) {
    // Every address must be acceptable: a name that also resolves inside is refused.
    for (const ip of checked) {
      const reason = forbiddenReason(ip);
      if (reason && !allowsAddress(allow, ip, port)) {
        throw new OutboundRefusedError(
          `Outbound request to ${host} refused: it resolves to ${reason} (${HINT})`,
          host,
        );
      }
    }
  }
  const first = checked[0];
  if (!first) throw new OutboundRefusedError(`Outbound request to ${host} failed: no usable address`, host);
  return { address: formatIp(first), family: first.family };
}

/** For validation at save: throws OutboundRefusedError when a URL names a forbidden literal IP or a localhost name. */
export function assertUrlTargetAllowed(url: string): void {
  const u = new URL(url);
  const host = normalizeHost(u.hostname);
  const ip = parseIp(host);
  const port = u.port ? Number(u.port) : defaultPort(u.protocol);
  const allow = operatorAllowList();
  const reason =
    ip && forbiddenReason(ip) && !allowsAddress(allow, ip, port)
      ? `it is ${forbiddenReason(ip)}`
      : !ip && (host === "localhost" || host.endsWith(".localhost")) && !allowsHost(allow, host, port)
        ? "it is a loopback name"
        : null;
  if (reason) throw new OutboundRefusedError(`${host} is not an allowed outbound target: ${reason} (${HINT})`, host);
}

function guardedAgent(trusted: readonly AllowEntry[]): Agent {
  const base = buildConnector({ timeout: 10_000 });
  return new Agent({
    connect(opts, callback) {
      const port = opts.port ? Number(opts.port) : defaultPort(opts.protocol);
      resolveOutbound(opts.hostname, port, trusted).then(
        ({ address }) => {
          const name = normalizeHost(opts.hostname);
          // Connect to the checked address; TLS still verifies the certificate for the name.
          base(
            { ...opts, hostname: address, servername: opts.servername || (parseIp(name) ? undefined : name) },
            callback,
          );
        },
        (err: Error) => callback(err, null),
      );
    },
  });
}

// One agent (connection pool) per trust set. Pooled connections were checked when opened, so a
// changed OUTBOUND_ALLOW (tests) starts fresh pools rather than reuse connections it now forbids.
const agents = new Map<string, Agent>();
let agentsFor: string | undefined;
function agentFor(trust: readonly string[]): Agent {
  const allow = env.OUTBOUND_ALLOW ?? "";
  if (allow !== agentsFor) {
    for (const old of agents.values()) void old.close().catch(() => undefined);
    agents.clear();
    agentsFor = allow;
  }
  const key = trust.join(",");
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = guardedAgent(parseAllowList(key))));
  return agent;
}

function refusalIn(err: unknown): OutboundRefusedError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof OutboundRefusedError) return e;
  }
  return null;
}

export interface OutboundFetchOptions {
  /** Targets this caller may reach besides OUTBOUND_ALLOW (operator-set URLs only). */
  trust?: string[];
}

/**
 * A fetch whose every connection (and redirect hop) goes through the guard. A refused target
 * rejects with OutboundRefusedError (not a network TypeError, so callers do not retry it).
 */
export function outboundFetch(opts: OutboundFetchOptions = {}): typeof fetch {
  const trust = opts.trust ?? [];
  parseAllowList(trust.join(",")); // fail early on a bad entry
  return async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    try {
      // The common case on undici's request API (lib/http/dispatch-fetch.ts), the rest on its fetch.
      const dispatcher = agentFor(trust);
      const full = (i: string | URL | Request, o?: RequestInit) =>
        undiciFetch(i as never, { ...o, dispatcher } as never) as unknown as Promise<Response>;
      return await dispatchFetch(dispatcher, input, init, full);
    } catch (err) {
      throw refusalIn(err) ?? err;
    }
  };
}

/** The allow-list entry ("host:port") for an operator-configured URL. */
export function trustEntryForUrl(url: string): string {
  const u = new URL(url);
  const port = u.port ? Number(u.port) : defaultPort(u.protocol);
  return `${u.hostname}:${port}`;
}
