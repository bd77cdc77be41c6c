import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import type { PackError } from "@/lib/packs/types";
import packStyles from "./packs.module.css";

/** A bundle's validation errors, one `field — message` per line, announced as an alert. */
export function PackErrorList({ errors }: { errors: readonly PackError[] }) {
  const t = useTranslations("consolePages.packs");
  return (
    <Alert tone="error" title={t("invalid", { count: errors.length })}>
      <ul className={packStyles.errors} data-testid="pack-errors">
        {errors.map((e, i) => (
          <li key={i}>
            <code>{e.field}</code> — {e.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
