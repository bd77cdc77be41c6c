import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/errors";
import { log } from "@/lib/log";
import { getRateLimitStore, limiterOptions, type LimiterSpec, type RateLimitStore } from "@/lib/rate-limit/stores";
import { noteRateLimit, noteRateLimitRefund } from "@/lib/rate-limit/headers";
import { waitMessage } from "@/lib/time/wait";

export {
  closeRateLimitStores,
  rateLimitStoreKind,
  RATE_LIMIT_TABLE,
  rateLimitSqlitePath,
  type RateLimitStoreKind,
} from "@/lib/rate-limit/stores";

export interface LimiterOptions {
  /** Unique per limit; part of every stored key (`gauntlet:<name>:<key>`; on Redis REDIS_PREFIX first). */
  name: string;
  /** Points allowed per window. */
  points: number;
  durationSec: number;
  /** Once over the limit, refuse the key for this long instead of until the window ends. */
  blockSec?: number;
  /** Message of the 429 error, as it is (for protocols whose strings are fixed). */
  message?: string;
  /**
   * Why the request is refused; the 429's message is this followed by the wait in words a person
   * reads ("Try again in 29 minutes."). Wins over `message`.
   */
  reason?: string;
}

export interface Limiter {
  readonly name: string;
  readonly points: number;
  readonly durationSec: number;
  /** Takes points atomically; throws `rateLimited` (429 + Retry-After) when over. Returns what is left. */
  consume(key: string, points?: number): Promise<number>;
  /** Throws `rateLimited` when the key has used all its points; takes nothing. */
  assertNotBlocked(key: string): Promise<void>;
  /** Takes points without ever throwing (count failures only). Returns what is left. */
  penalize(key: string, points?: number): Promise<number>;
  /** Gives back points taken in the current window (never more than were taken). */
  refund(key: string, points?: number): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  /**
   * Takes points without ever throwing and returns the key's count in its window, this call's
   * included. For soft limits that change what happens rather than refuse: notes no headers.
   */
  count(key: string, points?: number): Promise<number>;
  /** The key's count in its window (0 when it has none); takes nothing, notes no headers. */
  used(key: string): Promise<number>;
  /** Sets the key's count in a window that starts now (to remember something for durationSec). */
  set(key: string, points?: number): Promise<void>;
}

const NAME = /^[a-z0-9][a-z0-9_.-]{0,63}$/i;
const MAX_KEY_LENGTH = 128;
const STORE_ERROR_LOG_EVERY_MS = 30_000;

/**
 * A named limit on the configured store, resolved on each call; if the store fails, a per-process
 * memory limiter answers (lib/rate-limit/README.md, 'Store failures').
 */
export function createLimiter(options: LimiterOptions): Limiter {
  const { name, points, durationSec, blockSec = 0, message, reason } = options;
  if (!NAME.test(name)) throw new Error(`Invalid rate-limit name: ${name}`);
  for (const [field, value] of Object.entries({ points, durationSec, blockSec })) {
    if (!Number.isInteger(value) || value < 0 || (value === 0 && field !== "blockSec")) {
      throw new Error(`Rate limit ${name}: ${field} must be a positive integer`);
    }
  }
  const spec: LimiterSpec = {
    name,
    points,
    duration: durationSec,
    blockDuration: blockSec,
  };
  const instances = new WeakMap<RateLimitStore, RateLimiterAbstract>();
  let fallback: RateLimiterMemory | undefined;
  let lastStoreErrorLog = 0;

  async function run<T>(op: string, fn: (rl: RateLimiterAbstract) => Promise<T>): Promise<T> {
    // Configuration errors (e.g. RATE_LIMIT_STORE=redis without REDIS_URL) throw here and surface.
    const pending = getRateLimitStore();
    try {
      const store = await pending;
      let rl = instances.get(store);
      if (!rl) {
        rl = store.make(spec);
        instances.set(store, rl);
      }
      return await fn(rl);
    } catch (err) {
      // Over the limit is an answer, not a failure.
      if (err instanceof RateLimiterRes) throw err;
      if (Date.now() - lastStoreErrorLog > STORE_ERROR_LOG_EVERY_MS) {
        lastStoreErrorLog = Date.now();
        log.error("Rate-limit store failed; using in-memory limits for now", { limit: name, op, error: err });
      }
      fallback ??= new RateLimiterMemory(limiterOptions(spec));
      return fn(fallback);
    }
  }

  const tooMany = (res: RateLimiterRes) =>
    rateLimited(res.msBeforeNext / 1000, reason ? waitMessage(reason, res.msBeforeNext / 1000) : message);
  // Where the request stands on this limit, for the RateLimit-* headers (rate-limit/headers.ts).
  const note = (res: RateLimiterRes | null) =>
    noteRateLimit(name, {
      limit: points,
      remaining: res ? Math.max(0, points - res.consumedPoints) : points,
      resetSec: res ? res.msBeforeNext / 1000 : durationSec,
      windowSec: durationSec,
    });

  return {
    name,
    points,
    durationSec,
    async consume(key, n = 1) {
      const k = storeKey(key);
      const count = pointCount(n);
      try {
        const res = await run("consume", (rl) => rl.consume(k, count));
        note(res);
        return res.remainingPoints;
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          note(err);
          throw tooMany(err);
        }
        throw err;
      }
    },
    async assertNotBlocked(key) {
      const k = storeKey(key);
      const res = await run("get", (rl) => rl.get(k));
      note(res);
      if (res && res.consumedPoints >= points) throw tooMany(res);
    },
    async penalize(key, n = 1) {
      const k = storeKey(key);
      const count = pointCount(n);
      const res = await run("penalty", (rl) => rl.penalty(k, count));
      note(res);
      // penalty() never blocks by itself; apply blockSec when this call crossed the limit.
      if (blockSec > 0 && res.consumedPoints >= points && res.consumedPoints - count < points) {
        await run("block", (rl) => rl.block(k, blockSec));
      }
      return res.remainingPoints;
    },
    async refund(key, n = 1) {
      const k = storeKey(key);
      const count = pointCount(n);
      // Rewarding a missing or expired key would store a negative count, i.e. extra allowance.
      const res = await run("get", (rl) => rl.get(k));
      if (!res || res.consumedPoints <= 0) return;
      await run("reward", (rl) => rl.reward(k, Math.min(count, res.consumedPoints)));
      noteRateLimitRefund(name, Math.min(count, res.consumedPoints));
    },
    async reset(key) {
      const k = storeKey(key);
      await run("delete", (rl) => rl.delete(k));
    },
    async count(key, n = 1) {
      const res = await run("penalty", (rl) => rl.penalty(storeKey(key), pointCount(n)));
      return res.consumedPoints;
    },
    async used(key) {
      const res = await run("get", (rl) => rl.get(storeKey(key)));
      return res ? Math.max(0, res.consumedPoints) : 0;
    },
    async set(key, n = 1) {
      const count = pointCount(n);
      await run("set", (rl) => rl.set(storeKey(key), count, durationSec));
    },
  };
}

/**
 * A limit whose settings come from configuration read on each call (env is parsed lazily and
 * tests change it): the limiter is built again when the settings change.
 */
export function configuredLimiter(options: () => LimiterOptions): Limiter {
  let built: { config: string; value: Limiter } | undefined;
  const current = (): Limiter => {
    const o = options();
    const config = JSON.stringify(o);
    if (built?.config !== config) built = { config, value: createLimiter(o) };
    return built.value;
  };
  return {
    get name() {
      return current().name;
    },
    get points() {
      return current().points;
    },
    get durationSec() {
      return current().durationSec;
    },
    consume: (key, n) => current().consume(key, n),
    assertNotBlocked: (key) => current().assertNotBlocked(key),
    penalize: (key, n) => current().penalize(key, n),
    refund: (key, n) => current().refund(key, n),
    reset: (key) => current().reset(key),
    count: (key, n) => current().count(key, n),
    used: (key) => current().used(key),
    set: (key, n) => current().set(key, n),
  };
}

const scaled = new Map<string, Limiter>();

/**
 * The same limit for a group that shares one key (an event code's room): `factor` times the
 * points in the same window, under a name of its own so its counters never mix with the base's.
 */
export function scaledLimiter(base: Limiter, factor: number, reason: string): Limiter {
  const points = base.points * Math.max(1, Math.floor(factor));
  const name = `${base.name}-group`;
  const id = `${name}|${points}|${base.durationSec}|${reason}`;
  let limiter = scaled.get(id);
  if (!limiter) {
    // Bounded: one entry per (limit, cap) in use; a process sees few distinct caps.
    if (scaled.size > 1000) scaled.clear();
    limiter = createLimiter({ name, points, durationSec: base.durationSec, reason });
    scaled.set(id, limiter);
  }
  return limiter;
}

function pointCount(n: number): number {
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`Rate-limit points must be a positive integer, got ${n}`);
  return n;
}

/** Keeps stored keys bounded (PostgreSQL column is varchar(255)): long keys are hashed. */
function storeKey(key: string): string {
  if (!key) throw new Error("Rate-limit key must not be empty");
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/** Key for per-email limits, so case and spacing variants of one address share a counter. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

// Windows are fixed from the first point in them. Per-client keys come from clientKey(). The
// per-address quotas are configuration (env: README "Configuration"), since everyone behind one
// NAT shares them; an event code (lib/services/event-codes.ts) counts its room per code instead.
export const limits = {
  /**
   * Failed password logins per minute per client; consume() before the password check, refund() on
   * success, never reset() (lib/rate-limit/README.md, 'Login failures').
   */
  loginFailures: configuredLimiter(() => ({
    name: "login-failures",
    points: env.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE,
    durationSec: 60,
    reason: "Too many failed sign-in attempts.",
  })),
  /** Account creation per hour per client (REGISTRATIONS_PER_ADDRESS_PER_HOUR, 10). */
  register: configuredLimiter(() => ({
    name: "register",
    points: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    durationSec: 60 * 60,
    reason: "Too many accounts created from this network. If you are at an event, ask its organiser for an invite link.",
  })),
  /**
   * Login-code emails: per client (stops one client spraying many addresses;
   * LOGIN_CODES_PER_ADDRESS_PER_HOUR, 20), per address and
   * client (hard), and per address (stops mailbox flooding and bounds guessing; soft: clients
   * the account knows are not refused, see lib/services/email-codes.ts).
   */
  emailCodeSend: {
    perEmail: createLimiter({
      name: "email-code-send-email",
      points: 3,
      durationSec: 10 * 60,
      reason: "Too many codes sent to this address.",
    }),
    perEmailClient: createLimiter({
      name: "email-code-send-pair",
      points: 3,
      durationSec: 10 * 60,
      reason: "Too many codes sent to this address.",
    }),
    perClient: configuredLimiter(() => ({
      name: "email-code-send-client",
      points: env.LOGIN_CODES_PER_ADDRESS_PER_HOUR,
      durationSec: 60 * 60,
      reason: "Too many code requests.",
    })),
  },
  /**
   * Code checks per 10 minutes per client (LOGIN_CODE_CHECKS_PER_ADDRESS_PER_10_MINUTES, 10). A
   * code is only checked against guesses from the client it was sent for, with its own attempts
   * counter in the database.
   */
  emailCodeVerify: configuredLimiter(() => ({
    name: "email-code-verify",
    points: env.LOGIN_CODE_CHECKS_PER_ADDRESS_PER_10_MINUTES,
    durationSec: 10 * 60,
    reason: "Too many code attempts.",
  })),
  /**
   * Challenge-pack bundles parsed and validated (validate, publish, import): 120 a minute per
   * workspace. A bundle of up to 1 MiB costs real CPU, and members' tokens can be scripted.
   */
  packBundles: createLimiter({
    name: "pack-bundles",
    points: 120,
    durationSec: 60,
    reason: "Too many pack validations for this workspace.",
  }),
} as const;
