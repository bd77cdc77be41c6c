import { getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/docs/copy-button";
import styles from "./docs.module.css";

/** A copy-paste command of the docs, with its copy button. */
export async function CodeBlock({ children, testId }: { children: string; testId?: string }) {
  const t = await getTranslations("docs.api");
  return (
    <div className={styles.codeBlock} data-copyable>
      <pre className={styles.code} tabIndex={0} data-testid={testId}>
        <code>{children}</code>
      </pre>
      <CopyButton label={t("copy")} copiedLabel={t("copied")} className={styles.copy} />
    </div>
  );
}
