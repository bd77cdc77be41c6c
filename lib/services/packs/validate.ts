import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { env } from "@/lib/env";
import { AppError, rateLimited } from "@/lib/errors";
import { checkEvaluationSpec } from "@/lib/packs/evaluation-spec";
import { MAX_NODES, MAX_VALUES } from "@/lib/packs";
import { normalizeBundle } from "@/lib/packs/normalize";
import { validateBundle } from "@/lib/packs/validate";
import type { PackValidation } from "@/lib/packs/types";
import { limits } from "@/lib/rate-limit";
import { getPackParseRunner, type PackParseRunner } from "@/lib/services/packs/parse-runner";
import { waitMessage } from "@/lib/time/wait";

/**
 * Parses and validates a bundle's YAML with every rule of the format. The YAML is decoded on a
 * worker thread with a time budget; normalising and validating the decoded value stay here, their
 * cost bounded by the decoder's node limits. A bundle over a limit is a 413 naming it.
 */
export async function validatePack(
  text: string,
  workspaceId: string,
  runner: PackParseRunner = getPackParseRunner(),
): Promise<PackValidation> {
  const outcome = await runner.decode(workspaceId, text);
  if (!outcome.ok) {
    if (outcome.reason === "busy") {
      throw rateLimited(1, waitMessage("This workspace's bundles are still being checked.", 1));
    }
    const why =
      outcome.reason === "timeout"
        ? `took longer than ${env.PACKS_PARSE_TIMEOUT_MS} ms to decode (PACKS_PARSE_TIMEOUT_MS); split it into smaller bundles`
        : "could not be decoded";
    return { valid: false, errors: [{ field: "bundle", message: why }] };
  }
  const parsed = outcome.result;
  if (!parsed.ok && parsed.limit === "nodes") {
    throw new AppError(
      "payload_too_large",
      `The bundle has more than ${MAX_NODES.toLocaleString("en-US")} YAML nodes (keys, values and list items) or ${MAX_VALUES.toLocaleString("en-US")} values once aliases are expanded; split it into smaller bundles`,
      { details: { limit: "nodes", max_nodes: MAX_NODES, max_values: MAX_VALUES } },
    );
  }
  if (!parsed.ok) return { valid: false, errors: parsed.errors };
  // Each step in its own event-loop turn (the value crossed from the worker in this one), so the
  // longest block is one step, not the sum; each is linear and bounded by the node limits.
  await nextTurn();
  const bundle = normalizeBundle(parsed.value);
  await nextTurn();
  const errors = validateBundle(bundle, checkEvaluationSpec);
  return errors.length === 0 ? { valid: true, errors: [], bundle } : { valid: false, errors, bundle };
}

/** Takes one of the workspace's bundle checks for this minute (429 past PACK limits). */
export async function takePackQuota(workspaceId: string): Promise<void> {
  await limits.packBundles.consume(workspaceId);
}
