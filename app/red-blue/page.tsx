import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RedBlueCard } from "@/components/red-blue/red-blue-card";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { ShieldSplitIcon } from "@/components/ui/icons";
import { listPublicRedBlue } from "@/lib/services/red-blue";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("redBlue");
  return { title: t("title") };
}

export default async function RedBluePage() {
  const challenges = await listPublicRedBlue();
  if (challenges.length === 0) {
    return (
      <ListingEmptyPage
        section="redBlue"
        icon={<ShieldSplitIcon />}
        primaryHref="/challenges"
        secondaryHref="/console"
      />
    );
  }
  const t = await getTranslations("redBlue");
  return (
    <>
      <div className="page-header">
        <h1>{t("title")}</h1>
        <p className="lead">{t("lead")}</p>
        <p className="muted">{t("list.count", { count: challenges.length })}</p>
      </div>
      <ul className="card-grid" data-testid="red-blue-list">
        {challenges.map((c) => (
          <RedBlueCard key={c.id} challenge={c} />
        ))}
      </ul>
    </>
  );
}
