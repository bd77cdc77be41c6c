"use client";

import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo } from "react";
import { isNodeType, getNodeDefinition } from "@/lib/workflow/registry";
import type { GraphNode } from "@/lib/workflow/types";
import { useCanvasOverlay } from "./builder-context";
import { outputPortsFor } from "./graph-model";
import styles from "./canvas-node.module.css";

export type FlowNodeData = GraphNode["data"];
export type FlowNode = Node<FlowNodeData>;

function WorkflowNodeView({ id, type, data, selected }: NodeProps<FlowNode>) {
  const t = useTranslations("builder");
  const { issues, runStatus } = useCanvasOverlay();
  const definition = getNodeDefinition(type);
  const nodeIssues = issues.get(id) ?? [];
  const status = runStatus.get(id);
  const typeLabel = isNodeType(type) ? t(`nodeTypes.${type}.label`) : type;
  const outputs = definition ? outputPortsFor(definition, data.config) : [];

  return (
    <div
      className={[
        styles.node,
        selected ? styles.nodeSelected : undefined,
        nodeIssues.length > 0 ? styles.nodeInvalid : undefined,
        status ? styles[`run_${status}`] : undefined,
      ]
        .filter(Boolean)
        .join(" ")}
      data-testid={`node-${id}`}
      data-node-type={type}
      data-run-status={status ?? undefined}
      aria-invalid={nodeIssues.length > 0 || undefined}
    >
      <div className={styles.nodeHeader}>
        <span className={styles.nodeTitle}>{data.label || typeLabel}</span>
        <code className={styles.nodeId}>{id}</code>
      </div>
      {status ? (
        <p className={styles.nodeStatus} data-testid={`node-status-${id}`}>
          {t(`run.nodeStatus.${status}`)}
        </p>
      ) : null}
      {!definition ? <p className={styles.nodeIssue}>{t("canvas.unknownType", { type })}</p> : null}
      <div className={styles.ports}>
        <ul className={styles.portList} aria-label={t("canvas.inputs")}>
          {definition?.inputs.map((port) => (
            <li key={port.id} className={styles.port}>
              <Handle
                type="target"
                position={Position.Left}
                id={port.id}
                className={styles.handle}
                title={t("canvas.portTitle", { port: port.id, type: port.type })}
              />
              <span className={styles.portLabel}>
                {port.id}
                {port.required ? <span aria-hidden="true">*</span> : null}
              </span>
              <span className={styles.portType}>{port.type}</span>
            </li>
          ))}
        </ul>
        <ul className={[styles.portList, styles.outputs].join(" ")} aria-label={t("canvas.outputs")}>
          {outputs.map((port) => (
            <li key={port.id} className={styles.port}>
              <span className={styles.portType}>{port.type}</span>
              <span className={styles.portLabel}>{port.id}</span>
              <Handle
                type="source"
                position={Position.Right}
                id={port.id}
                className={styles.handle}
                title={t("canvas.portTitle", { port: port.id, type: port.type })}
              />
            </li>
          ))}
        </ul>
      </div>
      {nodeIssues.length > 0 ? (
        <div className={styles.nodeIssues} data-testid={`node-issues-${id}`}>
          <span className={styles.issueBadge}>{t("canvas.issueCount", { count: nodeIssues.length })}</span>
          <ul>
            {nodeIssues.map((message, i) => (
              <li key={i} className={styles.nodeIssue}>
                {message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export const WorkflowNode = memo(WorkflowNodeView);
