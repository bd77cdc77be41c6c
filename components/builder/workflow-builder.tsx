"use client";

import "@xyflow/react/dist/style.css";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type NodeTypes,
} from "@xyflow/react";
import { useTranslations } from "next-intl";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { validateDraft } from "@/lib/contracts/workflows";
import { estimateNodeBox, layeredLayout } from "@/lib/workflow/layout";
import { startConfigSchema } from "@/lib/workflow/nodes/start/definition";
import { NODE_TYPES } from "@/lib/workflow/registry";
import type { GraphIssue } from "@/lib/workflow/types";
import { graphWarnings } from "@/lib/workflow/validate";
import { CanvasOverlayContext, type CanvasOverlay } from "./builder-context";
import { BuilderToolbar } from "./builder-toolbar";
import { ConfigPanel } from "./config-panel";
import { issuesByNode, toGraph } from "./graph-model";
import { IssuesList } from "./issues-list";
import { DRAG_MIME, Palette } from "./palette";
import { RunPanel, type StartVariable } from "./run-panel";
import { openPanelsRect, rectOf } from "./panel-rects";
import { nodeStatuses, type RunTrace } from "./run-state";
import type { BuilderActions, BuilderNotice, BuilderOptions } from "./types";
import { useBuilderGraph } from "./use-builder-graph";
import { useCanvasEditing } from "./use-canvas-editing";
import { PublishGatePanel } from "./publish-gate-panel";
import { useDraftPersistence } from "./use-draft-persistence";
import { WorkflowNode, type FlowNode } from "./workflow-node";
import styles from "./builder.module.css";
import panels from "./panels.module.css";

export interface WorkflowBuilderProps {
  workflowId: string;
  workspaceId: string;
  /** The stored draft graph (JSON); a malformed one opens with what can be read. */
  graph: unknown;
  publishedVersion: number | null;
  options: BuilderOptions;
  actions: BuilderActions;
}

const RUN_PANEL_ID = "builder-run-panel";
const FIT_OPTIONS = { maxZoom: 1, padding: 0.08 } as const;

/**
 * Keeps `--builder-sticky-top` on the element at the height of the site's sticky header, so the
 * builder's sticky toolbar stops right below it.
 */
function useStickyTop(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    const header = [...document.querySelectorAll("header")].find((h) =>
      ["sticky", "fixed"].includes(getComputedStyle(h).position),
    );
    if (!root || !header) return;
    const update = () =>
      root.style.setProperty("--builder-sticky-top", `${header.getBoundingClientRect().height}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, [ref]);
}

// Every node type renders with the same component; the graph keeps the engine's type names.
const nodeTypes: NodeTypes = Object.fromEntries(NODE_TYPES.map((type) => [type, WorkflowNode]));

export function WorkflowBuilder(props: WorkflowBuilderProps) {
  return (
    <ReactFlowProvider>
      <Builder {...props} />
    </ReactFlowProvider>
  );
}

function Builder(props: WorkflowBuilderProps) {
  const { options } = props;
  const t = useTranslations("builder");
  const g = useBuilderGraph(props.graph);
  const { nodes, edges, graph, graphKey, graphRef, change, replace } = g;
  const [notice, setNotice] = useState<BuilderNotice | null>(null);
  const [trace, setTrace] = useState<RunTrace | null>(null);
  const [runOpen, setRunOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const panelsRef = useRef<HTMLDivElement>(null);
  const flow = useReactFlow();
  useStickyTop(rootRef);
  // Fit the view to the stored graph once; an empty canvas keeps its viewport, so the first node
  // dropped stays where it was dropped.
  const [fitOnOpen] = useState(() => nodes.length > 0);
  const { connect, isValidConnection, onConnect, onConnectEnd, addNode, onDrop, focusNode } =
    useCanvasEditing({
      graphRef,
      change,
      replace,
      setNotice,
      getCanvasRect: () => rectOf(canvasRef.current),
      getPanelsRect: () => openPanelsRect(panelsRef.current),
    });
  const { dirty, refusal, version, pending, busy, save, publish, runRequest, gate, dismissGate } =
    useDraftPersistence({
      ...props,
      graph,
      graphKey,
      graphRef,
      setNotice,
    });

  const deferredGraph = useDeferredValue(graph);
  const clientIssues = useMemo<GraphIssue[]>(() => {
    const result = validateDraft(deferredGraph);
    return result.ok ? [] : result.issues;
  }, [deferredGraph]);
  const warnings = useMemo(() => graphWarnings(deferredGraph), [deferredGraph]);
  // After a refused save, the canvas shows the server's issues until the graph changes.
  const shownIssues = refusal ? refusal.issues : clientIssues;
  const overlay = useMemo<CanvasOverlay>(
    () => ({ issues: issuesByNode(shownIssues), runStatus: trace ? nodeStatuses(trace) : new Map() }),
    [shownIssues, trace],
  );

  // Fit once the canvas has drawn the change (two frames: React's commit, then React Flow's measure).
  const fitView = useCallback(
    () => requestAnimationFrame(() => requestAnimationFrame(() => void flow.fitView(FIT_OPTIONS))),
    [flow],
  );
  const autoLayout = useCallback(() => {
    change((s) => {
      const sizes = new Map(s.nodes.map((n) => [n.id, n.measured]));
      const at = layeredLayout(toGraph(s.nodes, s.edges), {
        // The drawn size where the canvas has measured it (never shorter than the estimate, which
        // leaves room for a run status line), else the estimate.
        sizeOf: (node) => {
          const estimate = estimateNodeBox(node);
          const m = sizes.get(node.id);
          return m?.width && m.height
            ? { width: m.width, height: Math.max(m.height, estimate.height) }
            : estimate;
        },
      });
      return { ...s, nodes: s.nodes.map((n) => ({ ...n, position: at.get(n.id) ?? n.position })) };
    });
    fitView();
  }, [change, fitView]);

  const present = useMemo(() => new Set(nodes.map((n) => n.type ?? "")), [nodes]);
  const selected = nodes.find((n) => n.selected);
  const deselect = () =>
    replace((s) => ({ ...s, nodes: s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)) }));

  const startVariables = useMemo<StartVariable[]>(() => {
    const start = graph.nodes.find((n) => n.type === "start");
    const parsed = startConfigSchema.safeParse(start?.data.config ?? {});
    if (!parsed.success) return [{ name: "prompt", type: "string", required: true }];
    return parsed.data.variables.map((v) => ({
      name: v.name,
      type: v.type,
      required: v.required,
      ...(v.label ? { label: v.label } : {}),
    }));
  }, [graph]);

  return (
    <CanvasOverlayContext.Provider value={overlay}>
      <div ref={rootRef} className={styles.builder} data-testid="workflow-builder">
        <BuilderToolbar
          canUndo={g.canUndo}
          canRedo={g.canRedo}
          onUndo={g.undo}
          onRedo={g.redo}
          dirty={dirty}
          version={version}
          busy={busy}
          pending={pending}
          canPublish={shownIssues.length === 0}
          onSave={save}
          onPublish={() => publish()}
          runOpen={runOpen}
          runPanelId={RUN_PANEL_ID}
          onToggleRun={() => setRunOpen((open) => !open)}
          onFitView={fitView}
          onAutoLayout={autoLayout}
          canLayout={nodes.length > 0}
        />
        {notice ? (
          <Alert tone={notice.tone} data-testid="builder-notice" className={styles.notice}>
            <p className={styles.preLine}>{notice.text}</p>
          </Alert>
        ) : null}
        {gate ? (
          <PublishGatePanel
            holds={gate}
            busy={busy === "publish"}
            onOverride={publish}
            onCancel={dismissGate}
          />
        ) : null}

        <Palette present={present} onAdd={addNode} />
        <div className={panels.stage}>
          <div
            ref={canvasRef}
            className={`${styles.canvas} ${panels.themed}`}
            data-testid="canvas"
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes(DRAG_MIME)) {
                e.preventDefault();
                e.dataTransfer.dropEffect = "move";
              }
            }}
            onDrop={onDrop}
          >
            {nodes.length === 0 ? <p className={styles.canvasEmpty}>{t("canvas.empty")}</p> : null}
            <ReactFlow<FlowNode, Edge>
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={g.onNodesChange}
              onEdgesChange={g.onEdgesChange}
              onNodeDragStart={g.onNodeDragStart}
              onConnect={onConnect}
              onConnectEnd={onConnectEnd}
              isValidConnection={isValidConnection}
              fitView={fitOnOpen}
              fitViewOptions={FIT_OPTIONS}
              minZoom={0.2}
              deleteKeyCode={["Backspace", "Delete"]}
              aria-label={t("canvas.label")}
            >
              <Background />
              <Controls showInteractive={false} orientation="horizontal" />
              <MiniMap
                pannable
                zoomable
                position="bottom-left"
                style={{ marginBottom: 52 }}
                ariaLabel={t("canvas.minimap")}
              />
            </ReactFlow>
          </div>
          <div ref={panelsRef} className={panels.panels} data-testid="side-panels">
            {selected ? (
              <aside className={panels.panel} aria-label={t("panel.title")} data-testid="settings-panel">
                <ConfigPanel
                  key={selected.id}
                  node={selected}
                  graph={graph}
                  graphIssues={overlay.issues.get(selected.id) ?? []}
                  options={options}
                  onConfigChange={g.onConfigChange}
                  onLabelChange={g.onLabelChange}
                  onConnect={connect}
                  onDisconnect={g.onDisconnect}
                  onDelete={g.onDeleteNode}
                  onClose={deselect}
                />
              </aside>
            ) : null}
            {/* Hidden, not unmounted: a run goes on (and its statuses stay) while the panel is closed. */}
            <div id={RUN_PANEL_ID} className={panels.panel} hidden={!runOpen}>
              <RunPanel
                variables={startVariables}
                request={runRequest}
                onTrace={setTrace}
                disabledReason={clientIssues.length > 0 ? t("run.fixIssues") : null}
                onClose={() => setRunOpen(false)}
              />
            </div>
          </div>
        </div>

        <IssuesList
          issues={shownIssues}
          warnings={warnings}
          fromServer={Boolean(refusal)}
          serverMessage={refusal?.message}
          onFocus={focusNode}
        />
      </div>
    </CanvasOverlayContext.Provider>
  );
}
