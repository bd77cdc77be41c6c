import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListingEmptyPage } from "@/components/shell/listing-empty-page";
import { ShieldSplitIcon } from "@/components/ui/icons";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("redBlue");
  return { title: t("title") };
}

export default function RedBluePage() {
  return (
    <ListingEmptyPage
      section="redBlue"
      icon={<ShieldSplitIcon />}
      primaryHref="/challenges"
      secondaryHref="/console"
    />
  );
}
