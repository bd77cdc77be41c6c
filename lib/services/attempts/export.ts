import "server-only";
import { csvRecord } from "@/lib/csv";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { attemptConsoleSelect, attemptPlayerName, challengeMasker } from "@/lib/services/attempts/read-shared";

// A challenge's attempts as a download for its workspace's members (CSV or JSON lines in an
// array), oldest first, read and written a page at a time so a challenge with many attempts never
// sits in memory whole. What it holds is what the console's attempt browser shows, with the
// challenge's secret masked in every text; never the secret, the judge's raw output or run traces.

export const EXPORT_COLUMNS = [
  "attempt_id",
  "created_at",
  "player",
  "player_email",
  "status",
  "succeeded",
  "score",
  "judge_rating",
  "judge_feedback",
  "tokens_total",
  "judge_tokens_total",
  "elapsed_ms",
  "prompt",
  "response",
  "error_message",
] as const;
type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string | number | boolean | null>;

const PAGE = 200;

export async function exportChallengeAttempts(
  workspaceId: string,
  challengeId: string,
  format: "csv" | "json",
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; filename: string }> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { id: true, secretRef: true },
  });
  if (!challenge) throw notFound("Challenge");
  const masker = await challengeMasker(workspaceId, challenge.secretRef);
  const m = (s: string | null) => (s === null ? null : masker.mask(s));
  const csv = format === "csv";
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  let first = true;

  const toRow = (r: Awaited<ReturnType<typeof page>>[number]): ExportRow => ({
    attempt_id: r.id,
    created_at: r.createdAt.toISOString(),
    player: m(attemptPlayerName(r)),
    player_email: r.account?.email ?? null,
    status: r.status,
    succeeded: r.succeeded,
    score: r.score,
    judge_rating: r.judgeRating,
    judge_feedback: m(r.judgeFeedback),
    tokens_total: r.tokensTotal,
    judge_tokens_total: r.judgeTokensTotal,
    elapsed_ms: r.elapsedMs,
    prompt: m(r.prompt),
    response: m(r.response),
    error_message: m(r.errorMessage),
  });

  function page(after: string | null) {
    return db.challengeAttempt.findMany({
      where: { challengeId, workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PAGE,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      select: attemptConsoleSelect,
    });
  }

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csv ? csvRecord(EXPORT_COLUMNS) : "["));
        return;
      }
      const rows = await page(cursor);
      if (rows.length > 0) {
        cursor = rows.at(-1)!.id;
        const text = rows
          .map((r) => {
            const row = toRow(r);
            if (csv) return csvRecord(EXPORT_COLUMNS.map((c) => row[c]));
            const line = `${first ? "" : ","}\n${JSON.stringify(row)}`;
            first = false;
            return line;
          })
          .join("");
        controller.enqueue(encoder.encode(text));
      }
      if (rows.length < PAGE) {
        if (!csv) controller.enqueue(encoder.encode("\n]\n"));
        controller.close();
      }
    },
  });
  return {
    body,
    contentType: csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    filename: `attempts-${challenge.id}.${csv ? "csv" : "json"}`,
  };
}
