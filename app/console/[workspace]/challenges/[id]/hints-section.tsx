import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { HintsEditor } from "@/components/console/hints-editor";
import { listConsoleHints } from "@/lib/services/hints";
import { deleteHintAction, moveHintAction, saveHintAction } from "./hint-actions";

/** The challenge page's hint editor (CTFd-style hints players can unlock). */
export async function ConsoleHintsSection({
  workspaceId,
  workspaceSlug,
  challengeId,
  points,
}: {
  workspaceId: string;
  workspaceSlug: string;
  challengeId: string;
  points: number;
}) {
  const [hints, t] = await Promise.all([
    listConsoleHints(workspaceId, challengeId),
    getTranslations("boards.hintsEditor"),
  ]);
  return (
    <section className={styles.section} aria-labelledby="challenge-hints">
      <h2 id="challenge-hints">{t("heading")}</h2>
      <p className="muted">{t("lead")}</p>
      <HintsEditor
        workspace={workspaceSlug}
        challengeId={challengeId}
        points={points}
        hints={hints}
        actions={{ save: saveHintAction, move: moveHintAction, remove: deleteHintAction }}
      />
    </section>
  );
}
