"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, useTransition, type RefObject } from "react";
import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import type { BuilderActions, BuilderNotice, PublishGateHold } from "./types";
import { useUnsavedChangesGuard } from "./unsaved-guard";

// Saving the draft, publishing it and starting a test run of it. A refused save or publish
// leaves the server's issues for the canvas to show until the graph changes.

export interface ServerRefusal {
  /** The graph (as JSON) the server refused. */
  key: string;
  issues: GraphIssue[];
  message?: string;
}

export function useDraftPersistence({
  workflowId,
  workspaceId,
  publishedVersion,
  actions,
  graph,
  graphKey,
  graphRef,
  setNotice,
}: {
  workflowId: string;
  workspaceId: string;
  publishedVersion: number | null;
  actions: BuilderActions;
  graph: WorkflowGraph;
  graphKey: string;
  graphRef: RefObject<WorkflowGraph>;
  setNotice: (notice: BuilderNotice | null) => void;
}) {
  const t = useTranslations("builder");
  const [savedKey, setSavedKey] = useState(graphKey);
  const [serverRefusal, setServerRefusal] = useState<ServerRefusal | null>(null);
  const refusal = serverRefusal && serverRefusal.key === graphKey ? serverRefusal : null;
  const [version, setVersion] = useState<number | null>(publishedVersion);
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<"save" | "publish" | null>(null);
  // A publish held at the calibration gate, for the graph it was asked for.
  const [gateHold, setGateHold] = useState<{ key: string; holds: PublishGateHold[] } | null>(null);
  const gate = gateHold && gateHold.key === graphKey ? gateHold.holds : null;

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
  }, [actions, graphRef, setNotice, t]);
  function save() {
    setBusy("save");
    startTransition(async () => {
      await saveGraph();
      setBusy(null);
    });
  }
  /** Publishes the graph; with a reason, past a failing calibration gate. */
  function publish(overrideReason?: string) {
    const key = graphKey;
    const snapshot = graph;
    setBusy("publish");
    startTransition(async () => {
      try {
        const result = await actions.publish(snapshot, overrideReason);
        if (result.ok) {
          setSavedKey(key);
          setServerRefusal(null);
          setGateHold(null);
          setVersion(result.version);
          const text = result.overridden ? "toolbar.publishedOverride" : "toolbar.published";
          setNotice({ tone: "success", text: t(text, { version: result.version }) });
        } else if (result.gate) {
          // The draft was saved before the gate held the publish.
          setSavedKey(key);
          setGateHold({ key, holds: result.gate });
          setNotice({ tone: "error", text: t("gate.held") });
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
    [graphRef, saveGraph, t, workflowId, workspaceId],
  );

  const dismissGate = useCallback(() => setGateHold(null), []);
  return { dirty, refusal, version, pending, busy, save, publish, runRequest, gate, dismissGate };
}
