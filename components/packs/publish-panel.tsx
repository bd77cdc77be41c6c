"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { packPanelAction } from "@/app/console/[workspace]/packs/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PublishResult } from "@/lib/contracts/packs";
import packStyles from "./packs.module.css";
import type { PublishAnswer as Answer } from "./types";
import { YamlPanel } from "./yaml-panel";

export function PublishPanel({ workspace, example }: { workspace: string; example?: string }) {
  const t = useTranslations("consolePages.packs");
  return (
    <YamlPanel<Answer>
      workspace={workspace}
      example={example}
      action={packPanelAction}
      idPrefix="pack"
      fileLabel={t("fileLabel")}
      yamlLabel={t("yamlLabel")}
      yamlHint={t("yamlHint")}
      rows={18}
      buttons={(pending) => (
        <>
          <SubmitButton name="intent" value="validate" variant="secondary" pending={pending}>
            {t("validate")}
          </SubmitButton>
          <SubmitButton name="intent" value="publish" pending={pending}>
            {t("publish")}
          </SubmitButton>
        </>
      )}
      resultTestId="pack-panel-result"
      success={(data, key) =>
        data.kind === "valid" ? (
          <Alert key={key} tone="success" title={t("valid")}>
            {t("validDetail")}
          </Alert>
        ) : (
          <Published key={key} workspace={workspace} result={data.result} />
        )
      }
    />
  );
}

function Published({ workspace, result }: { workspace: string; result: PublishResult }) {
  const t = useTranslations("consolePages.packs");
  return (
    <Alert
      tone="success"
      title={
        result.created
          ? t("publishedNew", { number: result.version_number })
          : t("publishedSame", { number: result.version_number })
      }
    >
      <dl className={packStyles.ids} data-testid="pack-published-ids">
        <dt>{t("idPack")}</dt>
        <dd>
          <code>{result.challenge_pack_id}</code>
        </dd>
        <dt>{t("idVersion")}</dt>
        <dd>
          <code>{result.challenge_pack_version_id}</code>
        </dd>
        <dt>{t("idEvaluationSpec")}</dt>
        <dd>
          <code>{result.evaluation_spec_id}</code>
        </dd>
        <dt>{t("idInputSets")}</dt>
        <dd>
          {result.input_set_ids.map((id) => (
            <code key={id} className={packStyles.idLine}>
              {id}
            </code>
          ))}
        </dd>
      </dl>
      <p>
        <Link href={`/console/${workspace}/packs/${result.challenge_pack_id}`}>{t("openPack")}</Link>
      </p>
    </Alert>
  );
}
