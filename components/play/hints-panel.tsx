import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SafeMarkdown } from "@/components/markdown/markdown";
import type { PlayerHints } from "@/lib/contracts/hints";
import { HintUnlockButton } from "./hint-unlock-button";
import styles from "./hints.module.css";
import play from "./play.module.css";

/**
 * The challenge's hints (CTFd-style), rendered on the server: unlocked ones with their body,
 * locked ones with their cost and when they become available (their body never reaches the
 * page), each with a small unlock button. Nothing renders when the challenge has no hints.
 */
export async function HintsPanel({
  challengeId,
  hints,
  signedIn,
  loginHref,
  imageHosts,
}: {
  challengeId: string;
  hints: PlayerHints;
  signedIn: boolean;
  loginHref: string;
  imageHosts: readonly string[];
}) {
  if (hints.hints.length === 0) return null;
  const t = await getTranslations("boards.hints");
  return (
    <section
      aria-labelledby="hints-heading"
      className={`${play.panel} ${styles.hints}`}
      data-testid="hints-panel"
    >
      <h2 id="hints-heading">{t("heading")}</h2>
      <p className={styles.lead}>{t("lead")}</p>
      <ol className={styles.list}>
        {hints.hints.map((h, i) => (
          <li key={h.id} className={styles.hint} data-testid="hint" data-unlocked={h.unlocked || undefined}>
            <div className={styles.hintHead}>
              <strong>{t("hintN", { n: i + 1 })}</strong>
              <span className={styles.meta}>
                {h.unlocked ? t("unlocked") : h.cost > 0 ? t("cost", { cost: h.cost }) : t("free")}
              </span>
            </div>
            {h.unlocked && h.body !== null ? (
              <div className={styles.body}>
                <SafeMarkdown imageHosts={imageHosts}>{h.body}</SafeMarkdown>
              </div>
            ) : (
              <>
                {h.unlock_after_failures !== null && h.unlock_after_failures > 0 && !h.available ? (
                  <p className={styles.meta}>
                    {t("afterFailures", { k: h.unlock_after_failures, failures: hints.failures })}
                  </p>
                ) : null}
                {signedIn ? (
                  h.available ? (
                    <HintUnlockButton challengeId={challengeId} hintId={h.id} cost={h.cost} />
                  ) : null
                ) : (
                  <p className={styles.meta}>
                    <Link href={loginHref}>{t("signIn")}</Link>
                  </p>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {hints.spent > 0 ? (
        <p className={styles.meta} data-testid="hints-spent">
          {t("spent", { spent: hints.spent })}
        </p>
      ) : null}
    </section>
  );
}
