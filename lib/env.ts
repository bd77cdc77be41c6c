import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { trustProxyError } from "@/lib/http/trust-proxy";
import { parseAllowList } from "@/lib/http/ip";

// The only module that reads process.env. Everything else imports `env`.

// Unset and empty both mean "not configured".
const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.url().optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().trim().min(1).default("file:./data/gauntlet.db"),
  APP_URL: z.url().default("http://localhost:3000"),
  AUTH_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "ENCRYPTION_KEY must be 32 bytes, base64-encoded")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  // Failed password logins (lib/services/login-guard.ts), counted in windows of this many minutes:
  // per (account, client) a hard limit (then even the right password answers 429 from that
  // client); per account a soft one: past it, a client not in good standing with the account
  // (no sign-in from it in the last LOGIN_TRUSTED_CLIENT_DAYS) must finish with an email code,
  // and the owner is warned by email once per window. 5 a minute per client stays as it is.
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  LOGIN_FAILURES_PER_ACCOUNT_CLIENT: z.coerce.number().int().min(1).max(10_000).default(10),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(10),
  LOGIN_TRUSTED_CLIENT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Per client address (lib/rate-limit `limits`): a classroom behind one NAT shares these, so an
  // event may raise them (or hand out an event code, which is counted per code instead).
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(5),
  LOGIN_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOGIN_CODE_CHECKS_PER_ADDRESS_PER_10_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(10),
  GUEST_ATTEMPTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  GUEST_ATTEMPTS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(300),
  OPENAI_API_KEY: z.string().trim().optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().trim().default("gpt-4o-mini"),
  OPENAI_API_MODE: z.enum(["responses", "chat"]).optional(),
  // Internal targets server-side requests may reach (lib/http/outbound.ts): hosts, host:port,
  // IPs, CIDR ranges, comma-separated.
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  // A webhook endpoint is disabled (owners emailed) after this many failed deliveries in a row.
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Gauntlet <no-reply@gauntlet.local>"),
  REDIS_URL: optionalUrl,
  // Starts every Redis key (rate limits) and channel (pub/sub) of this deployment, so two
  // deployments can share one Redis without seeing each other's messages or limits.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "REDIS_PREFIX is 1-64 letters, digits or _ . : -")
    .default("gauntlet:"),
  RATE_LIMIT_STORE: z.enum(["database", "memory", "redis"]).optional(),
  // Messages between instances (lib/pubsub): default redis when REDIS_URL is set, else postgres
  // on a PostgreSQL database, else memory (one process).
  PUBSUB: z.enum(["memory", "postgres", "redis"]).optional(),
  // Reverse proxies whose X-Forwarded-* headers are believed: a hop count ("1") or a comma list
  // of proxy addresses/CIDRs. Unset: none, the socket address is the client (lib/http/client-ip.ts).
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      const problem = trustProxyError(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  AUTO_MIGRATE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  // SQLite: bytes of the database file read through a memory map (0 turns it off).
  SQLITE_MMAP_BYTES: z.coerce.number().int().min(0).max(2 ** 40).default(1024 * 1024 * 1024),
  // Background jobs (lib/jobs): the worker runs inside the app ("inline", default) or only in
  // separate `npm run worker` processes ("off" here); jobs run at once per worker; how soon a
  // crashed worker's job is taken again (SQLite: the lease; PostgreSQL: pg-boss's expiry sweep).
  JOBS_WORKER: z.enum(["inline", "off"]).default("inline"),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Days a finished job stays in the jobs table (dead ones at least 30, for the console).
  JOBS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  // A pack run's job works this long, then hands the rest of the run to its next job (so no try
  // outlives its lease and a crashed run resumes from its pending cases).
  PACK_RUN_SLICE_SECONDS: z.coerce.number().int().min(1).max(3600).default(240),
  // Runs one workspace may have queued or running at once (more is a 429): one workspace's runs
  // cannot take every job slot from the others.
  PACK_RUNS_PER_WORKSPACE: z.coerce.number().int().min(1).max(100).default(2),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Benchmark-only routes (/web/api/bench/**, README "Benchmarks"): off (a JSON 404) unless "1".
  BENCH_ROUTES: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  // Pause between the offline model's streamed chunks so people see the answer arrive
  // (default 30 ms; 0 under NODE_ENV=test).
  OFFLINE_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(2000).optional(),
  // Uploaded hero images/videos: largest accepted file (default 10 MB) and how long a signed
  // asset URL stays valid (default 1 hour).
  ASSET_MAX_BYTES: z.coerce.number().int().min(1024).max(500 * 1024 * 1024).default(10 * 1024 * 1024),
  ASSET_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(3600),
  // Where uploaded assets' bytes go, so every instance serves them: "database" (default, the
  // asset_blobs table) or "s3" (an S3-compatible bucket, the S3_* settings; operator
  // configuration, so not behind the outbound guard). Without S3_ACCESS_KEY_ID the AWS SDK's own
  // credential chain applies (AWS_* variables, instance roles).
  ASSET_STORE: z.enum(["database", "s3"]).default("database"),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // Prepended to every object key (default "assets/"), so the bucket can be shared.
  S3_PREFIX: z.string().trim().max(200).default("assets/"),
  // Longest response (characters) an LLM judge is sent; a longer one is not judged (judge error,
  // not counted) rather than cut, so padding cannot push a leak past what the judge reads.
  JUDGE_MAX_INPUT_CHARS: z.coerce.number().int().min(100).max(1_000_000).default(16_000),
  // Hostile-tenant limits. Longest text any evaluator (rules, judge, plugin) sees,
  // in characters; longest model answer an LLM node keeps; time budget of one rules regex match
  // that is too costly to run inline; a plugin sandbox job's deadline when its caller sets none,
  // and for loading a plugin's code when it is saved; jobs one workspace may run at once, and how
  // long a job may wait in the queue before it is refused.
  EVALUATION_MAX_INPUT_CHARS: z.coerce.number().int().min(256).max(1_000_000).default(32_768),
  LLM_MAX_OUTPUT_CHARS: z.coerce.number().int().min(256).max(4_000_000).default(65_536),
  RULES_REGEX_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  // Time budget of decoding one challenge pack's YAML (on a worker thread); past it the bundle is
  // refused as too costly to decode.
  PACKS_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  SANDBOX_LOAD_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(2000),
  SANDBOX_WORKSPACE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SANDBOX_QUEUE_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  // Notification emails are batched: one digest per player per window of this many ms (default 1 min).
  EMAIL_DIGEST_WINDOW_MS: z.coerce.number().int().min(1000).max(24 * 3600 * 1000).default(60_000),
  // The arena (docs/arena-protocol.md): "auth" (Ed25519-signed joins, session keys; the default) or
  // "standalone" (identity = invite code, for local agent development).
  ARENA_MODE: z.enum(["auth", "standalone"]).default("auth"),
  // Standalone mode lets any caller act as any player: refused under NODE_ENV=production unless
  // this is "true" (an operator who really runs an open playground).
  ARENA_STANDALONE_IN_PRODUCTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // An active arena game with no action for this long ends with the scores its game defines.
  ARENA_GAME_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(1800),
  // Arena writes (create, join, act, chat, profile) per identity (or client address) per minute.
  ARENA_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Games one creator may create per hour: a signed agent identity, a signed-in account, or the
  // client address of a request that signs no identity.
  ARENA_GAMES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(120),
  // Games one client address may create per hour, whatever identities it signs with.
  ARENA_GAMES_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  // An open game nobody has joined is deleted this long after it was created.
  ARENA_OPEN_GAME_TTL_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 3600).default(24 * 3600),
  // Chat channels that are no game's (free channels): most channels at once, most messages
  // one keeps, the longest message (characters), and how long an idle one is kept (seconds).
  // Messages per minute on them per identity (`from` or session key; ×5 per client address).
  ARENA_CHAT_MAX_CHANNELS: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  ARENA_CHAT_MAX_MESSAGES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ARENA_CHAT_MAX_CHARS: z.coerce.number().int().min(1).max(8000).default(2000),
  ARENA_CHAT_RETENTION_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 3600).default(24 * 3600),
  ARENA_CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Password claims (the guess box), on top of the attempt limits (lib/services/attempts/claim-limits.ts):
  // claims per client address per minute, across accounts and challenges (a right claim gives
  // its point back), and per challenge and client address per hour.
  CLAIM_WRONG_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  CLAIM_WRONG_PER_CHALLENGE_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // After this many wrong claims on one challenge (in 24 h) an account waits before its next
  // claim: CLAIM_SLOWDOWN_BASE_SECONDS, doubling with each further wrong claim, at most
  // CLAIM_SLOWDOWN_MAX_SECONDS.
  CLAIM_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  CLAIM_SLOWDOWN_BASE_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(5),
  CLAIM_SLOWDOWN_MAX_SECONDS: z.coerce.number().int().min(1).max(7 * 24 * 3600).default(3600),
  // Hosts (comma-separated, e.g. "images.example.com,cdn.example.org") whose https images
  // markdown may show; other external images render as links so visitors' browsers do not
  // fetch them (IP leak). This app's signed /assets URLs are always allowed.
  MARKDOWN_IMAGE_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, "MARKDOWN_IMAGE_HOSTS lists host names, comma-separated"))),
  // Moderation (lib/services/moderation): e-mail addresses of instance administrators
  // (comma-separated; accounts flagged in the database by an administrator count too), whether a
  // new workspace's public listings wait for an administrator's approval ("required") or are
  // listed at once ("auto"), and how many listings one account may report per hour.
  INSTANCE_ADMINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^\s@,]+@[^\s@,]+$/, "INSTANCE_ADMINS lists e-mail addresses, comma-separated"))),
  LISTING_APPROVAL: z.enum(["required", "auto"]).default("required"),
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
});

export type Env = z.infer<typeof schema> & {
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
  databaseKind: "sqlite" | "postgresql";
};

function readOrCreateKeyFile(dataDir: string): { authSecret: string; encryptionKey: string } {
  // With no configuration the app must still start: keys are generated once and kept beside the
  // SQLite database, so sessions and encrypted secrets survive restarts.
  const file = resolve(dataDir, "keys.json");
  if (existsSync(file)) {
    const parsed = z
      .object({ authSecret: z.string().min(32), encryptionKey: z.string().min(40) })
      .parse(JSON.parse(readFileSync(file, "utf8")));
    return parsed;
  }
  const keys = {
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("base64"),
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/**
 * A PostgreSQL database is shared by every instance that points at it, and keys generated into
 * one instance's DATA_DIR differ from another's: sessions signed on one would be refused by the
 * other, and secrets encrypted on one could not be decrypted by the other. So on PostgreSQL both
 * keys must be given.
 */
function assertSharedKeys(e: { AUTH_SECRET?: string; ENCRYPTION_KEY?: string }): void {
  const missing = [
    !e.AUTH_SECRET && "AUTH_SECRET (signs sessions; generate with: openssl rand -base64 32)",
    !e.ENCRYPTION_KEY && "ENCRYPTION_KEY (encrypts secrets and provider keys; generate with: openssl rand -base64 32)",
  ].filter((m): m is string => typeof m === "string");
  if (missing.length === 0) return;
  throw new Error(
    `On PostgreSQL, set ${missing.map((m) => m.split(" ")[0]).join(" and ")} explicitly: every app instance ` +
      "and worker on the same database must share the same values, and a key generated into one " +
      "instance's DATA_DIR would differ from the others' (sessions refused, secrets unreadable).\n" +
      missing.map((m) => `  ${m}`).join("\n"),
  );
}

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const url = e.DATABASE_URL;
  let databaseKind: Env["databaseKind"];
  if (url.startsWith("file:")) databaseKind = "sqlite";
  else if (/^postgres(ql)?:\/\//.test(url)) databaseKind = "postgresql";
  else throw new Error("DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)");

  if (e.PUBSUB === "redis" && !e.REDIS_URL) throw new Error("PUBSUB=redis needs REDIS_URL");
  if (e.PUBSUB === "postgres" && databaseKind !== "postgresql") {
    throw new Error("PUBSUB=postgres needs a PostgreSQL DATABASE_URL");
  }
  if (e.ASSET_STORE === "s3" && !e.S3_BUCKET) throw new Error("ASSET_STORE=s3 needs S3_BUCKET");
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK's credential chain)");
  }
  if (e.ARENA_MODE === "standalone" && e.NODE_ENV === "production" && !e.ARENA_STANDALONE_IN_PRODUCTION) {
    throw new Error(
      "ARENA_MODE=standalone trusts an invite code as a player's identity, so anyone can act as any " +
        "player: it is for local agent development and refused in production. Use the default " +
        "ARENA_MODE=auth, or set ARENA_STANDALONE_IN_PRODUCTION=true if you really mean an open playground.",
    );
  }
  let authSecret = e.AUTH_SECRET;
  let encryptionKey = e.ENCRYPTION_KEY;
  if (databaseKind === "postgresql") assertSharedKeys(e);
  if (!authSecret || !encryptionKey) {
    const keys = readOrCreateKeyFile(e.DATA_DIR);
    authSecret ??= keys.authSecret;
    encryptionKey ??= keys.encryptionKey;
  }
  // next-auth reads its own variables; derive them from ours so there is one setting.
  process.env.NEXTAUTH_URL ??= e.APP_URL;
  process.env.NEXTAUTH_SECRET ??= authSecret;
  return { ...e, AUTH_SECRET: authSecret, ENCRYPTION_KEY: encryptionKey, databaseKind };
}

let cached: Env | undefined;

/** Validated configuration. Parsed on first use so tests can set variables before. */
export const env: Env = new Proxy({} as Env, {
  get(_t, key: string) {
    cached ??= load();
    return cached[key as keyof Env];
  },
});

/** Tests change variables between suites; this drops the cached parse. */
export function resetEnvForTests(): void {
  cached = undefined;
}
