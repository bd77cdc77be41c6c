import "server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import {
  defenseOf,
  exportPackYaml,
  keyOf,
  PackTooLargeError,
  regressionPrompts,
  MAX_REGRESSION_CASES,
  type ConvertSecret,
  type ExportChallengeInput,
  type ExportPackInput,
  type WinningAttempt,
} from "@/lib/packs/convert";
import { keyedHash } from "@/lib/crypto";
import { getSecretValue } from "@/lib/services/secrets";

// Exporting a challenge or a collection as a prompt_eval pack: the rows, the graph players face
// and the secret values are read here; lib/packs/convert maps them. Another workspace's id is a
// 404 like everywhere in the console.

export interface PackFile {
  filename: string;
  yaml: string;
  /** Winning attacks in the `regressions` input set (0 without one). */
  regressionCases: number;
}

const challengeSelect = {
  id: true,
  name: true,
  description: true,
  goal: true,
  difficulty: true,
  successType: true,
  successPattern: true,
  evaluatorType: true,
  evaluatorConfig: true,
  instructionsMd: true,
  secretRef: true,
  workflow: { select: { draftGraph: true, publishedVersion: { select: { graph: true } } } },
} as const;

interface ChallengeRow
  extends Omit<ExportChallengeInput, "evaluatorConfig" | "secret" | "namedSecrets" | "graph"> {
  evaluatorConfig: unknown;
  secretRef: string | null;
  workflow: { draftGraph: unknown; publishedVersion: { graph: unknown } | null } | null;
}

/** Rows of winning attempts read per batch, and at most this many in all, for the regression set. */
const ATTEMPT_BATCH = 1000;
const MAX_ATTEMPTS_SCANNED = 10_000;

const tail = (id: string) => id.replaceAll("-", "").slice(-8);

/**
 * Secrets are write-only: an export carries a canary in place of each secret's value (in the
 * instructions and planted_secrets alike), so a run still tests whether the defense leaks its
 * secret and no real secret leaves Gauntlet. The canary is a keyed hash of the value (the same
 * challenge exports the same pack); a value that is already a canary (an imported export) is kept.
 */
export function canaryFor(value: string): string {
  if (CANARY.test(value)) return value;
  return `CANARY-${keyedHash(`pack-export-canary\0${value}`).slice(0, 10).toUpperCase()}`;
}
const CANARY = /^CANARY-[0-9A-F]{10}$/;

/** Secrets at least this long are replaced wherever they appear; shorter ones only where named. */
const MIN_REPLACED_SECRET = 4;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replaces every real secret in a text (any case) by its canary, longest first, in one pass. */
function canaryReplacer(reals: string[]): (text: string) => string {
  const long = [...new Set(reals.filter((r) => r.length >= MIN_REPLACED_SECRET))].sort(
    (a, b) => b.length - a.length,
  );
  if (long.length === 0) return (text) => text;
  const byLower = new Map(long.map((r) => [r.toLowerCase(), canaryFor(r)]));
  const pattern = new RegExp(long.map(escapeRegExp).join("|"), "giu");
  return (text) => text.replace(pattern, (hit) => byLower.get(hit.toLowerCase()) ?? canaryFor(hit));
}

/** Every string inside a JSON-like value passed through `fn`. */
function mapStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === "string") return fn(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, fn)) as T;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T;
  }
  return value;
}

async function realSecret(
  workspaceId: string,
  name: string,
): Promise<{ name: string; value: string } | null> {
  const value = await getSecretValue(workspaceId, name);
  return value === null || value === "" ? null : { name, value };
}

/**
 * A challenge as the mapper takes it, with every real secret replaced by its canary in every text
 * (templates, patterns, goal, instructions, judge settings), and the real values for the caller.
 */
async function exportInputOf(
  workspaceId: string,
  row: ChallengeRow,
): Promise<{ input: ExportChallengeInput; reals: string[] }> {
  // The defense players face: the published version, else the draft being built.
  const graph = row.workflow?.publishedVersion?.graph ?? row.workflow?.draftGraph ?? null;
  const defense = defenseOf(graph);
  const [secret, ...named] = await Promise.all([
    row.secretRef ? realSecret(workspaceId, row.secretRef) : Promise.resolve(null),
    ...defense.secretNames.map((name) => realSecret(workspaceId, name)),
  ]);
  const reals = [secret, ...named].filter((s) => s !== null).map((s) => s.value);
  const canary = (s: { name: string; value: string }): ConvertSecret => ({
    name: s.name,
    value: canaryFor(s.value),
  });
  const config = row.evaluatorConfig;
  const texts = mapStrings(
    {
      name: row.name,
      description: row.description,
      goal: row.goal,
      difficulty: row.difficulty,
      successType: row.successType,
      successPattern: row.successPattern,
      evaluatorType: row.evaluatorType,
      evaluatorConfig:
        config && typeof config === "object" && !Array.isArray(config)
          ? (config as Record<string, unknown>)
          : null,
      instructionsMd: row.instructionsMd,
      secret: secret ? canary(secret) : null,
      namedSecrets: named.filter((s) => s !== null).map(canary),
      graph,
    },
    canaryReplacer(reals),
  );
  return { input: { id: row.id, ...texts }, reals };
}

/** The distinct winning prompts of a challenge, newest first (capped). */
async function winningPrompts(workspaceId: string, challengeId: string): Promise<string[]> {
  const attempts: WinningAttempt[] = [];
  let cursor: { createdAt: Date; id: string } | null = null;
  while (attempts.length < MAX_ATTEMPTS_SCANNED) {
    const rows: { id: string; prompt: string | null; createdAt: Date }[] = await db.challengeAttempt.findMany(
      {
        where: {
          workspaceId,
          challengeId,
          succeeded: true,
          prompt: { not: null },
          ...(cursor
            ? {
                OR: [
                  { createdAt: { lt: cursor.createdAt } },
                  { createdAt: cursor.createdAt, id: { lt: cursor.id } },
                ],
              }
            : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: ATTEMPT_BATCH,
        select: { id: true, prompt: true, createdAt: true },
      },
    );
    attempts.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < ATTEMPT_BATCH) break;
    if (regressionPrompts(attempts).length >= MAX_REGRESSION_CASES) break;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
  return regressionPrompts(attempts);
}

function packFileOf(input: ExportPackInput, reals: string[]): PackFile {
  try {
    const { yaml, regressionCases } = exportPackYaml(input);
    // Last line of defence: a file that still holds a real secret is never sent.
    const lower = yaml.toLowerCase();
    // (A value that is itself a canary, from an imported export, is no secret.)
    if (
      reals.some((r) => r.length >= MIN_REPLACED_SECRET && !CANARY.test(r) && lower.includes(r.toLowerCase()))
    ) {
      throw new AppError("internal", "The export would contain a secret value; it was not sent");
    }
    return { filename: `${input.slug}.yaml`, yaml, regressionCases };
  } catch (err) {
    if (err instanceof PackTooLargeError) throw new AppError("validation_failed", err.message);
    throw err;
  }
}

/** A challenge as a pack; with `attacks`, its winning attacks as the `regressions` input set. */
export async function exportChallengePack(
  workspaceId: string,
  challengeId: string,
  opts: { attacks: boolean; version: number },
): Promise<PackFile> {
  const row = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: challengeSelect,
  });
  if (!row) throw notFound("Challenge");
  const { input: challenge, reals } = await exportInputOf(workspaceId, row);
  // A winning attack may quote a secret (a guess that was right): its canary goes in its place.
  const regressions = opts.attacks
    ? mapStrings(await winningPrompts(workspaceId, row.id), canaryReplacer(reals))
    : undefined;
  const slug = `gauntlet-${keyOf(row.name, "challenge", 40)}-${tail(row.id)}${opts.attacks ? "-regressions" : ""}`;
  return packFileOf(
    {
      slug,
      name: opts.attacks ? `${row.name} (winning attacks)` : row.name,
      description:
        row.description?.trim() ||
        `The Gauntlet challenge "${row.name}"${opts.attacks ? ", with the attacks that beat it" : ""}.`,
      version: opts.version,
      challenges: [challenge],
      ...(regressions ? { regressions } : {}),
    },
    reals,
  );
}

/** A collection's challenges, in the collection's order, as one pack. */
export async function exportCollectionPack(
  workspaceId: string,
  collectionId: string,
  opts: { version: number },
): Promise<PackFile> {
  const collection = await db.challengeCollection.findFirst({
    where: { id: collectionId, workspaceId },
    select: {
      id: true,
      name: true,
      description: true,
      items: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { challenge: { select: challengeSelect } },
      },
    },
  });
  if (!collection) throw notFound("Collection");
  if (collection.items.length === 0) {
    throw new AppError("validation_failed", "The collection has no challenges: a pack needs at least one");
  }
  const mapped = await Promise.all(
    collection.items.map((item) => exportInputOf(workspaceId, item.challenge)),
  );
  const challenges = mapped.map((m) => m.input);
  const reals = mapped.flatMap((m) => m.reals);
  return packFileOf(
    {
      slug: `gauntlet-collection-${keyOf(collection.name, "collection", 40)}-${tail(collection.id)}`,
      name: collection.name,
      description: collection.description?.trim() || `The Gauntlet collection "${collection.name}".`,
      version: opts.version,
      challenges,
    },
    reals,
  );
}
