import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import styles from "@/components/play/card.module.css";
import type { publicRedBlueView } from "@/lib/contracts/red-blue";

/** One live red/blue challenge in the list: the heading link makes the whole card clickable. */
export async function RedBlueCard({ challenge }: { challenge: z.infer<typeof publicRedBlueView> }) {
  const t = await getTranslations("redBlue.list");
  return (
    <li className={styles.card} data-testid="red-blue-card">
      <div className={styles.cardTop}>{challenge.offline_model ? <Badge>{t("offline")}</Badge> : null}</div>
      <h2 className={styles.cardTitle}>
        <Link href={`/red-blue/${challenge.id}`} className={styles.cardLink}>
          {challenge.name}
        </Link>
      </h2>
      {challenge.description ? <p className={styles.cardText}>{challenge.description}</p> : null}
      <dl className={styles.cardMeta}>
        <div>
          <dt>{t("red")}</dt>
          <dd>{challenge.counts.red_players}</dd>
        </div>
        <div>
          <dt>{t("blue")}</dt>
          <dd>{challenge.counts.blue_players}</dd>
        </div>
        <div>
          <dt>{t("pairings")}</dt>
          <dd>{challenge.counts.pairings}</dd>
        </div>
      </dl>
    </li>
  );
}
