"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { EVALUATOR_TYPES as MODES } from "@/lib/contracts/evaluation";
import { CHALLENGE_STRATEGIES as STRATEGIES } from "@/lib/contracts/scoring";
import { compileConfigSchema } from "@/lib/validation/plugins";
import type { NodeDefinition } from "@/lib/workflow/definition-types";
import { CONDITION_OPERATORS, UNARY_OPERATORS } from "@/lib/workflow/nodes/if-else/definition";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/registry";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { VariablePicker } from "./variable-picker";
import { outputRef } from "./variables";
import { configIssues, getAt, issuesUnder, type Config, type ConfigPath } from "./config-model";
import { CheckboxField, NumberField, SelectField, TextField } from "./fields";
import { connectableSources, outputPortsFor } from "./graph-model";
import { JudgePreview } from "./judge-preview";
import type { BuilderOptions } from "./types";
import type { FlowNode } from "./workflow-node";
import styles from "./builder.module.css";

export interface ConfigPanelProps {
  node: FlowNode;
  graph: WorkflowGraph;
  graphIssues: readonly string[];
  options: BuilderOptions;
  onConfigChange: (nodeId: string, path: ConfigPath, value: unknown) => void;
  onLabelChange: (nodeId: string, label: string) => void;
  onConnect: (c: { source: string; sourceHandle: string; target: string; targetHandle: string }) => void;
  onDisconnect: (edgeId: string) => void;
  onDelete: (nodeId: string) => void;
}

interface PanelCtx {
  nodeId: string;
  config: Config;
  issues: Map<string, string[]>;
  set: (path: ConfigPath, value: unknown) => void;
  fieldId: (path: ConfigPath) => string;
  errors: (path: ConfigPath) => string[];
  options: BuilderOptions;
  graph: WorkflowGraph;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function ConfigPanel(props: ConfigPanelProps) {
  const { node, graph, graphIssues, options } = props;
  const t = useTranslations("builder");
  const baseId = useId();
  const definition = node.type ? getNodeDefinition(node.type) : undefined;
  const config = node.data.config;
  const issues = useMemo(
    () => (definition ? configIssues(definition, config) : new Map<string, string[]>()),
    [definition, config],
  );

  if (!definition || !node.type || !isNodeType(node.type)) {
    return <p>{t("canvas.unknownType", { type: node.type ?? "" })}</p>;
  }
  const ctx: PanelCtx = {
    nodeId: node.id,
    config,
    issues,
    set: (path, value) => props.onConfigChange(node.id, path, value),
    fieldId: (path) => `${baseId}-${path.join("-")}`,
    errors: (path) => issuesUnder(issues, path),
    options,
    graph,
  };
  const outputs = outputPortsFor(definition, config).map((p) => outputRef(graph, node.id, p.id));

  return (
    <div className={styles.panelBody} data-testid="config-panel" data-node-id={node.id}>
      <div className={styles.panelHeading}>
        <h3>{t(`nodeTypes.${node.type}.label`)}</h3>
        <code>{node.id}</code>
      </div>
      <p className={styles.fieldHint}>{t(`nodeTypes.${node.type}.description`)}</p>
      <p className={styles.fieldHint} data-testid="output-refs">
        {outputs.length > 0 ? t("panel.outputsHint", { refs: outputs.join(", ") }) : t("panel.noOutputs")}
      </p>

      {graphIssues.length > 0 ? (
        <div className={styles.panelIssues} role="status" data-testid="panel-issues">
          <p className={styles.label}>{t("panel.nodeIssues")}</p>
          <ul>
            {graphIssues.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {issues.get("")?.length ? (
        <ul className={styles.fieldError}>
          {issues.get("")!.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}

      <TextField
        id={`${baseId}-label`}
        label={t("panel.label")}
        hint={t("panel.labelHint")}
        value={node.data.label ?? ""}
        onChange={(v) => props.onLabelChange(node.id, v)}
      />

      <fieldset className={styles.fieldset}>
        <legend>{t("panel.settings")}</legend>
        {node.type === "start" ? <StartFields ctx={ctx} /> : null}
        {node.type === "llm" ? <LlmFields ctx={ctx} /> : null}
        {node.type === "judging-llm" ? <JudgingFields ctx={ctx} /> : null}
        {node.type === "challenge-evaluator" ? <EvaluatorFields ctx={ctx} /> : null}
        {node.type === "if-else" ? <IfElseFields ctx={ctx} /> : null}
        {node.type === "template" || node.type === "answer" ? (
          <TextField
            id={ctx.fieldId(["template"])}
            label={t("fields.template")}
            hint={t("fields.templateHint")}
            multiline
            value={str(config.template)}
            errors={ctx.errors(["template"])}
            onChange={(v) => ctx.set(["template"], v)}
          />
        ) : null}
        {node.type === "template" || node.type === "answer" ? <TemplatePicker ctx={ctx} path={["template"]} /> : null}
      </fieldset>

      <Connections {...props} definition={definition} graph={graph} />

      <Button variant="danger" size="sm" onClick={() => props.onDelete(node.id)}>
        {t("panel.deleteNode")}
      </Button>
    </div>
  );
}

function ModelField({ ctx, path, label }: { ctx: PanelCtx; path: ConfigPath; label: string }) {
  const t = useTranslations("builder");
  const listId = `${ctx.fieldId(path)}-models`;
  return (
    <>
      <TextField
        id={ctx.fieldId(path)}
        label={label}
        hint={t("fields.modelHint")}
        list={listId}
        value={str(getAt(ctx.config, path))}
        errors={ctx.errors(path)}
        onChange={(v) => ctx.set(path, v === "" ? undefined : v)}
      />
      <datalist id={listId}>
        {ctx.options.models.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

function StartFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  const variables = Array.isArray(ctx.config.variables) ? (ctx.config.variables as Config[]) : [];
  return (
    <>
      <p className={styles.fieldHint}>{t("fields.variablesHint")}</p>
      {ctx.errors(["variables"]).length > 0 && (ctx.issues.get("variables")?.length ?? 0) > 0 ? (
        <ul className={styles.fieldError}>
          {ctx.issues.get("variables")!.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
      {variables.map((v, i) => (
        <div key={i} className={styles.row} data-testid={`variable-${i}`}>
          <TextField
            id={ctx.fieldId(["variables", i, "name"])}
            label={t("fields.variableName")}
            value={str(v.name)}
            errors={ctx.errors(["variables", i, "name"])}
            onChange={(value) => ctx.set(["variables", i, "name"], value)}
          />
          <SelectField
            id={ctx.fieldId(["variables", i, "type"])}
            label={t("fields.variableType")}
            value={(str(v.type) || "string") as "string" | "number" | "boolean"}
            options={(["string", "number", "boolean"] as const).map((x) => ({ value: x, label: x }))}
            errors={ctx.errors(["variables", i, "type"])}
            onChange={(value) => ctx.set(["variables", i, "type"], value)}
          />
          <NumberField
            id={ctx.fieldId(["variables", i, "max_length"])}
            label={t("fields.maxLength")}
            value={v.max_length}
            min={1}
            errors={ctx.errors(["variables", i, "max_length"])}
            onChange={(value) => ctx.set(["variables", i, "max_length"], value)}
          />
          <CheckboxField
            id={ctx.fieldId(["variables", i, "required"])}
            label={t("fields.required")}
            checked={v.required !== false}
            onChange={(value) => ctx.set(["variables", i, "required"], value)}
          />
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              ctx.set(
                ["variables"],
                variables.filter((_, j) => j !== i),
              )
            }
          >
            {t("fields.removeVariable", { name: str(v.name) || String(i + 1) })}
          </Button>
        </div>
      ))}
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          ctx.set(
            ["variables"],
            [...variables, { name: `input_${variables.length + 1}`, type: "string", required: false }],
          )
        }
      >
        {t("fields.addVariable")}
      </Button>
    </>
  );
}

/** The variable picker for the template field at `path` of this node. */
function TemplatePicker({ ctx, path }: { ctx: PanelCtx; path: ConfigPath }) {
  return (
    <VariablePicker
      graph={ctx.graph}
      nodeId={ctx.nodeId}
      fieldId={ctx.fieldId(path)}
      value={str(getAt(ctx.config, path))}
      onChange={(v) => ctx.set(path, v)}
    />
  );
}

function LlmFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  return (
    <>
      <ModelField ctx={ctx} path={["model"]} label={t("fields.model")} />
      <TextField
        id={ctx.fieldId(["system_template"])}
        label={t("fields.systemTemplate")}
        hint={t("fields.templateHint")}
        multiline
        value={str(ctx.config.system_template)}
        errors={ctx.errors(["system_template"])}
        onChange={(v) => ctx.set(["system_template"], v)}
      />
      <TemplatePicker ctx={ctx} path={["system_template"]} />
      <TextField
        id={ctx.fieldId(["user_template"])}
        label={t("fields.userTemplate")}
        multiline
        rows={2}
        value={str(ctx.config.user_template)}
        errors={ctx.errors(["user_template"])}
        onChange={(v) => ctx.set(["user_template"], v)}
      />
      <TemplatePicker ctx={ctx} path={["user_template"]} />
      <div className={styles.row}>
        <NumberField
          id={ctx.fieldId(["temperature"])}
          label={t("fields.temperature")}
          step={0.1}
          min={0}
          max={2}
          value={ctx.config.temperature}
          errors={ctx.errors(["temperature"])}
          onChange={(v) => ctx.set(["temperature"], v)}
        />
        <NumberField
          id={ctx.fieldId(["max_tokens"])}
          label={t("fields.maxTokens")}
          min={1}
          value={ctx.config.max_tokens}
          errors={ctx.errors(["max_tokens"])}
          onChange={(v) => ctx.set(["max_tokens"], v)}
        />
      </div>
    </>
  );
}

/** Rubric, scale and threshold: shared by the Judging LLM node and the Prompt Challenge's judge mode. */
function JudgeSettings({
  ctx,
  modelKey,
  maxTokensKey,
  defaults,
}: {
  ctx: PanelCtx;
  modelKey: string;
  maxTokensKey: string;
  defaults: { ratingScale: number; passThreshold: number };
}) {
  const t = useTranslations("builder");
  const ratingScale =
    typeof ctx.config.rating_scale === "number" ? ctx.config.rating_scale : defaults.ratingScale;
  const passThreshold =
    typeof ctx.config.pass_threshold === "number" ? ctx.config.pass_threshold : defaults.passThreshold;
  return (
    <>
      <ModelField ctx={ctx} path={[modelKey]} label={t("fields.judgeModel")} />
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
      <JudgePreview ratingScale={ratingScale} passThreshold={passThreshold} />
    </>
  );
}

function JudgingFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  return (
    <>
      <JudgeSettings
        ctx={ctx}
        modelKey="judge_model"
        maxTokensKey="max_tokens"
        defaults={{ ratingScale: 10, passThreshold: 5 }}
      />
      <CheckboxField
        id={ctx.fieldId(["secret_as_hint"])}
        label={t("fields.secretAsHint")}
        hint={t("fields.secretAsHintHint")}
        checked={ctx.config.secret_as_hint !== false}
        onChange={(v) => ctx.set(["secret_as_hint"], v)}
      />
    </>
  );
}

type Mode = (typeof MODES)[number];

function EvaluatorFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  const challenge = ctx.options.challenge;
  const explicitMode = MODES.find((m) => m === ctx.config.evaluation_mode);
  const mode: Mode = explicitMode ?? MODES.find((m) => m === challenge.evaluatorType) ?? "rules";
  const tabId = (m: Mode) => `${ctx.fieldId(["evaluation_mode"])}-${m}`;
  const strategy = STRATEGIES.find((s) => s === ctx.config.scoring_strategy);
  const effectiveStrategy = strategy ?? challenge.scoringStrategy;

  return (
    <>
      <div className={styles.field}>
        <span className={styles.label} id={`${ctx.fieldId(["evaluation_mode"])}-label`}>
          {t("evaluator.mode")}
        </span>
        <div
          role="tablist"
          aria-labelledby={`${ctx.fieldId(["evaluation_mode"])}-label`}
          className={styles.tabs}
        >
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={tabId(m)}
              aria-selected={mode === m}
              aria-controls={`${tabId(m)}-panel`}
              className={styles.tab}
              onClick={() => ctx.set(["evaluation_mode"], m)}
            >
              {t(`evaluator.modes.${m}`)}
            </button>
          ))}
        </div>
        <p className={styles.fieldHint}>
          {explicitMode
            ? t("evaluator.modeExplicit")
            : t("evaluator.modeFromChallenge", { mode: t(`evaluator.modes.${mode}`) })}
        </p>
        {explicitMode ? (
          <Button size="sm" variant="ghost" onClick={() => ctx.set(["evaluation_mode"], undefined)}>
            {t("evaluator.useChallengeMode")}
          </Button>
        ) : null}
      </div>

      <div
        role="tabpanel"
        id={`${tabId(mode)}-panel`}
        aria-labelledby={tabId(mode)}
        className={styles.tabPanel}
      >
        {mode === "rules" ? <RulesFields ctx={ctx} /> : null}
        {mode === "llm-judge" ? (
          <>
            <p className={styles.fieldHint}>{t("evaluator.judgeInputsHint")}</p>
            <JudgeSettings
              ctx={ctx}
              modelKey="judge_model"
              maxTokensKey="judge_max_tokens"
              defaults={{ ratingScale: 10, passThreshold: 5 }}
            />
            {/* Unset means "give it" (the default), as on the Judging LLM node. */}
            <CheckboxField
              id={ctx.fieldId(["secret_as_hint"])}
              label={t("fields.secretAsHint")}
              hint={t("fields.secretAsHintHint")}
              checked={ctx.config.secret_as_hint !== false}
              onChange={(v) => ctx.set(["secret_as_hint"], v ? undefined : false)}
            />
          </>
        ) : null}
        {mode === "custom" ? <CustomEvaluatorFields ctx={ctx} /> : null}
      </div>

      <TextField
        id={ctx.fieldId(["mask_variables"])}
        label={t("fields.maskVariables")}
        hint={t("fields.maskVariablesHint")}
        value={
          Array.isArray(ctx.config.mask_variables) ? (ctx.config.mask_variables as string[]).join(", ") : ""
        }
        errors={ctx.errors(["mask_variables"])}
        onChange={(v) =>
          ctx.set(
            ["mask_variables"],
            v
              .split(/[,\n]/)
              .map((s) => s.trim())
              .filter((s, i, all) => s !== "" || i === all.length - 1)
              .filter(Boolean),
          )
        }
      />

      <section className={styles.subsection} aria-labelledby={`${ctx.fieldId(["scoring"])}-h`}>
        <h4 id={`${ctx.fieldId(["scoring"])}-h`}>{t("scoring.title")}</h4>
        <SelectField
          id={ctx.fieldId(["scoring_strategy"])}
          label={t("scoring.strategy")}
          value={strategy ?? ""}
          options={[
            {
              value: "",
              label: t("scoring.fromChallenge", {
                strategy: t(`scoring.strategies.${challenge.scoringStrategy}`),
              }),
            },
            ...STRATEGIES.map((s) => ({ value: s, label: t(`scoring.strategies.${s}`) })),
          ]}
          errors={ctx.errors(["scoring_strategy"])}
          onChange={(v) => ctx.set(["scoring_strategy"], v === "" ? undefined : v)}
        />
        {effectiveStrategy === "custom" ? (
          <p className={styles.fieldHint} data-testid="custom-scorer">
            {challenge.scoringPlugin
              ? t("scoring.customPlugin", { plugin: challenge.scoringPlugin })
              : t("scoring.customNoPlugin")}
          </p>
        ) : null}
      </section>
    </>
  );
}

function RulesFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  const source: "run" | "challenge" | "inline" =
    typeof ctx.config.challenge_id === "string" ? "challenge" : ctx.config.success_type ? "inline" : "run";
  const others = ctx.options.challenges.filter((c) => c.id !== ctx.options.challenge.id);
  const setSource = (next: typeof source) => {
    ctx.set(["challenge_id"], next === "challenge" ? (others[0]?.id ?? ctx.options.challenge.id) : undefined);
    if (next !== "inline") {
      ctx.set(["success_type"], undefined);
      ctx.set(["success_pattern"], undefined);
    } else {
      ctx.set(["success_type"], "regex");
      ctx.set(["success_pattern"], "");
    }
  };
  return (
    <>
      <SelectField
        id={ctx.fieldId(["criteria"])}
        label={t("evaluator.criteria")}
        value={source}
        options={[
          { value: "run", label: t("evaluator.criteriaRun", { name: ctx.options.challenge.name }) },
          { value: "challenge", label: t("evaluator.criteriaChallenge") },
          { value: "inline", label: t("evaluator.criteriaInline") },
        ]}
        onChange={setSource}
      />
      {source === "challenge" ? (
        <SelectField
          id={ctx.fieldId(["challenge_id"])}
          label={t("evaluator.challenge")}
          value={str(ctx.config.challenge_id)}
          options={ctx.options.challenges.map((c) => ({ value: c.id, label: c.name }))}
          errors={ctx.errors(["challenge_id"])}
          onChange={(v) => ctx.set(["challenge_id"], v)}
        />
      ) : null}
      {source === "inline" ? (
        <>
          <SelectField
            id={ctx.fieldId(["success_type"])}
            label={t("evaluator.successType")}
            value={(str(ctx.config.success_type) || "regex") as "regex" | "contains"}
            options={[
              { value: "regex", label: t("evaluator.successTypes.regex") },
              { value: "contains", label: t("evaluator.successTypes.contains") },
            ]}
            errors={ctx.errors(["success_type"])}
            onChange={(v) => ctx.set(["success_type"], v)}
          />
          <TextField
            id={ctx.fieldId(["success_pattern"])}
            label={t("evaluator.successPattern")}
            hint={t("evaluator.successPatternHint")}
            value={str(ctx.config.success_pattern)}
            errors={ctx.errors(["success_pattern"])}
            onChange={(v) => ctx.set(["success_pattern"], v)}
          />
        </>
      ) : null}
    </>
  );
}

function CustomEvaluatorFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  const plugins = ctx.options.plugins.filter((p) => p.kind === "evaluator");
  const pluginId = str(ctx.config.evaluator_plugin_id);
  const plugin = plugins.find((p) => p.pluginId === pluginId);
  const stored = ctx.config.evaluator_config;
  const [text, setText] = useState(() => (stored === undefined ? "" : JSON.stringify(stored, null, 2)));
  const compiled = useMemo(
    () => (plugin?.configSchema ? compileConfigSchema(plugin.configSchema) : null),
    [plugin?.configSchema],
  );
  const jsonProblem = useMemo(() => {
    if (text.trim() === "") return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return t("evaluator.jsonInvalid", { reason: err instanceof Error ? err.message : String(err) });
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return t("evaluator.jsonNotObject");
    if (compiled && !compiled.ok) return compiled.message;
    if (compiled?.ok) {
      const check = compiled.validate(value);
      if (!check.ok) return check.message;
    }
    return null;
  }, [text, compiled, t]);

  return (
    <>
      {plugins.length === 0 ? <p className={styles.fieldHint}>{t("evaluator.noPlugins")}</p> : null}
      <SelectField
        id={ctx.fieldId(["evaluator_plugin_id"])}
        label={t("evaluator.plugin")}
        value={pluginId}
        options={[
          { value: "", label: t("evaluator.pluginFromChallenge") },
          ...plugins.map((p) => ({ value: p.pluginId, label: `${p.name} (${p.pluginId})` })),
          ...(pluginId && !plugin
            ? [{ value: pluginId, label: t("evaluator.pluginMissing", { id: pluginId }) }]
            : []),
        ]}
        errors={ctx.errors(["evaluator_plugin_id"])}
        onChange={(v) => {
          ctx.set(["evaluator_plugin_id"], v === "" ? undefined : v);
          const next = plugins.find((p) => p.pluginId === v);
          ctx.set(["evaluator_entrypoint"], next?.entrypoints[0]);
        }}
      />
      {plugin ? (
        <SelectField
          id={ctx.fieldId(["evaluator_entrypoint"])}
          label={t("evaluator.entrypoint")}
          value={str(ctx.config.evaluator_entrypoint)}
          options={plugin.entrypoints.map((e) => ({ value: e, label: e }))}
          errors={ctx.errors(["evaluator_entrypoint"])}
          onChange={(v) => ctx.set(["evaluator_entrypoint"], v)}
        />
      ) : null}
      <TextField
        id={ctx.fieldId(["evaluator_config"])}
        label={t("evaluator.config")}
        hint={plugin?.configSchema ? t("evaluator.configSchemaHint") : t("evaluator.configHint")}
        multiline
        value={text}
        errors={[
          ...(jsonProblem ? [`evaluator_config: ${jsonProblem}`] : []),
          ...ctx.errors(["evaluator_config"]),
        ]}
        onChange={(v) => {
          setText(v);
          if (v.trim() === "") {
            ctx.set(["evaluator_config"], undefined);
            return;
          }
          try {
            const value: unknown = JSON.parse(v);
            if (typeof value === "object" && value !== null && !Array.isArray(value))
              ctx.set(["evaluator_config"], value);
          } catch {
            // Shown inline; the stored config keeps its last valid value.
          }
        }}
      />
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
    </>
  );
}

function IfElseFields({ ctx }: { ctx: PanelCtx }) {
  const t = useTranslations("builder");
  const conditions = Array.isArray(ctx.config.conditions) ? (ctx.config.conditions as Config[]) : [];
  return (
    <>
      <SelectField
        id={ctx.fieldId(["logical_operator"])}
        label={t("fields.logicalOperator")}
        value={(str(ctx.config.logical_operator) || "and") as "and" | "or"}
        options={[
          { value: "and", label: t("fields.and") },
          { value: "or", label: t("fields.or") },
        ]}
        onChange={(v) => ctx.set(["logical_operator"], v)}
      />
      {ctx.issues.get("conditions")?.length ? (
        <ul className={styles.fieldError}>
          {ctx.issues.get("conditions")!.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
      {conditions.map((c, i) => {
        const operator = CONDITION_OPERATORS.find((o) => o === c.operator) ?? "equals";
        return (
          <div key={i} className={styles.row}>
            <SelectField
              id={ctx.fieldId(["conditions", i, "operator"])}
              label={t("fields.operator")}
              value={operator}
              options={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`operators.${o}`) }))}
              errors={ctx.errors(["conditions", i, "operator"])}
              onChange={(v) => ctx.set(["conditions", i, "operator"], v)}
            />
            {UNARY_OPERATORS.includes(operator) ? null : (
              <TextField
                id={ctx.fieldId(["conditions", i, "value"])}
                label={t("fields.conditionValue")}
                value={str(c.value)}
                errors={ctx.errors(["conditions", i, "value"])}
                onChange={(v) => ctx.set(["conditions", i, "value"], v)}
              />
            )}
            <CheckboxField
              id={ctx.fieldId(["conditions", i, "case_sensitive"])}
              label={t("fields.caseSensitive")}
              checked={c.case_sensitive === true}
              onChange={(v) => ctx.set(["conditions", i, "case_sensitive"], v)}
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                ctx.set(
                  ["conditions"],
                  conditions.filter((_, j) => j !== i),
                )
              }
            >
              {t("fields.removeCondition", { index: i + 1 })}
            </Button>
          </div>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          ctx.set(["conditions"], [...conditions, { operator: "equals", value: "", case_sensitive: false }])
        }
      >
        {t("fields.addCondition")}
      </Button>
    </>
  );
}

/** The keyboard way to connect: pick, for each input, an output of another node. */
function Connections({
  node,
  graph,
  definition,
  onConnect,
  onDisconnect,
}: ConfigPanelProps & { definition: NodeDefinition }) {
  const t = useTranslations("builder");
  const baseId = useId();
  if (definition.inputs.length === 0) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t("panel.connections")}</legend>
      {definition.inputs.map((port) => {
        const incoming = graph.edges.filter((e) => e.target === node.id && e.targetHandle === port.id);
        const sources = connectableSources(graph, node.id, port.id).filter(
          (s) => !incoming.some((e) => e.source === s.nodeId && e.sourceHandle === s.port.id),
        );
        const selectId = `${baseId}-${port.id}`;
        return (
          <div key={port.id} className={styles.field}>
            <label htmlFor={selectId} className={styles.label}>
              {t("panel.inputPort", { port: port.id, type: port.type })}
              {port.required ? ` ${t("panel.requiredMark")}` : ""}
            </label>
            <ul className={styles.connectionList}>
              {incoming.map((e) => (
                <li key={e.id}>
                  <code>
                    {e.source}.{e.sourceHandle ?? "*"}
                  </code>
                  <Button size="sm" variant="ghost" onClick={() => onDisconnect(e.id)}>
                    {t("panel.disconnect", { source: `${e.source}.${e.sourceHandle ?? "*"}` })}
                  </Button>
                </li>
              ))}
            </ul>
            <select
              id={selectId}
              className={styles.input}
              value=""
              onChange={(ev) => {
                const [source, sourceHandle] = ev.target.value.split("\u0000");
                if (source && sourceHandle)
                  onConnect({ source, sourceHandle, target: node.id, targetHandle: port.id });
              }}
            >
              <option value="">{sources.length ? t("panel.connectFrom") : t("panel.noSources")}</option>
              {sources.map((s) => (
                <option key={`${s.nodeId}.${s.port.id}`} value={`${s.nodeId}\u0000${s.port.id}`}>
                  {`${s.nodeId}.${s.port.id} (${s.port.type})`}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}
