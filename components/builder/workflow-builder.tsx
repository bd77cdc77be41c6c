"use client";

import "@xyflow/react/dist/style.css";
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type IsValidConnection,
  type NodeChange,
  type NodeTypes,
  type OnConnectEnd,
} from "@xyflow/react";
import { useTranslations } from "next-intl";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { startConfigSchema } from "@/lib/workflow/nodes/start/definition";
import { getNodeDefinition, isNodeType, NODE_TYPES, type NodeType } from "@/lib/workflow/registry";
import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import { validateDraft } from "@/lib/validation/workflows";
import { graphWarnings } from "@/lib/workflow/validate";
import { CanvasOverlayContext, type CanvasOverlay } from "./builder-context";
import { ConfigPanel } from "./config-panel";
import { pathKey, setAt, type ConfigPath } from "./config-model";
import {
  checkConnection,
  createNode,
  fromStoredGraph,
  historyCheckpoint,
  historyPush,
  historyRedo,
  historyReplace,
  historyUndo,
  issuesByNode,
  newEdgeId,
  toGraph,
  type ConnectionAttempt,
  type ConnectionProblem,
  type History,
} from "./graph-model";
import { IssuesList } from "./issues-list";
import { DRAG_MIME, Palette } from "./palette";
import { RunPanel, type StartVariable } from "./run-panel";
import { nodeStatuses, type RunTrace } from "./run-state";
import { useUnsavedChangesGuard } from "./unsaved-guard";
import type { BuilderActions, BuilderOptions } from "./types";
import { WorkflowNode, type FlowNode } from "./workflow-node";
import styles from "./builder.module.css";

export interface WorkflowBuilderProps {
  workflowId: string;
  workspaceId: string;
  /** The stored draft graph (JSON); a malformed one opens with what can be read. */
  graph: unknown;
  publishedVersion: number | null;
  options: BuilderOptions;
  actions: BuilderActions;
}

interface FlowState {
  nodes: FlowNode[];
  edges: Edge[];
}

// Every node type renders with the same component; the graph keeps the engine's type names.
const nodeTypes: NodeTypes = Object.fromEntries(NODE_TYPES.map((type) => [type, WorkflowNode]));

const COALESCE_MS = 1000;

function toFlowState(graph: WorkflowGraph): FlowState {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position ?? { x: 0, y: 0 },
      data: n.data,
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

const isTextInput = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

export function WorkflowBuilder(props: WorkflowBuilderProps) {
  return (
    <ReactFlowProvider>
      <Builder {...props} />
    </ReactFlowProvider>
  );
}

function Builder({
  workflowId,
  workspaceId,
  graph: initialGraph,
  publishedVersion,
  options,
  actions,
}: WorkflowBuilderProps) {
  const t = useTranslations("builder");
  const flow = useReactFlow();
  const [history, setHistory] = useState<History<FlowState>>(() => ({
    past: [],
    present: toFlowState(fromStoredGraph(initialGraph)),
    future: [],
  }));
  const { nodes, edges } = history.present;
  const graph = useMemo(() => toGraph(nodes, edges), [nodes, edges]);
  const graphKey = useMemo(() => JSON.stringify(graph), [graph]);
  const graphRef = useRef(graph);
  useEffect(() => {
    graphRef.current = graph;
  }, [graph]);

  const deferredGraph = useDeferredValue(graph);
  const clientIssues = useMemo<GraphIssue[]>(() => {
    const result = validateDraft(deferredGraph);
    return result.ok ? [] : result.issues;
  }, [deferredGraph]);
  const warnings = useMemo(() => graphWarnings(deferredGraph), [deferredGraph]);

  const [savedKey, setSavedKey] = useState(graphKey);
  const [serverRefusal, setServerRefusal] = useState<{
    key: string;
    issues: GraphIssue[];
    message?: string;
  } | null>(null);
  // After a refused save, the canvas shows the server's issues until the graph changes.
  const refusal = serverRefusal && serverRefusal.key === graphKey ? serverRefusal : null;
  const shownIssues = refusal ? refusal.issues : clientIssues;

  const [notice, setNotice] = useState<{ tone: "error" | "success" | "info"; text: string } | null>(null);
  const [version, setVersion] = useState<number | null>(publishedVersion);
  const [trace, setTrace] = useState<RunTrace | null>(null);
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<"save" | "publish" | null>(null);

  const overlay = useMemo<CanvasOverlay>(
    () => ({ issues: issuesByNode(shownIssues), runStatus: trace ? nodeStatuses(trace) : new Map() }),
    [shownIssues, trace],
  );

  // --- history -----------------------------------------------------------------------------
  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  const change = useCallback((mutate: (s: FlowState) => FlowState, coalesceKey?: string) => {
    const now = Date.now();
    const last = lastEdit.current;
    const coalesce = Boolean(coalesceKey && last && last.key === coalesceKey && now - last.at < COALESCE_MS);
    lastEdit.current = coalesceKey ? { key: coalesceKey, at: now } : null;
    setHistory((h) => {
      const next = mutate(h.present);
      if (next === h.present) return h;
      return coalesce ? historyReplace(h, next) : historyPush(h, next);
    });
  }, []);
  const replace = useCallback((mutate: (s: FlowState) => FlowState) => {
    setHistory((h) => {
      const next = mutate(h.present);
      return next === h.present ? h : historyReplace(h, next);
    });
  }, []);
  const undo = useCallback(() => {
    lastEdit.current = null;
    setHistory(historyUndo);
  }, []);
  const redo = useCallback(() => {
    lastEdit.current = null;
    setHistory(historyRedo);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTextInput(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === "z" && e.shiftKey) || key === "y") {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  // --- canvas changes ----------------------------------------------------------------------
  // A deletion (Backspace) arrives as node and edge changes in the same tick: one undo step.
  const removalBatch = useRef(false);
  const recordRemoval = useCallback(
    (mutate: (s: FlowState) => FlowState) => {
      if (removalBatch.current) replace(mutate);
      else {
        removalBatch.current = true;
        queueMicrotask(() => (removalBatch.current = false));
        change(mutate);
      }
    },
    [change, replace],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const apply = (s: FlowState) => ({ ...s, nodes: applyNodeChanges(changes, s.nodes) });
      if (changes.some((c) => c.type === "remove")) {
        const removed = new Set(changes.flatMap((c) => (c.type === "remove" ? [c.id] : [])));
        recordRemoval((s) => ({
          nodes: applyNodeChanges(changes, s.nodes),
          edges: s.edges.filter((e) => !removed.has(e.source) && !removed.has(e.target)),
        }));
      } else replace(apply);
    },
    [recordRemoval, replace],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const apply = (s: FlowState) => ({ ...s, edges: applyEdgeChanges(changes, s.edges) });
      if (changes.some((c) => c.type === "remove")) recordRemoval(apply);
      else replace(apply);
    },
    [recordRemoval, replace],
  );
  const onNodeDragStart = useCallback(() => {
    lastEdit.current = null;
    setHistory(historyCheckpoint);
  }, []);

  // --- connections -------------------------------------------------------------------------
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
    [change, describeProblem, t],
  );
  const isValidConnection = useCallback<IsValidConnection>(
    (c) => checkConnection(graphRef.current, c) === null,
    [],
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
    [describeProblem, t],
  );

  // --- adding nodes ------------------------------------------------------------------------
  const present = useMemo(() => new Set(nodes.map((n) => n.type ?? "")), [nodes]);
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
    [change, flow, t],
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

  // --- the selected node's panel -----------------------------------------------------------
  const selected = nodes.find((n) => n.selected);
  const onConfigChange = useCallback(
    (nodeId: string, path: ConfigPath, value: unknown) =>
      change(
        (s) => ({
          ...s,
          nodes: s.nodes.map((n) =>
            n.id === nodeId ? { ...n, data: { ...n.data, config: setAt(n.data.config, path, value) } } : n,
          ),
        }),
        `config:${nodeId}:${pathKey(path)}`,
      ),
    [change],
  );
  const onLabelChange = useCallback(
    (nodeId: string, label: string) =>
      change(
        (s) => ({
          ...s,
          nodes: s.nodes.map((n) => {
            if (n.id !== nodeId) return n;
            const { label: _old, ...rest } = n.data;
            return { ...n, data: label ? { ...rest, label } : rest };
          }),
        }),
        `label:${nodeId}`,
      ),
    [change],
  );
  const onDeleteNode = useCallback(
    (nodeId: string) =>
      change((s) => ({
        nodes: s.nodes.filter((n) => n.id !== nodeId),
        edges: s.edges.filter((e) => e.source !== nodeId && e.target !== nodeId),
      })),
    [change],
  );
  const onDisconnect = useCallback(
    (edgeId: string) => change((s) => ({ ...s, edges: s.edges.filter((e) => e.id !== edgeId) })),
    [change],
  );
  const focusNode = useCallback(
    (nodeId: string) => {
      replace((s) => ({ ...s, nodes: s.nodes.map((n) => ({ ...n, selected: n.id === nodeId })) }));
      const node = graphRef.current.nodes.find((n) => n.id === nodeId);
      if (node?.position)
        void flow.setCenter(node.position.x + 110, node.position.y + 60, { zoom: 1, duration: 0 });
    },
    [flow, replace],
  );

  // --- save, publish, run ------------------------------------------------------------------
  const dirty = graphKey !== savedKey;
  useUnsavedChangesGuard(dirty, t("toolbar.leaveConfirm"));
  /** Saves the current graph as the draft; false when the server refused it (its issues are shown). */
  const saveGraph = useCallback(async (): Promise<boolean> => {
    const snapshot = graphRef.current;
    const key = JSON.stringify(snapshot);
    try {
      const result = await actions.saveDraft(snapshot);
      if (result.ok) {
        setSavedKey(key);
        setServerRefusal(null);
        setNotice({ tone: "success", text: t("toolbar.saved") });
        return true;
      }
      if (result.issues) {
        setServerRefusal({
          key,
          issues: result.issues,
          ...(result.message ? { message: result.message } : {}),
        });
        setNotice({ tone: "error", text: t("toolbar.saveRefused", { count: result.issues.length }) });
      } else {
        setNotice({ tone: "error", text: result.message });
      }
    } catch {
      setNotice({ tone: "error", text: t("toolbar.actionFailed") });
    }
    return false;
  }, [actions, t]);
  function save() {
    setBusy("save");
    startTransition(async () => {
      await saveGraph();
      setBusy(null);
    });
  }
  function publish() {
    const key = graphKey;
    const snapshot = graph;
    setBusy("publish");
    startTransition(async () => {
      try {
        const result = await actions.publish(snapshot);
        if (result.ok) {
          setSavedKey(key);
          setServerRefusal(null);
          setVersion(result.version);
          setNotice({ tone: "success", text: t("toolbar.published", { version: result.version }) });
        } else {
          if (result.issues) setServerRefusal({ key, issues: result.issues });
          setNotice({ tone: "error", text: result.message });
        }
      } catch {
        setNotice({ tone: "error", text: t("toolbar.actionFailed") });
      } finally {
        setBusy(null);
      }
    });
  }

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

  // The test run runs the saved draft: unsaved changes are saved first.
  const savedKeyRef = useRef(savedKey);
  useEffect(() => {
    savedKeyRef.current = savedKey;
  }, [savedKey]);
  const runRequest = useCallback(
    async (inputs: Record<string, unknown>, signal: AbortSignal) => {
      if (JSON.stringify(graphRef.current) !== savedKeyRef.current && !(await saveGraph())) {
        return Response.json(
          { error: { code: "validation_failed", message: t("run.saveFirst") } },
          { status: 422 },
        );
      }
      return fetch(`/console/api/workflows/${encodeURIComponent(workflowId)}/test-run`, {
        method: "POST",
        headers: {
          accept: "text/event-stream",
          "content-type": "application/json",
          "x-workspace-id": workspaceId,
        },
        body: JSON.stringify({ inputs }),
        signal,
      });
    },
    [saveGraph, t, workflowId, workspaceId],
  );

  return (
    <CanvasOverlayContext.Provider value={overlay}>
      <div className={styles.builder} data-testid="workflow-builder">
        <div className={styles.toolbar} role="toolbar" aria-label={t("toolbar.label")}>
          <Button
            variant="secondary"
            size="sm"
            onClick={undo}
            disabled={history.past.length === 0}
            title={t("toolbar.undoKeys")}
          >
            {t("toolbar.undo")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={redo}
            disabled={history.future.length === 0}
            title={t("toolbar.redoKeys")}
          >
            {t("toolbar.redo")}
          </Button>
          <span className={styles.toolbarSpacer} />
          <span className={styles.toolbarStatus} data-testid="save-status">
            {dirty ? t("toolbar.unsaved") : t("toolbar.upToDate")}
            {" · "}
            {version === null ? t("toolbar.notPublished") : t("toolbar.version", { version })}
          </span>
          <Button variant="secondary" size="sm" onClick={save} disabled={pending}>
            {busy === "save" ? t("toolbar.saving") : t("toolbar.save")}
          </Button>
          <Button size="sm" onClick={publish} disabled={pending || shownIssues.length > 0}>
            {busy === "publish" ? t("toolbar.publishing") : t("toolbar.publish")}
          </Button>
        </div>
        {notice ? (
          <Alert tone={notice.tone} data-testid="builder-notice" className={styles.notice}>
            <p className={styles.preLine}>{notice.text}</p>
          </Alert>
        ) : null}

        <div className={styles.workspace}>
          <Palette present={present} onAdd={addNode} />
          <div
            className={styles.canvas}
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
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onNodeDragStart={onNodeDragStart}
              onConnect={onConnect}
              onConnectEnd={onConnectEnd}
              isValidConnection={isValidConnection}
              fitView
              fitViewOptions={{ maxZoom: 1 }}
              minZoom={0.2}
              deleteKeyCode={["Backspace", "Delete"]}
              aria-label={t("canvas.label")}
            >
              <Background />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable ariaLabel={t("canvas.minimap")} />
            </ReactFlow>
          </div>
          <aside className={styles.side} aria-label={t("panel.title")}>
            {selected ? (
              <ConfigPanel
                key={selected.id}
                node={selected}
                graph={graph}
                graphIssues={overlay.issues.get(selected.id) ?? []}
                options={options}
                onConfigChange={onConfigChange}
                onLabelChange={onLabelChange}
                onConnect={connect}
                onDisconnect={onDisconnect}
                onDelete={onDeleteNode}
              />
            ) : (
              <p className={styles.fieldHint}>{t("panel.empty")}</p>
            )}
          </aside>
        </div>

        <div className={styles.bottom}>
          <IssuesList
            issues={shownIssues}
            warnings={warnings}
            fromServer={Boolean(refusal)}
            serverMessage={refusal?.message}
            onFocus={focusNode}
          />
          <RunPanel
            variables={startVariables}
            request={runRequest}
            onTrace={setTrace}
            disabledReason={clientIssues.length > 0 ? t("run.fixIssues") : null}
          />
        </div>
      </div>
    </CanvasOverlayContext.Provider>
  );
}
