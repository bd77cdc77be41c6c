"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { packImportAction } from "@/app/console/[workspace]/packs/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import packStyles from "./packs.module.css";
import type { Imported } from "./types";
import { YamlPanel } from "./yaml-panel";

/** "Import as challenges": a pack (file or pasted YAML) → draft challenges of the workspace. */
export function ImportPanel({ workspace, example }: { workspace: string; example?: string }) {
  const t = useTranslations("consolePages.packConvert");
  return (
    <YamlPanel<Imported>
      workspace={workspace}
      example={example}
      action={packImportAction}
      idPrefix="import-pack"
      fileLabel={t("importFileLabel")}
      yamlLabel={t("importYamlLabel")}
      yamlHint={t("importYamlHint")}
      rows={12}
      buttons={(pending) => <SubmitButton pending={pending}>{t("import")}</SubmitButton>}
      resultTestId="pack-import-result"
      success={(data, key) => (
        <Alert key={key} tone="success" title={t("imported", { count: data.challenges.length })}>
          <ul className={packStyles.errors} data-testid="pack-imported">
            {data.challenges.map((c) => (
              <li key={c.id}>
                <Link href={`/console/${workspace}/challenges/${c.id}`}>{c.title}</Link> (
                <code>{c.slug}</code>)
              </li>
            ))}
          </ul>
        </Alert>
      )}
    />
  );
}
