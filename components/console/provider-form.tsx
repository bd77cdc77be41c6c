"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { createProviderAction } from "@/app/console/[workspace]/providers/actions";
import { Field } from "@/components/ui/field";
import styles from "./console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "./fields";
import { FormShell } from "./form-shell";

type State = Awaited<ReturnType<typeof createProviderAction>>;

export function ProviderForm({ workspace }: { workspace: string }) {
  const t = useTranslations("consolePages.providers");
  const [state, formAction, pending] = useActionState(createProviderAction, { status: "idle" } as State);
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  return (
    <FormShell
      key={state.at ?? 0}
      workspace={workspace}
      action={formAction}
      state={state}
      success={t("created")}
      pending={pending}
      submitLabel={t("submit")}
      layout="plain"
    >
      <div className={styles.grid2}>
        <Field id="provider-name" name="name" label={t("nameLabel")} required maxLength={60} defaultValue={v.name} error={e.name} />
        <SelectField
          id="provider-kind"
          name="kind"
          label={t("kindLabel")}
          defaultValue={v.kind ?? "openai-compatible"}
          error={e.kind}
          options={[
            { value: "openai-compatible", label: t("kindCompatible") },
            { value: "openai", label: t("kindOpenai") },
          ]}
        />
      </div>
      <Field
        id="provider-base-url"
        name="base_url"
        type="url"
        label={t("baseUrlLabel")}
        hint={t("baseUrlHint")}
        defaultValue={v.base_url}
        error={e.base_url}
      />
      <Field
        id="provider-api-key"
        name="api_key"
        type="password"
        autoComplete="off"
        label={t("apiKeyLabel")}
        hint={t("apiKeyHint")}
        error={e.api_key}
      />
      <TextAreaField
        id="provider-models"
        name="models"
        label={t("modelsLabel")}
        hint={t("modelsHint")}
        rows={3}
        defaultValue={v.models}
        error={e.models}
      />
      <CheckboxField id="provider-default" name="is_default" label={t("defaultLabel")} defaultChecked={v.is_default === "on"} />
    </FormShell>
  );
}
