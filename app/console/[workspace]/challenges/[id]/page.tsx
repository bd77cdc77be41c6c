import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { ChallengeForm } from "@/components/console/challenge-form";
import { DangerZone } from "@/components/console/danger-zone";
import { DuplicateChallengeButton } from "@/components/console/duplicate-challenge-button";
import { PackExportButtons } from "@/components/packs/pack-export-buttons";
import { BackHeader, CreatedAlert } from "@/components/console/back-header";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { env } from "@/lib/env";
import { listPlugins } from "@/lib/services/plugins";
import { workspaceForPage } from "../../context";
import { nameAsTitle, type DetailProps } from "../../detail";
import { deleteChallengeAction } from "../actions";
import { challengeForPage } from "./load";
import { ConsoleHintsSection } from "./hints-section";

export const generateMetadata = nameAsTitle(challengeForPage);

export default async function ChallengePage({ params, searchParams }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const [challenge, plugins, t, tp, tk, query] = await Promise.all([
    challengeForPage(workspace.id, id),
    listPlugins(workspace.id),
    getTranslations("consolePages.challenges"),
    getTranslations("consolePages.packConvert"),
    getTranslations("consolePages.calibration"),
    searchParams,
  ]);
  const base = `/console/${workspace.slug}/challenges`;
  const playable = challenge.is_active && challenge.published_version !== null;

  return (
    <>
      <BackHeader
        backHref={base}
        title={challenge.name}
        badge={<Badge>{challenge.is_active ? t("active") : t("inactive")}</Badge>}
        actions={
          <>
            <ButtonLink href={`${base}/${challenge.id}/workflow`} data-testid="workflow-link">
              {t("openWorkflow")}
            </ButtonLink>
            <ButtonLink href={`${base}/${challenge.id}/attempts`} variant="secondary">
              {t("attempts")}
            </ButtonLink>
            <ButtonLink href={`${base}/${challenge.id}/calibration`} variant="secondary">
              {tk("openCalibration")}
            </ButtonLink>
            <DuplicateChallengeButton workspace={workspace.slug} id={challenge.id} />
            {playable ? (
              <ButtonLink href={`/challenges/${challenge.id}`} variant="ghost">
                {t("viewPublic")}
              </ButtonLink>
            ) : null}
          </>
        }
        lead={
          challenge.published_version === null
            ? t("unpublishedLead")
            : t("publishedLead", { version: challenge.published_version })
        }
      />
      <CreatedAlert shown={!!query.created} title={t("createdTitle")} body={t("createdBody")} />
      <ChallengeForm
        workspace={workspace.slug}
        imageHosts={env.MARKDOWN_IMAGE_HOSTS}
        challenge={{ ...challenge, id: challenge.id }}
        plugins={plugins.map((p) => ({
          pluginId: p.pluginId,
          name: p.name,
          kind: p.kind,
          entrypoints: p.entrypoints,
        }))}
      />
      <ConsoleHintsSection
        workspaceId={workspace.id}
        workspaceSlug={workspace.slug}
        challengeId={challenge.id}
        points={challenge.points}
      />
      <section className={styles.section} aria-labelledby="pack-export">
        <h2 id="pack-export">{tp("exportTitle")}</h2>
        <p className="muted">{tp("exportLead")}</p>
        <PackExportButtons workspace={workspace.slug} challengeId={challenge.id} />
      </section>
      <DangerZone
        className={styles.section}
        t={t}
        action={deleteChallengeAction}
        workspace={workspace.slug}
        record={challenge}
      />
    </>
  );
}
