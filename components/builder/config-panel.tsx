"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { Button } from "@/components/ui/button";
import type { NodeDefinition } from "@/lib/workflow/definition-types";
import { nodeEditors } from "@/lib/workflow/editors";
import { getNodeDefinition, isNodeType } from "@/lib/workflow/registry";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { outputRef } from "./variables";
import { configIssues, issuesUnder, type ConfigPath } from "./config-model";
import { IssueList, TextField } from "./fields";
import { connectableSources, outputPortsFor } from "./graph-model";
import type { NodeEditorContext } from "./node-editor-kit";
import type { BuilderOptions } from "./types";
import type { FlowNode } from "./workflow-node";
import styles from "./builder.module.css";
import panels from "./panels.module.css";

/** The × in a side panel's heading. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={panels.closeButton} aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

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
  /** Closes the panel (deselects the node). */
  onClose: () => void;
}

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
  const Editor = nodeEditors[node.type];
  const ctx: NodeEditorContext = {
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
      <div className={panels.panelHead}>
        <div className={styles.panelHeading}>
          <h2>{t(`nodeTypes.${node.type}.label`)}</h2>
          <code>{node.id}</code>
        </div>
        <CloseButton label={t("panel.close")} onClick={props.onClose} />
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
      <IssueList messages={issues.get("")} />

      <TextField
        id={`${baseId}-label`}
        label={t("panel.label")}
        hint={t("panel.labelHint")}
        value={node.data.label ?? ""}
        onChange={(v) => props.onLabelChange(node.id, v)}
      />

      <fieldset className={styles.fieldset}>
        <legend>{t("panel.settings")}</legend>
        <Editor ctx={ctx} />
      </fieldset>

      <Connections {...props} definition={definition} graph={graph} />

      <Button variant="danger" size="sm" onClick={() => props.onDelete(node.id)}>
        {t("panel.deleteNode")}
      </Button>
    </div>
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
