"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Config } from "@/components/builder/config-model";
import { CheckboxField, IssueList, SelectField } from "@/components/builder/fields";
import { AddItemButton, RemoveItemButton, str } from "@/components/builder/node-editor-kit";
import type { NodeEditorProps } from "@/components/builder/node-editor-kit";
import { TemplateInput } from "@/components/builder/template-input";
import { templateVariables } from "@/components/builder/variables";
import { CONDITION_OPERATORS, UNARY_OPERATORS } from "./definition";
import styles from "@/components/builder/builder.module.css";

export function IfElseEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder.nodeTypes.if-else");
  const variables = useMemo(() => templateVariables(ctx.graph, ctx.nodeId), [ctx.graph, ctx.nodeId]);
  const conditions = Array.isArray(ctx.config.conditions) ? (ctx.config.conditions as Config[]) : [];
  return (
    <>
      <SelectField
        id={ctx.fieldId(["logical_operator"])}
        label={t("logicalOperator")}
        value={(str(ctx.config.logical_operator) || "and") as "and" | "or"}
        options={[
          { value: "and", label: t("and") },
          { value: "or", label: t("or") },
        ]}
        onChange={(v) => ctx.set(["logical_operator"], v)}
      />
      <IssueList messages={ctx.issues.get("conditions")} />
      {conditions.map((c, i) => {
        const operator = CONDITION_OPERATORS.find((o) => o === c.operator) ?? "equals";
        return (
          <div key={i} className={styles.row}>
            <SelectField
              id={ctx.fieldId(["conditions", i, "operator"])}
              label={t("operator")}
              value={operator}
              options={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`operators.${o}`) }))}
              errors={ctx.errors(["conditions", i, "operator"])}
              onChange={(v) => ctx.set(["conditions", i, "operator"], v)}
            />
            {UNARY_OPERATORS.includes(operator) ? null : (
              <TemplateInput
                id={ctx.fieldId(["conditions", i, "value"])}
                label={t("conditionValue")}
                multiline={false}
                variables={variables}
                value={str(c.value)}
                errors={ctx.errors(["conditions", i, "value"])}
                onChange={(v) => ctx.set(["conditions", i, "value"], v)}
              />
            )}
            <CheckboxField
              id={ctx.fieldId(["conditions", i, "case_sensitive"])}
              label={t("caseSensitive")}
              checked={c.case_sensitive === true}
              onChange={(v) => ctx.set(["conditions", i, "case_sensitive"], v)}
            />
            <RemoveItemButton ctx={ctx} name="conditions" items={conditions} index={i}>
              {t("removeCondition", { index: i + 1 })}
            </RemoveItemButton>
          </div>
        );
      })}
      <AddItemButton
        ctx={ctx}
        name="conditions"
        items={conditions}
        item={{ operator: "equals", value: "", case_sensitive: false }}
      >
        {t("addCondition")}
      </AddItemButton>
    </>
  );
}
