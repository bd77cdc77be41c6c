import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

type Section = "challenges" | "collections" | "redBlue" | "arena";

/**
 * A public listing page whose data does not exist yet: a heading, one line about the area, and an
 * honest empty state saying what happens here and what to do next. No placeholder data.
 */
export async function ListingEmptyPage({
  section,
  icon,
  primaryHref,
  secondaryHref,
}: {
  section: Section;
  icon: ReactNode;
  primaryHref: string;
  secondaryHref?: string;
}) {
  const t = await getTranslations(section);
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
      </div>
      <EmptyState
        icon={icon}
        title={t("emptyTitle")}
        description={t("emptyDescription")}
        action={
          <>
            <ButtonLink href={primaryHref}>{t("emptyAction")}</ButtonLink>
            {secondaryHref ? (
              <ButtonLink href={secondaryHref} variant="secondary">
                {t("emptySecondaryAction")}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </>
  );
}
