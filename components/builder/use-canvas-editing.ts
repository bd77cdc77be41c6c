"use client";

import { useReactFlow, type Connection, type IsValidConnection, type OnConnectEnd } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { useCallback, type RefObject } from "react";
import { estimateNodeBox } from "@/lib/workflow/layout";
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
import {
  estimateNodeSize,
  findFreeSpot,
  NODE_GAP,
  visibleCanvasRect,
  type Point,
  type Rect,
} from "./placement";
import type { BuilderNotice } from "./types";
import type { FlowMutation } from "./use-builder-graph";

// Edits made on the canvas rather than in the config panel: connecting ports (refusals are
// explained in the notice), adding nodes from the palette, and bringing a node into view.

/** Screen pixels kept between a node brought into view and the edge of the free canvas. */
const VIEW_MARGIN = 16;

export function useCanvasEditing({
  graphRef,
  change,
  replace,
  setNotice,
  getCanvasRect,
  getPanelsRect,
}: {
  graphRef: RefObject<WorkflowGraph>;
  change: (mutate: FlowMutation) => void;
  replace: (mutate: FlowMutation) => void;
  setNotice: (notice: BuilderNotice | null) => void;
  /** The canvas and the open side panels on screen (null when not drawn). */
  getCanvasRect: () => Rect | null;
  getPanelsRect: () => Rect | null;
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

  /**
   * Pans as little as needed (keeping the zoom) so the rect lies in the part of the canvas the
   * panels leave free; where it does not fit, its top-left part (header, first ports) shows.
   */
  const bringIntoView = useCallback(
    (rect: Rect) => {
      const canvas = getCanvasRect();
      if (!canvas) return;
      const view = visibleCanvasRect(canvas, getPanelsRect());
      const a = flow.flowToScreenPosition({ x: rect.x, y: rect.y });
      const b = flow.flowToScreenPosition({ x: rect.x + rect.width, y: rect.y + rect.height });
      const shift = (lo: number, hi: number, min: number, max: number) => {
        let d = 0;
        if (hi > max - VIEW_MARGIN) d = max - VIEW_MARGIN - hi;
        if (lo + d < min + VIEW_MARGIN) d = min + VIEW_MARGIN - lo;
        return d;
      };
      const dx = shift(a.x, b.x, view.x, view.x + view.width);
      const dy = shift(a.y, b.y, view.y, view.y + view.height);
      if (dx === 0 && dy === 0) return;
      const viewport = flow.getViewport();
      void flow.setViewport({ x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom });
    },
    [flow, getCanvasRect, getPanelsRect],
  );

  /**
   * Adds a node of `type`: at `screenPoint` (a drop: the pointer lands on the node's header), else
   * (a click) on a free spot right of the selected node or in the middle of the visible canvas.
   */
  const addNode = useCallback(
    (type: NodeType, screenPoint?: Point) => {
      const definition = getNodeDefinition(type);
      if (!definition) return;
      if (definition.singleton && graphRef.current.nodes.some((n) => n.type === type)) {
        setNotice({
          tone: "error",
          text: t("palette.singletonRefused", { label: t(`nodeTypes.${type}.label`) }),
        });
        return;
      }
      const size = {
        ...estimateNodeSize({ inputs: definition.inputs.length, outputs: definition.outputs.length }),
        // As wide as its ports make it (the layout's estimate).
        width: estimateNodeBox({ id: "", type, data: { config: {} } }).width,
      };
      let at: Point;
      if (screenPoint) {
        const { zoom } = flow.getViewport();
        at = flow.screenToFlowPosition({
          x: screenPoint.x - (size.width / 2) * zoom,
          y: screenPoint.y - 16 * zoom,
        });
      } else {
        const current = flow.getNodes();
        const rects = current.map((n) => ({
          x: n.position.x,
          y: n.position.y,
          width: n.measured?.width ?? n.width ?? size.width,
          height: n.measured?.height ?? n.height ?? size.height,
        }));
        const selectedIndex = current.findIndex((n) => n.selected);
        const selected = rects[selectedIndex];
        const canvas = getCanvasRect();
        if (selected) {
          at = findFreeSpot({
            at: { x: selected.x + selected.width + NODE_GAP * 2, y: selected.y },
            size,
            nodes: rects,
            rightward: true,
          });
        } else {
          const view = canvas ? visibleCanvasRect(canvas, getPanelsRect()) : null;
          const middle = view
            ? flow.screenToFlowPosition({ x: view.x + view.width / 2, y: view.y + view.height / 2 })
            : { x: size.width / 2, y: size.height / 2 };
          at = findFreeSpot({
            at: { x: middle.x - size.width / 2, y: middle.y - size.height / 2 },
            size,
            nodes: rects,
          });
        }
      }
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
      // Once the node (and its settings panel) are drawn, make sure the panel does not hide it.
      if (!screenPoint) {
        const rect = { ...at, ...size };
        requestAnimationFrame(() => requestAnimationFrame(() => bringIntoView(rect)));
      }
    },
    [bringIntoView, change, flow, getCanvasRect, getPanelsRect, graphRef, setNotice, t],
  );
  const onDrop = useCallback(
    (e: React.DragEvent) => {
      const type = e.dataTransfer.getData(DRAG_MIME);
      if (!type || !isNodeType(type)) return;
      e.preventDefault();
      addNode(type, { x: e.clientX, y: e.clientY });
    },
    [addNode],
  );

  const focusNode = useCallback(
    (nodeId: string) => {
      replace((s) => ({ ...s, nodes: s.nodes.map((n) => ({ ...n, selected: n.id === nodeId })) }));
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const node = flow.getNode(nodeId);
          if (!node) return;
          const width = node.measured?.width ?? 240;
          const height = node.measured?.height ?? 120;
          bringIntoView({ ...node.position, width, height });
        }),
      );
    },
    [bringIntoView, flow, replace],
  );

  return { connect, isValidConnection, onConnect, onConnectEnd, addNode, onDrop, focusNode };
}
