"use client";

import { useTranslations } from "next-intl";
import { useMemo, type ComponentType, type ReactNode } from "react";
import {
  DEFAULT_NODE_PASS_THRESHOLD,
  DEFAULT_RATING_SCALE,
} from "@/lib/workflow/nodes/judging-llm/definition";
import { Button } from "@/components/ui/button";
import { getAt, type ConfigPath } from "./config-model";
import { CheckboxField, NumberField, TextField } from "./fields";
import { JudgePreview } from "./judge-preview";
import { ModelField } from "./model-field";
import { TemplateInput } from "./template-input";
import type { NodeEditorContext } from "./types";
import { VariablePicker } from "./variable-picker";
import { templateVariables } from "./variables";
import styles from "./builder.module.css";

// What a node type's editor (lib/workflow/nodes/<type>/editor.tsx) gets from the config panel, and
// the field groups several editors share. Their messages are under builder.fields; a node type's
// own messages are in its folder.

export type { NodeEditorContext };

export interface NodeEditorProps {
  ctx: NodeEditorContext;
}

export type NodeEditor = ComponentType<NodeEditorProps>;

export { ModelField };

export const str = (v: unknown) => (typeof v === "string" ? v : "");

/** Removes item `index` of the config list `name`. */
export function RemoveItemButton({
  ctx,
  name,
  items,
  index,
  children,
}: NodeEditorProps & { name: string; items: readonly unknown[]; index: number; children: ReactNode }) {
  return (
    <Button size="sm" variant="ghost" onClick={() => ctx.set([name], items.filter((_, j) => j !== index))}>
      {children}
    </Button>
  );
}

/** Appends `item` to the config list `name`. */
export function AddItemButton({
  ctx,
  name,
  items,
  item,
  children,
}: NodeEditorProps & { name: string; items: readonly unknown[]; item: unknown; children: ReactNode }) {
  return (
    <Button size="sm" variant="secondary" onClick={() => ctx.set([name], [...items, item])}>
      {children}
    </Button>
  );
}

/** A template text field (typing `{{` suggests variables) with the variable picker under it. */
export function TemplateField({
  ctx,
  path,
  label,
  hint,
  rows,
}: {
  ctx: NodeEditorContext;
  path: ConfigPath;
  label: string;
  hint?: ReactNode;
  rows?: number;
}) {
  const value = str(getAt(ctx.config, path));
  const variables = useMemo(() => templateVariables(ctx.graph, ctx.nodeId), [ctx.graph, ctx.nodeId]);
  return (
    <>
      <TemplateInput
        id={ctx.fieldId(path)}
        label={label}
        hint={hint}
        rows={rows}
        value={value}
        variables={variables}
        errors={ctx.errors(path)}
        onChange={(v) => ctx.set(path, v)}
      />
      <VariablePicker
        graph={ctx.graph}
        nodeId={ctx.nodeId}
        fieldId={ctx.fieldId(path)}
        value={value}
        onChange={(v) => ctx.set(path, v)}
      />
    </>
  );
}

/** The whole editor of a node whose only setting is `template` (Template, Answer). */
export function TemplateOnlyEditor({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder");
  return (
    <TemplateField
      ctx={ctx}
      path={["template"]}
      label={t("fields.template")}
      hint={t("fields.templateHint")}
    />
  );
}

export function GoalField({ ctx }: NodeEditorProps) {
  const t = useTranslations("builder");
  return (
    <TextField
      id={ctx.fieldId(["goal"])}
      label={t("fields.goal")}
      hint={t("fields.goalHint")}
      multiline
      rows={2}
      value={str(ctx.config.goal)}
      errors={ctx.errors(["goal"])}
      onChange={(v) => ctx.set(["goal"], v === "" ? undefined : v)}
    />
  );
}

/** Checked unless secret_as_hint is false; the caller decides what a change stores. */
export function SecretAsHintField({
  ctx,
  onChange,
}: NodeEditorProps & { onChange: (checked: boolean) => void }) {
  const t = useTranslations("builder");
  return (
    <CheckboxField
      id={ctx.fieldId(["secret_as_hint"])}
      label={t("fields.secretAsHint")}
      hint={t("fields.secretAsHintHint")}
      checked={ctx.config.secret_as_hint !== false}
      onChange={onChange}
    />
  );
}

/** Rubric, scale and threshold: shared by the Judging LLM node and the Prompt Challenge's judge mode. */
export function JudgeSettings({ ctx, maxTokensKey }: NodeEditorProps & { maxTokensKey: string }) {
  const t = useTranslations("builder");
  const ratingScale =
    typeof ctx.config.rating_scale === "number" ? ctx.config.rating_scale : DEFAULT_RATING_SCALE;
  const passThreshold =
    typeof ctx.config.pass_threshold === "number" ? ctx.config.pass_threshold : DEFAULT_NODE_PASS_THRESHOLD;
  return (
    <>
      <ModelField ctx={ctx} path={["judge_model"]} label={t("fields.judgeModel")} />
      <TextField
        id={ctx.fieldId(["rubric_prompt_template"])}
        label={t("fields.rubric")}
        hint={t("fields.rubricHint")}
        multiline
        value={str(ctx.config.rubric_prompt_template)}
        errors={ctx.errors(["rubric_prompt_template"])}
        onChange={(v) => ctx.set(["rubric_prompt_template"], v)}
      />
      <div className={styles.row}>
        <NumberField
          id={ctx.fieldId(["rating_scale"])}
          label={t("fields.ratingScale")}
          min={1}
          max={100}
          value={ctx.config.rating_scale}
          errors={ctx.errors(["rating_scale"])}
          onChange={(v) => ctx.set(["rating_scale"], v)}
        />
        <NumberField
          id={ctx.fieldId(["pass_threshold"])}
          label={t("fields.passThreshold")}
          min={0}
          value={ctx.config.pass_threshold}
          errors={ctx.errors(["pass_threshold"])}
          onChange={(v) => ctx.set(["pass_threshold"], v)}
        />
        <NumberField
          id={ctx.fieldId([maxTokensKey])}
          label={t("fields.maxTokens")}
          min={16}
          value={ctx.config[maxTokensKey]}
          errors={ctx.errors([maxTokensKey])}
          onChange={(v) => ctx.set([maxTokensKey], v)}
        />
      </div>
      <GoalField ctx={ctx} />
      <JudgePreview ratingScale={ratingScale} passThreshold={passThreshold} />
    </>
  );
}
