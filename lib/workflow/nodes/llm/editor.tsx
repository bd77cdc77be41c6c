"use client";

import { useTranslations } from "next-intl";
import { NumberField } from "@/components/builder/fields";
import { ModelField, TemplateField, type NodeEditorProps } from "@/components/builder/node-editor-kit";
import styles from "@/components/builder/builder.module.css";

export function LlmEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder");
  const own = useTranslations("builder.nodeTypes.llm");
  return (
    <>
      <ModelField ctx={ctx} path={["model"]} label={own("model")} />
      <TemplateField
        ctx={ctx}
        path={["system_template"]}
        label={own("systemTemplate")}
        hint={t("fields.templateHint")}
      />
      <TemplateField ctx={ctx} path={["user_template"]} label={own("userTemplate")} rows={2} />
      <div className={styles.row}>
        <NumberField
          id={ctx.fieldId(["temperature"])}
          label={own("temperature")}
          step={0.1}
          min={0}
          max={2}
          value={ctx.config.temperature}
          errors={ctx.errors(["temperature"])}
          onChange={(v) => ctx.set(["temperature"], v)}
        />
        <NumberField
          id={ctx.fieldId(["max_tokens"])}
          label={own("maxTokens")}
          min={1}
          value={ctx.config.max_tokens}
          errors={ctx.errors(["max_tokens"])}
          onChange={(v) => ctx.set(["max_tokens"], v)}
        />
      </div>
    </>
  );
}
