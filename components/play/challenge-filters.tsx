import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClassName } from "@/components/ui/button";
import type { ChallengeFilters } from "@/lib/contracts/challenges";
import styles from "./challenge-filters.module.css";

const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;

/**
 * Search and filters of /challenges as a plain GET form: the URL carries them (shareable), the
 * server renders the result, and it works without JavaScript.
 */
export async function ChallengeFiltersForm({
  filters,
  collections,
  signedIn,
}: {
  filters: ChallengeFilters;
  collections: { id: string; name: string }[];
  signedIn: boolean;
}) {
  const [t, tc] = await Promise.all([getTranslations("boards.filters"), getTranslations("player.card")]);
  const active = Boolean(filters.q || filters.difficulty || filters.collection || filters.status);
  return (
    <form
      method="get"
      action="/challenges"
      role="search"
      aria-label={t("label")}
      className={styles.filters}
      data-testid="challenge-filters"
    >
      <label className={styles.field}>
        <span>{t("search")}</span>
        <input
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder={t("searchPlaceholder")}
          maxLength={100}
        />
      </label>
      <label className={styles.field}>
        <span>{t("difficulty")}</span>
        <select name="difficulty" defaultValue={filters.difficulty ?? ""}>
          <option value="">{t("anyDifficulty")}</option>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {tc("difficultyValue", { difficulty: d })}
            </option>
          ))}
        </select>
      </label>
      {collections.length > 0 ? (
        <label className={styles.field}>
          <span>{t("collection")}</span>
          <select name="collection" defaultValue={filters.collection ?? ""}>
            <option value="">{t("anyCollection")}</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {signedIn ? (
        <label className={styles.field}>
          <span>{t("status")}</span>
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("anyStatus")}</option>
            <option value="solved">{t("solved")}</option>
            <option value="unsolved">{t("unsolved")}</option>
          </select>
        </label>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={buttonClassName({ size: "sm" })}>
          {t("apply")}
        </button>
        {active ? (
          <Link href="/challenges" className={buttonClassName({ size: "sm", variant: "ghost" })}>
            {t("clear")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
