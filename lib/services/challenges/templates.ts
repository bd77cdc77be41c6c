import "server-only";
import { AppError } from "@/lib/errors";
import { createChallenge } from "@/lib/services/challenges/write";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { secretNamesOf } from "@/lib/services/challenges/view";
import { TEMPLATE_NEEDS_SECRET } from "@/lib/contracts/challenges";
import type { ChallengeCreateInput } from "@/lib/contracts/challenges";
import { validateDraft } from "@/lib/contracts/workflows";
import { findTemplate } from "@/lib/workflow/templates";

// "New challenge from template": the challenge is created with its workflow draft set to the
// template's graph (validated first), ready to open in the builder and publish. The template's
// graph reads {{secret}}, so a secret is required: typed (stored as a workspace secret, as the
// form always does) or the name of an existing one.

const refuse = (path: string, message: string) =>
  new AppError("validation_failed", `Invalid request body: ${path}: ${message}`, {
    details: { issues: [{ path, message }] },
  });

export async function createChallengeFromTemplate(
  workspaceId: string,
  actorId: string | null,
  templateId: string,
  input: ChallengeCreateInput,
): Promise<ChallengeView> {
  const template = findTemplate(templateId);
  if (!template) throw refuse("template", "Unknown template");
  const ref = typeof input.secret_ref === "string" ? input.secret_ref.trim() : "";
  const hasSecret =
    input.secret !== undefined || (ref !== "" && (await secretNamesOf(workspaceId, [ref])).has(ref));
  if (!hasSecret) throw refuse("secret", TEMPLATE_NEEDS_SECRET);
  const graph = template.graph();
  const check = validateDraft(graph);
  if (!check.ok) throw new AppError("internal", `Template ${template.id} does not validate`);
  return createChallenge(workspaceId, actorId, input, { draftGraph: graph });
}
