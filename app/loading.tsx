import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";
import styles from "@/components/shell/loading.module.css";

export default function Loading() {
  const t = useTranslations("common");
  return (
    <div className={styles.loading} aria-busy="true" role="status">
      <Spinner size="1.25rem" />
      <span>{t("loading")}</span>
      <div className={styles.skeleton} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
