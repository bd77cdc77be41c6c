import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "@/components/play/card.module.css";

export interface CollectionSummary {
  id: string;
  name: string;
  description: string | null;
  scoring_strategy: string;
  challenge_count: number;
}

export async function CollectionCard({ collection, headingLevel = 2 }: { collection: CollectionSummary; headingLevel?: 2 | 3 }) {
  const t = await getTranslations("player.card");
  const Heading = `h${headingLevel}` as const;
  return (
    <li className={styles.card} data-testid="collection-card">
      <Heading className={styles.cardTitle}>
        <Link href={`/challenge-collections/${collection.id}`} className={styles.cardLink}>
          {collection.name}
        </Link>
      </Heading>
      {collection.description ? <p className={styles.cardText}>{collection.description}</p> : null}
      <dl className={styles.cardMeta}>
        <div>
          <dt>{t("challenges")}</dt>
          <dd>{collection.challenge_count}</dd>
        </div>
        <div>
          <dt>{t("scoring")}</dt>
          <dd>{t("collectionStrategy", { strategy: collection.scoring_strategy })}</dd>
        </div>
      </dl>
    </li>
  );
}
