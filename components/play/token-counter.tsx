import { useTranslations } from "next-intl";
import { estimateTokens } from "./token-estimate";
import styles from "./play-panel.module.css";

/**
 * On a board that ranks by fewest tokens: an estimate of the prompt's tokens as the player types
 * (labelled as one), and after an attempt the count the server recorded for it.
 */
export function TokenCounter({ prompt, counted }: { prompt: string; counted: number | null }) {
  const t = useTranslations("playLoop.play");
  return (
    <div className={styles.tokenCounter} data-testid="token-counter">
      <p>
        <span className="visually-hidden">{t("tokenBoard")} </span>
        <span data-testid="token-estimate">{t("tokenEstimate", { count: estimateTokens(prompt) })}</span>
      </p>
      {counted !== null ? <p data-testid="token-count">{t("tokenReal", { count: counted })}</p> : null}
    </div>
  );
}
