"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { createCollectionAction, updateCollectionAction } from "@/app/console/[workspace]/collections/actions";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { MAX_INSTRUCTIONS_CHARS } from "@/lib/contracts/challenges";
import type { CollectionSettings } from "@/lib/contracts/collections";
import { COLLECTION_STRATEGIES } from "@/lib/contracts/scoring";
import type { PluginOption } from "./challenge-defaults";
import styles from "./console.module.css";
import { CheckboxField, SelectField, TextAreaField } from "./fields";
import { FormShell, useEditorForm } from "./form-shell";
import { MarkdownEditor } from "./markdown-editor";
import { ThemeCard } from "./theme-card";

export interface CollectionFormValues extends CollectionSettings {
  id?: string;
}

export function CollectionForm({
  workspace,
  collection,
  scorers,
  imageHosts,
}: {
  workspace: string;
  collection: CollectionFormValues;
  scorers: PluginOption[];
  imageHosts?: readonly string[];
}) {
  const t = useTranslations("consolePages.collections");
  const tf = useTranslations("consolePages.challengeForm");
  const tl = useTranslations("ladder.console");
  const editing = collection.id !== undefined;
  const { e, shell } = useEditorForm(createCollectionAction, updateCollectionAction, editing, {
    saved: tf("saved"),
    save: t("save"),
    create: t("create"),
  });
  const [strategy, setStrategy] = useState(collection.scoring_strategy);
  const [plugin, setPlugin] = useState(collection.scoring_plugin_id ?? "");

  return (
    <FormShell workspace={workspace} id={collection.id} {...shell} testId="collection-form">
      <Card title={t("detailsTitle")} headingLevel={2}>
        <Field id="collection-name" name="name" label={t("name")} required maxLength={120} defaultValue={collection.name} error={e.name} />
        <TextAreaField
          id="collection-description"
          name="description"
          label={t("description")}
          rows={2}
          maxLength={2000}
          defaultValue={collection.description ?? ""}
          error={e.description}
        />
        <CheckboxField id="collection-public" name="is_public" label={t("isPublic")} hint={t("isPublicHint")} defaultChecked={collection.is_public} />
        <CheckboxField id="collection-gated" name="gated" label={tl("gated")} hint={tl("gatedHint")} defaultChecked={collection.gated} />
      </Card>
      <Card title={t("strategyTitle")} description={t("strategyLead")} headingLevel={2}>
        <SelectField
          id="collection-strategy"
          name="scoring_strategy"
          label={t("strategy")}
          value={strategy}
          onChange={(event) => setStrategy(event.target.value)}
          options={COLLECTION_STRATEGIES.map((s) => ({ value: s, label: t(`strategies.${s}`) }))}
          error={e.scoring_strategy}
        />
        {strategy === "custom" ? (
          <>
            <div className={styles.grid2}>
              <SelectField
                id="collection-plugin"
                name="scoring_plugin_id"
                label={tf("scoringPlugin")}
                hint={scorers.length === 0 ? tf("noScorerPlugins") : undefined}
                value={plugin}
                onChange={(event) => setPlugin(event.target.value)}
                options={[
                  { value: "", label: tf("choosePlugin") },
                  ...scorers.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
                ]}
                error={e.scoring_plugin_id}
              />
              <SelectField
                id="collection-entrypoint"
                name="scoring_entrypoint"
                label={tf("entrypoint")}
                key={plugin}
                defaultValue={collection.scoring_entrypoint ?? ""}
                options={[
                  { value: "", label: tf("defaultEntrypoint") },
                  ...(scorers.find((p) => p.pluginId === plugin)?.entrypoints ?? []).map((ep) => ({ value: ep, label: ep })),
                ]}
                error={e.scoring_entrypoint}
              />
            </div>
            <TextAreaField
              id="collection-scoring-config"
              name="scoring_config"
              label={tf("scoringConfig")}
              hint={tf("pluginConfigHint")}
              rows={4}
              mono
              placeholder="{}"
              defaultValue={collection.scoring_config ? JSON.stringify(collection.scoring_config, null, 2) : ""}
              error={e.scoring_config}
            />
          </>
        ) : null}
      </Card>
      <Card title={tf("instructionsTitle")} headingLevel={2}>
        <MarkdownEditor
          id="collection-instructions"
          name="instructions_md"
          label={tf("instructions")}
          hint={tf("instructionsHint")}
          maxLength={MAX_INSTRUCTIONS_CHARS}
          defaultValue={collection.instructions_md ?? ""}
          error={e.instructions_md}
          imageHosts={imageHosts}
        />
      </Card>
      <ThemeCard
        title={tf("appearanceTitle")}
        description={tf("appearanceLead")}
        id="collection-theme"
        workspace={workspace}
        initial={collection.theme}
        error={e.theme}
      />
    </FormShell>
  );
}
