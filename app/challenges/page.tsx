import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { TargetIcon } from "@/components/ui/icons";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("challenges");
  return { title: t("title") };
}

export default function ChallengesPage() {
  return (
    <ListingEmptyPage
      section="challenges"
      icon={<TargetIcon />}
      primaryHref="/console"
      secondaryHref="/arena"
    />
  );
}
