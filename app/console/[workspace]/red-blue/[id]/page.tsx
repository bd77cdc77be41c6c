import { getTranslations } from "next-intl/server";
import { DangerZone } from "@/components/console/danger-zone";
import { RedBlueForm } from "@/components/red-blue/red-blue-form";
import { Standings } from "@/components/red-blue/standings";
import { BackHeader, CreatedAlert } from "@/components/console/back-header";
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
  const [t, options, standings, query] = await Promise.all([
    getTranslations("consolePages.redBlue"),
    redBlueFormOptions(workspace.id),
    getStandings(challenge.id, 20, { includeInactive: true }),
    searchParams,
  ]);
  const base = `/console/${workspace.slug}/red-blue`;
  return (
    <>
      <BackHeader
        backHref={base}
        title={challenge.name}
        actions={
          <>
            <ButtonLink href={`${base}/${challenge.id}/pairings`} variant="secondary">
              {t("viewPairings")}
            </ButtonLink>
            {challenge.is_active ? (
              <ButtonLink href={`/red-blue/${challenge.id}`} variant="ghost">
                {t("openPublic")}
              </ButtonLink>
            ) : null}
          </>
        }
        lead={t("editLead")}
      />
      <CreatedAlert shown={!!query.created} body={t("createdBody")} />
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
