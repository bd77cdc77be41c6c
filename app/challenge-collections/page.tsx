import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { StackIcon } from "@/components/ui/icons";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("collections");
  return { title: t("title") };
}

export default function ChallengeCollectionsPage() {
  return (
    <ListingEmptyPage
      section="collections"
      icon={<StackIcon />}
      primaryHref="/challenges"
      secondaryHref="/console"
    />
  );
}
