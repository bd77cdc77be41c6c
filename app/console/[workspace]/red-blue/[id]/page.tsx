import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DangerZone } from "@/components/console/danger-zone";
import styles from "@/components/console/console.module.css";
import { RedBlueForm } from "@/components/red-blue/red-blue-form";
import { Standings } from "@/components/red-blue/standings";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { env } from "@/lib/env";
import { getStandings } from "@/lib/services/red-blue";
import { workspaceForPage } from "../../context";
import { nameAsTitle, type DetailProps } from "../../detail";
import { deleteRedBlueAction } from "../actions";
import { redBlueFormOptions } from "../form-options";
import { formValuesOf, redBlueForPage } from "../load";

export const generateMetadata = nameAsTitle(redBlueForPage);

export default async function RedBluePage({ params, searchParams }: DetailProps) {
  const { workspace: slug, id } = await params;
  const { workspace } = await workspaceForPage(slug);
  const challenge = await redBlueForPage(workspace.id, id);
  const [t, tc, options, standings, query] = await Promise.all([
    getTranslations("consolePages.redBlue"),
    getTranslations("consolePages.common"),
    redBlueFormOptions(workspace.id),
    getStandings(challenge.id, 20, { includeInactive: true }),
    searchParams,
  ]);
  const base = `/console/${workspace.slug}/red-blue`;
  return (
    <>
      <div className="page-header">
        <p>
          <Link href={base}>← {tc("back")}</Link>
        </p>
        <div className={styles.headerRow}>
          <h1>{challenge.name}</h1>
          <div className="cluster">
            <ButtonLink href={`${base}/${challenge.id}/pairings`} variant="secondary">
              {t("viewPairings")}
            </ButtonLink>
            {challenge.is_active ? (
              <ButtonLink href={`/red-blue/${challenge.id}`} variant="ghost">
                {t("openPublic")}
              </ButtonLink>
            ) : null}
          </div>
        </div>
        <p className="lead">{t("editLead")}</p>
      </div>
      {query.created ? (
        <Alert tone="success" className={styles.section}>
          {t("createdBody")}
        </Alert>
      ) : null}
      <div className="stack-lg">
        <RedBlueForm
          workspace={workspace.slug}
          imageHosts={env.MARKDOWN_IMAGE_HOSTS}
          options={options}
          challenge={formValuesOf(challenge)}
        />
        <Standings standings={standings} headingId="standings-heading" />
        <DangerZone t={t} action={deleteRedBlueAction} workspace={workspace.slug} record={challenge} />
      </div>
    </>
  );
}
