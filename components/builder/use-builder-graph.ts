"use client";

import {
  applyEdgeChanges,
  applyNodeChanges,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { pathKey, setAt, type ConfigPath } from "./config-model";
import {
  fromStoredGraph,
  historyCheckpoint,
  historyPush,
  historyRedo,
  historyReplace,
  historyUndo,
  toGraph,
  type History,
} from "./graph-model";
import type { FlowNode } from "./workflow-node";

// The builder's graph as the canvas holds it, with undo/redo: every edit goes through `change`
// (its own undo step, or merged into the last one for further keystrokes in the same field) or
// `replace` (no undo step: selection, dragging, measured sizes).

export interface FlowState {
  nodes: FlowNode[];
  edges: Edge[];
}

export type FlowMutation = (s: FlowState) => FlowState;

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

export function useBuilderGraph(initialGraph: unknown) {
  const [history, setHistory] = useState<History<FlowState>>(() => ({
    past: [],
    present: toFlowState(fromStoredGraph(initialGraph)),
    future: [],
  }));
  const { nodes, edges } = history.present;
  const graph = useMemo(() => toGraph(nodes, edges), [nodes, edges]);
  const graphKey = useMemo(() => JSON.stringify(graph), [graph]);
  // For callbacks that must see the latest graph without being recreated on every edit.
  const graphRef = useRef(graph);
  useEffect(() => {
    graphRef.current = graph;
  }, [graph]);

  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  const change = useCallback((mutate: FlowMutation, coalesceKey?: string) => {
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
  const replace = useCallback((mutate: FlowMutation) => {
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

  // A deletion (Backspace) arrives as node and edge changes in the same tick: one undo step.
  const removalBatch = useRef(false);
  const recordRemoval = useCallback(
    (mutate: FlowMutation) => {
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

  return {
    nodes,
    edges,
    graph,
    graphKey,
    graphRef,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change,
    replace,
    undo,
    redo,
    onNodesChange,
    onEdgesChange,
    onNodeDragStart,
    onConfigChange,
    onLabelChange,
    onDeleteNode,
    onDisconnect,
  };
}
