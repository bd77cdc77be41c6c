"use client";

import { useReactFlow, type Connection, type IsValidConnection, type OnConnectEnd } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { useCallback, type RefObject } from "react";
import { getNodeDefinition, isNodeType, type NodeType } from "@/lib/workflow/registry";
import type { WorkflowGraph } from "@/lib/workflow/types";
import {
  checkConnection,
  createNode,
  newEdgeId,
  type ConnectionAttempt,
  type ConnectionProblem,
} from "./graph-model";
import { DRAG_MIME } from "./palette";
import type { BuilderNotice } from "./types";
import type { FlowMutation } from "./use-builder-graph";

// Edits made on the canvas rather than in the config panel: connecting ports (refusals are
// explained in the notice), adding nodes from the palette, and bringing a node into view.

export function useCanvasEditing({
  graphRef,
  change,
  replace,
  setNotice,
}: {
  graphRef: RefObject<WorkflowGraph>;
  change: (mutate: FlowMutation) => void;
  replace: (mutate: FlowMutation) => void;
  setNotice: (notice: BuilderNotice | null) => void;
}) {
  const t = useTranslations("builder");
  const flow = useReactFlow();

  const describeProblem = useCallback(
    (p: ConnectionProblem): string => {
      switch (p.code) {
        case "typeMismatch":
          return t("connect.typeMismatch", {
            sourcePort: p.sourcePort,
            sourceType: p.sourceType,
            targetPort: p.targetPort,
            targetType: p.targetType,
          });
        case "cycle":
          return t("connect.cycle", { source: p.source, target: p.target });
        default:
          return t(`connect.${p.code}`);
      }
    },
    [t],
  );
  const connect = useCallback(
    (c: ConnectionAttempt) => {
      const problem = checkConnection(graphRef.current, c);
      if (problem || !c.source || !c.target) {
        setNotice({
          tone: "error",
          text: t("connect.refused", { reason: describeProblem(problem ?? { code: "incomplete" }) }),
        });
        return;
      }
      const { source, target } = c;
      setNotice(null);
      change((s) => ({
        ...s,
        edges: [
          ...s.edges,
          {
            id: newEdgeId(
              { ...c, source, target },
              s.edges.map((e) => e.id),
            ),
            source,
            target,
            sourceHandle: c.sourceHandle ?? null,
            targetHandle: c.targetHandle ?? null,
          },
        ],
      }));
    },
    [change, describeProblem, graphRef, setNotice, t],
  );
  const isValidConnection = useCallback<IsValidConnection>(
    (c) => checkConnection(graphRef.current, c) === null,
    [graphRef],
  );
  const onConnect = useCallback((c: Connection) => connect(c), [connect]);
  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      // Dropped on a handle that isValidConnection refused: say why.
      if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
      const [from, to] =
        state.fromHandle.type === "source"
          ? [state.fromHandle, state.toHandle]
          : [state.toHandle, state.fromHandle];
      const problem = checkConnection(graphRef.current, {
        source: from.nodeId,
        sourceHandle: from.id ?? null,
        target: to.nodeId,
        targetHandle: to.id ?? null,
      });
      if (problem)
        setNotice({ tone: "error", text: t("connect.refused", { reason: describeProblem(problem) }) });
    },
    [describeProblem, graphRef, setNotice, t],
  );

  const addNode = useCallback(
    (type: NodeType, position?: { x: number; y: number }) => {
      const definition = getNodeDefinition(type);
      if (!definition) return;
      if (definition.singleton && graphRef.current.nodes.some((n) => n.type === type)) {
        setNotice({
          tone: "error",
          text: t("palette.singletonRefused", { label: t(`nodeTypes.${type}.label`) }),
        });
        return;
      }
      const current = graphRef.current.nodes;
      const at =
        position ??
        (current.length === 0
          ? { x: 0, y: 0 }
          : {
              x: Math.max(...current.map((n) => n.position?.x ?? 0)) + 340,
              y: current.at(-1)?.position?.y ?? 0,
            });
      change((s) => {
        const node = createNode(
          type,
          s.nodes.map((n) => n.id),
          at,
        );
        return {
          ...s,
          nodes: [
            ...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)),
            { ...node, selected: true },
          ],
        };
      });
      setNotice(null);
      if (!position) requestAnimationFrame(() => void flow.fitView({ maxZoom: 1, duration: 0 }));
    },
    [change, flow, graphRef, setNotice, t],
  );
  const onDrop = useCallback(
    (e: React.DragEvent) => {
      const type = e.dataTransfer.getData(DRAG_MIME);
      if (!type || !isNodeType(type)) return;
      e.preventDefault();
      addNode(type, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
    },
    [addNode, flow],
  );

  const focusNode = useCallback(
    (nodeId: string) => {
      replace((s) => ({ ...s, nodes: s.nodes.map((n) => ({ ...n, selected: n.id === nodeId })) }));
      const node = graphRef.current.nodes.find((n) => n.id === nodeId);
      if (node?.position)
        void flow.setCenter(node.position.x + 110, node.position.y + 60, { zoom: 1, duration: 0 });
    },
    [flow, graphRef, replace],
  );

  return { connect, isValidConnection, onConnect, onConnectEnd, addNode, onDrop, focusNode };
}
