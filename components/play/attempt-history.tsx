import { getFormatter, getTranslations } from "next-intl/server";
import type { AttemptHistoryItem } from "@/lib/contracts/attempts";
import { FlagVerdict } from "./flag-verdict";
import { formatDuration } from "./format";
import styles from "./attempt-history.module.css";
import playStyles from "./play.module.css";

function tone(a: AttemptHistoryItem): "success" | "fail" | "error" | "neutral" {
  if (a.status === "completed") return a.succeeded ? "success" : "fail";
  if (a.status === "pending") return "neutral";
  return "error";
}

/** The viewer's own attempts on a challenge, newest first. */
export async function AttemptHistory({
  attempts,
  headingId,
  challengeId,
}: {
  attempts: AttemptHistoryItem[];
  headingId: string;
  /** With it, judged attempts offer "Flag this verdict". */
  challengeId?: string;
}) {
  const [t, format] = await Promise.all([getTranslations("player.history"), getFormatter()]);
  return (
    <section aria-labelledby={headingId} className={playStyles.panel} data-testid="attempt-history">
      <h2 id={headingId}>{t("heading")}</h2>
      {attempts.length === 0 ? (
        <p className={styles.historyMeta}>{t("empty")}</p>
      ) : (
        <ol className={styles.history}>
          {attempts.map((a) => (
            <li key={a.id} className={styles.historyItem}>
              <div className={styles.historyHead}>
                <span className={styles.status} data-tone={tone(a)}>
                  {t("status", {
                    status: a.status === "completed" ? (a.succeeded ? "solved" : "failed") : a.status,
                  })}
                </span>
                <time dateTime={a.created_at}>
                  {format.dateTime(new Date(a.created_at), { dateStyle: "medium", timeStyle: "short" })}
                </time>
              </div>
              {a.prompt ? (
                <p className={styles.historyPrompt}>
                  <span className="visually-hidden">{t("prompt")} </span>
                  {a.prompt}
                </p>
              ) : null}
              {a.status === "errored" || a.status === "judge_error" ? (
                <p className={styles.historyMeta}>{a.error_message ?? t("notCounted")}</p>
              ) : null}
              {a.judge_feedback && a.judge_feedback !== a.error_message ? (
                <p className={styles.historyMeta}>{t("feedback", { feedback: a.judge_feedback })}</p>
              ) : null}
              <p className={styles.historyMeta}>
                {[
                  a.judge_rating !== null ? t("rating", { rating: a.judge_rating }) : null,
                  a.tokens_total !== null ? t("tokens", { tokens: a.tokens_total }) : null,
                  a.elapsed_ms !== null ? formatDuration(a.elapsed_ms) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {challengeId && (a.status === "completed" || a.status === "judge_error") ? (
                <FlagVerdict challengeId={challengeId} attemptId={a.id} flagged={a.flagged ?? false} />
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
