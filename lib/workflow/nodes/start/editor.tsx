"use client";

import { useTranslations } from "next-intl";
import { CheckboxField, IssueList, NumberField, SelectField, TextField } from "@/components/builder/fields";
import type { Config } from "@/components/builder/config-model";
import { AddItemButton, RemoveItemButton, str } from "@/components/builder/node-editor-kit";
import type { NodeEditorProps } from "@/components/builder/node-editor-kit";
import styles from "@/components/builder/builder.module.css";

export function StartEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.start");
  const variables = Array.isArray(ctx.config.variables) ? (ctx.config.variables as Config[]) : [];
  return (
    <>
      <p className={styles.fieldHint}>{t("variablesHint")}</p>
      <IssueList messages={ctx.errors(["variables"]).length > 0 ? ctx.issues.get("variables") : undefined} />
      {variables.map((v, i) => (
        <div key={i} className={styles.row} data-testid={`variable-${i}`}>
          <TextField
            id={ctx.fieldId(["variables", i, "name"])}
            label={t("variableName")}
            value={str(v.name)}
            errors={ctx.errors(["variables", i, "name"])}
            onChange={(value) => ctx.set(["variables", i, "name"], value)}
          />
          <SelectField
            id={ctx.fieldId(["variables", i, "type"])}
            label={t("variableType")}
            value={(str(v.type) || "string") as "string" | "number" | "boolean"}
            options={(["string", "number", "boolean"] as const).map((x) => ({ value: x, label: x }))}
            errors={ctx.errors(["variables", i, "type"])}
            onChange={(value) => ctx.set(["variables", i, "type"], value)}
          />
          <NumberField
            id={ctx.fieldId(["variables", i, "max_length"])}
            label={t("maxLength")}
            value={v.max_length}
            min={1}
            errors={ctx.errors(["variables", i, "max_length"])}
            onChange={(value) => ctx.set(["variables", i, "max_length"], value)}
          />
          <CheckboxField
            id={ctx.fieldId(["variables", i, "required"])}
            label={t("required")}
            checked={v.required !== false}
            onChange={(value) => ctx.set(["variables", i, "required"], value)}
          />
          <RemoveItemButton ctx={ctx} name="variables" items={variables} index={i}>
            {t("removeVariable", { name: str(v.name) || String(i + 1) })}
          </RemoveItemButton>
        </div>
      ))}
      <AddItemButton
        ctx={ctx}
        name="variables"
        items={variables}
        item={{ name: `input_${variables.length + 1}`, type: "string", required: false }}
      >
        {t("addVariable")}
      </AddItemButton>
    </>
  );
}
