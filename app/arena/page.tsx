import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { ArenaIcon } from "@/components/ui/icons";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("arena");
  return { title: t("title") };
}

export default function ArenaPage() {
  return <ListingEmptyPage section="arena" icon={<ArenaIcon />} primaryHref="/challenges" />;
}
