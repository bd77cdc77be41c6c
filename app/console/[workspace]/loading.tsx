import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/spinner";

export default async function Loading() {
  const t = await getTranslations("consolePages.common");
  return (
    <p role="status" className="cluster muted">
      <Spinner /> {t("loading")}
    </p>
  );
}
