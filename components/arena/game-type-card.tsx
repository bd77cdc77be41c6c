import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import type { ChallengeMetadata } from "@/lib/arena/types";
import { NewGameButton } from "./action-forms";
import { GameIcon, hasGameIcon } from "./game-icons";
import styles from "./arena.module.css";

const COLOR = /^#[0-9a-f]{3,8}$/i;

/** One game type: its swatch (the icon, else the initial), description, players, tags, board link and "New game". */
export async function GameTypeCard({
  type,
  meta,
  played,
  signedIn,
}: {
  type: string;
  meta: ChallengeMetadata;
  played: number;
  signedIn: boolean;
}) {
  const t = await getTranslations("arena.types");
  const color = meta.color && COLOR.test(meta.color) ? meta.color : undefined;
  return (
    <li
      className={styles.type}
      style={(color ? { "--type-color": color } : {}) as CSSProperties}
      data-testid="arena-type"
    >
      <div className={styles.typeHead}>
        <span className={styles.swatch} aria-hidden="true">
          {hasGameIcon(meta.icon) ? <GameIcon name={meta.icon} /> : meta.name.slice(0, 1).toUpperCase()}
        </span>
        <h3>{meta.name}</h3>
      </div>
      <p>{meta.description}</p>
      <p className="muted">
        {t("players", { count: meta.players })} · {t("played", { count: played })}
      </p>
      {meta.tags && meta.tags.length > 0 ? (
        <ul className={styles.tags} aria-label={t("tags")}>
          {meta.tags.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.typeFoot}>
        {signedIn ? <NewGameButton type={type} label={t("newGame", { name: meta.name })} /> : null}
        <ButtonLink href={`/arena/leaderboard/${encodeURIComponent(type)}`} variant="secondary" size="sm">
          {t("leaderboard")}
        </ButtonLink>
        <Link href={`/arena?type=${encodeURIComponent(type)}`}>{t("sessions")}</Link>
      </div>
    </li>
  );
}
