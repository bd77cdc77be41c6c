import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CompassIcon } from "@/components/ui/icons";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.notFound");
  return { title: t("title") };
}

export default async function NotFound() {
  const t = await getTranslations("errors.notFound");
  return (
    <EmptyState
      headingLevel={1}
      icon={<CompassIcon />}
      title={t("title")}
      description={t("description")}
      action={
        <>
          <ButtonLink href="/">{t("home")}</ButtonLink>
          <ButtonLink href="/challenges" variant="secondary">
            {t("challenges")}
          </ButtonLink>
        </>
      }
    >
      <p className="muted">{t.rich("help", { link: (chunks) => <Link href="/console">{chunks}</Link> })}</p>
    </EmptyState>
  );
}
