"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { PlayerPairingView } from "@/lib/contracts/red-blue";
import { PairingCard } from "./pairing-card";
import styles from "./red-blue.module.css";

/** The pairings the player took part in, with a refresh button. */
export function MyPairings({
  headingId,
  pairings,
  refreshing,
  onRefresh,
  categoryNames,
  secretName,
}: {
  headingId: string;
  pairings: PlayerPairingView[];
  refreshing: boolean;
  onRefresh: () => void;
  categoryNames: Readonly<Record<string, string>>;
  secretName: string | null;
}) {
  const t = useTranslations("redBlue.play");
  return (
    <section aria-labelledby={headingId} className="stack" data-testid="my-pairings">
      <div className={styles.formRow}>
        <h2 id={headingId}>{t("pairingsHeading")}</h2>
        <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing} data-testid="refresh">
          {refreshing ? <Spinner /> : null}
          {t("refresh")}
        </Button>
      </div>
      {pairings.length === 0 ? (
        <p className="muted">{t("noPairings")}</p>
      ) : (
        <ol className={styles.pairingList}>
          {pairings.map((p) => (
            <li key={p.id}>
              <PairingCard pairing={p} categoryNames={categoryNames} secretName={secretName} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
