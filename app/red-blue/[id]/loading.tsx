import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/spinner";

export default async function Loading() {
  const t = await getTranslations("redBlue.page");
  return (
    <p role="status" className="cluster" data-testid="red-blue-loading">
      <Spinner /> {t("loading")}
    </p>
  );
}
